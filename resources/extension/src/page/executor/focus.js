// @ts-check
// Focus as a focused browser window moves it: focusing an element with its focus events, the nearest
// focusable ancestor a mousedown focuses, Tab order, and the focused element through shadow roots and
// frames. Apart from input.js because clicks (pointer.js), key presses and text entry all move focus
// the same way, so it lives once, below all three.
import { shadowOf } from '../shadow.js';
import { drawnParent } from './resolve.js';

// What can take focus: a click focuses the nearest of these, Tab moves among those in tab order.
export const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable=""], [contenteditable="true"]';

/**
 * Focuses el. When the browser window does not have system focus (the person is looking at
 * the studio, or the browser is headless) focus() moves activeElement without firing focus
 * events, so they are dispatched here the way a focused window would fire them.
 * @param {Element} el an element a page shows (HTML or SVG: both have focus())
 * @param {{pointer?: boolean}} [how] pointer: the focus a pointer's press gives, which shows no focus ring
 */
export function focusElement(el, how = {}) {
  const doc = el.ownerDocument;
  // (through shadow trees: the document names only the outermost host of a focused element inside one)
  const prev = deepActiveElement(doc, false);
  // (a component already holding focus in its tree keeps it where it is)
  if (prev === el || doc.activeElement === el) return;
  // A press of a mouse shows no focus ring (:focus-visible); a script's focus() would, after keys were typed (a page's
  // own focus ring then counts as the click's answer). focusVisible: Firefox, and Chromium where it knows it.
  /** @type {HTMLElement} */ (el).focus(/** @type {FocusOptions} */ ({ preventScroll: true, ...(how.pointer ? { focusVisible: false } : {}) }));
  if (doc.hasFocus() || deepActiveElement(doc, false) !== el) return;
  // a document that has an element focused is shown in a window
  const F = /** @type {Window & typeof globalThis} */ (doc.defaultView).FocusEvent || FocusEvent;
  if (prev && prev !== doc.body && prev !== el) {
    prev.dispatchEvent(new F('blur', { relatedTarget: el, composed: true }));
    prev.dispatchEvent(new F('focusout', { bubbles: true, relatedTarget: el, composed: true }));
  }
  el.dispatchEvent(new F('focus', { relatedTarget: prev, composed: true }));
  el.dispatchEvent(new F('focusin', { bubbles: true, relatedTarget: prev, composed: true }));
}

/**
 * The element a mousedown on el focuses: el or its nearest focusable ancestor (across shadow roots), or null.
 * @param {Element} el
 * @returns {Element | null}
 */
export function focusableAncestor(el) {
  // as a press looks: up the tree it is drawn in (a slotted node's slot, past the top of a shadow tree its host)
  for (let n = /** @type {Element | null} */ (el); n; n = drawnParent(n)) {
    if (n.matches(FOCUSABLE) && !n.matches(':disabled')) return n;
  }
  return null;
}

/**
 * Tab or Shift+Tab from `from`: focus moves to the next element in tab order (positive tabindex first), wrapping.
 * @param {Element} from
 * @param {boolean} backwards
 */
export function moveFocus(from, backwards) {
  const doc = from.ownerDocument;
  // FOCUSABLE names HTML elements (and [tabindex], which an SVG element with its own tabIndex may match)
  const all = Array.from(/** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll(FOCUSABLE))).filter((e) => e.tabIndex >= 0 && !e.matches(':disabled') && !(e.localName === 'input' && /** @type {HTMLInputElement} */ (e).type === 'hidden') && e.getClientRects().length);
  const positive = all.filter((e) => e.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  const order = [...positive, ...all.filter((e) => e.tabIndex === 0)];
  if (!order.length) return;
  const i = order.indexOf(/** @type {HTMLElement} */ (from));
  const next = i < 0 ? order[backwards ? order.length - 1 : 0] : order[(i + (backwards ? -1 : 1) + order.length) % order.length];
  focusElement(next);
}

/**
 * The focused element, descending through shadow roots and (unless told not to) same-origin frames.
 * @param {Document} [doc]
 * @param {boolean} [intoFrames] false: a focused frame is the answer, not what it holds focused
 * @returns {Element}
 */
export function deepActiveElement(doc = document, intoFrames = true) {
  let a = doc.activeElement;
  for (let i = 0; a && i < 20; i++) {
    const sr = shadowOf(a);
    if (sr && sr.activeElement) { a = sr.activeElement; continue; }
    if (intoFrames && a.localName === 'iframe') {
      let d;
      try { d = /** @type {HTMLIFrameElement} */ (a).contentDocument; } catch { d = null; }
      if (d && d.activeElement) { a = d.activeElement; continue; }
    }
    break;
  }
  return a || doc.body;
}
