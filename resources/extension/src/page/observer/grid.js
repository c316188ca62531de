// @ts-check
// Data grids: a row's cells are named by the column headers a person reads above them. Works for
// <table>s, ARIA grids (role=grid/table/treegrid with role=columnheader) and the div-based grids of
// Tabulator or AG Grid, whose header cells sit in another container than the rows.
import { readableText } from '../readable-text.js';

// attributes grids put the column's key in, on the header cell and on every cell of that column
export const COLUMN_ATTRS = ['tabulator-field', 'col-id', 'data-field', 'data-column', 'data-col', 'aria-colindex'];
const CELL = 'td,th,[role=gridcell],[role=cell],[role=rowheader]';
const GRID = 'table,[role=grid],[role=table],[role=treegrid]';
const HEADER_CAP = 30;

/** @param {string | null} s */
function slug(s) {
  return (s || '').replace(/\s+/g, ' ').trim().slice(0, HEADER_CAP).toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || null;
}

/** Whether el is a row of a data grid (a <tr>, or role=row inside a grid). @param {Element} el */
export function isGridRow(el) {
  return el.tagName === 'TR' || (el.getAttribute('role') === 'row' && el.closest(GRID) !== null);
}

/**
 * The cells of a row, in order: its cell-role children, or for a <tr> its cells.
 * @param {Element} row
 * @returns {Element[]}
 */
function cellsOf(row) {
  if (row.tagName === 'TR') return Array.from(/** @type {HTMLTableRowElement} */ (row).cells);
  const out = [];
  for (const c of row.querySelectorAll(CELL)) if (c.parentElement && c.parentElement.closest('[role=row],tr') === row) out.push(c);
  return out;
}

/**
 * The header cells of the grid row sits in, in column order, or null when it has none.
 * @param {Element} row
 * @returns {Element[] | null}
 */
function headerCells(row) {
  const grid = row.closest(GRID);
  if (!grid) return null;
  if (grid.tagName === 'TABLE') {
    const t = /** @type {HTMLTableElement} */ (grid);
    const headRow = t.tHead && t.tHead.rows[0] ? t.tHead.rows[0] : null;
    if (headRow) return Array.from(headRow.cells);
    const first = t.rows[0];
    if (first && first !== row && Array.from(first.cells).every((c) => c.tagName === 'TH')) return Array.from(first.cells);
  }
  const heads = Array.from(grid.querySelectorAll('[role=columnheader]')).filter((h) => !row.contains(h));
  if (heads.length) return heads;
  const th = Array.from(grid.querySelectorAll('th')).filter((h) => !row.contains(h) && !h.closest('tbody'));
  return th.length ? th : null;
}

/**
 * For a grid row: a function from an element inside the row to the name of its column (the header's
 * text), matched by the grid's column key (aria-colindex, col-id, tabulator-field…) and else by the
 * cell's position. Null for anything that is not a grid row with headers.
 * @param {Element} row
 * @returns {((el: Element) => string | null | undefined) | null}
 */
export function columnNamer(row) {
  if (!isGridRow(row)) return null;
  const heads = headerCells(row);
  if (!heads || !heads.length) return null;
  // the header's shown words, not the text of its hidden sort menu or an icon's style rules
  const names = heads.map((h) => slug(/** @type {HTMLElement} */ (h).innerText || readableText(h)) || slug(h.getAttribute('aria-label')) || slug(h.getAttribute('title')));
  /** @type {Map<string, string | null>} */
  const byKey = new Map();
  heads.forEach((h, i) => {
    for (const a of COLUMN_ATTRS) {
      const v = h.getAttribute(a);
      if (v !== null) byKey.set(a + '\u0000' + v, names[i]);
    }
  });
  const cells = cellsOf(row);
  return (el) => {
    const cell = el.closest(CELL);
    if (!cell || !row.contains(cell)) return null;
    for (const a of COLUMN_ATTRS) {
      const v = cell.getAttribute(a);
      if (v !== null && byKey.has(a + '\u0000' + v)) return byKey.get(a + '\u0000' + v);
    }
    const i = cells.indexOf(cell);
    return i >= 0 && i < names.length ? names[i] : null;
  };
}

/**
 * The cell of row that el is or sits in, or null.
 * @param {Element} el
 * @param {Element} row
 */
export function cellOf(el, row) {
  const cell = el.closest(CELL);
  return cell && cell !== row && row.contains(cell) ? cell : null;
}

/**
 * A selector for a cell by its column key, relative to the row, when the key names one cell there.
 * @param {Element} el
 * @param {Element} row
 */
export function columnCss(el, row) {
  const cell = el.closest(CELL);
  if (cell !== el) return null;
  for (const a of COLUMN_ATTRS) {
    const v = el.getAttribute(a);
    if (v === null) continue;
    const s = '[' + a + '="' + v.replace(/["\\]/g, '\\$&') + '"]';
    try { if (row.querySelectorAll(s).length === 1) return s; } catch { /* not a usable value */ }
  }
  return null;
}
