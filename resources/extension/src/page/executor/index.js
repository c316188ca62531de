// @ts-check
// Page half of the executor. Each call is one attempt: it either acts (dispatched: true) or says
// why it cannot yet (retry: true, error), and the service worker polls until the step's
// timeout. Checks and dispatch run without an await between them, so what was checked is what
// is acted on.
// The other step kinds and page calls live beside it (upload, files, lists, conditions, highlight).
import { describeSelector, SelectorError } from './resolve.js';
import { NEEDS, notActionable, scrollIntoViewIfNeeded, hitTarget, animated, holdsStill, componentControl, lastingReason } from './actionability.js';
import { selectOption } from './select-option.js';
import { clickAt, focusElement, fillElement, pressOn, deepActiveElement, scrollBy, prepareField, fieldText, typable, noteFilled } from './input.js';
import { watchEffect, armed, arm, takeLateEffects } from './effects.js';
export { takeLateEffects };
import { judgeFill } from './verdicts.js';
import { parseChord } from './keys.js';
import { readOne, TEXT_CAP } from './extract.js';
import { dialogLink } from './dialog-link.js';
import { docId, targets } from './common.js';
import { uploadStep } from './upload.js';
import { identify } from './identity.js';
import { downloadClick } from './files.js';
import { nextTrustedInput } from './flows.js';
import { widgetStep } from './widget-steps.js';
import { awaitPendingWork, leavesView } from './pending-work.js';
import { focusBefore, tellMissedFocus } from './missed-focus.js';
import { watchNavigation } from './navigation-watch.js';
import { checkExpect } from './expect.js';
/** @import { PageCalls, PageStep, PageStepOptions, PageStepResult, Point } from '../page-calls.js' */
/** @import { Selector } from '../../wire.js' */
/** @import { Field } from './input.js' */

export { pageHtml, fetchFile } from './files.js';
export { listItems, listNext, listScroll } from './lists.js';
export { checkCondition, checkWait } from './conditions.js';
export { highlight } from './highlight.js';
export { pictureBoxes, pictureRestore } from './picture.js';
export { expectBaseline, checkExpect, targetSettled, unmarkTarget } from './expect.js';

// step_id → the result of a step that dispatched in this document, so a repeated call for the
// same step reports instead of acting again.
const dispatched = /** @type {Map<string, PageStepResult>} */ (new Map());

/** Performs one attempt of an element or page action. See docs/protocol.md (perform). @type {PageCalls['performInPage']} */
export async function performInPage(step, values, options = {}) {
  const id = options.step_id;
  if (id && dispatched.has(id)) return { ...dispatched.get(id), repeated: true };
  // Dialogs: arm this document's guard before acting; without one the worker installs it
  // (a MAIN-world call) and calls again, once per document.
  if (options.guard && !dialogLink({ accept: !!options.guard.accept })) return { ok: false, guard_missing: true, doc: docId };
  /** @type {PageStepResult} */
  let result;
  try {
    result = await attempt(step, options);
  } catch (e) {
    if (e instanceof SelectorError) result = { ok: false, error: e.message };
    // anything thrown; an Error that actOn marked dispatched when the input went out
    else result = { ok: false, error: `the page raised an error: ${e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e}`, dispatched: !!(/** @type {{dispatched?: boolean} | null | undefined} */ (e))?.dispatched };
  }
  result = withExpect(result, options.expect, (result.healed && result.healed.to) || step.selector || null);
  if (id && result.dispatched) {
    dispatched.set(id, result);
    if (dispatched.size > 200) dispatched.delete(/** @type {string} */ (dispatched.keys().next().value)); // more than 200: a first one is there
  }
  const dialogs = options.guard ? (dialogLink({ take: true }) || { dialogs: [] }).dialogs : undefined;
  // what the clicks before this step did after their verdicts (effects.js): a replay reads no observation between
  // its steps, so the next step that acts carries them
  const late = result.dispatched ? takeLateEffects(id) : [];
  return { ...result, doc: docId, at: pageAt(), ...(dialogs && dialogs.length ? { dialogs } : {}), ...(late.length ? { late_effects: late } : {}) };
}

/** What this document knows about a step: {known, result, doc}. @type {PageCalls['stepRecord']} */
export function stepRecord(stepId) {
  return dispatched.has(stepId) ? { known: true, result: /** @type {PageStepResult} */ (dispatched.get(stepId)), doc: docId } : { known: false, doc: docId };
}

/** @returns {Promise<PageStepResult>} */
async function attempt(/** @type {PageStep} */ step, /** @type {PageStepOptions} */ options) {
  switch (step.type) {
    case 'click':
    case 'fill':
    case 'select':
      return elementAction(step, options);
    case 'press':
      return step.selector && (step.selector.css || step.selector.path) ? elementAction(step, options) : pressPage(step, options);
    case 'scroll':
      return scrollStep(step);
    case 'extract':
      return extractStep(step);
    case 'upload':
      return uploadStep(step, options);
    case 'captureDownload':
      return downloadClick(step, options);
    default:
      return { ok: false, error: `the page cannot perform a '${step.type}' step` };
  }
}

async function elementAction(/** @type {PageStep} */ step, /** @type {PageStepOptions} */ options) {
  // Replay checks who the element is before acting on it (identity.js); authoring has just observed it.
  let heal = null;
  if (options.identity && step.target && typeof step.target === 'object') {
    const id = identify(step);
    if (id.error) return { ok: false, error: id.error, retry: !!id.retry };
    if (id.heal) heal = id.heal;
    step = { ...step, selector: id.selector };
  }
  const r = await elementActionOn(step, options);
  return heal ? { ...r, healed: heal } : r;
}

async function elementActionOn(/** @type {PageStep} */ step, /** @type {PageStepOptions} */ options) {
  // t.elements is read only after `if (t.error) return`: targets answers {error} or the elements it matched
  let t = /** @type {{elements: Element[], error?: string, fatal?: boolean}} */ (targets(step));
  if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
  // A link leaves the view: what the page has still to run from the steps before runs first (pending-work.js). What
  // it asks meanwhile is theirs: dismissed whatever this step's accept_dialog says, and set apart (when the step's
  // own arming comes again after the wait) as answered before the step began.
  if (step.type === 'click' && t.elements.length === 1 && leavesView(t.elements[0])) {
    if (options.guard) dialogLink({ accept: false });
    const waited = await awaitPendingWork();
    if (options.guard) dialogLink({ accept: !!options.guard.accept });
    if (waited > 0) {
      t = /** @type {{elements: Element[], error?: string, fatal?: boolean}} */ (targets(step));
      if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
    }
  }
  let chord = null;
  if (step.type === 'press') {
    chord = parseChord(step.value);
    if (chord.error) return { ok: false, error: chord.error };
  }
  // a fill or a select on a component's own element acts on the one field or combobox it draws
  if ((step.type === 'fill' || step.type === 'select') && t.elements.length === 1) t = { elements: [componentControl(t.elements[0], step.type)] };
  const kind = step.type === 'fill' && t.elements[0].localName === 'select' ? 'select' : step.type;
  const widget = widgetStep(t.elements[0], kind, options);
  if (widget) return widget;
  if (options.trusted && t.elements.length === 1 && TRUSTED_KINDS.has(kind) && !(kind === 'fill' && PICKED.has(String(/** @type {HTMLInputElement} */ (t.elements[0]).type || '').toLowerCase()))) {
    // The worker sends the input through the debugger; here the element is checked, hit-tested (a click)
    // or focused (keys), and watched, and nothing is dispatched from the page.
    const el = t.elements[0];
    const r = await actOn(el, kind, null, { ...options, prepareOnly: true });
    if (r.notReady) return { ok: false, error: r.notReady, retry: true, ...(r.lasting ? { lasting: true } : {}) };
    // a click or key also watches whether it leaves the page, so the worker need not wait to see if a navigation comes
    if (options.step_id) arm(options.step_id, { watch: watchEffect(el), focus: focusBefore(), ...(r.fill ? { fill: r.fill } : { nav: watchNavigation() }) });
    if (kind === 'click') return { ok: false, retry: false, trusted_point: r.point };
    return { ok: false, retry: false, trusted_keys: true, ...(r.fill ? { text: r.fill.text } : {}) };
  }
  const watch = watchNavigation();
  const effect = kind === 'click' || kind === 'press' ? watchEffect(t.elements[0]) : null;
  try {
    let done = 0;
    let note = null;
    for (const el of t.elements) {
      const r = await actOn(el, kind, chord, options);
      if (r.notReady) return partial(done, r.notReady, !!r.lasting);
      done++;
      // A select with no matching option or a wrong element type is not worth waiting for.
      if (r.error) return { ok: false, error: r.error, dispatched: kind === 'fill' || kind === 'select', retry: false, navigating: watch.seen() };
      if (r.effect) note = r.effect;
    }
    const nav = await watch.settled();
    const seen = effect ? await effect.settle({ quiet: t.elements.length === 1 && !nav.navigating && !nav.new_tab && kind === 'click', stepId: options.step_id }) : null;
    if (seen && seen.leaving) nav.navigating = true;
    return { ok: true, dispatched: true, count: done, ...nav, ...(seen ? { page_effect: seen } : {}), ...(note ? { effect: note } : {}) };
  } finally {
    watch.stop();
    if (effect) effect.stop();
  }
}

const TRUSTED_KINDS = new Set(['click', 'fill', 'press']);
// Fields a picker sets rather than a keyboard (fillElement sets their value at once).
const PICKED = new Set(['date', 'datetime-local', 'month', 'week', 'time', 'color', 'range']);

/**
 * After the worker sent trusted input for stepId: what it did; for a flow (a combobox select), the
 * next input it needs or its result. A fill's verdict (judgeFill) from what
 * the field holds now; a click's or key's page effect, with navigating and new_tab from the watch armed with it;
 * {gone} when this is a new document.
 * @type {PageCalls['finishTrusted']}
 */
export async function finishTrusted(stepId, opts = {}) {
  const a = armed.get(stepId);
  armed.delete(stepId);
  // Nothing armed here: this is the document the input's navigation loaded (Enter that submitted a form), which
  // saw the input as the worker does when the old document is gone: dispatched, and a new page.
  if (!a) return { ok: true, dispatched: true, count: 1, page_effect: { gone: true } };
  tellMissedFocus(a.focus);
  if (a.flow) {
    const next = await nextTrustedInput(a.flow, undefined);
    if (next.result) return { ...next.result, dispatched: true };
    armed.set(stepId, { ...a, focus: focusBefore() });
    return { ok: false, retry: false, dispatched: true, flow: true, ...next.ask };
  }
  if (a.fill) {
    a.watch.stop();
    const f = a.fill;
    const typed = f.el.isConnected ? fieldText(f.el) : '';
    // A keyboard sends no change: the page sees the value when the person moves on or presses Enter.
    const r = judgeFill({ ...f.reading, typed, after: typed });
    if (!r.error) noteFilled(f.el);
    return r.error ? { ok: false, error: r.error, dispatched: true } : withExpect({ ok: true, dispatched: true, count: 1, ...(r.effect ? { effect: r.effect } : {}) }, opts.expect, opts.expect?.selector ?? null);
  }
  let leaves = { navigating: false, new_tab: false };
  if (a.nav) {
    try { leaves = await a.nav.settled(); } finally { a.nav.stop(); }
  }
  // (a page leaving for another waits for no quiet: the worker follows the navigation)
  const quiet = !!opts.quiet && !leaves.navigating && !leaves.new_tab;
  const pageEffect = await a.watch.settle({ quiet, stepId });
  if (pageEffect.leaving) leaves.navigating = true;
  return withExpect({ ok: true, dispatched: true, count: 1, ...leaves, page_effect: pageEffect, at: pageAt() }, opts.expect, opts.expect?.selector ?? null);
}

/**
 * The step's recorded effect checked on the page as it answers (replay, expect-wait.js), when the input acted here
 * and is not leaving the page: expect_held when it holds. When it does not, the worker polls as before.
 * @param {PageStepResult} result
 * @param {import('../page-calls.js').ExpectInPage | undefined} expect
 * @param {unknown} selector the element the input went to
 * @returns {PageStepResult}
 */
function withExpect(result, expect, selector) {
  if (!expect || !result.ok || !result.dispatched || result.navigating || result.new_tab) return result;
  if (result.page_effect && (result.page_effect.leaving || result.page_effect.gone)) return result;
  return checkExpect(expect.facts, expect.baseline, { value: expect.value, selector }).holds ? { ...result, expect_held: true } : result;
}

/** This document's address and title now: what the step's reply names when no new document came. */
function pageAt() {
  return { url: location.href, title: document.title };
}

// One element: {notReady} when it is not actionable yet, else acts and returns {error?, effect?}; with
// prepareOnly it only checks, and returns a click's point or a fill's reading before the typing.
// kind: click, fill, select or press (elementAction's kinds, NEEDS' keys); chord: a press's, parsed (null for the others).
/** @returns {Promise<{notReady?: string, lasting?: boolean, error?: string | null, effect?: string | null, point?: Point, fill?: import('./effects.js').FillArm}>} */
async function actOn(/** @type {Element} */ el, /** @type {string} */ kind, /** @type {import('./keys.js').ParsedChord | null} */ chord,
  /** @type {PageStepOptions & {prepareOnly?: boolean}} */ options) {
  const needs = /** @type {Record<string, import('./actionability.js').Needs>} */ (NEEDS)[kind];
  const not = notActionable(el, needs);
  if (not) return { notReady: not, lasting: lastingReason(el, needs) };
  scrollIntoViewIfNeeded(el, options.attempt || 0);
  let hit = null;
  if (needs.hit) {
    // Stable: while an animation the browser runs moves the element or what draws it, its box
    // must hold over two frames (an animating element is not hit where it is drawn now). Without
    // one nothing moves it between here and the dispatch, which runs without a pause.
    if (animated(el)) {
      if (!(await holdsStill(el))) return { notReady: 'element is still moving (animating)' };
      const again = notActionable(el, needs);
      if (again) return { notReady: again };
    }
    hit = hitTarget(el);
    if (hit.error) return { notReady: hit.error };
  }
  // a click needs the hit test: for one, hit is set and had no error
  if (options.prepareOnly) {
    if (kind === 'click') return { point: /** @type {{top: Point}} */ (hit).top };
    if (kind === 'press') { focusElement(el); return {}; }
    // a fill (the trusted kinds are click, fill and press): an input, a textarea or an editor, read as a Field
    const text = typable(/** @type {HTMLElement} */ (el), String(options.value ?? ''));
    const before = prepareField(/** @type {Field} */ (el));
    const editor = /** @type {HTMLElement} */ (el).isContentEditable;
    const reading = {
      wanted: editor ? text.replace(/\s+/g, ' ').trim() : text, before, maxLength: editor ? -1 : /** @type {Field} */ (el).maxLength,
      number: String(/** @type {Field} */ (el).type || '').toLowerCase() === 'number', echo: options.echo !== false, what: editor ? 'editor' : 'field',
    };
    return { fill: { el: /** @type {Field} */ (el), text, reading } };
  }
  try {
    if (kind === 'click') clickAt(el, /** @type {{target: Element}} */ (hit).target, /** @type {{point: Point}} */ (hit).point);
    else if (kind === 'fill') return fillElement(/** @type {Field} */ (el), options.value ?? '', { echo: options.echo !== false });
    else if (kind === 'select') return selectOption(/** @type {HTMLSelectElement} */ (el), options.value ?? ''); // selectOption refuses another
    else if (kind === 'press') {
      focusElement(el);
      pressOn(el, /** @type {import('./keys.js').ParsedChord} */ (chord)); // a press's chord is parsed
    }
  } catch (e) {
    /** @type {Error & {dispatched?: boolean}} */ (e).dispatched = true; // an Error, or a DOMException
    throw e;
  }
  return {};
}

// Nothing dispatched yet → the worker may retry; some matches already acted on → it must not.
function partial(/** @type {number} */ done, /** @type {string} */ error, lasting = false) {
  return done ? { ok: false, error: `${error} (after acting on ${done} earlier match(es))`, dispatched: true } : { ok: false, error, retry: true, ...(lasting ? { lasting: true } : {}) };
}

async function pressPage(/** @type {PageStep} */ step, /** @type {PageStepOptions} */ options) {
  const chord = parseChord(step.value);
  if (chord.error) return { ok: false, error: chord.error };
  if (options.trusted) {
    if (options.step_id) arm(options.step_id, { watch: watchEffect(null), nav: watchNavigation(), focus: focusBefore() });
    return { ok: false, retry: false, trusted_keys: true };
  }
  const target = deepActiveElement(document);
  const watch = watchNavigation();
  const effect = watchEffect(null);
  try {
    pressOn(target, chord);
    const nav = await watch.settled();
    return { ok: true, dispatched: true, ...nav, page_effect: await effect.settle() };
  } finally {
    watch.stop();
    effect.stop();
  }
}

function scrollStep(/** @type {PageStep} */ step) {
  let el = null;
  if (step.selector && (step.selector.css || step.selector.path)) {
    const t = targets(step);
    if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
    el = /** @type {Element[]} */ (t.elements)[0]; // no error: the elements matched
    if (!step.value) {
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      return { ok: true, dispatched: true, data: `scrolled ${describeSelector(step.selector)} into view` };
    }
  }
  const r = scrollBy(el, step.value);
  if (r.error) return { ok: false, error: r.error };
  const where = r.box ? 'the box' : 'the page';
  // no error: scrollBy said where it ended
  const atEnd = /** @type {number} */ (r.y) + /** @type {number} */ (r.viewport) >= /** @type {number} */ (r.height) - 2 ? ' (at the bottom)' : r.y === 0 ? ' (at the top)' : '';
  return { ok: true, dispatched: true, data: `scrolled ${where} to y=${r.y} of ${r.height}${atEnd}` };
}

function extractStep(/** @type {PageStep} */ step) {
  const t = targets(step);
  if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
  const out = [];
  for (const el of /** @type {Element[]} */ (t.elements)) { // no error: the elements matched
    const v = readOne(el, step);
    if (v.error) return { ok: false, error: v.error };
    out.push(v.value);
  }
  // step.selector is there: targets found the elements through it
  const many = /** @type {Selector} */ (step.selector).all || (Array.isArray(/** @type {Selector} */ (step.selector).indexes) && /** @type {Selector} */ (step.selector).indexes.length > 0)
    || (step.format || '').toLowerCase() === 'json';
  // no error: one element at least, and each read a value
  let data = /** @type {string} */ (many ? JSON.stringify(out) : out[0]);
  let truncated = false;
  if (data.length > TEXT_CAP && !many) { data = data.slice(0, TEXT_CAP); truncated = true; }
  return { ok: true, data, count: out.length, ...(truncated ? { truncated } : {}) };
}

/** Where the page stands: URL, title, document id and ready state. @type {PageCalls['pageState']} */
export function pageState() {
  return { url: location.href, title: document.title, doc: docId, ready: document.readyState, viewport: `${window.innerWidth}x${window.innerHeight}` };
}
