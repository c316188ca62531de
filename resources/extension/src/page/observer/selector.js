// @ts-check
// Stable, unique CSS selectors for observed elements. The preference order is what survives a
// page reload or a redesign best: id, test attributes, name, aria-label, then a short chain of
// positions hung from the nearest ancestor that has one of those (or from body).
import { TEST_ATTRS } from './walk.js';

// Ids that frameworks generate per render (React's :r1:, Ember's ember123, long hex or digit runs)
// change between loads, so they make selectors that only work once.
const VERIFY_TREE_MAX = 20000; // elements in a tree above which anchored selectors are not re-checked

const GENERATED_ID = /^:|^ember\d|^ext-gen|\d{4,}|(?=[0-9a-f]*\d)[0-9a-f]{8,}/i;

export function quote(v) {
  return '"' + String(v).replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ').replace(/\r/g, '\\d ') + '"';
}

/** A selector made of the element's own attributes, unique in its tree by the walk's counts. */
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
  const nm = el.getAttribute('name');
  if (nm && c.get(tag + '\u0000name\u0000' + nm) === 1) return tag + '[name=' + quote(nm) + ']';
  const al = el.getAttribute('aria-label');
  if (al && c.get(tag + '\u0000aria-label\u0000' + al) === 1) return tag + '[aria-label=' + quote(al) + ']';
  if (tag === 'a') {
    const h = el.getAttribute('href');
    if (h && h !== '#' && !h.startsWith('javascript:') && c.get('a\u0000href\u0000' + h) === 1) return 'a[href=' + quote(h) + ']';
  }
  return null;
}

function step(info) {
  const tag = CSS.escape(info.el.localName);
  return info.sameTag > 1 ? tag + ':nth-of-type(' + info.nth + ')' : tag;
}

/**
 * Builds the selector of one element from its walk info. Returns { css, anchored } where
 * anchored says uniqueness holds by construction (an anchor unique in the tree, then child steps).
 */
export function buildSelector(info) {
  const tree = info.tree;
  const own = ownSelector(info.el, tree);
  if (own) return { css: own, anchored: true };
  const parts = [step(info)];
  const body = tree.doc.body;
  for (let cur = info.parent; cur && cur.el; cur = cur.parent) {
    if (cur.el === body) { parts.push('body'); return { css: parts.reverse().join(' > '), anchored: true }; }
    const o = ownSelector(cur.el, tree);
    if (o) { parts.push(o); return { css: parts.reverse().join(' > '), anchored: true }; }
    parts.push(step(cur));
  }
  // the top of a shadow tree has no unique anchor; the caller verifies and adds indexes
  return { css: parts.reverse().join(' > '), anchored: false };
}

/** An XPath-like structural path from the tree root, for elements CSS cannot address. */
export function structuralPath(info) {
  const parts = [];
  for (let cur = info; cur && cur.el; cur = cur.parent) {
    parts.push(cur.el.localName + '[' + cur.nth + ']');
  }
  return '/' + parts.reverse().join('/');
}

/**
 * Resolves the final selector for a node: verified with querySelectorAll in its tree while the
 * verification budget lasts (each check scans the tree), trusted by construction afterwards.
 * Returns { selector, indexes?, path? }.
 */
export function selectorFor(info, budget) {
  const { css, anchored } = buildSelector(info);
  const tree = info.tree;
  // the first attribute query over a big document costs far more than the walk's counts, which
  // already make an anchored selector unique: check those only in trees of ordinary size
  if (anchored && (budget.left < tree.elements || tree.elements > VERIFY_TREE_MAX)) return { selector: css };
  budget.left -= tree.elements;
  let matches;
  try { matches = tree.root.querySelectorAll(css); } catch { matches = null; }
  if (matches && matches.length === 1 && matches[0] === info.el) return { selector: css };
  if (matches) {
    for (let i = 0; i < matches.length; i++) {
      if (matches[i] === info.el) return { selector: css, indexes: [i] };
    }
  }
  return { selector: css, path: structuralPath(info) };
}
