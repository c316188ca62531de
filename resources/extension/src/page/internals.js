// @ts-check
// What web components say through ElementInternals (role, name, states), as the page's own world tells it
// (internals-recorder.js, decision 0080). Read once per reading of the page (readInternals), asked per element after
// (internalsOf). Without the recorder (a page loaded before the extension, a driver without it) nothing is known and
// every element reads as its attributes say.

/** @typedef {{role?: string, ariaLabel?: string, ariaChecked?: string, ariaSelected?: string, ariaExpanded?: string, ariaDisabled?: string, ariaPressed?: string, ariaHasPopup?: string, ariaValueNow?: string, ariaValueText?: string, ariaValueMin?: string, ariaValueMax?: string, ariaLevel?: string, ariaRequired?: string, ariaInvalid?: string, ariaReadOnly?: string, ariaPlaceholder?: string, ariaCurrent?: string, tag?: string}} InternalsAria */

/** What the recorder reads off internals and the page script keeps (internals-recorder.js imports it). */
export const FIELDS = ['role', 'ariaLabel', 'ariaChecked', 'ariaSelected', 'ariaExpanded', 'ariaDisabled', 'ariaPressed',
  'ariaHasPopup', 'ariaValueNow', 'ariaValueText', 'ariaValueMin', 'ariaValueMax', 'ariaLevel', 'ariaRequired', 'ariaInvalid', 'ariaReadOnly',
  'ariaPlaceholder', 'ariaCurrent'];

/** @type {WeakMap<Element, InternalsAria>} */
let said = new WeakMap();

/**
 * Asks the page's world what every element's internals say now, in doc (a frame's document: its own recorder).
 * @param {Document} doc
 * @param {boolean} [fresh] forget what earlier readings were told (the first document of a reading)
 * @returns {Element[]} the elements whose internals said something, in doc and its shadow trees
 */
export function readInternals(doc, fresh = true) {
  if (fresh) said = new WeakMap();
  /** @type {Element[]} */
  const told = [];
  const heard = (/** @type {Event} */ e) => {
    const el = /** @type {Element} */ (e.composedPath()[0]);
    let aria;
    try { aria = JSON.parse(String(/** @type {CustomEvent} */ (e).detail)); } catch { return; }
    // Only what the recorder says, as strings, of an element that can have internals (a custom element): the page can
    // answer too, and may say anything, as its attributes can; it must not be able to break the reading.
    if (!el || el.nodeType !== 1 || !aria || typeof aria !== 'object' || el.localName !== aria.tag || !el.localName.includes('-')) return;
    /** @type {Record<string, string>} */
    const kept = {};
    for (const f of FIELDS) if (typeof aria[f] === 'string') kept[f] = aria[f];
    said.set(el, kept);
    told.push(el);
  };
  doc.addEventListener('waymark:internals', heard, true);
  try {
    // (the document's own window's event: a frame's, or a test's DOM)
    const Ask = (doc.defaultView && doc.defaultView.CustomEvent) || CustomEvent;
    doc.dispatchEvent(new Ask('waymark:internals-ask'));
  } catch {
    // a page that broke events leaves every element read as its attributes say
  } finally {
    doc.removeEventListener('waymark:internals', heard, true);
  }
  return told;
}

/**
 * What el's internals said at the last reading, or null.
 * @param {Element} el
 * @returns {InternalsAria | null}
 */
export function internalsOf(el) {
  return said.get(el) || null;
}

// The roles said through internals that steps act on as they are (a slider and a spin button read their value, range
// and text from internals too: slider.js). A combobox or a field said so reads its value and options from markup the
// component does not have, so it is not listed as one until the executor reads them.
const ACTED_ON = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'option', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'treeitem', 'slider', 'spinbutton']);

/**
 * The role el's internals said at the last reading, when it is one steps act on as it is; else null.
 * @param {Element} el
 * @returns {string | null}
 */
export function internalsRole(el) {
  const role = said.get(el)?.role;
  return role && ACTED_ON.has(role) ? role : null;
}
