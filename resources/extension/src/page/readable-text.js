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

/**
 * The text of root's subtree a person can reach: readableText without what is not displayed (display:none, `hidden`,
 * a closed <details>), where innerText would also leave out what content-visibility: auto has not rendered yet.
 * @param {Node} root
 */
export function shownText(root) {
  return textWithout(root, (el) => UNSHOWN.has(el.localName) || (typeof el.checkVisibility === 'function' && !el.checkVisibility()));
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
