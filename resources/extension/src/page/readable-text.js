// @ts-check
// The words of a subtree where innerText cannot tell them (no layout, an element not rendered, one that is no
// HTMLElement): its text without what elements of code or data hold, which is never shown. An inline script's
// strings (a framework's page state such as Next.js's __NEXT_DATA__, a translation table) are not "on the page", or a
// wait for a text would hold at once; an inline SVG's <style> rules are not an icon's name.
import { shadowOf } from './shadow.js';

const UNSHOWN = new Set(['script', 'style', 'noscript', 'template']);

/**
 * The text of root's subtree without what UNSHOWN elements hold.
 * @param {Node} root
 */
export function readableText(root) {
  return textWithout(root, (el) => UNSHOWN.has(el.localName));
}

// Elements whose DOM text is a fallback the browser shows only when it cannot show the element itself.
const REPLACED = new Set(['iframe', 'video', 'audio', 'canvas', 'object', 'embed', 'textarea']);

/**
 * The text of root's subtree a person can reach, where innerText would leave out what content-visibility: auto has
 * not rendered yet: readableText without what is not displayed (display:none, `hidden`, a closed <details>), what is
 * invisible (visibility:hidden) and the fallback text of replaced elements. Texts of different elements are joined
 * without a space: compare it with the whitespace taken out.
 * @param {Node} root
 */
export function shownText(root) {
  const doc = root.ownerDocument || /** @type {Document} */ (root);
  const view = doc.defaultView;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => {
      if (n.nodeType !== 1) return NodeFilter.FILTER_ACCEPT;
      const el = /** @type {Element} */ (n);
      if (UNSHOWN.has(el.localName) || REPLACED.has(el.localName)) return NodeFilter.FILTER_REJECT;
      if (typeof el.checkVisibility !== 'function' || el.checkVisibility()) return NodeFilter.FILTER_ACCEPT;
      // display: contents draws no box of its own, its children do
      return view && view.getComputedStyle(el).display === 'contents' ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_REJECT;
    },
  });
  /** @type {Map<Element, boolean>} an element's own text is seen unless visibility hides it (a child may show again) */
  const seen = new Map();
  const visible = (/** @type {Element} */ el) => {
    let v = seen.get(el);
    if (v === undefined) seen.set(el, v = !view || view.getComputedStyle(el).visibility === 'visible');
    return v;
  };
  let out = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === 3 && (!n.parentElement || visible(n.parentElement))) out += n.nodeValue;
  }
  return out;
}

/**
 * @param {Node} root
 * @param {(el: Element) => boolean} skipped an element whose whole subtree is left out
 */
function textWithout(root, skipped) {
  const doc = root.ownerDocument || /** @type {Document} */ (root);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.nodeType === 1 && skipped(/** @type {Element} */ (n)) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  let out = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeType === 3) out += n.nodeValue;
  return out;
}

/**
 * Whether el is Waymark's own drawing in the page (a highlight, the pointer to the side panel): its words are not the
 * page's.
 * @param {Element} el
 */
function waymarksOwn(el) {
  return el.localName.startsWith('waymark-') || el.id === 'waymark-gate-host';
}

/**
 * The shadow hosts in root's subtree (root included), through the shadow trees they hold, open or closed as far as
 * shadowOf reaches; not into frames.
 * @param {Node} root
 * @returns {Element[]}
 */
export function shadowHosts(root) {
  /** @type {Element[]} */
  const hosts = [];
  const visit = (/** @type {Node} */ r) => {
    const doc = r.ownerDocument || /** @type {Document} */ (r);
    const walker = doc.createTreeWalker(r, NodeFilter.SHOW_ELEMENT);
    // SHOW_ELEMENT: every node the walker yields is an Element
    for (let n = /** @type {Element | null} */ (walker.nextNode()); n; n = /** @type {Element | null} */ (walker.nextNode())) {
      const sr = waymarksOwn(n) ? null : shadowOf(n);
      if (sr) { hosts.push(n); visit(sr); }
    }
  };
  const own = root.nodeType === 1 ? shadowOf(/** @type {Element} */ (root)) : null;
  if (own) { hosts.push(/** @type {Element} */ (root)); visit(own); }
  visit(root);
  return hosts;
}

/**
 * The parent a node is drawn in, for marking: a shadow root's children are drawn in its host.
 * @param {Node} n
 * @returns {Element | null}
 */
function drawnParent(n) {
  const p = n.parentNode;
  if (p && p.nodeType === 11) return /** @type {ShadowRoot} */ (p).host || null;
  return n.parentElement;
}

/**
 * The rendered text of el as a person reads it, through the shadow trees in it. innerText does not enter a shadow
 * root, and inside one it leaves out what a slot shows, so a web component's own words (a toast, a price, a status a
 * Lit or Stencil element draws) would never be on the page. Subtrees without a shadow host keep innerText (its line
 * breaks, its hidden and invisible text left out); only the elements on the way to a host or a slot are walked, in the
 * order they are drawn: a host's shadow tree in place of its children, a slot's assigned nodes in place of its
 * fallback. Not into frames.
 * @param {Element} el
 * @param {Element[]} [hosts] the shadow hosts in el's subtree, when the caller has found them (shadowHosts)
 */
export function composedText(el, hosts = shadowHosts(el)) {
  const plain = /** @type {HTMLElement} */ (el).innerText;
  if (!hosts.length) return plain ?? shownText(el);
  /** @type {Set<Element>} elements whose children are walked: a host, a slot, and every element they are drawn in */
  const through = new Set();
  const mark = (/** @type {Element} */ from) => {
    for (let e = /** @type {Element | null} */ (from); e && !through.has(e); e = e === el ? null : drawnParent(e)) through.add(e);
  };
  for (const h of hosts) {
    if (waymarksOwn(h)) continue;
    mark(h);
    const sr = shadowOf(h);
    if (sr) sr.querySelectorAll('slot').forEach(mark);
  }
  const view = el.ownerDocument.defaultView;
  /** @type {string[]} */
  const parts = [];
  const visit = (/** @type {Node} */ n) => {
    if (n.nodeType === 3) {
      const p = n.parentElement;
      if (!p || !view || view.getComputedStyle(p).visibility === 'visible') parts.push(/** @type {Text} */ (n).data.replace(/\s+/g, ' '));
      return;
    }
    if (n.nodeType !== 1) return;
    const e = /** @type {Element} */ (n);
    if (UNSHOWN.has(e.localName) || REPLACED.has(e.localName) || waymarksOwn(e)) return;
    const display = view ? view.getComputedStyle(e).display : 'block';
    if (display === 'none') return;
    const contents = display === 'contents';
    // display: contents draws no box of its own, so checkVisibility says false; its children may be drawn
    if (!contents && typeof e.checkVisibility === 'function' && !e.checkVisibility()) return;
    const block = !contents && !display.startsWith('inline');
    if (block) parts.push('\n');
    const text = through.has(e) || contents ? null : /** @type {HTMLElement} */ (e).innerText;
    if (typeof text === 'string') parts.push(text);
    else if (!through.has(e) && !contents) parts.push(shownText(e)); // not HTML (SVG): no innerText
    else {
      const sr = shadowOf(e);
      /** @type {ArrayLike<Node>} */
      let kids = sr ? sr.childNodes : e.childNodes;
      if (e.localName === 'slot' && e.getRootNode().nodeType === 11) {
        const assigned = /** @type {HTMLSlotElement} */ (e).assignedNodes();
        if (assigned.length) kids = assigned;
      }
      for (let i = 0; i < kids.length; i++) visit(kids[i]);
    }
    if (block) parts.push('\n');
  };
  visit(el);
  return parts.join('').split('\n').map((l) => l.replace(/[ \t]+/g, ' ').trim()).filter(Boolean).join('\n');
}
