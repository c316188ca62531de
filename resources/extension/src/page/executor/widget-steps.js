// @ts-check
// The steps on widgets that take a person several inputs, each a flow (flows.js): a select on a combobox,
// a fill of a date into a date picker, a fill of a data grid's cell, a fill of a number into an ARIA slider; and a select of a run of an editor's text.
// Everything else is a plain element action.
import { NEEDS, notActionable } from './actionability.js';
import { arm } from './effects.js';
import { typable } from './input.js';
import { focusBefore } from './missed-focus.js';
import { runFlow, nextTrustedInput } from './flows.js';
import { comboboxTarget, comboboxFlow } from './combobox-select.js';
import { isoDate, isDatePickerField, dateFlow } from './date-picker.js';
import { editableCellOf, cellEditFlow } from './grid-edit.js';
import { selectTextIn } from './text-select.js';
import { isAriaRange, rangeFlow } from './slider.js';

/** @typedef {import('../page-calls.js').PageStepOptions} PageStepOptions */
/** @typedef {import('./flows.js').FlowInput} FlowInput */
/** @typedef {import('./flows.js').FlowResult} FlowResult */

/**
 * The widget flow a step of `kind` on el is, started; null when el is no such widget.
 * @param {Element} el
 * @param {string} kind
 * @param {PageStepOptions} options
 * @returns {Promise<import('../page-calls.js').PageStepResult> | null}
 */
export function widgetStep(el, kind, options) {
  const echo = options.echo !== false;
  const value = String(options.value ?? '');
  // a select in a rich-text editor selects a run of its text (for the toolbar's next click)
  if (kind === 'select' && /** @type {HTMLElement} */ (el).isContentEditable) return Promise.resolve(selectTextIn(/** @type {HTMLElement} */ (el), value, echo));
  if (kind === 'select' && el.localName !== 'select') {
    const c = comboboxTarget(el);
    // (a component not defined yet draws its combobox once it is: the step is tried again)
    if (c.error) return Promise.resolve({ ok: false, error: c.error, ...(el.matches(':not(:defined)') ? { retry: true } : {}) });
    // no error: comboboxTarget found the box
    return started(/** @type {HTMLElement} */ (c.box), () => comboboxFlow(/** @type {HTMLElement} */ (c.box), value, echo), options);
  }
  if (kind !== 'fill') return null;
  const date = isoDate(value);
  if (date && isDatePickerField(el)) return started(el, () => dateFlow(/** @type {HTMLInputElement} */ (el), date, echo), options);
  if (isAriaRange(el)) {
    const n = Number(value.trim());
    if (value.trim() === '' || Number.isNaN(n)) return Promise.resolve({ ok: false, error: 'a fill of a slider or spin button needs a number as its value' });
    return started(el, () => rangeFlow(/** @type {HTMLElement} */ (el), n), options);
  }
  const cell = editableCellOf(el);
  if (cell) return started(cell, () => cellEditFlow(cell, typable(cell, value), echo), options);
  return null;
}

// Once the widget takes input: with page-script input the flow runs here; with trusted input its first input
// goes to the worker, which performs each one and calls finishTrusted, where the flow resumes.
/**
 * @param {Element} el
 * @param {() => AsyncGenerator<FlowInput, FlowResult, {error?: string} | undefined>} makeFlow
 * @param {PageStepOptions} options
 */
async function started(el, makeFlow, options) {
  const not = notActionable(el, NEEDS.select);
  if (not) return { ok: false, error: not, retry: true };
  const flow = makeFlow();
  if (!options.trusted || !options.step_id) return runFlow(flow);
  const first = await nextTrustedInput(flow, undefined);
  if (first.result) return first.result;
  arm(options.step_id, { flow, focus: focusBefore() });
  return { ok: false, retry: false, flow: true, ...first.ask };
}
