// @ts-check
// The state of a widget the observer reports on its one node: what it holds and what it offers.
import { comboboxOf, backingSelect, widgetValue } from '../combobox.js';
import { clean } from './names.js';

/**
 * A combobox widget says what it holds (the option its hidden <select> has, not the filter text in its
 * field) and, when a <select> stands behind it, the labels of its options: what a select step names.
 * @param {Element} el
 * @param {Record<string, any>} node
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
