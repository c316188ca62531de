// @ts-check
// Identity before action (replay): a step recorded who its element is for (`target`: role, name, tag, type,
// section, context, href — what the observer said of it when the step was authored). Before acting, the
// element the selector finds is checked against it; when the selector finds nothing, or an element that is
// not the target, the page is searched for it with the observer itself (the same walk, names and sections
// that produced the target) and the step acts on the one candidate that clearly fits best: a heal, reported
// with its evidence. Two candidates alike, or none, stop the step with the candidates named. Never a guess.
// The selector's element is read alone first (observer/one.js): one that fits the target so well that no other element
// could fit it clearly better needs no reading of the rest of the page, which is most of a replayed step's time on a
// page of a thousand controls (decision 0069).
import { observePage } from '../observer/index.js';
import { readOne, WHOLE_MAX } from '../observer/one.js';
import { selectorOfInfo } from '../observer/selector.js';
import { resolveSelector, describeSelector } from './resolve.js';
import { componentControl } from './actionability.js';

/** @import { ObservedNode } from '../observer/observation.js' */
/** @import { Selector, Heal } from '../../wire.js' */
/** @import { WalkInfo } from '../observer/walk-records.js' */
/**
 * Who a step's element is (the step's `target`): what the observer said of it when the step was authored.
 * @typedef {Partial<Pick<ObservedNode, 'role' | 'name' | 'text' | 'tag' | 'type' | 'section' | 'context' | 'href'>>} Target
 */

/** A candidate must reach this share of the target's weighted fields to be the target. */
export const MATCH = 0.62;
/** …and beat the next candidate by this much to be healed to. */
export const MARGIN = 0.12;

// Roles a redesign swaps for one another without changing what the control is for.
const ROLE_GROUPS = [
  ['textbox', 'searchbox', 'combobox'],
  ['button', 'link', 'menuitem', 'tab'],
  ['checkbox', 'switch', 'menuitemcheckbox'],
  ['radio', 'menuitemradio'],
];

// text: the words of an element the browser names nothing (a clickable <div>), which tell it apart as a name would
const WEIGHTS = { name: 4, text: 4, context: 2, href: 1.5, section: 1, tag: 0.5, type: 0.5 };

function norm(/** @type {string | null | undefined} */ s) {
  return String(s || '').toLowerCase().replace(/[\s\u00a0]+/g, ' ').replace(/[^\p{L}\p{N} ]+/gu, '').trim();
}

function words(/** @type {string} */ s) {
  return new Set(norm(s).split(' ').filter(Boolean));
}

/**
 * 1 for the same text, less for text that shares words or contains the other (splitting no number), 0 for unrelated text.
 * @param {string | null | undefined} a
 * @param {string | null | undefined} b
 */
export function textSimilarity(a, b) {
  const x = norm(a);
  const y = norm(b);
  if (!x && !y) return 1;
  if (!x || !y) return 0;
  if (x === y) return 1;
  const wa = words(x);
  const wb = words(y);
  let common = 0;
  for (const w of wa) if (wb.has(w)) common++;
  const jaccard = common / (wa.size + wb.size - common);
  const contains = containsText(x, y) || containsText(y, x) ? 0.75 : 0;
  return Math.max(jaccard, contains);
}

/**
 * Whether hay holds needle without splitting a number: "Save" is in "Save changes" and "Result" in "Results", but
 * "Order 2" is not in "Order 250".
 * @param {string} hay
 * @param {string} needle
 */
function containsText(hay, needle) {
  const digit = (/** @type {string | undefined} */ c) => c !== undefined && c >= '0' && c <= '9';
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const splitsBefore = digit(needle[0]) && digit(hay[at - 1]);
    const splitsAfter = digit(needle[needle.length - 1]) && digit(hay[at + needle.length]);
    if (!splitsBefore && !splitsAfter) return true;
  }
  return false;
}

/**
 * @param {string} a
 * @param {string | undefined} b
 */
export function roleFit(a, b) {
  if (a === b) return 1;
  if (ROLE_GROUPS.some((g) => g.includes(a) && g.includes(/** @type {string} */ (b)))) return 0.8; // undefined is in none
  return 0;
}

function hrefPath(/** @type {string} */ h) {
  try {
    const u = new URL(h, location.href);
    return u.pathname + u.hash;
  } catch {
    return String(h || '');
  }
}

/**
 * How well an observed node fits the target, 0..1 (0 when the role does not fit at all).
 * @param {ObservedNode} node
 * @param {Target} target
 */
export function scoreNode(node, target) {
  const role = roleFit(node.role, target.role);
  if (!role) return 0;
  // A context was recorded because the name alone did not say which one (twenty "Add to cart" buttons, a
  // checkbox per row): another item's context makes it another element, however alike the name.
  if (target.context && node.context && textSimilarity(node.context, target.context) < 0.5) return 0;
  // A control with neither name nor text is told apart only by its item (a row's tick box): one in no item at all (the
  // list's "mark all" box) is another control, not the row's box after a redesign.
  if (target.context && !target.name && !target.text && !node.context) return 0;
  let got = 0;
  let max = 0;
  for (const [field, w] of /** @type {[keyof Target, number][]} */ (Object.entries(WEIGHTS))) { // WEIGHTS' keys are Target's
    const want = target[field];
    if (want === undefined || want === null || want === '') continue;
    max += w;
    const have = node[field];
    let sim;
    if (field === 'href') sim = have ? (hrefPath(have) === hrefPath(want) ? 1 : textSimilarity(hrefPath(have), hrefPath(want)) * 0.6) : 0;
    else if (field === 'tag' || field === 'type') sim = have === want ? 1 : 0;
    // the observer writes a context only where names repeat, and a section only where it finds one:
    // its absence now says little either way
    else if ((field === 'context' || field === 'section') && !have) sim = 0.5;
    else sim = textSimilarity(have, want);
    got += w * sim;
  }
  if (!max) return role * 0.5;
  return role * (got / max);
}

function describeNode(/** @type {ObservedNode} */ n) {
  return `${n.role}${n.name ? ` "${n.name}"` : ''}${n.context ? ` in "${n.context}"` : ''}`;
}

function describeTarget(/** @type {Target} */ t) {
  return `${t.role || 'an element'}${t.name ? ` "${t.name}"` : t.text ? ` showing "${t.text}"` : ''}${t.context ? ` in "${t.context}"` : ''}${t.section ? ` under "${t.section}"` : ''}`;
}

/**
 * The observer's reading with the elements behind its nodes (one per node, in order). Lean: only the facts a target
 * is scored on (no selectors, geometry or lists).
 */
function reading() {
  const obs = observePage({ max_nodes: WHOLE_MAX, similar_keep: WHOLE_MAX, include_text: false, lean: true });
  const behind = /** @type {{_elements?: Element[], _infos?: WalkInfo[]}} */ (/** @type {unknown} */ (obs));
  return { nodes: obs.nodes, elements: behind._elements || [], infos: behind._infos || [] };
}

/**
 * Which element a step with a target acts on: {selector} to act through (the step's own, or a healed one with
 * `heal` evidence), or {error, retry} when the page holds no element that is clearly the target.
 * @param {import('../page-calls.js').PageStep} step
 * @returns {{selector?: Selector, score?: number, heal?: Heal, error?: string, retry?: boolean, ambiguous?: boolean}}
 */
export function identify(step) {
  const target = /** @type {Target} */ (step.target); // the caller checked it is an object
  /** @type {Element[]} */
  let found = [];
  try {
    found = resolveSelector(step.selector || {}).elements;
  } catch { /* an unusable selector: the search below still may find the target */ }
  // a fill or a select on a component's own element acts on the control it draws, and that is who must be the target
  if (found.length === 1 && (step.type === 'fill' || step.type === 'select')) found = [componentControl(found[0], step.type)];
  // The selector's element, read alone: when it is the target beyond what any other element could beat by MARGIN (a
  // score is at most 1), the whole page need not be read to know nothing fits clearly better.
  const alone = found.length ? readOne(found[0], { settle: !!target.context }) : null;
  if (alone) {
    const score = Math.min(...alone.map((n) => scoreNode(n, target)));
    if (score >= MATCH && 1 - score < MARGIN) return { selector: step.selector, score: round(score) };
  }
  const obs = reading();
  const scored = obs.nodes.map((n, i) => ({ node: n, el: obs.elements[i], info: obs.infos[i], score: scoreNode(n, target) }))
    .filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  const best = scored[0];
  const second = scored[1];
  if (found.length) {
    // The selector's element is the target when it fits and nothing fits clearly better.
    const mine = scored.find((c) => c.el === found[0]);
    if (mine && mine.score >= MATCH && (!best || best.score - mine.score < MARGIN)) {
      return { selector: step.selector, score: round(mine.score) };
    }
  }
  const why = found.length ? `${describeSelector(step.selector)} finds an element that is not ${describeTarget(target)}`
    : `no element matches ${describeSelector(step.selector)}`;
  // With nothing of a fitting role left, the closest by name still tells the person what the page has now.
  const shown = scored.length ? scored.slice(0, 3)
    : obs.nodes.map((n) => ({ node: n, score: 0, name: textSimilarity(n.name, target.name) }))
      .filter((c) => c.name > 0).sort((a, b) => b.name - a.name).slice(0, 3);
  const list = shown.map((c) => `${describeNode(c.node)} (${round(c.score)})`).join(', ');
  if (!best || best.score < MATCH) {
    return { retry: true, error: `${why}, and nothing on the page is clearly ${describeTarget(target)}${list ? `; closest: ${list}` : ''}` };
  }
  if (second && best.score - second.score < MARGIN) {
    return { retry: true, ambiguous: true, error: `${why}, and ${scored.filter((c) => best.score - c.score < MARGIN).length} elements fit ${describeTarget(target)} alike: ${list}; not acting on a guess` };
  }
  // from the reading's own walk (its infos line up with its nodes): the page is walked once for a heal
  const selector = selectorOfInfo(best.info);
  return {
    selector,
    heal: {
      from: step.selector || null, to: selector, score: round(best.score), runner_up: second ? round(second.score) : null,
      reason: found.length ? 'the selector found another element' : 'the selector found nothing', element: describeNode(best.node),
    },
  };
}

function round(/** @type {number} */ x) {
  return Math.round(x * 100) / 100;
}
