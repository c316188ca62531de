// @ts-check
// Trusted input for a page step (page-steps.js pageAction): the page prepared the element and asked for a click at a
// point or for keys; the worker sends them through the debugger (trusted-input.js) and asks the page what they did.
import { callPage } from './page-call.js';
import { onFirefox } from '../engine.js';
import { since, tabsOpenedBy, nextEvent } from './navigation.js';
import { guardDialogs } from './dialogs.js';
import { trustedClick, trustedPress, trustedType } from './trusted-input.js';
import { parseChord } from '../page/executor/keys.js';
import { StepFailure, remaining } from './step-common.js';
/** @import { RunningStep } from './step-common.js' */
/** @import { Chord, InputError } from './trusted-input.js' */
/** @import { PageCallError } from './page-call.js' */
/** @import { PageStepResult, Point } from '../page/page-calls.js' */

// Firefox: how long a trusted click watches the browser for the navigation or tab it may start.
const TRUSTED_SETTLE_MS = 300;

// The input the page asked for, and again for as long as it asks (a combobox: open, type, choose).
const MAX_TRUSTED_INPUTS = 8;

export async function trustedInputs(/** @type {RunningStep} */ ctx, /** @type {PageStepResult} */ r) {
  for (let n = 0; n < MAX_TRUSTED_INPUTS && (r.trusted_point || r.trusted_keys); n++) {
    if (r.flow) ctx.flow = true;
    r = r.trusted_point ? await clickTrusted(ctx, r) : await keysTrusted(ctx, r);
  }
  if (r.trusted_point || r.trusted_keys) return { ok: false, uncertain: true, dispatched: true, error: `the page asked for more than ${MAX_TRUSTED_INPUTS} inputs for one step; it was stopped there and not repeated` };
  return r;
}

// What the page saw after trusted input; a document that went away (a navigation) saw it too. A flow (a
// combobox select) may wait for its list for the rest of the step: one that does not answer in that time
// did not say what it did.
/** @returns {Promise<PageStepResult>} */
async function finishInPage(/** @type {RunningStep} */ ctx, /** @type {boolean} */ quiet) {
  const flow = !!ctx.flow;
  try {
    // (pageAction set the effect key before the page asked for the input)
    return await callPage(ctx.tabId, 'finishTrusted', [/** @type {string} */ (ctx.effectKey), { quiet, ...(ctx.expectInPage ? { expect: ctx.expectInPage } : {}) }], flow ? Math.max(2000, remaining(ctx)) : 2000);
  } catch (e) {
    if (flow && /** @type {PageCallError} */ (e).timedOut) return { ok: false, uncertain: true, dispatched: true, error: `the page did not say what the input did (${/** @type {PageCallError} */ (e).message}); it was not repeated` };
    return { ok: true, dispatched: true, count: 1, page_effect: { gone: true } };
  }
}

// The dialog guard for the step's trusted input, armed once: the page call that prepared the input armed it already
// when the step arms inline, and arming again (or for a flow's next input: a combobox's open, type, choose) would set
// what the step's own input opened apart as answered before the step began. The worker collects at the step's end.
async function armOnce(/** @type {RunningStep} */ ctx) {
  if (ctx.guarded) return;
  if (!ctx.inlineGuard) await guardDialogs(ctx.tabId, !!ctx.step.accept_dialog);
  ctx.guarded = true;
}

// The page found the field or the element ready and focused it; the keys come from the debugger.
async function keysTrusted(/** @type {RunningStep} */ ctx, /** @type {PageStepResult} */ prepared) {
  await armOnce(ctx);
  try {
    // a flow's input names its own key (a Tab that commits a typed date); the page parsed either chord before it asked
    if (typeof prepared.chord === 'string') await trustedPress(ctx.tabId, /** @type {Chord} */ (parseChord(prepared.chord)));
    else if (ctx.step.type === 'fill' || typeof prepared.text === 'string') await trustedType(ctx.tabId, prepared.text ?? '');
    else await trustedPress(ctx.tabId, /** @type {Chord} */ (parseChord(ctx.step.value)));
  } catch (e) {
    if (!/** @type {InputError} */ (e).sent) throw new StepFailure(/** @type {InputError} */ (e).message); // no key went down: nothing happened
    return { ok: false, uncertain: true, dispatched: true, error: `${/** @type {InputError} */ (e).message}; some keys were sent, so whether the ${ctx.step.type} took effect is unknown and it was not repeated` };
  }
  const r = await finishInPage(ctx, ctx.step.type === 'press');
  const n = since(ctx.tabId, ctx.navSnap);
  return { ...r, navigating: !!(r.navigating || n.started || n.committed) };
}

// The page found the element actionable and where a pointer hits it; the click itself comes from
// the debugger (trusted-input.js), right away.
async function clickTrusted(/** @type {RunningStep} */ ctx, /** @type {PageStepResult} */ prepared) {
  // The dialogs this click opens come after the page call: arm the guard for them (OK only when the step
  // says so) and collect what it answered afterwards, as for a step the page call does not dispatch.
  await armOnce(ctx);
  try {
    await trustedClick(ctx.tabId, /** @type {Point} */ (prepared.trusted_point)); // what the page asked for
  } catch (e) {
    if (!/** @type {InputError} */ (e).sent || /** @type {number} */ (/** @type {InputError} */ (e).sent) < 2) throw new StepFailure(/** @type {InputError} */ (e).message); // no button went down: nothing happened
    return { ok: false, uncertain: true, dispatched: true, error: `${/** @type {InputError} */ (e).message}; the button was pressed, so whether the click took effect is unknown and it was not repeated` };
  }
  if (onFirefox) {
    // Firefox has no Navigation API for the page to see a link's navigation begin: watch the browser instead,
    // briefly, for a navigation or a tab the click starts (settleNavigation then waits for a load it sees).
    const until = Date.now() + TRUSTED_SETTLE_MS;
    for (;;) {
      const n = since(ctx.tabId, ctx.navSnap);
      if (n.started || n.committed || n.sameDoc || tabsOpenedBy(ctx.tabId, ctx.t0).length || Date.now() >= until) break;
      await nextEvent(ctx.tabId, until - Date.now());
    }
    const n = since(ctx.tabId, ctx.navSnap);
    if (n.started || n.committed) return { ok: true, dispatched: true, count: 1, page_effect: { gone: true } };
    return finishInPage(ctx, false);
  }
  // The page saw the click as a page-script click's call does: whether it leaves the page (a link, a submission, a
  // new tab, which settleNavigation then follows) and, when it stays, its effect once the page has settled.
  return finishInPage(ctx, true);
}
