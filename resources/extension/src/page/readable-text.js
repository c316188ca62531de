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
  const doc = root.ownerDocument || /** @type {Document} */ (root);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.nodeType === 1 && UNSHOWN.has(/** @type {Element} */ (n).localName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  let out = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeType === 3) out += n.nodeValue;
  return out;
}
