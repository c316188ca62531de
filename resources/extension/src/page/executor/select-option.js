// @ts-check
// A select step on a native <select>: the option by its value, else its label, set through the native setter with
// the input and change events a person's choice fires; the verdict is the option the select then shows.
import { focusElement, setNativeValue, inputEvent, changeEvent } from './input.js';
import { judgeSelect } from './verdicts.js';

/**
 * Chooses an option of a <select> by value, then by visible label: {error} or {effect} saying what it shows.
 * @param {HTMLSelectElement} el the step's element: a <select>, else refused (chooseOption reads its localName)
 * @param {string} wanted
 */
export function selectOption(el, wanted) {
  const r = chooseOption(el, wanted);
  if (r) return { error: r };
  const now = el.selectedOptions[0];
  const label = now ? (now.label || now.text).replace(/\s+/g, ' ').trim() : '';
  return { effect: label === el.value ? `the select now shows '${label}'` : `the select now shows '${label}' (value ${el.value})` };
}

/**
 * @param {HTMLSelectElement} el
 * @param {string} wanted
 */
function chooseOption(el, wanted) {
  if (el.localName !== 'select') return `element is not a <select> (use fill or click for ${el.localName})`;
  const opts = Array.from(el.options);
  const norm = (/** @type {string} */ s) => s.replace(/\s+/g, ' ').trim();
  let opt = opts.find((o) => o.value === wanted)
    || opts.find((o) => norm(o.label || o.text) === norm(wanted))
    || opts.find((o) => norm(o.label || o.text).toLowerCase() === norm(wanted).toLowerCase());
  if (!opt) {
    const list = opts.slice(0, 20).map((o) => `'${norm(o.label || o.text)}'`).join(', ');
    return `no option matches the value (options: ${list}${opts.length > 20 ? ', …' : ''})`;
  }
  if (opt.disabled) return `option '${norm(opt.label || opt.text)}' is disabled`;
  focusElement(el);
  setNativeValue(el, opt.value);
  if (el.multiple) opt.selected = true;
  inputEvent(el, 'input', null, undefined);
  changeEvent(el);
  const now = el.selectedOptions[0];
  return judgeSelect({ wanted: opt.value, after: el.value, label: norm(opt.label || opt.text), afterLabel: now ? norm(now.label || now.text) : '' }).error || null;
}
