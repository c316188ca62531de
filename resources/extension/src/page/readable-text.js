// @ts-check
// The words of a subtree where innerText cannot tell them (no layout, an element not rendered, one that is no
// HTMLElement): its text without what elements of code or data hold, which is never shown. An inline script's
// strings (a framework's page state such as Next.js's __NEXT_DATA__, a translation table) are not "on the page", or a
// wait for a text would hold at once; an inline SVG's <style> rules are not an icon's name. And the rendered text of
// an element through the shadow trees of its web components (composedText), which innerText does not enter.
import { shadowOf, shadowHosts, waymarksOwn } from './shadow.js';

const UNSHOWN = new Set(['script', 'style', 'noscript', 'template', 'head']);

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
 * Lit or Stencil element draws) would never be on the page. Subtrees without a shadow host or a slot keep innerText
 * (its line breaks, its hidden and invisible text left out); only the elements on the way to a host or a slot are
 * walked, in the order they are drawn: a host's shadow tree in place of its children, a slot's assigned nodes in place
 * of its fallback. Not into frames; not Waymark's own drawings.
 * @param {Element} el
 * @param {Element[]} [hosts] the shadow hosts whose trees are read, when the caller has found or chosen them
 *   (shadowHosts: all of them); what a host left out draws is not read
 */
export function composedText(el, hosts = shadowHosts(el)) {
  return composedStart(el, hosts, Infinity).text;
}

/**
 * composedText up to about `enough` characters, for a caller that keeps only the start: the walk stops there.
 * @param {Element} el
 * @param {Element[]} hosts as composedText's
 * @param {number} enough characters, counted before whitespace is squeezed, after which the walk stops
 * @returns {{text: string, stopped: boolean}} stopped: the walk stopped before the end of el
 */
export function composedStart(el, hosts, enough) {
  /** @type {Set<Element>} elements whose children are walked: a host, a slot, and every element they are drawn in */
  const through = new Set();
  // marks the chain from `from` up to el; a chain that never reaches el (a host outside it) marks nothing
  // A host on the way is walked through its shadow tree, so its slots are marked too: what the chain came up through
  // may be its light child, drawn by a slot.
  const mark = (/** @type {Element} */ from) => {
    /** @type {Element[]} */
    const chain = [];
    let reached = false;
    for (let e = /** @type {Element | null} */ (from); e; e = drawnParent(e)) {
      if (through.has(e)) { reached = true; break; }
      chain.push(e);
      if (e === el) { reached = true; break; }
    }
    if (!reached) return;
    for (const e of chain) through.add(e);
    for (const e of chain) {
      const sr = waymarksOwn(e) ? null : shadowOf(e);
      if (sr) sr.querySelectorAll('slot').forEach(mark);
    }
  };
  for (const h of hosts) if (!waymarksOwn(h)) mark(h);
  // el inside a shadow tree: what its own slots show is drawn in it too
  if (el.getRootNode().nodeType === 11) {
    if (el.localName === 'slot') mark(el);
    el.querySelectorAll('slot').forEach(mark);
  }
  if (!through.size) return { text: /** @type {HTMLElement} */ (el).innerText ?? shownText(el), stopped: false };
  const view = el.ownerDocument.defaultView;
  /** @type {string[]} */
  const parts = [];
  let length = 0;
  const push = (/** @type {string} */ t) => { parts.push(t); length += t.length; };
  let stopped = false;
  /**
   * @param {Node} n
   * @param {Element | null} drawnIn the element n is drawn in: a shadow root's host, an assigned node's slot
   */
  const visit = (n, drawnIn) => {
    if (length >= enough) { stopped = true; return; }
    if (n.nodeType === 3) {
      // visibility is inherited along the drawn tree: a :host or a slot's wrapper may hide the text
      if (!drawnIn || !view || view.getComputedStyle(drawnIn).visibility === 'visible') push(/** @type {Text} */ (n).data.replace(/\s+/g, ' '));
      return;
    }
    if (n.nodeType !== 1) return;
    const e = /** @type {Element} */ (n);
    if (UNSHOWN.has(e.localName) || REPLACED.has(e.localName) || waymarksOwn(e)) return;
    if (e.localName === 'br') { push('\n'); return; }
    const display = view ? view.getComputedStyle(e).display : 'block';
    if (display === 'none') return;
    const contents = display === 'contents';
    // display: contents draws no box of its own, so checkVisibility says false; its children may be drawn
    if (!contents && typeof e.checkVisibility === 'function' && !e.checkVisibility()) return;
    const cell = display === 'table-cell';
    const block = !contents && !cell && !display.startsWith('inline');
    if (block) push('\n');
    if (!through.has(e) && !contents) {
      // not HTML (SVG): no innerText
      push(/** @type {HTMLElement} */ (e).innerText ?? shownText(e));
    } else {
      const sr = shadowOf(e);
      /** @type {ArrayLike<Node>} */
      let kids = sr ? sr.childNodes : e.childNodes;
      if (e.localName === 'slot' && e.getRootNode().nodeType === 11) {
        const assigned = /** @type {HTMLSlotElement} */ (e).assignedNodes();
        if (assigned.length) kids = assigned;
      } else if (e.localName === 'details' && !(/** @type {HTMLDetailsElement} */ (e).open)) {
        // a closed <details> shows its summary only
        kids = [...e.children].filter((c) => c.localName === 'summary').slice(0, 1);
      }
      for (let i = 0; i < kids.length; i++) visit(kids[i], e);
    }
    if (cell) push(' ');
    if (block) push('\n');
  };
  visit(el, null);
  return { text: parts.join('').split('\n').map((l) => l.replace(/[ \t]+/g, ' ').trim()).filter(Boolean).join('\n'), stopped };
}
