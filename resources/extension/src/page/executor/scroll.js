// @ts-check
// Scrolling as a wheel and the scroll keys do it: the page or the nearest scrollable box of an element.

/**
 * Scrolls the page or the nearest scrollable box of el. Returns where it ended.
 * @param {Element | null} el
 * @param {string | undefined} value
 */
export function scrollBy(el, value) {
  const doc = el ? el.ownerDocument : document;
  // the page's document, or that of an element on it: a window shows it
  const win = /** @type {Window & typeof globalThis} */ (doc.defaultView);
  const box = el ? scrollableBox(el) : null;
  const v = String(value ?? '').trim().toLowerCase();
  const height = box ? box.clientHeight : win.innerHeight;
  const width = box ? box.clientWidth : win.innerWidth;
  const maxY = box ? box.scrollHeight : doc.documentElement.scrollHeight;
  let dx = 0;
  let dy = 0;
  let to = null;
  if (v === '' || v === 'down') dy = height * 0.8;
  else if (v === 'up') dy = -height * 0.8;
  else if (v === 'right') dx = width * 0.8;
  else if (v === 'left') dx = -width * 0.8;
  else if (v === 'bottom' || v === 'end') to = { top: maxY };
  else if (v === 'top' || v === 'start' || v === 'home') to = { top: 0 };
  else if (/^-?\d+(\.\d+)?(px)?$/.test(v)) dy = parseFloat(v);
  else if (/^-?\d+(px)?\s*,\s*-?\d+(px)?$/.test(v)) { const [a, b] = v.split(',').map((p) => parseFloat(p)); dx = a; dy = b; }
  else return { error: `unknown scroll value '${value}' (use down, up, left, right, top, bottom, or pixels like 400 or -400)` };
  const W = win.WheelEvent || WheelEvent;
  const wheelTarget = el || doc.documentElement;
  wheelTarget.dispatchEvent(new W('wheel', { bubbles: true, cancelable: true, composed: true, deltaX: dx, deltaY: to ? (to.top ? maxY : -maxY) : dy, deltaMode: 0, view: win }));
  const scroller = box || win;
  if (to) scroller.scrollTo({ top: to.top, behavior: 'instant' });
  else scroller.scrollBy({ left: dx, top: dy, behavior: 'instant' });
  const y = box ? box.scrollTop : win.scrollY;
  const x = box ? box.scrollLeft : win.scrollX;
  const fullH = box ? box.scrollHeight : doc.documentElement.scrollHeight;
  return { x: Math.round(x), y: Math.round(y), height: Math.round(fullH), viewport: Math.round(height), box: !!box };
}

/** @param {Element} el */
function scrollableBox(el) {
  for (let n = /** @type {Element | null} */ (el); n && n.nodeType === 1; n = n.parentElement) {
    if (n === n.ownerDocument.documentElement || n === n.ownerDocument.body) return null;
    const cs = /** @type {Window & typeof globalThis} */ (n.ownerDocument.defaultView).getComputedStyle(n);
    const scrollsY = /(auto|scroll|overlay)/.test(cs.overflowY) && n.scrollHeight > n.clientHeight;
    const scrollsX = /(auto|scroll|overlay)/.test(cs.overflowX) && n.scrollWidth > n.clientWidth;
    if (scrollsY || scrollsX) return n;
  }
  return null;
}
