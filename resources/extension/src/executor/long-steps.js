// @ts-check
// Steps that run long enough for the person to watch and stop them: which steps this worker is running, whether
// the studio asked to stop one (the `cancel` request), and where their progress goes (`progress` events). Only an
// extractList may be stopped, and only between pages: every other step is one action that is never cut in half.
// Pure bookkeeping (no chrome.* call), so the node tests check it without a browser.

/** The step types a `cancel` may stop. */
export const CANCELLABLE = new Set(['extractList']);

/** @type {Map<string, {type: string, cancelled: boolean}>} */
const running = new Map();

/** @type {(p: import('../wire.js').Progress) => void} */
let sink = () => {};

/**
 * Step stepId of type began in this worker (a step without an id cannot be named by a cancel).
 * @param {string | null} stepId
 * @param {string} type
 */
export function began(stepId, type) {
  if (stepId != null) running.set(String(stepId), { type: String(type), cancelled: false });
}

/**
 * Step stepId ended (answered, failed or stopped): a later cancel of it changes nothing.
 * @param {string | null} stepId
 */
export function ended(stepId) {
  if (stepId != null) running.delete(String(stepId));
}

/**
 * Whether the studio asked to stop step stepId while it runs.
 * @param {string | null} stepId
 */
export function isCancelled(stepId) {
  const r = stepId == null ? null : running.get(String(stepId));
  return !!(r && r.cancelled);
}

/**
 * The studio's `cancel`: marks a running extractList to stop at its next check. running false (and the error says
 * why) when no such step runs here or it is of a type that is never stopped half-way; then nothing changes.
 * @param {string} stepId
 * @returns {{running: boolean, error: string | null}}
 */
export function cancel(stepId) {
  const r = running.get(String(stepId));
  if (!r) return { running: false, error: `no step ${stepId} is running in this browser; nothing was stopped` };
  if (!CANCELLABLE.has(r.type)) {
    return { running: false, error: `a ${r.type} step cannot be stopped half-way (only an extractList can, between pages); step ${stepId} runs to its end` };
  }
  r.cancelled = true;
  return { running: true, error: null };
}

/**
 * Where progress goes (the bridge sends it to the studio as a `progress` event).
 * @param {(p: import('../wire.js').Progress) => void} fn
 */
export function onProgress(fn) {
  sink = fn;
}

/**
 * Counts only, never row contents: how far step stepId has got.
 * @param {string | null} stepId
 * @param {number} items
 * @param {number} pages
 */
export function progress(stepId, items, pages) {
  if (stepId == null) return;
  try {
    sink({ step_id: String(stepId), items, pages });
  } catch {
    // a lost progress line must never fail the step
  }
}

/**
 * The effect text of a stopped list, for the person and the next prompt.
 * @param {number} items
 * @param {number} pages
 */
export function stoppedEffect(items, pages) {
  return `stopped by the person after ${items} row${items === 1 ? '' : 's'} on ${pages} page${pages === 1 ? '' : 's'}`;
}
