// A jsdom page with the few things the observer needs that jsdom leaves out: CSS.escape and
// Element.checkVisibility (no layout: hidden means a hidden attribute or display:none on the way up).
import { JSDOM } from 'jsdom';

// CSS.escape as the CSSOM spec defines it.
function cssEscape(value) {
  const s = String(value);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) out += '\uFFFD';
    else if ((c >= 0x1 && c <= 0x1f) || c === 0x7f || (i === 0 && c >= 0x30 && c <= 0x39)
      || (i === 1 && c >= 0x30 && c <= 0x39 && s.charCodeAt(0) === 0x2d)) out += `\\${c.toString(16)} `;
    else if (i === 0 && c === 0x2d && s.length === 1) out += `\\${s[i]}`;
    else if (c >= 0x80 || c === 0x2d || c === 0x5f || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) out += s[i];
    else out += `\\${s[i]}`;
  }
  return out;
}

/** Loads html as the page's document and makes its window the global one (options: JSDOM's). Returns {window, document}. */
export function page(html, url = 'https://shop.test/', options = {}) {
  const dom = new JSDOM(html, { url, ...options });
  const { window } = dom;
  window.Element.prototype.checkVisibility = function checkVisibility() {
    for (let n = this; n && n.nodeType === 1; n = n.parentElement) {
      if (n.hasAttribute('hidden') || window.getComputedStyle(n).display === 'none') return false;
    }
    return true;
  };
  globalThis.window = window;
  globalThis.document = window.document;
  globalThis.Node = window.Node;
  globalThis.NodeFilter = window.NodeFilter;
  globalThis.CSS = { escape: cssEscape };
  return { window, document: window.document };
}

/** The observer's style lookup, over jsdom's getComputedStyle. */
export const styleOf = (el, pseudo) => el.ownerDocument.defaultView.getComputedStyle(el, pseudo);
