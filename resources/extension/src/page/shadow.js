// @ts-check
// The shadow root an element hosts, open or closed. A page cannot reach a closed root, but an
// extension's content script can through chrome.dom, so controls in closed web components are
// observed and acted on like those in open ones. Closed roots hang off custom elements in practice,
// so only those pay for the API call (the walk asks for every element).

// Chrome: chrome.dom; Firefox gives a content script the element's own openOrClosedShadowRoot instead.
const dom = globalThis.chrome && chrome.dom && typeof chrome.dom.openOrClosedShadowRoot === 'function' ? chrome.dom
  : { openOrClosedShadowRoot: (/** @type {any} */ el) => ('openOrClosedShadowRoot' in el ? el.openOrClosedShadowRoot : null) };

/**
 * el's shadow root, open or (on a custom element) closed; null when it hosts none.
 * @param {Element} el
 * @returns {ShadowRoot | null}
 */
export function shadowOf(el) {
  const open = el.shadowRoot;
  if (open) return open;
  if (!dom || !el.localName || el.localName.indexOf('-') < 0) return null;
  try {
    // only a custom element reaches here (its localName has a '-'): an HTMLElement
    return dom.openOrClosedShadowRoot(/** @type {HTMLElement} */ (el)) || null;
  } catch {
    return null;
  }
}
