// @ts-check
// The page half of extractList: the rows of the items, and the control or scroll that brings more.
import { NEEDS, notActionable, scrollIntoViewIfNeeded, hitTarget } from './actionability.js';
import { clickAt, scrollBy } from './input.js';
import { extractItems, nextControl } from './extract.js';
import { docId, sleep } from './common.js';

// ---- extractList page half ----

/** @import { PageCalls, ListStep } from '../page-calls.js' */

/**
 * Rows of the items not read before in this document, and how the list continues. (Not PageCalls['listItems']: an
 * error answers only {error, doc}, without the rows ListBatch declares; the worker reads error first.)
 * @param {ListStep} step
 */
export function listItems(step) {
  try {
    return { ...extractItems(step), doc: docId };
  } catch (e) {
    return { error: /** @type {Error} */ (e).message, doc: docId }; // a SelectorError, or a DOMException
  }
}

/**
 * Clicks the list's next-batch control once it is actionable.
 * @type {PageCalls['listNext']}
 */
export async function listNext(step) {
  const el = nextControl(step);
  if (!el) return { ok: false, error: 'no next control', retry: false };
  const not = notActionable(el, NEEDS.click);
  if (not) return { ok: false, error: not, retry: true };
  scrollIntoViewIfNeeded(el);
  await sleep(20);
  const hit = hitTarget(el);
  if (hit.error) return { ok: false, error: hit.error, retry: true };
  // no error: the hit has its target and point
  clickAt(el, /** @type {Element} */ (hit.target), /** @type {import('./actionability.js').Point} */ (hit.point));
  return { ok: true, dispatched: true, doc: docId };
}

/**
 * Scrolls to the bottom for an infinite list; returns the new scroll height.
 * @type {PageCalls['listScroll']}
 */
export function listScroll() {
  const r = scrollBy(null, 'bottom');
  // 'bottom' is a value scrollBy knows: it answers where it ended, never {error}
  return { height: /** @type {number} */ (r.height), y: /** @type {number} */ (r.y), doc: docId };
}
