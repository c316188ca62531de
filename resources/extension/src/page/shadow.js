// @ts-check
// The shadow root an element hosts, open or closed. A page cannot reach a closed root, but an
// extension's content script can through chrome.dom, so controls in closed web components are
// observed and acted on like those in open ones. Closed roots hang off custom elements in practice,
// so only those pay for the API call (the walk asks for every element).

// Chrome: chrome.dom; Firefox gives a content script the element's own openOrClosedShadowRoot instead.
const dom = globalThis.chrome && chrome.dom && typeof chrome.dom.openOrClosedShadowRoot === 'function' ? chrome.dom
  : { openOrClosedShadowRoot: (/** @type {any} */ el) => ('openOrClosedShadowRoot' in el ? el.openOrClosedShadowRoot : null) };

/** @type {WeakMap<Element, ShadowRoot | number>} what shadowOf found on a custom element without an open root: its
 * closed root, or the performance.now() at which it found none */
const closedRoots = new WeakMap();
const NO_ROOT_KEPT_MS = 1000;

/**
 * el's shadow root, open or (on a custom element) closed; null when it hosts none.
 * @param {Element} el
 * @returns {ShadowRoot | null}
 */
export function shadowOf(el) {
  const open = el.shadowRoot;
  if (open) return open;
  if (!dom || !el.localName || el.localName.indexOf('-') < 0) return null;
  const known = closedRoots.get(el);
  // (typeof, not instanceof: a frame's roots are of its own realm)
  if (typeof known === 'object') return known;
  if (typeof known === 'number' && performance.now() - known < NO_ROOT_KEPT_MS) return null;
  let root;
  try {
    // only a custom element reaches here (its localName has a '-'): an HTMLElement
    root = dom.openOrClosedShadowRoot(/** @type {HTMLElement} */ (el)) || null;
  } catch {
    return null;
  }
  // Every click and every reading asks again for each of an app's custom elements: a root found is kept; "none" for
  // a moment only, since a component may attach its root late (after an await in connectedCallback).
  closedRoots.set(el, root || performance.now());
  return root;
}

/**
 * Whether el is Waymark's own drawing in the page (a highlight, the pointer to the side panel): not the page's, in
 * its words or its changes.
 * @param {Element} el
 */
export function waymarksOwn(el) {
  return el.localName.startsWith('waymark-') || el.id === 'waymark-gate-host';
}

/**
 * The shadow roots in root's subtree (root's own included), through the shadow trees they hold, open or closed as far
 * as shadowOf reaches; not into frames, not Waymark's own. querySelectorAll with a loop: a TreeWalker calling back
 * into script for every node costs twice as much (1 ms for 10,000 elements against 2.3).
 * @param {Document | ShadowRoot | Element} root
 * @returns {ShadowRoot[]}
 */
export function shadowRoots(root) {
  /** @type {ShadowRoot[]} */
  const roots = [];
  const visit = (/** @type {Document | ShadowRoot | Element} */ r) => {
    const all = r.querySelectorAll('*');
    for (let i = 0; i < all.length; i++) {
      const sr = shadowOf(all[i]);
      if (sr && !waymarksOwn(all[i])) { roots.push(sr); visit(sr); }
    }
  };
  const own = root.nodeType === 1 ? shadowOf(/** @type {Element} */ (root)) : null;
  if (own && !waymarksOwn(/** @type {Element} */ (root))) { roots.push(own); visit(own); }
  visit(root);
  return roots;
}

/**
 * The hosts of shadowRoots(root).
 * @param {Document | ShadowRoot | Element} root
 * @returns {Element[]}
 */
export function shadowHosts(root) {
  return shadowRoots(root).map((r) => r.host);
}

const DRAWN_CONTROLS = 'button, a[href], [role=button], [role=link]';

/**
 * Whether a host shows its words through a slot inside a control its shadow tree draws (<sl-button>Save</sl-button>):
 * the control is what a person clicks, the host is not another one.
 * @param {Element} el
 */
export function wordsInItsControl(el) {
  if (!shadowOf(el)) return false;
  for (const n of el.childNodes) {
    if (n.nodeType !== 3 || !(/** @type {Text} */ (n).data.trim())) continue;
    const control = /** @type {Text} */ (n).assignedSlot?.closest(DRAWN_CONTROLS);
    return !!control && (typeof control.checkVisibility !== 'function' || control.checkVisibility());
  }
  return false;
}
