// @ts-check
// A click that leaves the view (a link: another document or another hash route) first lets the page run what it
// set in reaction to the steps before: a debounced save or render on a short timer (the MAIN world's dialog guard
// counts them, executor/dialog-guard.js). Replay is faster than any person; an app that saves its list half a
// second after the last change and rebuilds its view from storage on a route change (Durandal's TodoMVC) loses the
// list when the route changes first, and nothing in the DOM says so. A combobox select waits the same way for the
// widget's work since its list was opened before it picks the option (executor/combobox-select.js).
import { dialogLink } from './dialog-link.js';
import { sleep } from './common.js';

/** However busy the page keeps its timers, a click waits at most this long for them. */
export const PENDING_WORK_MAX_MS = 1000;

/**
 * Whether a click on el leaves the view: el is (inside) a link.
 * @param {Element} el
 */
export function leavesView(el) {
  return !!(el && el.closest && el.closest('a[href], area[href]'));
}

/**
 * Waits until the page's pending short timers have run, up to PENDING_WORK_MAX_MS. Returns the time waited
 * (0 when nothing was pending or the document has no guard).
 * @param {{since?: number, rounds?: number}} [scope] since: only the timers set from this Date.now() time on;
 *   rounds: at most this many waits, for a page whose ticker re-arms itself (a clock, a poll) and so always has one
 */
export async function awaitPendingWork(scope = {}) {
  const t0 = Date.now();
  const query = scope.since === undefined ? { timers: true } : { timers: true, since: scope.since };
  for (let round = 0; ; round++) {
    const r = dialogLink(query);
    const ms = r && typeof r.pending_ms === 'number' ? r.pending_ms : 0;
    const left = PENDING_WORK_MAX_MS - (Date.now() - t0);
    if (ms <= 0 || left <= 0 || round >= (scope.rounds ?? Infinity)) return Date.now() - t0;
    // a frame past the timer, so that what it started (a render) has run too
    await sleep(Math.min(ms + 16, left));
  }
}

/**
 * The work the page still has to do that began at `mark` (a Date.now() time): how long until the short timers set
 * since then have run, and how many requests sent since then are in flight. Null when the document has no dialog
 * guard to count them.
 * @param {number} mark
 * @returns {{ms: number, requests: number} | null}
 */
export function workSince(mark) {
  const r = dialogLink({ timers: true, requests: true, since: mark });
  return r && typeof r.pending_ms === 'number' ? { ms: r.pending_ms, requests: r.requests || 0 } : null;
}
