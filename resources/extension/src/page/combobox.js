// @ts-check
// Comboboxes as a person sees them: one widget (a field or a box that opens a list of options) with one
// value. Libraries build them from an ARIA combobox with a listbox popup (Tom Select, Choices.js,
// Select2, react-select, Shoelace, Headless UI…), or from a plain text field whose menu has no roles at
// all (jQuery UI autocomplete, typeahead.js, awesomplete). Most keep the native <select> they replaced,
// hidden, as the value the form sends: that is the widget's value when there is one. Shared by the
// observer (what the widget holds) and the executor (choosing an option and checking it took).
import { composedText } from './readable-text.js';

// Options of the popular libraries that carry no role=option.
export const OPTION_SHAPES = '[role=option], li.ui-menu-item, .autocomplete-suggestion, .tt-suggestion, .awesomplete li';
const norm = (/** @type {string | null | undefined} */ s) => String(s ?? '').replace(/\s+/g, ' ').trim();

// Elements that may read as a combobox (comboboxLike says which do), to look for them in a tree.
export const COMBOBOX_CANDIDATES = '[role=combobox], [aria-autocomplete], [aria-haspopup=listbox], input.ui-autocomplete-input';

/**
 * Whether el reads as "the widget's field or box": a combobox role, a list-autocomplete field, a listbox opener.
 * @param {Element} el
 */
export function comboboxLike(el) {
  if (el.getAttribute('role') === 'combobox') return true;
  const ac = el.getAttribute('aria-autocomplete');
  if ((ac === 'list' || ac === 'both') && (el.localName === 'input' || el.getAttribute('role') === 'searchbox' || el.getAttribute('role') === 'textbox')) return true;
  if (el.getAttribute('aria-haspopup') === 'listbox') return true;
  // jQuery UI marks the field only by its class (its menu is role-less)
  return el.localName === 'input' && el.classList.contains('ui-autocomplete-input');
}

/**
 * The combobox a step on el acts on: el itself, or the combobox it sits in (the text field inside a
 * box, the shown selection inside Select2's box); null when el is a native <select> or no combobox.
 * @param {Element} el
 * @returns {HTMLElement | null}
 */
export function comboboxOf(el) {
  if (el.localName === 'select') return null;
  let n = /** @type {Element | null} */ (el);
  for (let i = 0; n && i < 3; n = n.parentElement, i++) {
    if (comboboxLike(n)) return /** @type {HTMLElement} */ (n);
  }
  // a native field with a <datalist> is a combobox too: its options are typed, not clicked
  if (el.localName === 'input' && /** @type {HTMLInputElement} */ (el).list) return /** @type {HTMLElement} */ (el);
  return null;
}

/**
 * Whether a <select> is only the form value behind a widget: not shown (hidden, aria-hidden, or a 1-pixel box).
 * @param {Element} sel
 */
export function isBackingSelect(sel) {
  if (sel.localName !== 'select') return false;
  // (a select, checked above, is an HTMLElement)
  if (sel.getAttribute('aria-hidden') === 'true' || /** @type {HTMLElement} */ (sel).hidden) return true;
  if (!sel.checkVisibility({ checkVisibilityCSS: true })) return true;
  const r = sel.getBoundingClientRect();
  return r.width <= 1 || r.height <= 1;
}

/**
 * The native <select> a widget stands for: inside its box (Choices.js), or just before the widget's
 * outer element (Tom Select, Select2 put their widget right after the select they hide). Null for a
 * widget that keeps its value elsewhere.
 * @param {HTMLElement} box
 * @returns {HTMLSelectElement | null}
 */
export function backingSelect(box) {
  for (let n = /** @type {Element | null} */ (box), i = 0; n && i < 4; n = n.parentElement, i++) {
    const inside = n.querySelector('select');
    if (inside && isBackingSelect(inside) && i < 2) return /** @type {HTMLSelectElement} */ (inside);
    const prev = n.previousElementSibling;
    if (prev && prev.localName === 'select' && isBackingSelect(prev)) return /** @type {HTMLSelectElement} */ (prev);
  }
  return null;
}

/**
 * The ARIA popup of a combobox (aria-controls / aria-owns of the box or of the field that has focus in it).
 * @param {Element} box
 * @param {Element | null} field
 */
export function popupsOf(box, field) {
  /** @type {HTMLElement[]} */
  const out = [];
  const root = /** @type {Document | ShadowRoot} */ (box.getRootNode());
  for (const el of [box, field]) {
    if (!el) continue;
    for (const a of ['aria-controls', 'aria-owns']) {
      for (const id of (el.getAttribute(a) || '').split(/\s+/)) {
        if (!id) continue;
        const p = root.getElementById ? root.getElementById(id) : null;
        if (p && !out.includes(p)) out.push(p);
      }
    }
  }
  return out;
}

/**
 * The label of an option as a person reads it.
 * @param {Element} opt
 */
export function optionLabel(opt) {
  // (an option that is no HTMLElement has no innerText: its textContent reads it; one a web component draws shows
  // its words through slots, which innerText leaves out: Material's md-select-option)
  return norm(opt.getAttribute('aria-label') || /** @type {HTMLElement} */ (opt).innerText || composedText(opt) || opt.textContent);
}

/**
 * What the widget holds, as the page keeps it: the selected option of its native <select> (label and
 * value), else the field's value, else the selection its box shows. {label: ''} when nothing is chosen.
 * @param {HTMLElement} box
 * @returns {{label: string, value?: string, from: 'select' | 'field' | 'shown'}}
 */
export function widgetValue(box) {
  const sel = backingSelect(box);
  if (sel) {
    const o = sel.selectedOptions[0];
    // a placeholder option (no value) is no choice
    if (!o || o.value === '') return { label: '', value: '', from: 'select' };
    return { label: norm(o.label || o.text), value: sel.value, from: 'select' };
  }
  const field = box.localName === 'input' || box.localName === 'textarea' ? /** @type {HTMLInputElement} */ (box) : null;
  if (field && field.value) return { label: norm(field.value), value: field.value, from: 'field' };
  return { label: shownSelection(field || box), from: 'shown' };
}

// The text a widget shows as its selection around its field (react-select's single value beside its
// input, Select2's rendered selection): the nearest ancestor's text without any open list's.
/** @param {Element} el */
function shownSelection(el) {
  let n = /** @type {Element | null} */ (el.localName === 'input' ? el.parentElement : el);
  for (let i = 0; n && i < 3; n = n.parentElement, i++) {
    const text = textWithoutLists(n);
    if (text) return text;
  }
  return '';
}

/** @param {Element} el */
function textWithoutLists(el) {
  const parts = [];
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  // SHOW_TEXT: every node the walker yields is a Text
  for (let t = /** @type {Text | null} */ (walker.nextNode()); t; t = /** @type {Text | null} */ (walker.nextNode())) {
    const p = t.parentElement;
    if (!p || p.closest('[role=listbox],[role=option],select,option')) continue;
    if (!p.checkVisibility({ checkVisibilityCSS: true })) continue;
    parts.push(t.data);
  }
  return norm(parts.join(' '));
}
