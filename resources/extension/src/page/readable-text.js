// @ts-check
// The words of a subtree where innerText cannot tell them (no layout, an element not rendered, one that is no
// HTMLElement): its text without what elements of code or data hold, which is never shown. An inline script's
// strings (a framework's page state such as Next.js's __NEXT_DATA__, a translation table) are not "on the page", or a
// wait for a text would hold at once; an inline SVG's <style> rules are not an icon's name.
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
