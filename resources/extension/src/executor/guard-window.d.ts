// What the dialog guard (dialog-guard.js) keeps on a window it patched, read by the guard of another window (a
// frame's counters) and by the take-over's hand-over (guard-passthrough.js). Declared once for both.
import type { Dialog } from '../wire.js';

/**
 * Whether the guard accepts, the dialogs it answered, whether the person has the page (passthrough), and whether a
 * step or navigation set accept (forced: a loading guard leaves it).
 */
export interface GuardState {
  accept: boolean;
  seen: Dialog[];
  /** answered before the step now armed began (a timer's dialog after the step before): not that step's doing */
  earlier: Dialog[];
  passthrough: boolean;
  forced?: boolean;
}

/**
 * A window (this one or a frame's) with what the guard puts on it: its state and the counters of pending timers and
 * requests (since: a Date.now() time). A frame's window is only a Window to the type check; its XMLHttpRequest is read
 * where it is there.
 */
export type GuardWindow = Window & {
  __waymarkDialogs?: GuardState;
  __waymarkTimers?: (since?: number) => number;
  __waymarkRequests?: (since?: number) => number;
  __waymarkOpens?: (since?: number) => number;
  XMLHttpRequest?: typeof XMLHttpRequest;
  Response?: typeof Response;
};
