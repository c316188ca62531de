// What the step modules share: the step's failure type, timing helpers and value substitution.
import { substitute } from './values.js';

/** The extension's own bound on extractList rows when the step's limit is 0. */
export const LIST_BOUND = 1000;
export const POLL_MS = 100;
// A retry comes soon at first (most pages are ready within a few ms), then every POLL_MS.
export const pollDelay = (attempt) => Math.min(POLL_MS, 5 * 2 ** Math.max(0, attempt - 1));
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A failure the step reports as its error text. */
export class StepFailure extends Error {}

export const positive = (n) => (Number.isFinite(n) && n > 0 ? n : 0);
export const isEmptyCondition = (c) => !c.selector && !c.text && !c.url_includes;
export const isEmptyWait = (w) => !w.selector && !w.text && !w.url_includes && !positive(w.delay_ms);

export function remaining(ctx) {
  return Math.max(0, ctx.deadline - Date.now());
}

export function substituted(ctx, text, what) {
  const { text: out, missing } = substitute(text, ctx.values);
  if (missing.length) throw new StepFailure(`no value was given for ${missing.map((m) => `{{ ${m} }}`).join(', ')} in ${what}`);
  return out;
}
