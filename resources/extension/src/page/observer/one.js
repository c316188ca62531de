// @ts-check
// The observer's reading of one element, for the identity check before a replayed step acts (page/executor/identity.js):
// the facts a whole lean reading gives that element's node — role, name or text, tag, type, href, section — from the
// same walk and the same functions, without naming, placing or sectioning the rest of the page, which is what a whole
// reading spends its time on (decision 0069).
// Two facts of a node depend on the other nodes, and are given as what they may be:
// - its context, written only where another node has the same role and name: both readings are returned when that
//   cannot be told without naming the others;
// - whether it is listed at all: dropDuplicates drops a control that does what another control of its item does, which
//   it tells by their names; a reading of one element is refused (null) when any other control could be such a twin.
import { walkPage } from './walk.js';
import { DEFAULTS, styleCache, visible, roleOf, stateOf, contextOf, expandedOf } from './index.js';
import { makeSectionOf } from './sections.js';
import { activator, mayDrop } from './duplicates.js';
import { notForPeople } from './widgets.js';
import { accnameOptions, nameAndText, patchLabels } from './names.js';
import { linkTarget } from './links.js';
/** The most controls the identity check's whole reading lists (identity.js): past it, one may be left out. */
export const WHOLE_MAX = 100000;
/** @typedef {import('./walk-records.js').WalkInfo} WalkInfo @typedef {import('./observation.js').ObservedNodeDraft} ObservedNodeDraft */
/** @typedef {import('./observation.js').ObservedNode} ObservedNode */

/**
 * The node a whole lean reading (observePage with lean, nothing capped or collapsed) would give el, as one reading or
 * two (with and without its context, when only the other nodes' names could tell which); null when that reading may
 * not list el, or lists it only after naming the rest of the page (a possible duplicate, a page past the caps).
 * With `settle`, the other controls of its role are named until one says what it says, so that one reading is given
 * (the identity check asks when the target has a context, which is then scored).
 * @param {Element} el
 * @param {{settle?: boolean}} [opts]
 * @returns {ObservedNode[] | null}
 */
export function readOne(el, opts = {}) {
  const styleOf = styleCache();
  const walk = walkPage(document, styleOf, DEFAULTS.max_elements);
  if (walk.clipped) return null;
  const kept = walk.candidates.filter((c) => visible(c.el) && !notForPeople(c.el));
  if (kept.length > WHOLE_MAX) return null;
  // the keys of the shown controls, as the whole reading computes them (a section asks which runs are page parts)
  for (const c of kept) walk.keyOf(c);
  const info = kept.find((c) => c.el === el);
  if (!info) return null;
  const naming = accnameOptions(styleOf);
  const labels = patchLabels(walk, kept);
  try {
    const node = draft(info);
    const said = nameAndText(info, naming, labels.labelMap);
    if (said.name) node.name = said.name;
    else if (said.text) node.text = said.text;
    stateOf(el, node.role, node);
    if (mayBeDropped(node, kept)) return null;
    const section = makeSectionOf(walk, styleOf)(info);
    if (section) node.section = section;
    const bare = /** @type {ObservedNode} */ (Object.fromEntries(Object.entries(node).filter(([k]) => k !== '_info')));
    const words = node.name || node.text;
    const ctx = contextOf(info, words);
    if (!ctx || ctx === words) return [bare];
    const withContext = { ...bare, context: ctx };
    // (a node without a name, and a grid's cell, is always given its context; a named one only where its name repeats)
    if (!words || node.role === 'gridcell' || node.role === 'cell') return [withContext];
    if (!opts.settle) return [bare, withContext];
    let unsure = false;
    for (const other of kept) {
      if (other === info || roleOf(other) !== node.role) continue;
      const s = nameAndText(other, naming, labels.labelMap);
      if ((s.name || s.text) !== words) continue;
      // a twin of its own item the whole reading drops does not count
      if (!mayBeDropped(lightDraft(other), kept)) return [withContext];
      unsure = true;
    }
    return unsure ? [bare, withContext] : [bare];
  } finally {
    labels.restore();
  }
}

/**
 * Whether dropDuplicates may drop node for another control of its item (duplicates.js mayDrop, for each control that
 * could be such a twin: one around it, a link, a toggle of a panel or one that opens and closes).
 * @param {ObservedNodeDraft} node
 * @param {WalkInfo[]} kept
 */
function mayBeDropped(node, kept) {
  if (!activator(/** @type {ObservedNode} */ (/** @type {unknown} */ (node)))) return false;
  const info = /** @type {WalkInfo} */ (node._info);
  const el = info.el;
  const controls = el.getAttribute('aria-controls');
  for (const other of kept) {
    const o = other.el;
    if (other === info || !(o.contains(el) || (node.href && (o.localName === 'a' || o.localName === 'area')) || controls || node.expanded !== undefined)) continue;
    if (mayDrop(node, lightDraft(other))) return true;
  }
  return false;
}

/**
 * The node's facts that need no naming: role, tag, href, checked state of a stand-in; its walk record as _info.
 * @param {WalkInfo} info
 * @returns {ObservedNodeDraft}
 */
function draft(info) {
  const node = /** @type {ObservedNodeDraft} */ ({ ref: '', role: roleOf(info), tag: info.el.localName, _info: info });
  if (info.standIn) node.checked = info.standIn.checked;
  const href = linkTarget(info.el);
  if (href) node.href = href;
  return node;
}

/**
 * Another control as dropDuplicates' tests without names read it: its role, tag, href and open state.
 * @param {WalkInfo} info
 * @returns {ObservedNodeDraft}
 */
function lightDraft(info) {
  const node = draft(info);
  const expanded = expandedOf(info.el);
  if (expanded !== null) node.expanded = expanded;
  return node;
}
