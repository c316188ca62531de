// @ts-check
// Reading data off the page: extract (text / attribute / html of one or all matches) and the
// page half of extractList (rows of the items on the current page, plus the next-batch control).
import { queryAll, resolveSelector, describeElement } from './resolve.js';
import { isVisible, isDisabled } from './actionability.js';
import { composedText } from '../readable-text.js';

export const TEXT_CAP = 20000;

/** @import { PageStep, ListStep, ListBatch } from '../page-calls.js' */

/** @param {string | null | undefined} s */
export function normText(s) {
  return String(s ?? '').replace(/[ \t\f\v\u00a0]+/g, ' ').replace(/ *\n[\s]*/g, '\n').trim();
}

/** @param {Element} el */
function isPassword(el) {
  return el.localName === 'input' && (/** @type {HTMLInputElement} */ (el).type || '').toLowerCase() === 'password';
}

/**
 * Text a person reads off el: its composed text when rendered (innerText, with what its web components draw in their
 * shadow trees), its innerText or textContent otherwise; form values.
 * @param {Element} el
 * @returns {string}
 */
export function readText(el) {
  if (el.localName === 'input' || el.localName === 'textarea') return isPassword(el) ? '••••••••' : /** @type {HTMLInputElement | HTMLTextAreaElement} */ (el).value;
  if (el.localName === 'select') return Array.from(/** @type {HTMLSelectElement} */ (el).selectedOptions).map((o) => o.label || o.text).join(', ');
  // undefined on an element that is not HTML (SVG); a web component's words are in its shadow tree (composedText)
  if (!('innerText' in el) || !isVisible(el)) {
    const raw = /** @type {HTMLElement} */ (el).innerText;
    return normText(raw === undefined || raw === '' ? el.textContent : raw);
  }
  return normText(composedText(el));
}

const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'data']);

/**
 * Reads attribute name; URL attributes come back absolute, "value"/"checked" read live state.
 * @param {Element} el
 * @param {string} name
 */
export function readAttribute(el, name) {
  const n = name.toLowerCase();
  if (n === 'value' && 'value' in el && el.localName !== 'button') return isPassword(el) ? '••••••••' : String(el.value);
  if (n === 'checked' && 'checked' in el) return String(el.checked);
  if (!el.hasAttribute(name)) return null;
  const raw = /** @type {string} */ (el.getAttribute(name)); // el has it: checked just above
  if (URL_ATTRS.has(n) && raw !== '') {
    try { return new URL(raw, el.ownerDocument.baseURI).href; } catch { return raw; }
  }
  return raw;
}

/**
 * One value of an extract step. Returns {value} or {error}.
 * @param {Element} el
 * @param {PageStep} step
 */
export function readOne(el, step) {
  const format = (step.format || '').toLowerCase();
  if (step.attribute) {
    const v = readAttribute(el, step.attribute);
    if (v === null) return { error: `element has no attribute '${step.attribute}': ${describeElement(el)}` };
    return { value: v };
  }
  if (format === 'html' || format === 'outer_html') return { value: el.outerHTML };
  if (format === 'inner_html') return { value: el.innerHTML };
  if (format === 'value') return { value: readAttribute(el, 'value') ?? '' };
  if (format === '' || format === 'text' || format === 'json' || format === 'markdown') return { value: readText(el) };
  return { error: `unknown format '${step.format}' (use text, html, inner_html or value, or set attribute)` };
}

// Rows one extractList run has read in this document: element → JSON of its row, so a page
// that appends items (load more, infinite scroll) yields only the new ones, while one that
// re-renders the same nodes with new content (an SPA pager) yields them again. Kept per run
// (the worker names it), so a later extractList step reads the list afresh.
/** @type {Map<string, WeakMap<Element, string>>} */
const runs = new Map();

/** @param {string} run */
function seenFor(run) {
  let seen = runs.get(run);
  if (!seen) {
    seen = new WeakMap();
    runs.set(run, seen);
    if (runs.size > 8) runs.delete(/** @type {string} */ (runs.keys().next().value)); // more than 8: a first one is there
  }
  return seen;
}

const NEXT_WORDS = /^(next|next page|next »|next ›|›|»|>|→|more|load more|show more|see more|view more|more results|older|older posts)$/i;

/**
 * Finds the control that reaches the next batch: explicit css, rel=next, or a Next/More control.
 * @param {ListStep} step
 */
function findNext(step) {
  const explicit = (step.value || '').trim();
  if (explicit && explicit.toLowerCase() !== 'scroll' && explicit.toLowerCase() !== 'none') {
    return { el: queryAll(document, explicit).find((e) => isVisible(e)) || null, explicit: true };
  }
  if (explicit) return { el: null, explicit: true };
  const candidates = [
    ...queryAll(document, 'a[rel~=next]'),
    // matched by [aria-label]: the attribute is there
    ...queryAll(document, '[aria-label]').filter((e) => /^(next|next page|go to next page|load more|show more)$/i.test(/** @type {string} */ (e.getAttribute('aria-label')).trim())),
    // an input's label is its value; a link or button has none (undefined)
    ...queryAll(document, 'a[href], button, [role=button], input[type=button], input[type=submit]').filter((e) => NEXT_WORDS.test(normText(/** @type {HTMLInputElement} */ (e).innerText || /** @type {HTMLInputElement} */ (e).value || ''))),
  ];
  return { el: candidates.find((e) => isVisible(e)) || null, explicit: false };
}

/**
 * @param {Element} item
 * @param {import('../../wire.js').FieldSpec} field
 */
function fieldValue(item, field) {
  const css = field && field.css ? field.css : '';
  /** @type {Element | null} */
  let el = item;
  if (css) {
    try {
      el = item.querySelector(css.trim().startsWith('>') ? `:scope ${css}` : css);
    } catch {
      return { error: `invalid css '${css}' in fields` };
    }
  }
  if (!el) return { value: '' };
  if (field && field.attribute) return { value: readAttribute(el, field.attribute) ?? '' };
  return { value: readText(el) };
}

/**
 * Reads the rows of the items on this page that were not read before. Returns
 * {rows, matched, next: {kind, description}|null, scrollable}.
 * @param {ListStep} step
 */
export function extractItems(step) {
  const sel = step.selector || {};
  const { elements, error } = resolveSelector({ ...sel, all: true });
  if (error) return { error };
  const fields = step.fields && Object.keys(step.fields).length ? step.fields : { text: { css: '' } };
  const names = Object.keys(fields);
  const seen = seenFor(String(step.run ?? ''));
  const rows = [];
  for (const item of elements) {
    /** @type {Record<string, string>} */
    const row = {};
    for (const name of names) {
      const v = fieldValue(item, fields[name]);
      if (v.error) return { error: v.error };
      const value = /** @type {string} */ (v.value); // no error: fieldValue read a value
      row[name] = value.length > TEXT_CAP ? value.slice(0, TEXT_CAP) : value;
    }
    // in one order whatever order the fields came in (executeScript hands them over sorted, a port as sent)
    const key = JSON.stringify(names.slice().sort().map((n) => row[n]));
    if (seen.get(item) === key) continue;
    seen.set(item, key);
    rows.push(row);
  }
  const { el: nextEl, explicit } = findNext(step);
  let next = null;
  if (nextEl && !isDisabled(nextEl) && nextEl.getAttribute('aria-current') !== 'page') {
    next = { kind: nextEl.localName === 'a' && nextEl.getAttribute('href') ? 'link' : 'more', description: describeElement(nextEl) };
  }
  const doc = document.documentElement;
  const wantsScroll = (step.value || '').trim().toLowerCase() === 'scroll';
  let scrollable = doc.scrollHeight - (window.scrollY + window.innerHeight) > 2;
  if (scrollable && !wantsScroll && elements.length) {
    // Guessing an infinite list: only when the items run to the end of the page, so a static
    // list above a long footer is not scrolled and waited on for nothing.
    const last = elements[elements.length - 1].getBoundingClientRect();
    scrollable = last.bottom + window.scrollY >= doc.scrollHeight - 1.5 * window.innerHeight;
  }
  return { rows, matched: elements.length, next, scroll: wantsScroll || (!explicit && !next), scrollable };
}

/**
 * Clicks the next-batch control found by findNext (the caller checks actionability first).
 * @param {ListStep} step
 */
export function nextControl(step) {
  const { el } = findNext(step);
  return el && !isDisabled(el) ? el : null;
}
