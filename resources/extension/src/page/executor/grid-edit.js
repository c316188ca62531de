// @ts-check
// A fill of a data grid's cell, done as a person does it: click the cell (Enter when a click opens no editor,
// as AG Grid wants), type the value into the editor the grid opens, Enter to commit. The verdict is the text the
// cell shows once the grid has closed its editor: the grid's value, not what was typed into its editor.
import { isEditable, isVisible } from './actionability.js';
import { deepActiveElement } from './input.js';
import { sleep } from './common.js';

const EDITOR_WAIT_MS = 800;
const VALUE_WAIT_MS = 1500;
const CELL = 'td, [role=gridcell], [role=cell]';
/** @param {string | null | undefined} s */
const norm = (s) => String(s ?? '').replace(/\s+/g, ' ').trim();

/** @typedef {import('./flows.js').FlowInput} FlowInput */
/** @typedef {import('./flows.js').FlowResult} FlowResult */

/**
 * The grid cell a fill on el edits, when el is a cell (or inside one) that is not itself a field.
 * @param {Element} el
 */
export function editableCellOf(el) {
  if (isEditable(el)) return null;
  const cell = el.closest(CELL);
  // a cell of an interactive grid (a plain table's cell is text, and a fill there is refused as before)
  if (!cell || !(cell.matches('[role=gridcell]') || cell.closest('[role=grid], [role=treegrid]'))) return null;
  return /** @type {HTMLElement} */ (cell);
}

/** @param {HTMLElement} cell */
function editorIn(cell) {
  const active = deepActiveElement(cell.ownerDocument);
  if (active && cell.contains(active) && isEditable(active)) return /** @type {HTMLElement} */ (active);
  const inside = Array.from(cell.querySelectorAll('input, textarea, [contenteditable=""], [contenteditable=true]'))
    .find((e) => isVisible(e) && isEditable(e));
  if (inside) return /** @type {HTMLElement} */ (inside);
  // a grid whose editor floats over the cell (a popup editor) focuses it
  return active && active !== cell.ownerDocument.body && isEditable(active) ? /** @type {HTMLElement} */ (active) : null;
}

/** @param {HTMLElement} cell */
async function waitForEditor(cell) {
  for (const until = Date.now() + EDITOR_WAIT_MS; ;) {
    const e = editorIn(cell);
    if (e || Date.now() >= until) return e;
    await sleep(30);
  }
}

/**
 * @param {string} a
 * @param {string} b
 */
function sameValue(a, b) {
  const x = norm(a);
  const y = norm(b);
  return x === y || (x !== '' && y !== '' && !Number.isNaN(Number(x)) && Number(x) === Number(y));
}

/**
 * Edits the cell to hold `value`.
 * @param {HTMLElement} cell
 * @param {string} value
 * @param {boolean} echo whether messages may quote the value (false: it came from a {{ token }})
 * @returns {AsyncGenerator<FlowInput, FlowResult, {error?: string} | undefined>}
 */
export async function* cellEditFlow(cell, value, echo) {
  const before = norm(cell.innerText);
  const clicked = yield { kind: 'click', el: cell };
  if (clicked && clicked.error) return { ok: false, error: clicked.error, retry: true };
  let editor = await waitForEditor(cell);
  if (!editor) {
    yield { kind: 'press', el: cell, chord: 'Enter' };
    editor = await waitForEditor(cell);
  }
  if (!editor) return { ok: false, dispatched: true, error: 'the grid opened no editor for the cell (neither a click nor Enter did); it may not be editable' };
  const typed = yield { kind: 'type', el: editor, text: value };
  if (typed && typed.error) return { ok: false, dispatched: true, error: typed.error };
  yield { kind: 'press', el: editor, chord: 'Enter' };
  // the cell is re-rendered once the editor closes: read it again until it shows the value or time is up
  const shown = () => (cell.isConnected ? norm(cell.innerText) : null);
  for (const until = Date.now() + VALUE_WAIT_MS; ;) {
    const now = shown();
    const open = editorIn(cell);
    if (now !== null && !open && sameValue(now, value)) {
      const quoted = echo ? ` '${now}'` : ' the value given';
      return { ok: true, dispatched: true, count: 1, effect: before === now ? `the cell already showed${quoted}` : `the cell now shows${quoted}` };
    }
    if (Date.now() >= until) {
      if (now === null) return { ok: false, dispatched: true, uncertain: true, error: 'the grid re-drew its rows and the cell is gone; whether it took the value is unknown' };
      const why = open ? 'its editor is still open' : `it shows${echo || now === before ? ` '${now}'` : ' something else'}`;
      return { ok: false, dispatched: true, error: `the grid did not keep the value in the cell: ${why}` };
    }
    await sleep(40);
  }
}
