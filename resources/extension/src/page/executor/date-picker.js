// @ts-check
// A fill of a date (2026-12-14) into a date-picker field, done as a person does it: type the date in the
// field's own format where the field takes typing and says its format, else open the calendar, turn its
// month to the date's and click the day. Works from what calendars have in common (flatpickr, jQuery UI,
// air-datepicker, react-datepicker, MUI, Bootstrap): day cells labelled with their full date or carrying
// data-year/data-month, a month and year shown in the header, next/previous controls. The verdict is the
// date the field reads afterwards, in whatever format the widget wrote it.
import { isVisible } from './actionability.js';
import { sleep } from './common.js';
import { isoDate, formatOf } from '../date-field.js';

export { isoDate, isDatePickerField } from '../date-field.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const CALENDAR_WAIT_MS = 1500;
const VALUE_WAIT_MS = 1500;
const MAX_MONTH_TURNS = 240;
// the markers the common date-picker libraries put on their field
const CALENDAR = '[role=dialog], [role=grid], [role=application], table, [class*=calendar i], [class*=datepicker i], [class*=picker i]';
const NEXT = '[class*=next i]:not([class*=year i]), [aria-label*=next i]:not([aria-label*=year i]), [title*=next i], [data-action=next], [data-handler=next]';
const PREV = '[class*=prev i]:not([class*=year i]), [aria-label*=previous i]:not([aria-label*=year i]), [aria-label*=prev i]:not([aria-label*=year i]), [title*=prev i], [data-action=prev], [data-handler=prev]';
const OUTSIDE = /(prev|next)MonthDay|other-month|outside|-other|--outside/i;
const DISABLED = /disabled|unselectable|unavailable/i;

/** @typedef {{y: number, m: number, d: number}} Ymd  (m from 1) */
/** @typedef {import('./flows.js').FlowInput} FlowInput */
/** @typedef {import('./flows.js').FlowResult} FlowResult */

/**
 * @param {Ymd | null | undefined} a
 * @param {Ymd | null | undefined} b
 */
const same = (a, b) => !!a && !!b && a.y === b.y && a.m === b.m && a.d === b.d;
/** @param {Ymd} w */
const spoken = (w) => `${w.d} ${MONTHS[w.m - 1][0].toUpperCase()}${MONTHS[w.m - 1].slice(1)} ${w.y}`;
/** @param {number} n */
const pad = (n) => String(n).padStart(2, '0');

/**
 * @param {Ymd} w
 * @param {{parts: string[], sep: string}} f a field's format (formatOf)
 */
function formatted(w, f) {
  return f.parts.map((p) => (p[0] === 'y' ? (p.length === 2 ? pad(w.y % 100) : String(w.y)) : p[0] === 'm' ? (p.length >= 2 ? pad(w.m) : String(w.m)) : (p.length >= 2 ? pad(w.d) : String(w.d)))).join(f.sep);
}

/**
 * Every date a field's text can be read as: ISO, a long date ("December 14, 2026", "14 Dec 2026"), and the
 * numeric orders (the placeholder's first; day-month and month-day both where the text alone cannot tell).
 * @param {string | null | undefined} text
 * @param {string | null} placeholder
 * @returns {Ymd[]}
 */
export function readDates(text, placeholder) {
  const s = String(text || '').trim();
  const out = [];
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(s);
  if (iso) out.push({ y: +iso[1], m: +iso[2], d: +iso[3] });
  const long = longDate(s);
  if (long) out.push(long);
  const num = /^(\d{1,2})[./ -](\d{1,2})[./ -](\d{2,4})$/.exec(s);
  if (num) {
    const y = num[3].length === 2 ? 2000 + +num[3] : +num[3];
    const f = formatOf(placeholder);
    const dayFirst = { y, m: +num[2], d: +num[1] };
    const monthFirst = { y, m: +num[1], d: +num[2] };
    if (f && f.parts[0][0] === 'd') out.push(dayFirst);
    else if (f && f.parts[0][0] === 'm') out.push(monthFirst);
    else out.push(monthFirst, dayFirst);
  }
  return out.filter((w) => w.m >= 1 && w.m <= 12 && w.d >= 1 && w.d <= 31);
}

/**
 * A date written with its month's name ("December 14, 2026", "Monday, 14th December 2026", "Dec 14 2026").
 * @param {string} s
 * @returns {Ymd | null}
 */
function longDate(s) {
  const t = s.toLowerCase();
  let month = -1;
  let at = -1;
  for (let i = 0; i < 12; i++) {
    const m = new RegExp(`\\b${MONTHS[i].slice(0, 3)}[a-z]*\\b`).exec(t);
    if (m && (at < 0 || m.index < at)) { month = i; at = m.index; }
  }
  if (month < 0) return null;
  const year = /\b(\d{4})\b/.exec(t);
  const day = /\b(\d{1,2})(?:st|nd|rd|th)?\b/.exec(t.replace(/\b\d{4}\b/, ''));
  if (!year || !day) return null;
  return { y: +year[1], m: month + 1, d: +day[1] };
}

/** @param {Element} el */
function ownText(el) {
  return String(el.textContent || '').trim();
}

/**
 * The visible elements that show a day number (1–31), the calendar's cells.
 * @param {Element} cal
 */
function dayCells(cal) {
  const out = [];
  for (const el of cal.querySelectorAll('td, span, button, a, div, [role=gridcell]')) {
    if (el.firstElementChild && !(el.children.length === 1 && ownText(el.firstElementChild) === ownText(el))) continue;
    const t = ownText(el);
    if (!/^\d{1,2}$/.test(t) || +t < 1 || +t > 31) continue;
    if (isVisible(el)) out.push(el);
  }
  return out;
}

/**
 * The open calendars now: visible, holding a month of day cells, not among those open before.
 * @param {Document} doc
 * @param {Set<Element> | null} before
 */
function openCalendars(doc, before) {
  /** @type {Element[]} */
  const found = [];
  for (const el of doc.querySelectorAll(CALENDAR)) {
    if (before && before.has(el)) continue;
    if (!isVisible(el)) continue;
    if (dayCells(el).length >= 28) found.push(el);
  }
  // the outermost: it holds the header and the month controls too
  return found.filter((el) => !found.some((o) => o !== el && o.contains(el)));
}

/**
 * The month and year a calendar shows: a month dropdown and year field, else its header text, else its days' labels.
 * @param {Element} cal
 */
function shownMonth(cal) {
  for (const sel of cal.querySelectorAll('select')) {
    const opts = Array.from(/** @type {HTMLSelectElement} */ (sel).options);
    if (opts.length === 12 && opts.every((o, i) => o.text.trim().toLowerCase().startsWith(MONTHS[i].slice(0, 3)))) {
      const yearField = cal.querySelector('input[type=number], input[aria-label*=year i], select[aria-label*=year i]');
      const y = yearField ? parseInt(/** @type {HTMLInputElement} */ (yearField).value, 10) : NaN;
      if (y > 0) return { y, m: /** @type {HTMLSelectElement} */ (sel).selectedIndex + 1 };
    }
  }
  const days = dayCells(cal);
  const head = String(/** @type {HTMLElement} */ (cal).innerText || '').split('\n').map((l) => l.trim()).filter(Boolean)
    .find((l) => longDate('1 ' + l) && /\d{4}/.test(l));
  if (head) {
    const w = longDate('1 ' + head);
    if (w) return { y: w.y, m: w.m };
  }
  const counts = new Map();
  for (const c of days) {
    const w = labelledDate(c);
    if (!w || OUTSIDE.test(c.className)) continue;
    const k = w.y * 12 + w.m - 1;
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  let best = null;
  for (const [k, n] of counts) if (!best || n > best.n) best = { k, n };
  return best ? { y: Math.floor(best.k / 12), m: (best.k % 12) + 1 } : null;
}

/**
 * The date a day cell says it is: its label or title, or data-year/data-month/data-date on it or around it.
 * @param {Element} cell
 * @returns {Ymd | null}
 */
function labelledDate(cell) {
  for (let n = /** @type {Element | null} */ (cell), i = 0; n && i < 2; n = n.parentElement, i++) {
    const label = n.getAttribute('aria-label') || n.getAttribute('title') || '';
    const w = longDate(label);
    if (w) return w;
  }
  const iso = cell.closest('[data-date]');
  if (iso && isoDate(iso.getAttribute('data-date'))) return isoDate(iso.getAttribute('data-date'));
  const ym = cell.closest('[data-year][data-month]');
  if (ym) {
    const d = parseInt(cell.getAttribute('data-date') || cell.getAttribute('data-day') || ownText(cell), 10);
    // jQuery UI and air-datepicker count months from 0, as Date does (ym has both: it matched [data-year][data-month])
    return { y: +(/** @type {string} */ (ym.getAttribute('data-year'))), m: +(/** @type {string} */ (ym.getAttribute('data-month'))) + 1, d };
  }
  return null;
}

/**
 * @param {Element} cal
 * @param {Ymd} want
 */
function dayCell(cal, want) {
  const cells = dayCells(cal);
  const labelled = cells.filter((c) => labelledDate(c));
  if (labelled.length) return labelled.find((c) => same(labelledDate(c), want)) || null;
  const shown = shownMonth(cal);
  if (!shown || shown.y !== want.y || shown.m !== want.m) return null;
  return cells.find((c) => +ownText(c) === want.d && !OUTSIDE.test(c.className + ' ' + (c.parentElement ? c.parentElement.className : ''))) || null;
}

/**
 * @param {Element} cal
 * @param {string} selector
 */
function control(cal, selector) {
  return Array.from(cal.querySelectorAll(selector)).find((el) => isVisible(el)) || null;
}

/**
 * @param {HTMLInputElement} field
 * @param {Ymd} want
 */
function reads(field, want) {
  return readDates(field.value, field.getAttribute('placeholder')).some((w) => same(w, want));
}

/**
 * Fills the date picker field with the date `want`.
 * @param {HTMLInputElement} field
 * @param {Ymd} want
 * @param {boolean} echo whether messages may quote the date (false: it came from a {{ token }})
 * @returns {AsyncGenerator<FlowInput, FlowResult, {error?: string} | undefined>}
 */
export async function* dateFlow(field, want, echo) {
  const what = echo ? spoken(want) : 'the date given';
  const settle = async () => {
    for (const until = Date.now() + VALUE_WAIT_MS; !reads(field, want) && Date.now() < until;) await sleep(40);
    return reads(field, want);
  };
  const verdict = (/** @type {string} */ how) => (reads(field, want) ? { ok: true, dispatched: true, count: 1, effect: `${how}; the field reads '${field.value}'` }
    : { ok: false, dispatched: true, error: `the date picker did not take ${what}: the field reads ${field.value ? `'${field.value}'` : 'nothing'}` });
  const format = formatOf(field.getAttribute('placeholder'));
  if (!field.readOnly && format) {
    // the field says its format and takes typing: type the date in it, and Tab commits it as a person's would
    const typed = yield { kind: 'type', el: field, text: formatted(want, format) };
    if (typed && typed.error) return { ok: false, error: typed.error, retry: true };
    yield { kind: 'press', el: field, chord: 'Tab' };
    await settle();
    return verdict(`typed as ${field.getAttribute('placeholder')}`);
  }
  const before = new Set(openCalendars(field.ownerDocument, null));
  const opened = yield { kind: 'click', el: field };
  if (opened && opened.error) return { ok: false, error: opened.error, retry: true };
  const until = Date.now() + CALENDAR_WAIT_MS;
  let cal = openCalendars(field.ownerDocument, before)[0] || null;
  while (!cal && Date.now() < until) {
    await sleep(40);
    cal = openCalendars(field.ownerDocument, before)[0] || openCalendars(field.ownerDocument, null)[0] || null;
  }
  if (!cal) return { ok: false, dispatched: true, error: 'no calendar opened for the date field, and it does not say in which format it takes a typed date' };
  let cell = dayCell(cal, want);
  for (let turns = 0; !cell && turns < MAX_MONTH_TURNS; turns++) {
    const shown = shownMonth(cal);
    if (!shown) return { ok: false, dispatched: true, error: 'the calendar does not say which month it shows, so the day cannot be found in it' };
    const ahead = want.y * 12 + want.m - (shown.y * 12 + shown.m);
    if (ahead === 0) break;
    const turn = control(cal, ahead > 0 ? NEXT : PREV);
    if (!turn) return { ok: false, dispatched: true, error: `the calendar shows ${MONTHS[shown.m - 1]} ${shown.y} and has no ${ahead > 0 ? 'next' : 'previous'}-month control` };
    const clicked = yield { kind: 'click', el: turn };
    if (clicked && clicked.error) return { ok: false, dispatched: true, error: `could not turn the calendar's month: ${clicked.error}` };
    await sleep(30);
    cal = openCalendars(field.ownerDocument, null)[0] || cal;
    cell = dayCell(cal, want);
  }
  if (!cell) return { ok: false, dispatched: true, error: `the calendar does not show ${what}` };
  const cellBox = cell.closest('td, [role=gridcell]') || cell;
  if (DISABLED.test(cell.className + ' ' + cellBox.className) || cell.getAttribute('aria-disabled') === 'true') {
    return { ok: false, dispatched: true, error: `the calendar does not offer ${what} (the day is disabled)` };
  }
  const picked = yield { kind: 'click', el: cell };
  if (picked && picked.error) return { ok: false, dispatched: true, error: `could not click the day: ${picked.error}` };
  await settle();
  return verdict('picked in the calendar');
}
