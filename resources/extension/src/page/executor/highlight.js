// @ts-check
// The outline drawn over what a selector picks, for the studio's `highlight` request.
import { resolveSelector, describeSelector } from './resolve.js';

// ---- highlight ----

/** @type {{host: HTMLElement, root: ShadowRoot} | null} */
let overlay = null;
/** @type {Element[]} */
let tracked = [];
let raf = 0;

/**
 * Outlines the elements a Selector matches (null clears). Returns {ok, count} or {ok:false, error}.
 * @type {import('../page-calls.js').PageCalls['highlight']}
 */
export function highlight(selector) {
  tracked = [];
  if (!selector) {
    if (overlay) overlay.host.remove();
    overlay = null;
    return { ok: true, count: 0 };
  }
  let r;
  try {
    r = resolveSelector({ ...selector, all: selector.all ?? true });
  } catch (e) {
    return { ok: false, error: /** @type {Error} */ (e).message }; // a SelectorError
  }
  if (r.error) return { ok: false, error: r.error };
  if (!r.elements.length) return { ok: false, error: `no element matches ${describeSelector(selector)}` };
  tracked = r.elements;
  if (!overlay) {
    const host = document.createElement('waymark-highlight');
    host.style.cssText = 'all: initial; position: fixed; inset: 0; pointer-events: none; z-index: 2147483647;';
    const root = host.attachShadow({ mode: 'closed' });
    overlay = { host, root };
  }
  if (!overlay.host.isConnected) document.documentElement.appendChild(overlay.host);
  drawHighlight();
  return { ok: true, count: tracked.length };
}

/**
 * Where el's frame sits in the top viewport: the sum of the offsets of the frames it is in.
 * @param {Element} el
 */
export function frameOffset(el) {
  let x = 0;
  let y = 0;
  let f;
  // an element drawn on is in a document a window shows: its defaultView is not null
  try { f = /** @type {Window} */ (el.ownerDocument.defaultView).frameElement; } catch { f = null; }
  while (f) {
    const r = f.getBoundingClientRect();
    x += r.left + f.clientLeft;
    y += r.top + f.clientTop;
    try { f = /** @type {Window} */ (f.ownerDocument.defaultView).frameElement; } catch { f = null; }
  }
  return { x, y };
}

function drawHighlight() {
  cancelAnimationFrame(raf);
  if (!overlay || !tracked.length) return;
  overlay.root.replaceChildren(...tracked.filter((e) => e.isConnected).map((el) => {
    const r = el.getBoundingClientRect();
    const o = frameOffset(el);
    const box = document.createElement('div');
    box.style.cssText = `position: fixed; left: ${r.left + o.x - 2}px; top: ${r.top + o.y - 2}px; width: ${r.width + 4}px; height: ${r.height + 4}px; outline: 2px solid #e8590c; background: rgba(232, 89, 12, 0.12); border-radius: 3px;`;
    return box;
  }));
  raf = requestAnimationFrame(drawHighlight);
}
