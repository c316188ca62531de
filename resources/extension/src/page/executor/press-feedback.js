// @ts-check
// What a component draws when it is pressed is not the press's effect. Inside the component an input lands in, a
// shadow tree that holds no words of its own is where it draws its feedback: a ripple's surface and its empty spans
// (Material Web's md-ripple, Ionic's), a focus ring. Counted, a click on a button that does nothing would say "the
// page changed" (decision 0077).

import { containsDeep } from './resolve.js';
import { readableText } from '../readable-text.js';

// Attributes that say a state a person sees: shown or hidden, open or closed, chosen, pressed, current.
const STATE_ATTRIBUTES = new Set(['hidden', 'open', 'checked', 'selected', 'disabled', 'value', 'aria-hidden',
  'aria-expanded', 'aria-checked', 'aria-selected', 'aria-pressed', 'aria-current', 'aria-disabled', 'aria-invalid',
  'aria-valuenow', 'aria-valuetext']);

/**
 * Whether a change in a feedback tree is one a person reads all the same: words drawn, taken away or changed, an
 * element that is not an empty box, or a state attribute.
 * @param {MutationRecord} m
 */
function drawsWords(m) {
  if (m.type === 'characterData') return true;
  if (m.type === 'attributes') return STATE_ATTRIBUTES.has(String(m.attributeName));
  return [...m.addedNodes].some(shows) || [...m.removedNodes].some(shows);
}

/**
 * Whether a node added or taken away is something a person sees: words, or an element that is not an empty box (an
 * empty div or span is a ripple's or a focus ring's; an image, an icon, a field or a component drawing in its own
 * tree is not).
 * @param {Node} n
 */
function shows(n) {
  if (n.nodeType === 3) return !!(/** @type {Text} */ (n).data.trim());
  if (n.nodeType !== 1) return false;
  const e = /** @type {Element} */ (n);
  if ((e.textContent || '').trim()) return true;
  return !((e.localName === 'div' || e.localName === 'span') && !e.firstElementChild);
}

/**
 * Which changes count as the page's answer to an input: every change, except in a wordless tree inside the component
 * it lands in, where only one drawsWords says a person reads.
 * @param {Element | null} component the host of the tree the input lands in, or the element itself when it is in the
 *   page (null: nothing is filtered, a key with nothing focused)
 * @param {ShadowRoot | undefined} ownTree the tree the input lands in: every change there counts
 * @returns {(m: MutationRecord) => boolean}
 */
export function answerOnly(component, ownTree) {
  /** @type {Map<Node, boolean>} whether a tree is a feedback tree, asked once per watch */
  const feedback = new Map();
  return (m) => {
    const root = m.target.getRootNode();
    if (root.nodeType !== 11 || !component || root === ownTree) return true;
    let f = feedback.get(root);
    if (f === undefined) {
      const host = /** @type {ShadowRoot} */ (root).host;
      feedback.set(root, f = containsDeep(component, host) && !readableText(root).trim());
    }
    return !f || drawsWords(m);
  };
}
