// @ts-check
// Finds what stands over the page: an open modal dialog, an aria-modal dialog, or a fixed overlay
// covering most of the viewport (a consent wall), possibly a cross-origin frame.

const COVER = 0.5; // share of the viewport an overlay must cover to count as a wall

/**
 * What stands over the page (findModal). `roots` are the elements whose contents count as inside it; `label` is
 * the element its name comes from; `frame`: its top is a cross-origin frame. An `overlay` is a fixed layer (a
 * consent wall), `wall` that layer. `above` is set by the observer: the controls it finds stacked above a wall.
 * @typedef {object} Modal
 * @property {Element[]} roots
 * @property {Element} label
 * @property {boolean} frame
 * @property {boolean} [overlay]
 * @property {Element} [wall]
 * @property {Element[]} [above]
 */

/**
 * @param {Element} el
 * @returns {Element | null}
 */
function composedParent(el) {
  if (el.parentElement) return el.parentElement;
  // (a document or a shadow root; only the shadow root has a host)
  const root = /** @type {Node & {host?: Element}} */ (el.getRootNode());
  if (root && root.host) return root.host;
  const win = el.ownerDocument && el.ownerDocument.defaultView;
  return win && win.frameElement ? win.frameElement : null;
}

/**
 * Whether `outer` contains `el` across shadow and frame boundaries.
 * @param {Element} outer
 * @param {Element} el
 */
export function composedContains(outer, el) {
  for (let cur = /** @type {Element | null} */ (el); cur; cur = composedParent(cur)) if (cur === outer) return true;
  return false;
}

/** @param {Element} el */
function isCrossOriginFrame(el) {
  if (el.tagName !== 'IFRAME' && el.tagName !== 'FRAME') return false;
  // (a <frame> has its contentDocument as an <iframe> does)
  try { return !/** @type {HTMLIFrameElement} */ (el).contentDocument; } catch { return true; }
}

/** @param {Element} el */
function visible(el) {
  if (!el.checkVisibility({ checkVisibilityCSS: true })) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

/**
 * What stands over the page (a Modal), or null.
 * @param {Document} doc
 * @param {Element[]} dialogs
 * @param {import('./walk-records.js').StyleOf} styleOf
 * @returns {Modal | null}
 */
export function findModal(doc, dialogs, styleOf) {
  const win = /** @type {Window} */ (doc.defaultView); // (the observed document is shown in a window)
  const vw = win.innerWidth;
  const vh = win.innerHeight;
  // 1. dialogs: a <dialog> opened with showModal(), or an ARIA dialog that declares itself modal
  for (const d of dialogs) {
    if (d.tagName === 'DIALOG') {
      if (/** @type {HTMLDialogElement} */ (d).open && d.matches(':modal')) return { roots: [d], label: d, frame: false };
    } else if (d.getAttribute('aria-modal') === 'true' && visible(d)) {
      return { roots: [d], label: d, frame: false };
    }
  }
  // 2. a fixed layer that covers most of the viewport: look at what is stacked at a few points
  const points = [[0.5, 0.5], [0.25, 0.25], [0.75, 0.75]];
  for (const [fx, fy] of points) {
    const hits = doc.elementsFromPoint(vw * fx, vh * fy);
    /** @type {Element[]} */
    const roots = [];
    for (const hit of hits) {
      const fixed = outermostFixed(hit, styleOf);
      if (!fixed) break; // reached the page itself: nothing above it covers this point
      if (!roots.includes(fixed)) roots.push(fixed);
      const r = fixed.getBoundingClientRect();
      const area = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0))
        * Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
      // an app shell laid out as one fixed full-screen box holds the page's main content: that is the
      // page, not something standing over it
      if (area >= COVER * vw * vh && !fixed.querySelector('main,[role=main]') && !fixed.matches('main,[role=main]')) {
        const top = hits[0];
        const frame = isCrossOriginFrame(top) ? top : null;
        return { roots, label: frame || roots[0], frame: !!frame, overlay: true, wall: fixed };
      }
    }
  }
  return null;
}

/**
 * @param {Element} el
 * @param {import('./walk-records.js').StyleOf} styleOf
 */
function outermostFixed(el, styleOf) {
  let found = null;
  // (up through shadow hosts: only a shadow root, of the root nodes, has a host)
  for (let cur = /** @type {Element | null} */ (el); cur && cur.nodeType === 1;
    cur = cur.parentElement || (/** @type {Node & {host?: Element}} */ (cur.getRootNode()).host || null)) {
    if (cur === cur.ownerDocument.body || cur === cur.ownerDocument.documentElement) break;
    const pos = styleOf(cur).position;
    if (pos === 'fixed' || pos === 'sticky') found = cur;
  }
  return found;
}

/**
 * @param {Modal} modal
 * @param {Element} el
 */
export function insideModal(modal, el) {
  for (const r of modal.roots) if (composedContains(r, el)) return true;
  return false;
}
