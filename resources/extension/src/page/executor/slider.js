// @ts-check
// A fill of a number into an ARIA slider or spin button (noUiSlider, rc-slider, MUI, a design system's stepper),
// done as a person does it from the keyboard: focus the thumb and press the arrow keys until it reads the value.
// A native range or number input is filled directly instead (input.js). The verdict is the value the widget
// says it holds (aria-valuenow), so a slider that moves in steps that cannot reach the value fails saying so.
import { sleep } from './common.js';
import { readInternals, internalsOf } from '../internals.js';

const MAX_PRESSES = 400;

/** @typedef {import('./flows.js').FlowInput} FlowInput */
/** @typedef {import('./flows.js').FlowResult} FlowResult */

/**
 * What el says of itself as a range: its role, value, bounds and text, from its attributes, else from what a web
 * component says through its internals (Fluent's fluent-slider), asked anew: the value moves with each key.
 * @param {Element} el
 */
function rangeOf(el) {
  const said = el.localName.includes('-') ? (readInternals(el.ownerDocument), internalsOf(el)) : null;
  const attr = (/** @type {string} */ name, /** @type {keyof import('../internals.js').InternalsAria} */ field) => el.getAttribute(name) ?? said?.[field] ?? null;
  return { role: attr('role', 'role'), now: attr('aria-valuenow', 'ariaValueNow'), min: attr('aria-valuemin', 'ariaValueMin'),
    max: attr('aria-valuemax', 'ariaValueMax'), text: attr('aria-valuetext', 'ariaValueText') };
}

/**
 * Whether el is an ARIA slider or spin button that is not a native input.
 * @param {Element} el
 */
export function isAriaRange(el) {
  if (el.localName === 'input') return false;
  const r = rangeOf(el);
  return (r.role === 'slider' || r.role === 'spinbutton') && r.now !== null;
}

/** @param {Element} el */
const now = (el) => Number(rangeOf(el).now);

/**
 * Moves the slider or spin button to `target`.
 * @param {HTMLElement} el
 * @param {number} target
 * @returns {AsyncGenerator<FlowInput, FlowResult, {error?: string} | undefined>}
 */
export async function* rangeFlow(el, target) {
  const range = rangeOf(el);
  const kind = range.role === 'spinbutton' ? 'spin button' : 'slider';
  const min = range.min !== null ? Number(range.min) : -Infinity;
  const max = range.max !== null ? Number(range.max) : Infinity;
  if (target < min || target > max) return { ok: false, error: `the ${kind} takes ${min} to ${max}, not ${target}` };
  const start = now(el);
  const up = kind === 'slider' ? 'ArrowRight' : 'ArrowUp';
  const down = kind === 'slider' ? 'ArrowLeft' : 'ArrowDown';
  let presses = 0;
  // (read once a key: a component's value is asked of the page's world, each time for every component it holds)
  let v = start;
  while (v !== target && presses < MAX_PRESSES) {
    const key = v < target ? up : down;
    yield { kind: 'press', el, chord: key };
    presses++;
    // a widget may update its value a frame later
    let after = now(el);
    for (let i = 0; i < 5 && after === v; i++) {
      await sleep(10);
      after = now(el);
    }
    if (after === v) return { ok: false, dispatched: presses > 0, error: `the ${kind} did not move on ${key} (it reads ${v})` };
    if ((v < target && after > target) || (v > target && after < target)) {
      return { ok: false, dispatched: true, error: `the ${kind} moves from ${v} to ${after} and cannot hold ${target}; it now reads ${after}` };
    }
    v = after;
  }
  if (v !== target) return { ok: false, dispatched: true, error: `the ${kind} reads ${v} after ${presses} key presses, not ${target}` };
  const text = rangeOf(el).text;
  return { ok: true, dispatched: presses > 0, count: 1, effect: presses ? `the ${kind} now reads ${text || target} (${presses} key presses)` : `the ${kind} already read ${text || target}` };
}
