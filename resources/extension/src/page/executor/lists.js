// @ts-check
// The page half of extractList: the rows of the items, and the control or scroll that brings more.
import { NEEDS, notActionable, scrollIntoViewIfNeeded, hitTarget } from './actionability.js';
import { clickAt, scrollBy } from './input.js';
import { extractItems, nextControl } from './extract.js';
import { docId, sleep } from './common.js';

// ---- extractList page half ----

/** @typedef {import('./step-types.js').PageStep} PageStep */

/**
 * Rows of the items not read before in this document, and how the list continues.
 * @param {PageStep} step
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
 * @param {PageStep} step
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

/** Scrolls to the bottom for an infinite list; returns the new scroll height. */
export function listScroll() {
  const r = scrollBy(null, 'bottom');
  return { height: r.height, y: r.y, doc: docId };
}
