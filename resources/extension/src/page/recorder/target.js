// @ts-check
// What the take-over recorder calls an element: the observer's own selector for it, so a step the person
// records by hand names its element exactly as the observation the model and the studio read names it.
// Only imports from the observer; the selector rules live there.
import { walkPage } from '../observer/walk.js';
import { selectorOfInfo } from '../observer/selector.js';

/**
 * Crosses shadow roots and same-origin frames upwards, as the walk crosses them downwards.
 * @param {Element} el
 * @returns {Element | null}
 */
function composedParent(el) {
  if (el.parentElement) return el.parentElement;
  // (a document or a shadow root; only the shadow root has a host)
  const root = /** @type {(ParentNode & {host?: Element}) | null} */ (el.parentNode);
  if (root && root.host) return root.host;
  const win = el.ownerDocument && el.ownerDocument.defaultView;
  try { return win && win.frameElement ? win.frameElement : null; } catch { return null; }
}

/**
 * The Selector ({css, path?, indexes?, enter?}) the observer gives the control that el is or sits in
 * (a click on the text inside a button is a click on the button), or null when el is in no control.
 * @param {Node | null} el what the person's action reached
 * @returns {import('../../wire.js').Selector | null}
 */
export function targetSelector(el) {
  if (!el || el.nodeType !== 1) return null;
  // (a shown document has a window)
  const walk = walkPage(document, (e, p) => /** @type {Window} */ (e.ownerDocument.defaultView).getComputedStyle(e, p));
  /** @type {Map<Element, import('../observer/walk-records.js').WalkInfo>} */
  const byEl = new Map();
  for (const c of walk.candidates) byEl.set(c.el, c);
  let info = null;
  // (nodeType 1: an element)
  for (let cur = /** @type {Element | null} */ (el); cur && !info; cur = composedParent(cur)) info = byEl.get(cur) || null;
  if (!info) return null;
  return selectorOfInfo(info);
}
