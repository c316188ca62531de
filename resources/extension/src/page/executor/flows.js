// @ts-check
// Steps a person takes in several inputs (a combobox: open, type, choose; a date picker: open, turn the
// month, pick the day) are written once, as an async generator of inputs ({click}, {type}, {press}) that
// returns the step's result. The page-script path performs each input here (runFlow); the trusted path
// hands each one to the worker's debugger input and resumes the flow after it (nextTrustedInput, from
// finishTrusted), so both paths take the same steps and judge by the same reading.
import { clickAt, focusElement, typeText, prepareField, pressOn, parseChord, setNativeValue } from './input.js';
import { hitTarget, scrollIntoViewIfNeeded, holdsStill, runningAnimations } from './actionability.js';
import { sleep } from './common.js';

/** @typedef {{kind: 'click', el: Element} | {kind: 'type', el: HTMLElement, text: string} | {kind: 'press', el: HTMLElement, chord: string}} FlowInput */
/** @typedef {{ok: boolean, error?: string, effect?: string, dispatched?: boolean, retry?: boolean, uncertain?: boolean, count?: number}} FlowResult */
// A {type} input's el is a field or an editor the flow found to take typing (input.js reads it as a Field).
/** @typedef {import('./input.js').Field} Field */

// How long a flow's click waits for what it clicks to stand where a pointer reaches it. A popup that grows, slides or
// fades in (a calendar, a menu: by CSS, the Web Animations API, or a script that moves it frame by frame) draws its
// items elsewhere a moment later; a trusted click lands a moment after its point is taken, and a person waits for
// the popup to stand before clicking in it. Past this it is clicked where it is.
const STEADY_MS = 1000;

/**
 * Runs a flow with page-script input: each {click} at the element's centre as a pointer would hit it,
 * each {type} key by key into the field after selecting what it held.
 * @param {AsyncGenerator<FlowInput, FlowResult, {error?: string} | undefined>} flow
 */
export async function runFlow(flow) {
  let reply;
  for (;;) {
    const next = await flow.next(reply);
    if (next.done) return next.value;
    reply = await performSynthetic(next.value);
  }
}

/**
 * @param {FlowInput} input
 * @returns {Promise<{error?: string}>}
 */
async function performSynthetic(input) {
  if (input.kind === 'click') {
    const hit = await aimSteady(input.el);
    if (hit.error) return { error: hit.error };
    // no error: the hit has its target and point
    clickAt(input.el, /** @type {Element} */ (hit.target), /** @type {import('./actionability.js').Point} */ (hit.point));
    return {};
  }
  focusElement(input.el);
  if (input.kind === 'press') {
    pressOn(input.el, parseChord(input.chord));
    return {};
  }
  prepareField(/** @type {Field} */ (input.el));
  if (input.el.localName === 'input' && /** @type {HTMLInputElement} */ (input.el).list && !input.el.getAttribute('role')) {
    // a datalist choice lands as one replacement, as the browser's own list puts it in
    setNativeValue(input.el, input.text);
    input.el.dispatchEvent(new Event('input', { bubbles: true }));
    input.el.dispatchEvent(new Event('change', { bubbles: true }));
    return {};
  }
  typeText(/** @type {Field} */ (input.el), input.text);
  return {};
}

/**
 * Where a pointer hits el, after scrolling it into view: {point, target, top} or {error}.
 * @param {Element} el
 */
function aim(el) {
  scrollIntoViewIfNeeded(el);
  return hitTarget(el);
}

/**
 * Where a pointer hits el once it stands there (scrolled into view, not moving, reached by a pointer), waiting at most
 * STEADY_MS: {point, target, top} or {error}. What covers an element that stands is waited for only while an animation
 * that ends runs (settling); else it is said at once.
 * @param {Element} el
 * @returns {Promise<ReturnType<typeof hitTarget>>}
 */
async function aimSteady(el) {
  const until = Date.now() + STEADY_MS;
  for (;;) {
    if (!el.isConnected) return /** @type {ReturnType<typeof hitTarget>} */ ({ error: 'element was detached from the page' });
    scrollIntoViewIfNeeded(el);
    const still = await holdsStill(el);
    const hit = aim(el);
    if (Date.now() >= until || (still && (!hit.error || !settling(el)))) return hit;
    // (a hidden document stands at once, holdsStill waiting no frame: look again a little later)
    if (el.ownerDocument.visibilityState === 'hidden') await sleep(50);
  }
}

/**
 * Whether an animation or transition that ends runs on what draws el or anywhere in its document's own tree (a menu's
 * surface growing over its options, a backdrop fading out). One that never ends (a spinner, a pulsing placeholder)
 * will not uncover anything by waiting.
 * @param {Element} el
 */
function settling(el) {
  const ends = (/** @type {Animation} */ a) => {
    try { return Number.isFinite(/** @type {AnimationEffect} */ (a.effect).getComputedTiming().endTime); } catch { return false; }
  };
  return runningAnimations(el).some(ends) || el.ownerDocument.getAnimations().some((a) => a.playState === 'running' && ends(a));
}

/**
 * The first input of a flow for trusted input: what the worker must send ({trusted_point} or
 * {trusted_keys, text}), or the flow's result when it ended without needing input. The field to type
 * into is focused and its contents selected here, so the debugger's keys replace them.
 * @param {AsyncGenerator<FlowInput, FlowResult, {error?: string} | undefined>} flow
 * @param {{error?: string} | undefined} reply
 * @returns {Promise<{ask?: Pick<import('../page-calls.js').PageStepResult, 'trusted_point' | 'trusted_keys' | 'text' | 'chord'>, result?: FlowResult}>}
 */
export async function nextTrustedInput(flow, reply) {
  for (;;) {
    const next = await flow.next(reply);
    if (next.done) return { result: next.value };
    const input = next.value;
    if (input.kind === 'click') {
      const hit = await aimSteady(input.el);
      if (hit.error) { reply = { error: hit.error }; continue; }
      return { ask: { trusted_point: hit.top } };
    }
    focusElement(input.el);
    if (input.kind === 'press') return { ask: { trusted_keys: true, chord: input.chord } };
    prepareField(/** @type {Field} */ (input.el));
    return { ask: { trusted_keys: true, text: input.text } };
  }
}

