// @ts-check
// Where a link leads, for the node's `href`.

const HREF_CAP = 300;

/**
 * Where a link leads (absolute), so the studio's risk gate can tell a click that leaves the task's sites;
 * none for a jump inside the same document or a javascript: link, which navigate nowhere. An SVG link's `href` is
 * an SVGAnimatedString, not an address: its attribute is read against the document instead.
 * @param {Element} el
 * @returns {string | null}
 */
export function linkTarget(el) {
  if ((el.localName !== 'a' && el.localName !== 'area') || !el.hasAttribute('href')) return null;
  const raw = /** @type {string} */ (el.getAttribute('href')).trim(); // (there: asked just before)
  if (!raw || raw.startsWith('#') || /^javascript:/i.test(raw)) return null;
  const own = /** @type {HTMLAnchorElement | HTMLAreaElement | SVGAElement} */ (el).href;
  const url = typeof own === 'string' ? own : absolute(raw, el.baseURI);
  if (!url) return null;
  return url.length > HREF_CAP ? url.slice(0, HREF_CAP) : url;
}

/**
 * @param {string} raw
 * @param {string} base
 */
function absolute(raw, base) {
  try {
    return new URL(raw, base).href;
  } catch {
    return '';
  }
}
