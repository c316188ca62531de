// @ts-check
// The state of a widget the observer reports on its one node: what it holds and what it offers.
import { comboboxOf, backingSelect, widgetValue, isBackingSelect } from '../combobox.js';
import { isDatePickerField } from '../date-field.js';
import { clean } from './names.js';
import { internalsOf } from '../internals.js';

/**
 * What kind of widget a node is beyond its role, with the state that goes with it (ObservedWidget): a sortable
 * column header and its sort, a slider's or spin button's range, a date picker's field, a text field that
 * completes from a list (jQuery UI autocomplete: a select step chooses in it). Null for a plain control.
 * @param {Element} el
 * @param {string} role
 * @param {import('./walk-records.js').WalkInfo} info the walk's record of the element
 * @returns {import('./observation.js').ObservedWidget | null}
 */
export function widgetOf(el, role, info) {
  if (info.kind === 'sortable') return { kind: 'sortable', sort: el.getAttribute('aria-sort') || 'none' };
  if (role === 'slider' || role === 'spinbutton') {
    const input = el.localName === 'input' ? /** @type {HTMLInputElement} */ (el) : null;
    // (a web component may say its bounds only through its internals: Fluent's fluent-slider)
    const said = internalsOf(el);
    const min = input && input.min !== '' ? input.min : el.getAttribute('aria-valuemin') ?? said?.ariaValueMin ?? null;
    const max = input && input.max !== '' ? input.max : el.getAttribute('aria-valuemax') ?? said?.ariaValueMax ?? null;
    // a range input without bounds has the browser's, 0..100
    const range = input && input.type === 'range';
    return { kind: role, min: min ?? (range ? '0' : undefined), max: max ?? (range ? '100' : undefined) };
  }
  if (isDatePickerField(el)) return { kind: 'date picker' };
  // an editing host: fill types into it, select selects a run of its text for the toolbar
  if (info.kind === 'editable') return { kind: 'rich text' };
  if (role !== 'combobox' && el.localName !== 'select' && comboboxOf(el)) return { kind: 'autocomplete' };
  return null;
}

/**
 * A combobox widget says what it holds (the option its hidden <select> has, not the filter text in its
 * field) and, when a <select> stands behind it, the labels of its options: what a select step names.
 * @param {Element} el
 * @param {import('./observation.js').ObservedNode} node
 * @param {{value: number, options: number, name: number}} caps
 */
export function comboboxState(el, node, caps) {
  const box = comboboxOf(el);
  if (!box) return;
  const v = widgetValue(box);
  if (v.label) node.value = clean(v.label, caps.value);
  else if (v.from === 'select') delete node.value;
  const sel = backingSelect(box);
  if (sel) {
    const list = [];
    for (let i = 0; i < sel.options.length && list.length < caps.options; i++) {
      const o = sel.options[i];
      if (o.value !== '') list.push(clean(o.label || o.text, caps.name));
    }
    node.options = list;
  }
}

/**
 * Where a multi-step form stands, from its step indicator (aria-current="step", as ARIA asks steppers to mark the
 * current step): "step 2 of 3: Address", or null when the page shows none.
 * @param {Document} doc
 */
export function formStepOf(doc) {
  const current = Array.from(doc.querySelectorAll('[aria-current="step"]')).find((el) => el.checkVisibility({ checkVisibilityCSS: true }));
  if (!current) return null;
  // the steps are the items of the list the current one sits in
  const list = current.closest('ol, ul, [role=list], [role=tablist], nav') || current.parentElement;
  if (!list) return null;
  const items = Array.from(list.querySelectorAll('li, [role=listitem], [role=tab]')).filter((el) => el.checkVisibility({ checkVisibilityCSS: true }));
  const steps = items.length ? items : Array.from(list.children);
  const at = steps.findIndex((el) => el === current || el.contains(current) || current.contains(el));
  const label = clean(/** @type {HTMLElement} */ (current).innerText || current.textContent, 60);
  if (at < 0) return label ? `step: ${label}` : null;
  return `step ${at + 1} of ${steps.length}${label ? `: ${label}` : ''}`;
}

/**
 * Whether a control is there for the page's machinery rather than for a person: the <select> a widget hides and
 * stands in for (the widget is what a person uses), or a field hidden from assistive technology and from the Tab
 * key alike (aria-hidden and tabindex -1: a component's form value, which Chrome's tree leaves out too).
 * @param {Element} el
 */
export function notForPeople(el) {
  if (isBackingSelect(el)) return true;
  return el.getAttribute('aria-hidden') === 'true' && el.getAttribute('tabindex') === '-1';
}
