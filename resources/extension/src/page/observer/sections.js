// @ts-check
// What a node's `section` is, and the text of headings as a person reads them.
import { accnameOptions, accessibleName, clean } from './names.js';
/** @typedef {import('./walk-records.js').WalkInfo} WalkInfo @typedef {import('./walk-records.js').WalkNode} WalkNode */
/** @typedef {import('./walk-records.js').StyleOf} StyleOf @typedef {import('./walk-records.js').WalkLandmark} WalkLandmark */

// repeated page regions keep their headings as sections; repeated records do not
const PAGE_PARTS = new Set(['SECTION', 'MAIN', 'ASIDE', 'NAV', 'FORM', 'FIELDSET']);
// distinct kinds of control a repeated member holds before it is a region with a title, not a record
const PART_CONTROLS = 6;
const TEXT_ELEMENTS = 400; // elements of one heading whose display is asked before plain textContent does
const SKIP_TEXT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
// The marks documentation sites put in a heading's permalink (Node's "#", rustdoc's "§", Sphinx's "¶").
const PERMALINK_MARKS = new Set(['#', '§', '¶', '🔗']);

/**
 * The text of el with a space where a block-level child begins and ends ("pets Pets of the clinic",
 * not "petsPets of the clinic"), inline children joined as they are drawn ("Hel<b>lo</b>" is "Hello").
 * What is not displayed is not read.
 * @param {Element} el
 * @param {StyleOf} styleOf
 */
export function blockText(el, styleOf) {
  const budget = { left: TEXT_ELEMENTS };
  return textOf(el, styleOf, budget, 0);
}

/**
 * @param {Node} node
 * @param {StyleOf} styleOf
 * @param {{left: number}} budget elements whose display may still be asked
 * @param {number} depth
 * @returns {string}
 */
function textOf(node, styleOf, budget, depth) {
  let out = '';
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) { out += /** @type {Text} */ (c).data; continue; }
    if (c.nodeType !== 1) continue;
    const e = /** @type {Element} */ (c);
    if (SKIP_TEXT.has(e.tagName)) continue;
    if (e.localName === 'br') { out += ' '; continue; }
    // past the budget (or very deep), the rest is read as the DOM holds it
    if (budget.left-- <= 0 || depth > 30) { out += e.textContent; continue; }
    const d = styleOf(e).display;
    if (d === 'none') continue;
    const sep = d && !d.startsWith('inline') && d !== 'contents' ? ' ' : '';
    out += sep + textOf(e, styleOf, budget, depth + 1) + sep;
  }
  return out;
}

/**
 * A heading's text without its permalink mark: "File system" rather than "File system#".
 * @param {Element} h
 * @param {StyleOf} styleOf
 */
export function headingWords(h, styleOf) {
  const text = blockText(h, styleOf);
  for (const a of h.querySelectorAll('a[href^="#"]')) {
    const mark = a.textContent.trim();
    if (PERMALINK_MARKS.has(mark)) {
      // the mark as the heading's first or last word only: "C#" keeps its sharp
      if (text.trimStart().startsWith(mark)) return text.trimStart().slice(mark.length);
      if (text.trimEnd().endsWith(mark)) return text.trimEnd().slice(0, -mark.length);
    }
  }
  return text;
}

/**
 * Which repeated members are regions of the page rather than records: those that hold a run of items
 * with controls of their own (Swagger's tag sections holding operations), or many kinds of control.
 * A card with its title, price and a button stays a record: its heading names the card, not a region.
 * @param {WalkInfo[]} candidates
 */
function pageParts(candidates) {
  /** @type {Map<Element, Set<number | undefined>>} */
  const kinds = new Map();
  /** @type {Set<Element>} */
  const parts = new Set();
  for (const c of candidates) {
    let first = null;
    for (let cur = /** @type {WalkNode | null} */ (c.parent), d = 0; cur && cur.el && d < 40; cur = cur.parent, d++) {
      if (!cur.repeated) continue;
      if (!first) {
        first = cur;
        let s = kinds.get(cur.el);
        if (!s) { s = new Set(); kinds.set(cur.el, s); }
        s.add(c.key);
      } else {
        parts.add(cur.el);
      }
    }
  }
  for (const [el, s] of kinds) if (s.size >= PART_CONTROLS) parts.add(el);
  return parts;
}

/**
 * The section of a node: the most specific of its enclosing landmark and the heading it sits under.
 * A heading inside the landmark is more specific than the landmark, unless it is the landmark's own
 * title (a dialog's heading); a landmark inside the heading's part of the page is more specific than
 * the heading.
 * @param {import('./walk-records.js').PageWalk} walk
 * @param {StyleOf} styleOf
 * @returns {(info: WalkInfo) => string | null}
 */
export function makeSectionOf(walk, styleOf) {
  const headings = walk.headings;
  /** @type {Map<number, string>} */
  const headingTexts = new Map();
  const headingText = (/** @type {number} */ i) => {
    if (!headingTexts.has(i)) headingTexts.set(i, clean(headingWords(headings[i].el, styleOf), 60));
    return headingTexts.get(i);
  };
  /** @type {Map<Element, string | null>} */
  const labelCache = new Map();
  const naming = accnameOptions(styleOf);
  const landmarkLabel = (/** @type {WalkLandmark} */ lm) => {
    if (labelCache.has(lm.el)) return labelCache.get(lm.el);
    let label = null;
    if (lm.el.hasAttribute('aria-label') || lm.el.hasAttribute('aria-labelledby') || lm.role === 'dialog' || lm.role === 'alertdialog') {
      label = accessibleName(lm.el, naming, 60) || null;
    }
    labelCache.set(lm.el, label);
    return label;
  };
  /** @type {Map<number, boolean>} */
  const shownCache = new Map();
  const shown = (/** @type {number} */ i) => {
    if (!shownCache.has(i)) shownCache.set(i, headings[i].el.checkVisibility({ checkVisibilityCSS: true }));
    return shownCache.get(i);
  };
  /** @type {Set<Element> | null} */
  let parts = null;
  const pagePart = (/** @type {Element} */ el) => {
    if (!parts) parts = pageParts(walk.candidates);
    return parts.has(el);
  };
  return (info) => {
    const lm = info.landmark;
    let hi = info.headingIndex === undefined ? 0 : info.headingIndex;
    // a heading inside a member of a run (a card title) names that card, not the region the run sits in,
    // and a hidden one (a closed help panel's) names nothing on screen: look further back for the
    // heading over the control. A member that is a region of its own (it holds items with controls)
    // keeps its heading for what it holds.
    for (let back = 0; hi > 0 && back < 60; back++) {
      const h = headings[hi - 1];
      let skip = !shown(hi - 1);
      // (the heading's containers, not the heading: sibling headings of a plain document are no cards)
      for (let cur = /** @type {WalkNode | null} */ (h.info.parent); cur && cur.el && !skip; cur = cur.parent) {
        if (cur.repeated && !PAGE_PARTS.has(cur.el.tagName) && !(info.el && cur.el.contains(info.el) && pagePart(cur.el))) skip = true;
      }
      if (!skip) break;
      hi--;
    }
    let heading = null;
    // a heading counts when it sits in the node's own landmark, not in one that closed before the node
    if (hi > 0 && (!lm || (hi > lm.headingStart && headings[hi - 1].info.landmark === lm))) heading = headingText(hi - 1) || null;
    const label = lm ? landmarkLabel(lm) : null;
    if (label) {
      // (a label is a landmark's: lm is there)
      if (heading && heading.toLowerCase() !== label.toLowerCase() && !labels(/** @type {WalkLandmark} */ (lm).el, headings[hi - 1].el)) return heading;
      return /** @type {WalkLandmark} */ (lm).role + ' "' + label + '"';
    }
    if (heading) return heading;
    return lm ? lm.role : null;
  };
}

/**
 * @param {Element} landmark
 * @param {Element} heading
 */
function labels(landmark, heading) {
  const ids = (landmark.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
  return ids.length > 0 && heading.id !== '' && ids.includes(heading.id);
}
