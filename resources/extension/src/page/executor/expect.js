// @ts-check
// The effect a step was seen to have when it was authored (`expect`), checked after replay performed it: the
// address ends with…, an element with this role and name appeared or went away, the step's field holds the
// value, a list's count changed by n, the title reads…. One check per call: the service worker polls until the
// step's timeout. Elements are found with the observer itself, the vocabulary the studio recorded them in.
import { observePage } from '../observer/index.js';
import { resolveSelector, deepQueryAll } from './resolve.js';
import { docId, nextFrame } from './common.js';
import { roleFit, textSimilarity } from './identity.js';
import { comboboxOf, widgetValue } from '../combobox.js';

/** @import { PageCalls } from '../page-calls.js' */
/** @typedef {{role?: string, name?: string}} ExpectElement */
/** @typedef {{url?: string, title?: string, appears?: ExpectElement, gone?: ExpectElement, value?: string, count?: {list: string, by: number}}} Expect */

/** @param {string | null | undefined} s */
function norm(s) {
  return String(s ?? '').replace(/[\s\u00a0]+/g, ' ').trim();
}

/** @param {string} word */
function article(word) {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** @param {ExpectElement} e */
function describeElement(e) {
  const r = e.role ? `${article(e.role)} ${e.role}` : 'an element';
  return e.name ? `${r} "${e.name}"` : r;
}

/** The page's address as the studio recorded it: path and hash route, never the query. */
function here() {
  const h = location.hash || '';
  const route = h.startsWith('#/') || h.startsWith('#!') ? h : '';
  return (location.pathname || '/') + route;
}

/** @param {string} css */
function count(css) {
  try {
    return deepQueryAll(css).length;
  } catch {
    return null;
  }
}

/**
 * What an expect compares against after the step: the list's count before it.
 * @type {PageCalls['expectBaseline']}
 */
export function expectBaseline(expect) {
  return { ok: true, count: expect && expect.count && expect.count.list ? count(expect.count.list) : null, doc: docId };
}

/**
 * Checks expect once against the page as it is now. value is the field's expected real value (the worker
 * substituted its tokens); selector the step's element (the healed one when the step healed). Returns
 * {ok, holds, missing: [fact in words…]}.
 * @type {PageCalls['checkExpect']}
 */
export function checkExpect(expect, baseline, opts = {}) {
  const missing = [];
  if (expect.url && !here().endsWith(expect.url)) missing.push(`the address to end with ${expect.url}`);
  if (expect.title && norm(document.title) !== norm(expect.title)) missing.push(`the title to read "${expect.title}"`);
  if (expect.appears || expect.gone) {
    const nodes = observePage({ max_nodes: 100000, similar_keep: 100000, include_text: false });
    // As lenient as identity: a role a redesign swaps (button/link) and a name that contains the other count, so
    // another build of the same app is not stopped for a reworded label.
    // Something gone is looked for exactly, so that only the very element still there keeps it from holding.
    const fits = (/** @type {string | undefined} */ name, /** @type {ExpectElement} */ e, /** @type {boolean} */ loose) => !e.name
      || (loose ? textSimilarity(name, e.name) >= 0.75 : norm(name) === norm(e.name));
    const has = (/** @type {ExpectElement} */ e, /** @type {boolean} */ loose) => nodes.nodes.some((/** @type {{role: string, name?: string}} */ n) => (!e.role
      || (loose ? roleFit(n.role, e.role) > 0 : n.role === e.role)) && fits(n.name, e, loose))
      || (e.role === 'heading' && (nodes.headings || []).some((h) => fits(h.text, e, loose)));
    if (expect.appears && !has(expect.appears, true)) missing.push(`${describeElement(expect.appears)} to appear`);
    if (expect.gone && has(expect.gone, false)) missing.push(`${describeElement(expect.gone)} to go away`);
  }
  if (expect.value != null && opts.value != null && opts.selector) {
    let el;
    try { el = resolveSelector(opts.selector).elements[0] || null; } catch { el = null; }
    const held = el ? heldValues(el) : [];
    if (!held.some((v) => norm(v) === norm(opts.value))) missing.push(`the field to hold ${expect.value}`);
  }
  if (expect.count && expect.count.list && baseline && typeof baseline.count === 'number') {
    const now = count(expect.count.list);
    if (now !== baseline.count + expect.count.by) {
      const by = expect.count.by;
      missing.push(`the list ${expect.count.list} to ${by >= 0 ? 'grow' : 'shrink'} by ${Math.abs(by)} (it had ${baseline.count}, it has ${now})`);
    }
  }
  return { ok: true, holds: missing.length === 0, missing, doc: docId };
}

/**
 * What a step's element holds, in each form a step may have named it by: a select's option value and label, a
 * combobox widget's chosen label and value (not the filter text in its field), a field's value, and a rich-text
 * editor's text as the observer read it when the step was authored.
 * @param {Element} el
 * @returns {string[]}
 */
function heldValues(el) {
  if (el.localName === 'select') {
    const sel = /** @type {HTMLSelectElement} */ (el);
    const o = sel.selectedOptions[0];
    return [sel.value, o ? o.label || o.text : ''];
  }
  const box = comboboxOf(el);
  if (box) {
    const w = widgetValue(box);
    return [w.label, w.value ?? ''];
  }
  if ('value' in el) return [String(/** @type {HTMLInputElement} */ (el).value)];
  const h = /** @type {HTMLElement} */ (el);
  return h.isContentEditable ? [h.innerText] : [];
}

const MARK = 'data-waymark-ready';

/** @param {Element} el */
function box(el) {
  const r = el.getBoundingClientRect();
  return `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`;
}

/**
 * Whether the page takes input at the step's element now: loaded, the element attached and in the same box for two
 * frames. With mark, the element carries a marker attribute (the worker asks the debugger about its listeners,
 * then calls unmarkTarget). Returns {ok, ready, pending, loaded_ms} (loaded_ms: how long ago the load event ended).
 * @type {PageCalls['targetSettled']}
 */
export async function targetSettled(selector, mark) {
  const pending = [];
  if (document.readyState !== 'complete') pending.push(`the page is still loading (${document.readyState})`);
  let el;
  try { el = selector ? resolveSelector(selector).elements[0] || null : null; } catch { el = null; }
  // An element the selector misses may still be found by identity (a heal): its page is then judged from the body.
  if (!el && mark && document.body) document.body.setAttribute(MARK, '');
  if (el) {
    const a = box(el);
    await nextFrame();
    const b = box(el);
    await nextFrame();
    if (!el.isConnected || box(el) !== b || a !== b) pending.push('the element is still moving or being replaced');
    else if (mark) el.setAttribute(MARK, '');
  }
  return { ok: true, ready: pending.length === 0, pending: pending.join('; '), loaded_ms: sinceLoad(), doc: docId };
}

/** How long ago the document's load event ended (0 before it has). */
function sinceLoad() {
  const entry = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
  return entry && entry.loadEventEnd > 0 ? Math.round(performance.now() - entry.loadEventEnd) : 0;
}

/** Takes the marker targetSettled left off again. @type {PageCalls['unmarkTarget']} */
export function unmarkTarget() {
  for (const e of deepQueryAll(`[${MARK}]`)) e.removeAttribute(MARK);
  return { ok: true, doc: docId };
}
