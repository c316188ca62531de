// @ts-check
// What a component draws when it is pressed is not the press's effect. Inside the component an input lands in, a
// shadow tree that holds no words of its own is where it draws its feedback: a ripple's surface and its empty spans
// (Material Web's md-ripple, Ionic's), a focus ring. Counted, a click on a button that does nothing would say "the
// page changed" (decision 0077). Nor is what a field draws when focus leaves it: a design system's field marks
// itself focused (Material's `focused`, MUI's `Mui-focused`, a floating label's class) and takes the mark away on
// blur, so a trusted click on a button that does nothing, after a fill, would say the same (decision 0079).

import { containsDeep } from './resolve.js';
import { deepActiveElement, FOCUSABLE as CONTROL } from './focus.js';
import { readableText } from '../readable-text.js';


// Attributes that say a state a person sees: shown or hidden, open or closed, chosen, pressed, current.
const STATE_ATTRIBUTES = new Set(['hidden', 'open', 'checked', 'selected', 'disabled', 'value', 'type', 'readonly', 'aria-hidden',
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
 * The field a focused element belongs to, whose drawings follow its focus: the component whose shadow tree holds it
 * (a text field's host; not an app whose tree holds other controls too) or the element itself, widened to the
 * largest ancestor whose other children hold no control or component (the wrapper that draws the outline, the
 * floating label, the helper text), a few levels at most and never past a form, a group, a dialog or a part of
 * the page. Null for the body, the root and nothing.
 * @param {Element | null} focused
 * @returns {Element | null}
 */
export function fieldAround(focused) {
  if (!focused) return null;
  const doc = focused.ownerDocument;
  if (focused === doc.body || focused === doc.documentElement) return null;
  const root = focused.getRootNode();
  const host = root.nodeType === 11 ? /** @type {ShadowRoot} */ (root).host : null;
  let field = host && /** @type {ShadowRoot} */ (root).querySelectorAll(CONTROL).length <= 1 ? host : focused;
  for (let i = 0; i < 6; i++) {
    const up = field.parentElement;
    if (!up || up === doc.body || up === doc.documentElement || up.matches(BOUNDS)) break;
    const inner = field;
    if ([...up.children].some((c) => c !== inner && holdsControl(c))) break;
    field = up;
  }
  return field;
}

// where a field's own wrappers end
const BOUNDS = 'form, fieldset, dialog, main, section, article, aside, nav, [role=form], [role=search], [role=dialog], [role=group], [role=radiogroup]';

// How many elements of a sibling are looked at for a control or a component before it is taken to hold one: a field
// is a few wrappers, and a large sibling (a results table beside a search box) is no part of it, nor worth a walk
// per input.
const LOOKED_AT = 200;

/**
 * Whether el is, or holds, a control or a component (which may draw one); a sibling too large to look through is
 * taken to hold one.
 * @param {Element} el
 */
function holdsControl(el) {
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_ELEMENT);
  for (let n = /** @type {Node | null} */ (el), looked = 0; n; n = walker.nextNode()) {
    const e = /** @type {Element} */ (n);
    if (e.localName.includes('-') || e.matches(CONTROL) || ++looked > LOOKED_AT) return true;
  }
  return false;
}

/**
 * How many of a batch of changes are the page's answer to an input: every change, except in a wordless tree inside
 * the component it lands in, and in the field focus left, where only one drawsWords says a person reads.
 * @param {Element | null} component the host of the tree the input lands in, or the element itself when it is in the
 *   page (null: nothing is filtered, a key with nothing focused)
 * @param {ShadowRoot | undefined} ownTree the tree the input lands in: every change there counts
 * @param {Element | null} [field] the field that held focus before the input (fieldAround), when the input lands
 *   outside it: once focus is outside it, what it draws is its blur, not the input's answer (a message it shows, a
 *   state it sets, still counts)
 * @returns {(records: MutationRecord[]) => number}
 */
export function answerOnly(component, ownTree, field = null) {
  /** @type {Map<Node, boolean>} whether a tree is a feedback tree, asked once per watch */
  const feedback = new Map();
  /** @param {MutationRecord} m @param {boolean} blurred whether focus has left the field */
  const answers = (m, blurred) => {
    if (blurred && containsDeep(/** @type {Element} */ (field), m.target)) return drawsWords(m);
    const root = m.target.getRootNode();
    if (root.nodeType !== 11 || !component || root === ownTree) return true;
    let f = feedback.get(root);
    if (f === undefined) {
      const host = /** @type {ShadowRoot} */ (root).host;
      feedback.set(root, f = containsDeep(component, host) && !readableText(root).trim());
    }
    return !f || drawsWords(m);
  };
  return (records) => {
    // where focus is, asked once for the batch
    const blurred = !!field && records.length > 0 && !containsDeep(field, deepActiveElement(field.ownerDocument));
    return records.filter((m) => answers(m, blurred)).length;
  };
}
