// @ts-check
// What the take-over recorder calls an element: the observer's own selector for it, so a step the person
// records by hand names its element exactly as the observation the model and the studio read names it.
// Only imports from the observer; the selector rules live there.
import { walkPage } from '../observer/walk.js';
import { selectorFor } from '../observer/selector.js';

const VERIFY_BUDGET = 800000; // the observer's: elements querySelectorAll may scan to confirm uniqueness

// Crosses shadow roots and same-origin frames upwards, as the walk crosses them downwards.
function composedParent(el) {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  if (root && root.host) return root.host;
  const win = el.ownerDocument && el.ownerDocument.defaultView;
  try { return win && win.frameElement ? win.frameElement : null; } catch { return null; }
}

function enterOf(tree, budget) {
  if (tree.enter) return tree.enter;
  tree.enter = enterOf(tree.parent, budget).concat([selectorFor(tree.hostInfo, budget).selector]);
  return tree.enter;
}

/**
 * The Selector ({css, path?, indexes?, enter?}) the observer gives the control that el is or sits in
 * (a click on the text inside a button is a click on the button), or null when el is in no control.
 */
export function targetSelector(el) {
  if (!el || el.nodeType !== 1) return null;
  const walk = walkPage(document, (e, p) => e.ownerDocument.defaultView.getComputedStyle(e, p));
  const byEl = new Map();
  for (const c of walk.candidates) byEl.set(c.el, c);
  let info = null;
  for (let cur = el; cur && !info; cur = composedParent(cur)) info = byEl.get(cur) || null;
  if (!info) return null;
  const budget = { left: VERIFY_BUDGET };
  const sel = selectorFor(info, budget);
  const out = { css: sel.selector };
  if (sel.path) out.path = sel.path;
  if (sel.indexes) out.indexes = sel.indexes;
  if (info.tree.parent) out.enter = enterOf(info.tree, budget);
  return out;
}
