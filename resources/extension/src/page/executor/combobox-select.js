// @ts-check
// A select step on a combobox, done as a person does it: open the widget, type to narrow its list when
// it takes typing, click the option whose label is the value, and see the widget show it. A flow of
// inputs (flows.js), so both input paths take the same steps and judge by the same reading.
import { comboboxOf, backingSelect, popupsOf, optionLabel, widgetValue, OPTION_SHAPES } from '../combobox.js';
import { pressOn, parseChord, deepActiveElement } from './input.js';
import { isVisible, animated } from './actionability.js';
import { sleep } from './common.js';
import { awaitPendingWork, workSince } from './pending-work.js';
import { describeElement, containsDeep } from './resolve.js';
import { shadowOf } from '../shadow.js';
import { readInternals, internalsRole, internalsOf } from '../internals.js';

export { comboboxOf } from '../combobox.js';

const OPTION_WAIT_MS = 3000; // a list fed by a search request takes a moment
// A list that has read the same this long, with nothing the input started still running, is the widget's answer.
const LIST_SETTLED_MS = 150;
const VALUE_WAIT_MS = 1500;
// At most this long for a list closing from the step before to be gone.
const CLOSING_MS = 400;
// The widget's own timers since its list was opened get this many waits: one refresh, and what that refresh set off in
// turn; a fast ticker that re-arms itself (an animation, a poll) would otherwise hold every select for the whole second.
const WIDGET_WORK_ROUNDS = 3;
/** @param {string | null | undefined} s */
const norm = (s) => String(s ?? '').replace(/\s+/g, ' ').trim();

/** @typedef {import('./flows.js').FlowInput} FlowInput */
/** @typedef {import('./flows.js').FlowResult} FlowResult */

/** @param {Element | null | undefined} el */
function isTextField(el) {
  if (!el || el.nodeType !== 1) return false;
  // undefined on an element that is not HTML (SVG)
  if (/** @type {HTMLElement} */ (el).isContentEditable) return true;
  if (el.localName === 'textarea') return true;
  if (el.localName !== 'input') return false;
  return ['text', 'search', 'email', 'url', 'tel', ''].includes(String(el.getAttribute('type') || '').toLowerCase()) && !(/** @type {HTMLInputElement} */ (el).readOnly);
}

/** @param {Element} box */
function expanded(box) {
  return box.getAttribute('aria-expanded') === 'true';
}

/**
 * Every visible option-like element of the document and of the box's shadow root, with open shadow roots inside.
 * @param {HTMLElement} box
 * @param {HTMLElement | null} field
 */
function visibleOptions(box, field) {
  // options a component says are options only through its internals (Fluent's fluent-option, FAST's): asked anew
  const told = readInternals(box.ownerDocument).filter((e) => internalsRole(e) === 'option');
  const said = (/** @type {ParentNode} */ scope) => (told.length ? told.filter((e) => scope.contains(e)) : []);
  const popups = popupsOf(box, field).filter((/** @type {Element} */ p) => isVisible(p) || p.querySelector(OPTION_SHAPES) || said(p).length);
  /** @type {ParentNode[]} */
  const scopes = popups.length ? popups : [box.ownerDocument];
  const root = box.getRootNode();
  if (!popups.length && root !== box.ownerDocument) scopes.push(/** @type {ShadowRoot} */ (root));
  /** @type {Element[]} */
  const found = [];
  const seen = new Set();
  const collect = (/** @type {ParentNode} */ scope, /** @type {number} */ depth) => {
    // a web component's listbox holds its options through a slot (Shoelace's sl-option): they are the slot's
    const slotted = [];
    for (const slot of scope.querySelectorAll('slot')) {
      for (const a of /** @type {HTMLSlotElement} */ (slot).assignedElements({ flatten: true })) {
        if (a.matches(OPTION_SHAPES)) slotted.push(a);
        slotted.push(...a.querySelectorAll(OPTION_SHAPES));
      }
    }
    for (const o of [...scope.querySelectorAll(OPTION_SHAPES), ...slotted, ...said(scope)]) {
      if (seen.has(o)) continue;
      seen.add(o);
      // an option inside another option-shaped element (jQuery UI's li around its wrapper) is the same option
      if (o.parentElement && o.parentElement.closest(OPTION_SHAPES)) continue;
      if (isVisible(o) && o.getAttribute('aria-disabled') !== 'true' && internalsOf(o)?.ariaDisabled !== 'true') found.push(o);
    }
    if (depth > 2) return;
    for (const host of scope.querySelectorAll('*')) {
      const sr = shadowOf(host);
      if (sr) collect(sr, depth + 1);
    }
  };
  for (const s of scopes) collect(s, 0);
  return found;
}

/**
 * @param {Element[]} options
 * @param {string} wanted
 */
function matching(options, wanted) {
  const w = norm(wanted);
  return options.find((o) => optionLabel(o) === w)
    || options.find((o) => optionLabel(o).toLowerCase() === w.toLowerCase())
    || options.find((o) => norm(o.getAttribute('data-value')) === w);
}

/** @param {Element[]} options */
function listed(options) {
  const labels = options.slice(0, 12).map((o) => `'${optionLabel(o).slice(0, 40)}'`);
  return labels.length ? labels.join(', ') + (options.length > 12 ? ', …' : '') : 'none';
}

/**
 * Whether the widget's value is now the option: by its native select, else by what it shows and a closed list.
 * @param {HTMLElement} box
 * @param {string} wanted
 * @param {Element} option
 */
function took(box, wanted, option) {
  const v = widgetValue(box);
  const w = norm(wanted).toLowerCase();
  const label = norm(optionLabel(option)).toLowerCase();
  const same = v.label.toLowerCase() === label || v.label.toLowerCase() === w || (v.value !== undefined && norm(v.value).toLowerCase() === w);
  if (v.from === 'select') return { same, v };
  // a field that already reads the label (it was typed to filter) proves nothing until the list has closed
  // or marks the option chosen
  const settled = !option.isConnected || !isVisible(option) || option.getAttribute('aria-selected') === 'true';
  return { same: same && settled, v, open: !settled };
}

/** What a list shows, to tell whether it still changes. @param {Element[]} options */
function listReading(options) {
  return options.map((o) => norm(optionLabel(o))).join('\n');
}

/**
 * Chooses the option labelled `wanted` in the combobox box.
 * @param {HTMLElement} box
 * @param {string} wanted
 * @param {boolean} [echo] whether messages may quote the value (false: it came from a {{ token }})
 * @returns {AsyncGenerator<FlowInput, FlowResult, {error?: string} | undefined>}
 */
export async function* comboboxFlow(box, wanted, echo = true) {
  // a value from a {{ token }} is never quoted back
  const shownWanted = echo ? `'${norm(wanted)}'` : 'with the value given';
  if (!norm(wanted)) return { ok: false, error: 'a select step on a combobox needs the option\'s label as its value' };
  const input = /** @type {HTMLInputElement} */ (box);
  if (box.localName === 'input' && input.list && !box.getAttribute('role')) {
    // a <datalist>: the browser draws the list, the value is typed
    const opt = Array.from(input.list.options).find((o) => norm(o.label || o.value) === norm(wanted) || o.value === wanted);
    if (!opt) return { ok: false, error: `no option ${shownWanted} in the field's list (options: ${listed(Array.from(input.list.options))})` };
    const typed = yield { kind: 'type', el: box, text: opt.value };
    if (typed && typed.error) return { ok: false, error: typed.error };
    return input.value === opt.value ? { ok: true, dispatched: true, count: 1, effect: `the field now reads '${opt.value}'` }
      : { ok: false, dispatched: true, error: `the field did not keep the option '${opt.value}' (it reads '${input.value}')` };
  }
  // what the widget's script starts from here on (a debounce timer, a search request) feeds its list
  const mark = Date.now();
  // A list still closing from the step before (a menu that shrinks away, Material's) is no display of the selection:
  // its options, still animating, are waited out briefly (a list that stays drawn while collapsed is taken as it is).
  for (const until = Date.now() + CLOSING_MS; !expanded(box) && visibleOptions(box, null).some((o) => !containsDeep(box, o) && animated(o)) && Date.now() < until;) await sleep(30);
  // options shown before it opens are the widget's own display of its selection (Choices.js), not its list
  const before = new Set(expanded(box) ? [] : visibleOptions(box, null));
  const was = widgetValue(box);
  if (!expanded(box) || isTextField(box)) {
    const opened = yield { kind: 'click', el: box };
    if (opened && opened.error) return { ok: false, error: opened.error, retry: true };
  }
  await sleep(30);
  const opened = visibleOptions(box, null).filter((o) => !before.has(o));
  // type into the box when it is a field, else into the search field the widget opened and focused
  const active = deepActiveElement(box.ownerDocument);
  const field = isTextField(box) ? box : isTextField(active) && active !== box.ownerDocument.body ? /** @type {HTMLElement} */ (active) : null;
  if (field) {
    const typed = yield { kind: 'type', el: field, text: norm(wanted) };
    if (typed && typed.error) return { ok: false, dispatched: true, error: typed.error };
  }
  const until = Date.now() + OPTION_WAIT_MS;
  let shown = visibleOptions(box, field).filter((o) => !before.has(o));
  let option = matching(shown, wanted);
  // A widget that was typed into has answered once its list differs from what opening it showed (a remote one
  // shows nothing new until its search returns, however its debounce is timed): only then may a miss be told early.
  const openedReading = listReading(opened);
  let reading = listReading(shown);
  let answered = !field || reading !== openedReading;
  let sameSince = Date.now();
  while (!option && Date.now() < until) {
    await sleep(50);
    shown = visibleOptions(box, field).filter((o) => !before.has(o));
    option = matching(shown, wanted);
    const now = listReading(shown);
    if (now !== reading) {
      reading = now;
      answered = answered || now !== openedReading;
      sameSince = Date.now();
      continue;
    }
    // Settled without it: the widget answered, and no request or short timer the input started is still running
    // (without the page's work counted, the whole wait is given).
    const work = workSince(mark);
    if (!option && answered && work && !work.ms && !work.requests && Date.now() - sameSince >= LIST_SETTLED_MS) break;
  }
  if (!option) {
    // leave the widget as a person would after not finding it: list closed, value unchanged
    closeList(field || box);
    const lists = shown.length || !opened.length ? listed(shown) : `none for what was typed; opened, it listed ${listed(opened)}`;
    return { ok: false, dispatched: true, error: `the combobox ${describeElement(box)} offers no option ${shownWanted} (it lists: ${lists})` };
  }
  if (field) {
    // A person picks an option once the list has answered the typing; replay found one already (often in the list as
    // opened). The widget's own work since the list was opened still runs first: Tom Select refreshes its list 300 ms
    // after the last key, and that refresh reopens the list and takes focus, in the middle of the next step's typing
    // if the select ended before it. The option is then found again: a refresh may have drawn the list anew.
    await awaitPendingWork({ since: mark, rounds: WIDGET_WORK_ROUNDS });
    const again = await optionAfterRefresh(box, field, before, wanted, mark);
    if (!again) {
      closeList(field);
      return { ok: false, dispatched: true, error: `the combobox ${describeElement(box)} no longer lists ${shownWanted} after it refreshed its list` };
    }
    option = again;
  }
  option.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  // (a list that opens with an animation, Material's menu that grows in, is clicked once it stands: flows.js)
  const clicked = yield { kind: 'click', el: option };
  if (clicked && clicked.error) {
    closeList(field || box);
    return { ok: false, dispatched: true, error: `could not click the option '${optionLabel(option)}': ${clicked.error}` };
  }
  let verdict = took(box, wanted, option);
  for (const until = Date.now() + VALUE_WAIT_MS; !verdict.same && Date.now() < until;) {
    await sleep(40);
    verdict = took(box, wanted, option);
  }
  const label = optionLabel(option);
  if (!verdict.same) {
    const now = verdict.v.label ? `'${verdict.v.label}'` : 'nothing';
    const why = verdict.open ? ' and its list stayed open' : '';
    return { ok: false, dispatched: true, error: `the combobox did not take the option '${label}': it shows ${now}${why}` };
  }
  const v = verdict.v;
  const what = v.from === 'select' && v.value && v.value !== v.label ? `'${v.label}' (value ${v.value})` : `'${v.label}'`;
  const effect = was.label === v.label ? `the combobox already showed ${what}` : `the combobox now shows ${what}`;
  return { ok: true, dispatched: true, count: 1, effect };
}

/**
 * The option for `wanted` in the list once the widget's refresh has drawn it: at once when the list shows one, else
 * (the refresh took the old option away and may still be fetching or drawing) when one appears, or null once the
 * list has settled without one and nothing the widget started since `mark` is still running.
 * @param {HTMLElement} box
 * @param {HTMLElement} field
 * @param {Set<Element>} before options shown before the list opened: the widget's display of its selection
 * @param {string} wanted
 * @param {number} mark
 */
async function optionAfterRefresh(box, field, before, wanted, mark) {
  let shown = visibleOptions(box, field).filter((o) => !before.has(o));
  let found = matching(shown, wanted);
  let reading = listReading(shown);
  let sameSince = Date.now();
  for (const until = Date.now() + OPTION_WAIT_MS; !found && Date.now() < until;) {
    const work = workSince(mark);
    if (work && !work.ms && !work.requests && Date.now() - sameSince >= LIST_SETTLED_MS) break;
    await sleep(50);
    shown = visibleOptions(box, field).filter((o) => !before.has(o));
    found = matching(shown, wanted);
    const now = listReading(shown);
    if (now !== reading) {
      reading = now;
      sameSince = Date.now();
    }
  }
  return found;
}

/** @param {Element} el */
function closeList(el) {
  try {
    pressOn(el, parseChord('Escape'));
  } catch { /* nothing to close */ }
}

/**
 * The combobox a select step names, or an error saying what the element is instead.
 * @param {Element} el
 */
export function comboboxTarget(el) {
  const box = comboboxOf(el);
  if (box) return { box, sel: backingSelect(box) };
  return { error: `element is not a <select> or a combobox (use fill or click for ${el.localName})` };
}
