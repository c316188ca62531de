// @ts-check
// Stable, unique CSS selectors for observed elements: the ones a person would write. The preference
// order is what survives a reload, a redesign or a reordered list best: a meaningful id, test
// attributes, name, aria-label, placeholder, title, a link's address; then a short class path; then,
// inside a repeated item, the item's own record attribute (data-id, a meaningful id) scoped to the
// element (`li[data-id="17"] input.toggle`); only then a chain of positions hung from the nearest
// anchor (or body), which the node reports as `positional`.
import { TEST_ATTRS, ITEM_ATTRS } from './walk.js';
/** @typedef {import('./walk-records.js').WalkInfo} WalkInfo @typedef {import('./walk-records.js').WalkTree} WalkTree */
/** @typedef {import('./walk-records.js').WalkNode} WalkNode */
/** Elements the querySelectorAll checks of one observation may still scan. @typedef {{left: number}} ScanBudget */
/**
 * A node's selector (selectorFor): positional when it counts positions among siblings or needs indexes or a path.
 * @typedef {{selector: string, indexes?: number[], path?: string, positional?: boolean}} NodeSelector
 */

const VERIFY_TREE_MAX = 20000; // elements in a tree above which anchored selectors are not re-checked
const ANCHOR_DEPTH = 8; // ancestors looked at for an anchor to scope a short selector to
const CLASS_TRIES = 3; // classes of one element tried for a short class path

// Ids that frameworks generate per render (React's :r1:, Ember's ember123, Angular Material's mat-input-4,
// headless UI libraries' counters, long hex or digit runs) change between loads: selectors that work once.
const GENERATED_ID = /^:|:r\w*:|^ember\d|^ext-gen|^yui_|^__bvid__|^(?:mat|mdc|cdk|react-select|headlessui|radix|downshift|rc|ui-id|uid|vs|ng|el|tippy|mui|chakra|reach|aria)[-_:][\w:-]*\d|\d{4,}|(?=[0-9a-f]*\d)[0-9a-f]{8,}/i;
// Classes that say a state (toggled by scripts) or come from a build (css modules, css-in-js, utilities)
const STATE_CLASS = /^(?:is-|has-|ng-|v-|js-focus|active$|selected$|current$|focus|hover|open$|opened$|closed$|show$|shown$|hidden$|visible$|checked$|disabled$|enabled$|completed$|editing$|expanded$|collapsed$|in$|fade$|odd$|even$|first$|last$|clearfix$|row$|col$|container$)/i;
const BUILD_CLASS = /\d{3,}|^(?:css|sc|jsx|emotion|svelte|astro|tw)-|^_|__[a-z0-9]{5,}$|[:/[\]()!@%]|^[a-z]{1,2}(?:-\d+)?$|^-?[mp][trblxy]?-|^(?:flex|grid|block|inline|w|h|text|bg|font|border|rounded|shadow|gap|items|justify)(?:-|$)/i;

/** @param {string} id */
export function generatedId(id) { return GENERATED_ID.test(id); }

/** @param {string} v */
export function quote(v) {
  return '"' + String(v).replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ').replace(/\r/g, '\\d ') + '"';
}

/** The classes of el a person would name it by: not states, not build hashes, not utilities. @param {Element} el */
export function meaningfulClasses(el) {
  const out = [];
  for (const c of el.classList || []) {
    if (c.length < 3 || STATE_CLASS.test(c) || BUILD_CLASS.test(c)) continue;
    out.push(c);
    if (out.length >= CLASS_TRIES) break;
  }
  return out;
}

/**
 * A selector made of the element's own attributes, unique in its tree by the walk's counts.
 * @param {Element} el
 * @param {WalkTree} tree
 * @returns {string | null}
 */
export function ownSelector(el, tree) {
  const c = tree.counts;
  const id = el.id;
  if (id && !GENERATED_ID.test(id) && c.get('#' + id) === 1) return '#' + CSS.escape(id);
  for (let i = 0; i < TEST_ATTRS.length; i++) {
    const a = TEST_ATTRS[i];
    const v = el.getAttribute(a);
    if (v !== null && v !== '' && c.get(a + '\u0000' + v) === 1) return '[' + a + '=' + quote(v) + ']';
  }
  const tag = el.localName;
  for (const a of ['name', 'aria-label', 'placeholder', 'title']) {
    const v = el.getAttribute(a);
    if (v && c.get(tag + '\u0000' + a + '\u0000' + v) === 1) return tag + '[' + a + '=' + quote(v) + ']';
  }
  if (tag === 'a') {
    const h = el.getAttribute('href');
    if (h && h !== '#' && !h.startsWith('javascript:') && c.get('a\u0000href\u0000' + h) === 1) return 'a[href=' + quote(h) + ']';
  }
  return itemAttr(el, tree);
}

/**
 * A record's own attribute (data-id, data-key, row-id…), when exactly one element of the tree has it.
 * @param {Element} el
 * @param {WalkTree} tree
 */
function itemAttr(el, tree) {
  for (let i = 0; i < ITEM_ATTRS.length; i++) {
    const a = ITEM_ATTRS[i];
    const v = el.getAttribute(a);
    if (v !== null && v !== '' && tree.counts.get(a + '\u0000' + v) === 1) return CSS.escape(el.localName) + '[' + a + '=' + quote(v) + ']';
  }
  return null;
}

/**
 * What names el among the elements inside anchor: its attributes, a class or its tag, unique there.
 * @param {Element} el
 * @param {Element} anchor
 */
function partWithin(el, anchor) {
  const tag = CSS.escape(el.localName);
  const tries = [];
  for (const a of TEST_ATTRS.concat(['name', 'aria-label', 'placeholder', 'title'])) {
    const v = el.getAttribute(a);
    if (v) tries.push(tag + '[' + a + '=' + quote(v) + ']');
  }
  for (const c of meaningfulClasses(el)) tries.push(tag + '.' + CSS.escape(c));
  if (el.localName === 'input' && el.getAttribute('type')) tries.push('input[type=' + quote(/** @type {string} */ (el.getAttribute('type'))) + ']'); // (there: asked just before)
  tries.push(tag);
  for (const s of tries) {
    let m;
    try { m = anchor.querySelectorAll(s); } catch { continue; }
    if (m.length === 1 && m[0] === el) return s;
  }
  return null;
}

/** @param {WalkInfo} info */
function step(info) {
  const tag = CSS.escape(info.el.localName);
  return info.sameTag > 1 ? tag + ':nth-of-type(' + info.nth + ')' : tag;
}

/**
 * @param {string} css
 * @param {WalkInfo} info
 * @param {ScanBudget} budget
 */
function uniqueInTree(css, info, budget) {
  const tree = info.tree;
  if (budget.left < tree.elements || tree.elements > VERIFY_TREE_MAX) return false;
  budget.left -= tree.elements;
  let m;
  try { m = tree.root.querySelectorAll(css); } catch { return false; }
  return m.length === 1 && m[0] === info.el;
}

/**
 * Builds the selector of one element from its walk info. Returns { css, anchored, positional } where
 * anchored says uniqueness holds by construction (an anchor unique in the tree, then a part unique in
 * it or child steps) and positional that the selector counts positions among siblings.
 * @param {WalkInfo} info
 * @param {ScanBudget} [budget]
 * @returns {{css: string, anchored: boolean, positional: boolean, verified?: boolean}}
 */
export function buildSelector(info, budget = { left: 0 }) {
  const tree = info.tree;
  const el = info.el;
  const own = ownSelector(el, tree);
  if (own) return { css: own, anchored: true, positional: false };
  // a short class path, when one class names the element in the whole tree
  for (const c of meaningfulClasses(el)) {
    const s = CSS.escape(el.localName) + '.' + CSS.escape(c);
    if (uniqueInTree(s, info, budget)) return { css: s, anchored: true, positional: false, verified: true };
  }
  // scoped to the nearest anchor: the item's record attribute or an ancestor's own selector
  const body = tree.doc.body;
  let depth = 0;
  for (let cur = /** @type {WalkNode | null} */ (info.parent); cur && cur.el && cur.el !== body && depth < ANCHOR_DEPTH; cur = cur.parent, depth++) {
    const anchor = ownSelector(cur.el, tree);
    if (!anchor) continue;
    const part = partWithin(el, cur.el);
    if (part) return { css: anchor + ' ' + part, anchored: true, positional: false };
    break; // an anchor further out holds this one's look-alikes too
  }
  const parts = [step(info)];
  let positional = info.sameTag > 1;
  for (let cur = /** @type {WalkNode | null} */ (info.parent); cur && cur.el; cur = cur.parent) {
    if (cur.el === body) { parts.push('body'); return { css: parts.reverse().join(' > '), anchored: true, positional }; }
    const o = ownSelector(cur.el, tree);
    if (o) { parts.push(o); return { css: parts.reverse().join(' > '), anchored: true, positional }; }
    parts.push(step(cur));
    if (cur.sameTag > 1) positional = true;
  }
  // the top of a shadow tree has no unique anchor; the caller verifies and adds indexes
  return { css: parts.reverse().join(' > '), anchored: false, positional };
}

/** An XPath-like structural path from the tree root, for elements CSS cannot address. @param {WalkInfo} info */
export function structuralPath(info) {
  const parts = [];
  for (let cur = /** @type {WalkNode | null} */ (info); cur && cur.el; cur = cur.parent) {
    parts.push(cur.el.localName + '[' + cur.nth + ']');
  }
  return '/' + parts.reverse().join('/');
}

/**
 * Resolves the final selector for a node: verified with querySelectorAll in its tree while the
 * verification budget lasts (each check scans the tree), trusted by construction afterwards.
 * Returns { selector, indexes?, path?, positional? }: positional when the selector counts
 * positions, or needs indexes or a path, so a replay knows to check the element's name and item.
 * @param {WalkInfo} info
 * @param {ScanBudget} budget
 * @returns {NodeSelector}
 */
export function selectorFor(info, budget) {
  const { css, anchored, positional, verified } = buildSelector(info, budget);
  const out = (/** @type {NodeSelector} */ o) => { if (positional || o.indexes || o.path) o.positional = true; return o; };
  if (verified) return out({ selector: css });
  const tree = info.tree;
  // the first attribute query over a big document costs far more than the walk's counts, which
  // already make an anchored selector unique: check those only in trees of ordinary size
  if (anchored && (budget.left < tree.elements || tree.elements > VERIFY_TREE_MAX)) return out({ selector: css });
  budget.left -= tree.elements;
  let matches;
  try { matches = tree.root.querySelectorAll(css); } catch { matches = null; }
  if (matches && matches.length === 1 && matches[0] === info.el) return out({ selector: css });
  if (matches) {
    for (let i = 0; i < matches.length; i++) {
      if (matches[i] === info.el) return out({ selector: css, indexes: [i] });
    }
  }
  return out({ selector: css, path: structuralPath(info) });
}

/** Elements querySelectorAll may scan in total to confirm selectors unique; beyond it uniqueness rests on the walk's counts. */
export const VERIFY_BUDGET = 800000;

/**
 * The selectors of the shadow hosts and frame elements to enter, from the top document down, to reach tree.
 * @param {import('./walk-records.js').WalkTree} tree
 * @param {ScanBudget} budget
 * @returns {string[]}
 */
export function enterOf(tree, budget) {
  if (tree.enter) return tree.enter;
  // (a tree without its enter yet is below the top one: it has a parent and a host)
  const outer = enterOf(/** @type {import('./walk-records.js').WalkTree} */ (tree.parent), budget);
  tree.enter = outer.concat([selectorFor(/** @type {WalkInfo} */ (tree.hostInfo), budget).selector]);
  return tree.enter;
}

/**
 * The whole Selector ({css, path?, indexes?, enter?}) the observer gives one control of a walk, checked with a budget of
 * its own: for a step that names one element (the take-over recorder's, a heal's).
 * @param {WalkInfo} info
 * @returns {import('../../wire.js').Selector}
 */
export function selectorOfInfo(info) {
  const budget = { left: VERIFY_BUDGET };
  const sel = selectorFor(info, budget);
  /** @type {import('../../wire.js').Selector} */
  const out = { css: sel.selector };
  if (sel.path) out.path = sel.path;
  if (sel.indexes) out.indexes = sel.indexes;
  if (info.tree.parent) out.enter = enterOf(info.tree, budget);
  return out;
}
