// @ts-check
// Replay only (the `identity` option): a step that carries the effect it had when it was authored (`expect`) waits
// for it after acting, bounded by the step's timeout, and fails naming the effect that did not follow rather than
// letting the run fail steps later. With `expect.ready` (the run sets it on the first action on a page whose
// script reacts to the steps there) the step first waits until the page takes input: loaded, its element in the
// same box for two frames, and, where the debugger tells, the page's script listening for the action's events on
// the element or above it: a page that binds its handlers late does not lose the first keystrokes.
import { callPage, PageCallError } from './page-call.js';
import { sleep, substituted } from './step-common.js';
import { since } from './navigation.js';
import { pageListens } from './trusted-input.js';

/** @typedef {import('./step-common.js').StepContext} StepContext */
/** @typedef {import('../wire.js').StepResult} StepResult */

const ACTIONS = new Set(['click', 'fill', 'select', 'press']);
/** However late the action ended, its effect gets at least this long to show. */
const MIN_EFFECT_WAIT_MS = 1000;
const POLL_MS = 50;
/**
 * A page whose script listens for no input on the element or above it this long after its load has bound its
 * handlers elsewhere (the Next button, not the field before it): its first action waits no longer.
 */
const UNBOUND_AFTER_LOAD_MS = 3000;
/**
 * A page whose script listens on a control beside the element (its Join button) has bound its handlers there: its
 * first action waits only this long after the load, for a module of the same page that binds the field itself later.
 */
const BOUND_BESIDE_AFTER_LOAD_MS = 1000;

/** @param {StepContext} ctx */
function expectOf(ctx) {
  const e = ctx.step && ctx.step.expect;
  return ctx.identity && e && typeof e === 'object' && ACTIONS.has(ctx.step.type) ? e : null;
}

/**
 * Before acting: waits for the page to take input when the expect asks, then reads what the expect compares with
 * afterwards (a list's count). Null when the step checks no expect.
 * @param {StepContext} ctx
 */
export async function beforeAction(ctx) {
  const e = expectOf(ctx);
  if (!e) return null;
  if (e.ready) await awaitReady(ctx);
  if (!e.count) return {};
  try {
    return await callPage(ctx.tabId, 'expectBaseline', [e], 2000);
  } catch {
    return {};
  }
}

/** @param {StepContext} ctx */
async function awaitReady(ctx) {
  // Readiness may use two thirds of the step's time: the action and its effect need the rest.
  const until = ctx.t0 + Math.round((ctx.timeout || 0) * 2 / 3);
  for (;;) {
    let settled = null;
    try {
      settled = await callPage(ctx.tabId, 'targetSettled', [ctx.step.selector || null, !!ctx.trusted], 2000);
    } catch (e) {
      if (e instanceof PageCallError && e.fatal) return;
    }
    if (settled && settled.ready) {
      const listens = ctx.trusted ? await pageListens(ctx.tabId, ctx.step.type) : null;
      await callPage(ctx.tabId, 'unmarkTarget', [], 2000).catch(() => {});
      // Bound: its script listens here, for this input or another (a form read on its Next button's click takes a
      // field's typing as it is), or beside it a moment after the load. Listening for nothing here long after the
      // load, its handlers sit elsewhere.
      const loadedMs = settled.loaded_ms ?? 0;
      if (!listens || listens.action || listens.other || loadedMs >= UNBOUND_AFTER_LOAD_MS
        || (listens.near && loadedMs >= BOUND_BESIDE_AFTER_LOAD_MS)) return;
    }
    if (Date.now() >= until) return;
    await sleep(POLL_MS);
  }
}

/** @param {import('../wire.js').Step} step */
function what(step) {
  const t = step.target;
  if (t && t.role) return `${/^[aeiou]/i.test(t.role) ? 'an' : 'a'} ${t.role}${t.name ? ` "${t.name}"` : ''}`;
  return step.selector && step.selector.css ? step.selector.css : 'the page';
}

/**
 * The recorded effect for the page to check with its answer, when every fact of it is cheap to check there (an
 * element that appears or goes needs a whole reading of the page: left to the polls after, where it may also have
 * to wait): null otherwise. Saves a call on each replay step whose effect is already there when the input settles.
 * @param {StepContext} ctx
 * @param {import('../page/page-calls.js').ExpectBaseline | {} | null} baseline what beforeAction read
 * @returns {import('../page/page-calls.js').ExpectInPage | null}
 */
export function expectInPage(ctx, baseline) {
  const e = expectOf(ctx);
  if (!e || baseline === null) return null;
  const facts = { ...e };
  delete facts.ready;
  if (!Object.keys(facts).length || facts.appears || facts.gone) return null;
  let value = null;
  if (facts.value != null) {
    try { value = substituted(ctx, String(facts.value), 'expect.value'); } catch { return null; }
  }
  return { facts, baseline: baseline || {}, value };
}

/**
 * After a successful action: polls the expect until it holds or the step's time is up (at least a second), and
 * turns the step into a failure naming the effect that did not follow.
 * @param {StepContext} ctx
 * @param {StepResult} result
 * @param {import('../page/page-calls.js').ExpectBaseline | {} | null} baseline what beforeAction read
 * @returns {Promise<StepResult>}
 */
export async function afterAction(ctx, result, baseline) {
  const e = expectOf(ctx);
  if (!e || baseline === null || !result.ok || result.uncertain || result.skipped) return result;
  // The page checked it with its answer, in the document the step acted in, and no navigation followed.
  if (result.expect_held && ctx.expectInPage && ctx.navSnap) {
    const n = since(ctx.tabId, ctx.navSnap);
    if (!n.started && !n.committed) return result;
  }
  const facts = { ...e };
  delete facts.ready;
  if (!Object.keys(facts).length) return result;
  let value = null;
  if (facts.value != null) {
    try { value = substituted(ctx, String(facts.value), 'expect.value'); } catch { delete facts.value; }
  }
  const selector = (result.healed && result.healed.to) || ctx.step.selector || null;
  const until = Math.max(ctx.deadline || 0, Date.now() + MIN_EFFECT_WAIT_MS);
  let missing = ['the page to answer'];
  for (;;) {
    try {
      const r = await callPage(ctx.tabId, 'checkExpect', [facts, baseline || {}, { value, selector }], 3000);
      if (r.holds) return result;
      missing = r.missing;
    } catch (err) {
      // A page in the middle of loading answers on the next poll; a page that can never answer cannot confirm.
      if (err instanceof PageCallError && err.fatal) break;
    }
    if (Date.now() >= until) break;
    await sleep(POLL_MS);
  }
  const said = missing.join(' and ');
  return { ...result, ok: false, missing: said, error: `the ${ctx.step.type} on ${what(ctx.step)} was done, but its effect did not follow: expected ${said}` };
}
