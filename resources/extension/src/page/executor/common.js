// @ts-check
// What the page executor's modules share: this document's id and the elements a step's selector picks.
import { resolveSelector, describeSelector } from './resolve.js';

export const docId = Math.random().toString(36).slice(2);

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The next animation frame. A hidden tab runs none: a short timer stands in for one there. A shown page whose frames
 * come late (a busy page, a loaded machine) gets its frame, up to a bound.
 */
export function nextFrame() {
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  return new Promise((r) => { const t = setTimeout(r, hidden ? 50 : 250); requestAnimationFrame(() => { clearTimeout(t); r(undefined); }); });
}

/**
 * The elements the step's selector picks now: {elements}, or {error} (fatal when no selector could ever match).
 * @param {import('../page-calls.js').PageStep} step
 */
export function targets(step) {
  const sel = step.selector;
  if (!sel || (!sel.css && !sel.path)) return { error: `a ${step.type} step needs a selector with css or path`, fatal: true };
  const r = resolveSelector(sel);
  if (r.error) return { error: r.error };
  if (!r.elements.length) return { error: `no element matches ${describeSelector(sel)}` };
  return { elements: r.elements };
}
