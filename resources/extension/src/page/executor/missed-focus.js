// @ts-check
// Focus events a window without system focus never fires. Chrome's debugger emulates a focused page, but Firefox's
// trusted input (the studio's WebDriver BiDi actions) reaches a window that is not the focused one — headless, or
// behind the studio — where a click or a Tab moves activeElement without any focus, blur, focusin or focusout event.
// A date picker that opens on focus or parses on blur then never hears the input. After such input the element that
// lost focus and the one that got it are told here, the way a focused window would have told them (untrusted events,
// as focusElement sends for page-script input).
import { deepActiveElement } from './input.js';

/** The element that has focus now, to compare after the trusted input (null when it is the body). */
export function focusBefore(doc = document) {
  const a = deepActiveElement(doc);
  return a && a !== doc.body ? a : null;
}

/**
 * Fires the focus events the input should have fired: none when the document has system focus (the browser fired
 * them itself) or focus did not move.
 * @param {Element | null | undefined} before what {@link focusBefore} read before the input
 */
export function tellMissedFocus(before, doc = document) {
  if (doc.hasFocus()) return;
  const now = focusBefore(doc);
  if (now === (before || null)) return;
  const F = doc.defaultView?.FocusEvent || FocusEvent;
  if (before && before.isConnected) {
    before.dispatchEvent(new F('blur', { relatedTarget: now, composed: true }));
    before.dispatchEvent(new F('focusout', { bubbles: true, relatedTarget: now, composed: true }));
  }
  if (now) {
    now.dispatchEvent(new F('focus', { relatedTarget: before || null, composed: true }));
    now.dispatchEvent(new F('focusin', { bubbles: true, relatedTarget: before || null, composed: true }));
  }
}
