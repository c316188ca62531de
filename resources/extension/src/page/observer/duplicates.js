// @ts-check
// Controls that do what another control of the same item does are listed once. Widgets draw one
// action several times: Swagger UI's operation summary is a button holding a deep link to itself, with a
// collapse arrow beside it toggling the same panel; a product card is a link over the card beside a
// title link to the same address. A reader sees one thing to do there; two refs for it cost tokens and
// invite the model to wonder which one is right. The outer or most descriptive one stays, and nothing
// that acts differently is dropped: a form field never is, a link to elsewhere inside a button is not.

const ACTIVATORS = new Set(['button', 'link', 'menuitem', 'tab']);
const LEVELS = 3; // ancestors two controls may share to count as one item
const BUCKET_MAX = 40; // controls of one shared ancestor compared pairwise, at most
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
/** @typedef {import('./observation.js').ObservedNodeDraft} ObservedNodeDraft */
/** @typedef {import('./walk-records.js').WalkInfo} WalkInfo @typedef {import('./walk-records.js').WalkNode} WalkNode */

/** @param {string | undefined} s */
function norm(s) {
  return (s || '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Whether b's words appear, in order and whole, in a's (an empty b says nothing of its own).
 * @param {string} a
 * @param {string} b
 */
function says(a, b) {
  if (!b) return true;
  return (' ' + a + ' ').includes(' ' + b + ' ');
}

/** @param {import('./observation.js').ObservedNode} n */
export function activator(n) {
  return ACTIVATORS.has(n.role) && n.tag !== 'input' && n.tag !== 'select' && n.tag !== 'textarea';
}

const RECORD_TAGS = new Set(['LI', 'TR', 'ARTICLE']);
const RECORD_ROLES = new Set(['row', 'listitem', 'article']);

/** The record (row, card, list item, member of a run) a control sits in, or null. @param {WalkInfo} info */
function recordOf(info) {
  for (let cur = /** @type {WalkNode | null} */ (info.parent), d = 0; cur && cur.el && d < 12; cur = cur.parent, d++) {
    if (cur.repeated || RECORD_TAGS.has(cur.el.tagName) || RECORD_ROLES.has(cur.el.getAttribute('role') || '')) return cur.el;
  }
  return null;
}

/**
 * Whether b sits within two levels of a's parent: side by side in one small box.
 * @param {Element} a
 * @param {Element} b
 */
function near(a, b) {
  let up = a.parentElement;
  for (let i = 0; i < 2 && up; i++, up = up.parentElement) if (up.contains(b)) return true;
  return false;
}

/**
 * @param {WalkInfo} a
 * @param {WalkInfo} b
 */
function sameRecord(a, b) {
  const r = recordOf(a);
  return r !== null && r === recordOf(b);
}

/**
 * The one of a and b to drop when both do the same thing, or null when they may not.
 * @param {ObservedNodeDraft} a
 * @param {ObservedNodeDraft} b
 */
function redundant(a, b) {
  if (!activator(a) || !activator(b)) return null;
  // what a node says: its name, or the shown text of a clickable Chrome leaves unnamed
  const na = norm(a.name || a.text);
  const nb = norm(b.name || b.text);
  const ea = a._info.el;
  const eb = b._info.el;
  // one inside the other: the inner is part of the outer's target, unless it leads elsewhere
  if (ea.contains(eb) || eb.contains(ea)) {
    const [outer, inner, no, ni] = ea.contains(eb) ? [a, b, na, nb] : [b, a, nb, na];
    if (outer._info.kind === 'handler') return null; // a clickable card's buttons act on their own
    const leadsElsewhere = inner.href && inner.href !== outer.href;
    if (!leadsElsewhere && says(no, ni)) return inner;
    return null;
  }
  // two links to one address in one record (a pager's "2" and "Next" both lead to page 2, yet are no record)
  if (a.href && a.href === b.href && a.role === 'link' && b.role === 'link' && sameRecord(a._info, b._info)) {
    return nb.length > na.length || (nb.length === na.length && says(nb, na)) ? a : b;
  }
  // two toggles of one panel: the same aria-controls, or the same open state and one name inside the other
  const ca = ea.getAttribute('aria-controls');
  const cb = eb.getAttribute('aria-controls');
  const samePanel = ca && ca === cb;
  const sameToggle = a.expanded !== undefined && a.expanded === b.expanded && !a.href && !b.href
    && (near(ea, eb) || sameRecord(a._info, b._info));
  if (samePanel || sameToggle) {
    if (says(na, nb)) return b;
    if (says(nb, na)) return a;
  }
  return null;
}

/**
 * Whether redundant() could drop `mine` for `other` whatever their names say: its tests without the names, for a
 * reading of one element that names no other (one.js). Keep it beside redundant(), test for test.
 * @param {ObservedNodeDraft} mine
 * @param {ObservedNodeDraft} other
 */
export function mayDrop(mine, other) {
  if (!activator(mine) || !activator(other)) return false;
  const em = mine._info.el;
  const eo = other._info.el;
  // inside another control, mine is the inner one that goes; around it, the inner one goes
  if (eo.contains(em)) return other._info.kind !== 'handler' && !(mine.href && mine.href !== other.href);
  if (em.contains(eo)) return false;
  if (mine.href && mine.href === other.href && mine.role === 'link' && other.role === 'link' && sameRecord(mine._info, other._info)) return true;
  const cm = em.getAttribute('aria-controls');
  if (cm && cm === eo.getAttribute('aria-controls')) return true;
  // (redundant asks near() of whichever comes first on the page, and near is one-sided: both ways here)
  return mine.expanded !== undefined && mine.expanded === other.expanded && !mine.href && !other.href
    && (near(em, eo) || near(eo, em) || sameRecord(mine._info, other._info));
}

/**
 * Drops the nodes that repeat another node's action in the same item. nodes carry their walk info as
 * _info; the survivors keep their order. A dropped node's `similar` count passes to the one that stays.
 * @param {ObservedNodeDraft[]} nodes
 */
export function dropDuplicates(nodes) {
  /** @type {Map<Element, ObservedNodeDraft[]>} */
  const byParent = new Map();
  for (const n of nodes) {
    if (!activator(n)) continue;
    /** @type {Set<Element>} */
    const seen = new Set();
    let cur = /** @type {WalkNode | null} */ (n._info.parent);
    for (let d = 0; d < LEVELS && cur && cur.el; d++, cur = cur.parent) {
      add(byParent, cur.el, n, seen);
    }
    // the repeated member it sits in, however deep (a card link over the card and its title link)
    // (an item, no longer 'self': the walk resolves that when it visits the element)
    if (n._info.item && n._info.item !== n._info && /** @type {WalkInfo} */ (n._info.item).el) add(byParent, /** @type {WalkInfo} */ (n._info.item).el, n, seen);
  }
  /** @type {Set<ObservedNodeDraft>} */
  const dropped = new Set();
  for (const group of byParent.values()) {
    if (group.length < 2 || group.length > BUCKET_MAX) continue;
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const a = group[i];
        const b = group[j];
        if (dropped.has(a) || dropped.has(b)) continue;
        const d = redundant(a, b);
        if (!d) continue;
        const keep = d === a ? b : a;
        dropped.add(d);
        if (d.similar && !keep.similar) keep.similar = d.similar;
      }
    }
  }
  // a control deeper inside another one than the buckets reach: compare it with the nearest control around it
  for (const n of nodes) {
    if (dropped.has(n) || !activator(n)) continue;
    for (let cur = /** @type {WalkNode | null} */ (n._info.parent), d = 0; cur && cur.el && d < 8; cur = cur.parent, d++) {
      const outer = cur._node;
      if (!outer) continue;
      if (!dropped.has(outer) && redundant(outer, n) === n) dropped.add(n);
      break;
    }
  }
  if (!dropped.size) return nodes;
  return nodes.filter((n) => !dropped.has(n));
}

/**
 * @param {Map<Element, ObservedNodeDraft[]>} map
 * @param {Element} el
 * @param {ObservedNodeDraft} n
 * @param {Set<Element>} seen
 */
function add(map, el, n, seen) {
  if (seen.has(el)) return;
  seen.add(el);
  let g = map.get(el);
  if (!g) { g = []; map.set(el, g); }
  g.push(n);
}
