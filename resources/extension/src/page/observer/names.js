// @ts-check
// Names are the browser's: a node's `name` is the one Chrome's accessibility tree computes for its element
// (so Playwright's getByRole, Recorder's aria/ selectors and a screen reader find it by that name), and what
// a person sees on a control Chrome leaves unnamed (a clickable <div>'s words, a label that is not rendered)
// is its `text`, never its name. BrowserTrueNamesTest holds both to Chromium's tree.
import { computeAccessibleName } from 'dom-accessibility-api';
import { readableText } from '../readable-text.js';
import { internalsOf } from '../internals.js';
/** @typedef {import('./walk-records.js').WalkInfo} WalkInfo */
/** What dom-accessibility-api is asked to name with (accnameOptions). @typedef {ReturnType<typeof accnameOptions>} NamingOptions */

export const NAME_CAP = 120;

// a field or box a label in the page names through its component
const LABELLED = 'input:not([type=hidden]), select, textarea, [role=checkbox], [role=radio], [role=switch], [role=textbox], [role=combobox]';

// roles whose name comes from their content (WAI-ARIA's "name from: contents")
const CONTENT_NAMED = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab', 'tooltip', 'treeitem']);

// zero-width spaces and joiners: Swagger UI puts one before every "/" of a path so it can wrap there
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * Text as Waymark writes it: invisible marks dropped, whitespace collapsed, cut at cap with an ellipsis.
 * @param {string | null | undefined} s
 * @param {number} cap
 */
export function clean(s, cap) {
  const t = (s == null ? '' : String(s)).replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  return t.length > cap ? t.slice(0, cap - 1) + '…' : t;
}

// Replaced and void elements: their ::before/::after boxes are drawn in Chrome (TodoMVC's "✔" on a
// checkbox), yet an <input> has no children in the accessibility tree, so generated content never names it.
const REPLACED = new Set(['input', 'img', 'select', 'textarea', 'video', 'audio', 'iframe', 'embed', 'object', 'canvas']);
const NO_CONTENT = /** @type {CSSStyleDeclaration} */ (/** @type {unknown} */ ({ getPropertyValue: () => 'none' }));

/**
 * The options for dom-accessibility-api that make it name as Chrome does, over the observation's style
 * cache: pseudo-element content counts, except on replaced elements.
 * @param {import('./walk-records.js').StyleOf} styleOf
 */
export function accnameOptions(styleOf) {
  return {
    getComputedStyle: (/** @type {Element} */ el, /** @type {string | null | undefined} */ pseudo) =>
      (pseudo && REPLACED.has(el.localName) ? NO_CONTENT : styleOf(el, pseudo)),
    computedStyleSupportsPseudoElements: true,
  };
}

/**
 * The element's accessible name, whitespace collapsed and capped.
 * @param {Element} el
 * @param {NamingOptions} options
 * @param {number} cap
 */
export function accessibleName(el, options, cap) {
  return clean(computeAccessibleName(el, options), cap);
}

/**
 * Hands dom-accessibility-api the labels the walk saw. Chrome answers element.labels by scanning the whole
 * document on the first ask for each element, which made naming 10,000 fields quadratic (seconds); the walk
 * has seen every label once. They go on as an own property on this world's wrapper of the element (the page's
 * own world never sees it); call restore() before returning. labelMap: control → its labels, hidden ones too.
 * @param {import('./walk-records.js').PageWalk} walk
 * @param {WalkInfo[]} kept
 */
export function patchLabels(walk, kept) {
  /** @type {Map<Element, HTMLLabelElement[]>} */
  const labelMap = new Map();
  for (const l of walk.labels) {
    const c = l.control;
    if (!c) continue;
    let arr = labelMap.get(c);
    if (!arr) { arr = []; labelMap.set(c, arr); }
    arr.push(l);
  }
  /** @type {(Element & {labels?: unknown})[]} */
  const patched = [];
  for (const info of kept) {
    const el = info.el;
    // (a form-associated web component's labels are its internals', out of reach: the walk's are given to it)
    if (!('labels' in el) && !labelMap.has(el)) continue;
    // only a rendered label names its control in Chrome (a visually hidden one does; one under a hidden
    // wrapper, or display:none or visibility:hidden itself, does not)
    const shown = (labelMap.get(el) || []).filter((l) => l.checkVisibility({ checkVisibilityCSS: true }));
    try {
      Object.defineProperty(el, 'labels', { value: shown, configurable: true });
      patched.push(el);
    } catch { /* keep the native property */ }
  }
  return { labelMap, restore: () => { for (const el of patched) delete el.labels; } };
}

/**
 * A node's name (Chrome's) and, when Chrome gives it none, the text a person knows it by: {name, text},
 * either empty.
 * @param {WalkInfo} info
 * @param {NamingOptions} options
 * @param {Map<Element, HTMLLabelElement[]>} labelMap
 */
export function nameAndText(info, options, labelMap) {
  const el = info.el;
  let name;
  try {
    name = accessibleName(el, options, NAME_CAP);
  } catch {
    // one exotic element must not cost the whole observation; its label still names it
    name = clean(el.getAttribute('aria-label'), NAME_CAP);
  }
  const said = internalsOf(el);
  if (!name && said) {
    // a web component's name said through its internals, or its content for a role named by it (a tab's words)
    name = clean(said.ariaLabel, NAME_CAP);
    if (!name && info.role && CONTENT_NAMED.has(info.role)) name = clean(/** @type {HTMLElement} */ (el).innerText || readableText(el), NAME_CAP);
  }
  if (!name) {
    // html-aam names an otherwise unnamed text field by its placeholder as a last resort, as Chrome does;
    // dom-accessibility-api stops before that step
    name = clean(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder'), NAME_CAP);
  }
  if (info.kind === 'standin') {
    // a label standing in for its unrendered checkbox is reported as that checkbox, named by the label's words
    if (!name) name = clean(/** @type {HTMLElement} */ (el).innerText || readableText(el), NAME_CAP);
    return { name, text: '' };
  }
  if (name) return { name, text: '' };
  let text = '';
  // Chrome names nothing by a label that is not rendered (display:none, hidden, visibility:hidden), though
  // TodoMVC's "Mark all as complete" is still the words that say what the checkbox does
  if (labelMap.has(el)) text = clean(/** @type {HTMLLabelElement[]} */ (labelMap.get(el)).map((l) => l.textContent).join(' '), NAME_CAP);
  // the one field or box a web component draws in its tree, the component labelled in the page (<label><md-checkbox>…):
  // Chrome names the inner control by nothing, a person by the label's words (not a clickable of its own, nor one of
  // several controls the component draws)
  const root = el.getRootNode();
  const host = root.nodeType === 11 ? /** @type {ShadowRoot} */ (root).host : null;
  if (!text && host && labelMap.has(host) && el.matches(LABELLED) && /** @type {ShadowRoot} */ (root).querySelectorAll(LABELLED).length === 1) text = clean(/** @type {HTMLLabelElement[]} */ (labelMap.get(host)).map((l) => l.textContent).join(' '), NAME_CAP);
  // a generic clickable (a <div> with a handler) has no name from its content in Chrome; a person knows it
  // by the words it shows
  // (an element that is no HTMLElement has no innerText, and an icon's shows none: its readable text then, never an
  // inline SVG's <style> rules as its name)
  if (!text && info.kind === 'handler') text = clean(/** @type {HTMLElement} */ (el).innerText || readableText(el), NAME_CAP);
  return { name: '', text };
}
