// @ts-check
// The page script's side of the dialog guard (executor/dialog-guard.js, MAIN world): arms it
// and collects what it answered through synchronous DOM events, without a call of its own.
const REQ = '__waymark_dialogs_req';
const RES = '__waymark_dialogs_res';

/**
 * Sends cmd ({accept?: bool, take?: bool, timers?: bool, requests?: bool, opens?: bool, since?: number}) to the guard
 * of this document. Returns its answer ({dialogs, pending_ms?, requests?, opens?}: with timers, how long until the
 * page's pending short timers have run; with requests too, how many fetch and XMLHttpRequest requests are in flight;
 * with opens, how many times the page called window.open; with since (a Date.now() time), only those set, sent or
 * made from then on) or null when the document has no guard yet.
 */
/**
 * @param {{accept?: boolean, take?: boolean, timers?: boolean, requests?: boolean, opens?: boolean, since?: number}} cmd
 * @returns {{pending_ms?: number, requests?: number, opens?: number, dialogs: import('../../wire.js').Dialog[]} | null}
 */
export function dialogLink(cmd) {
  /** @type {unknown} what the guard answered: set by its event, inside dispatchEvent */
  let answer = null;
  const on = (/** @type {Event} */ e) => { answer = /** @type {CustomEvent} */ (e).detail; };
  window.addEventListener(RES, on, true);
  try {
    window.dispatchEvent(new CustomEvent(REQ, { detail: JSON.stringify(cmd) }));
  } finally {
    window.removeEventListener(RES, on, true);
  }
  if (typeof answer !== 'string') return null;
  try {
    // the guard's JSON: a page's script could send anything on this event, so every field is checked
    /** @type {{dialogs?: unknown, pending_ms?: unknown, requests?: unknown, opens?: unknown}} */
    const parsed = JSON.parse(answer);
    /** @type {{kind: string, message?: unknown, handled?: unknown, answer?: unknown, before_step?: unknown}[]} */
    const all = Array.isArray(parsed.dialogs) ? parsed.dialogs.filter((d) => d && typeof d.kind === 'string') : []; // kind checked
    // at most 20: the step's own first, then the newest of those answered before it began (a page alerting on an
    // interval while the model thought must not crowd out what the step did)
    const own = all.filter((d) => d.before_step !== true).slice(0, 20);
    const room = 20 - own.length;
    const dialogs = [...(room > 0 ? all.filter((d) => d.before_step === true).slice(-room) : []), ...own];
    return {
      ...(typeof parsed.pending_ms === 'number' ? { pending_ms: parsed.pending_ms } : {}),
      ...(typeof parsed.requests === 'number' ? { requests: parsed.requests } : {}),
      ...(typeof parsed.opens === 'number' ? { opens: parsed.opens } : {}),
      dialogs: dialogs.map((d) => {
        const handled = d.handled === 'accepted' ? 'accepted' : 'dismissed';
        /** @type {import('../../wire.js').Dialog} */
        const out = { kind: d.kind, message: String(d.message ?? '').slice(0, 500), handled };
        if (handled === 'accepted' && typeof d.answer === 'string') out.answer = d.answer.slice(0, 500);
        if (d.before_step === true) out.before_step = true;
        return out;
      }),
    };
  } catch {
    return null;
  }
}
