// @ts-check
// Service-worker half of the executor: performs one Step on a tab and returns the body of the
// `performed` reply (docs/protocol.md). Page work runs through page.js, one attempt per call,
// polled until the step's timeout, so an element that appears late, a page that navigates in
// the middle of a wait and an overlay that goes away are all handled the same way.
// The handlers live in page-steps.js and browser-steps.js, the polling in attempts.js.
import { callPage, PageCallError } from './page-call.js';
import { snapshot, since, tabsOpenedBy } from './navigation.js';
import { masker } from './values.js';
import * as ledger from './ledger.js';
import { guardDialogs, takeDialogs, guardSite, dropStaleGuards } from './dialogs.js';
import { watchDownloads, unwatchDownloads, allowAutomaticDownloads, clearAutomaticDownloads, reportDownloads } from './downloads.js';
import { noteSite, noteWorked, forgetTaskTabs } from './task-tabs.js';
import { resetViewport } from './viewport.js';
import { releaseTrustedInput } from './trusted-input.js';
import { requireCapability, requireDebugger } from '../bridge/capabilities.js';
import { currentTaskTabId, forgetTaskTab, allTaskTabs } from '../bridge/state.js';
import { onFirefox } from '../engine.js';
import { judgeEffect } from './effects.js';
import { StepFailure, positive, isEmptyCondition, isEmptyWait } from './step-common.js';
import { settleNavigation, conditionHolds, waitFor } from './attempts.js';
import { beforeAction, afterAction, expectInPage } from './expect-wait.js';
import * as longSteps from './long-steps.js';
import {
  pageAction, doExtract, doWait, doNavigate, doExtractList, doCaptureUrl, doUpload, doCaptureDownload,
} from './page-steps.js';
import { doCapturePageFile, doEval, doSwitchTab, doCloseTab, doAdoptTab, doSetViewport } from './browser-steps.js';

/** @typedef {import('./step-common.js').StepContext} StepContext */
/** @typedef {import('./step-common.js').RunningStep} RunningStep */
/** @typedef {import('../wire.js').Performed} Performed */
/** @typedef {import('../wire.js').StepResult} StepResult */

export { stepStatus } from './ledger.js';
export { LIST_BOUND } from './step-common.js';

/** Default step timeout when neither the step nor the request sets one. */
export const DEFAULT_TIMEOUT_MS = 10000;

/**
 * Performs step on tab tabId. values: name → real value for the {{ tokens }} the step uses.
 * options: {step_id, timeout_ms}. Never throws: every failure is a reply with ok false.
 * @param {number} tabId
 * @param {import('../wire.js').Step} step
 * @param {Record<string, unknown>} [values]
 * @param {{step_id?: string, timeout_ms?: number, files?: Record<string, import('../wire.js').UploadFile>, input?: string, identity?: boolean, task?: string}} [options]
 * @returns {Promise<Performed>}
 */
export async function performStep(tabId, step, values = {}, options = {}) {
  const stepId = options.step_id ?? step?.id ?? null;
  const mask = masker(values);
  // Upload files travel beside the values (name → {filename, mime, base64}); never echoed.
  options = { ...options, files: options.files && typeof options.files === 'object' ? options.files : {} };
  if (stepId == null) return execute(tabId, step, values, options, stepId, mask);
  /** @type {{promise?: Promise<Performed>}} */
  const holder = {};
  const mine = ledger.claim(stepId, holder);
  if (mine) return answerFor(mine);
  // set by the promise's executor, which runs at once
  /** @type {((result: Performed) => void) | undefined} */
  let release;
  holder.promise = new Promise((resolve) => { release = resolve; });
  const earlier = await ledger.persisted(stepId);
  if (earlier) {
    // Recorded by a worker that has since been restarted.
    const result = earlier.state === 'done'
      ? earlier.result
      : await finalize({ ok: false, uncertain: true, error: `step ${stepId} was started before the extension restarted; whether it took effect is unknown, so it was not performed again` }, { stepId, step, tabId, mask, t0: Date.now(), navSnap: null });
    ledger.release(stepId, { state: 'done', result });
    /** @type {(result: Performed) => void} */ (release)(result);
    return earlier.state === 'done' ? { ...result, repeated: true } : result;
  }
  let result;
  try {
    await ledger.begin(stepId);
    result = await execute(tabId, step, values, options, stepId, mask);
  } catch (e) {
    result = await finalize({ ok: false, error: `internal error: ${e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e}` }, { stepId, step, tabId, mask, t0: Date.now(), navSnap: null });
  }
  /** @type {(result: Performed) => void} */ (release)(result);
  // In memory at once; the storage write follows the reply (see ledger.finish).
  ledger.finish(stepId, result).catch(() => {});
  return result;
}

/**
 * @param {import('../wire.js').LedgerRecord} record
 * @returns {Promise<Performed>}
 */
async function answerFor(record) {
  if (record.state === 'done') return { ...record.result, repeated: true };
  // A running record in memory is a claim, whose holder performStep gave its promise right after claiming.
  return { ...(await /** @type {{promise: Promise<Performed>}} */ (record.holder).promise), repeated: true };
}

/**
 * @param {number} tabId
 * @param {import('../wire.js').Step} step
 * @param {Record<string, unknown>} values
 * @param {{timeout_ms?: number, files?: Record<string, import('../wire.js').UploadFile>, input?: string, identity?: boolean, task?: string}} options
 * @param {string | null} stepId
 * @param {import('./values.js').Masker} mask
 * @returns {Promise<Performed>}
 */
async function execute(tabId, step, values, options, stepId, mask) {
  const t0 = Date.now();
  const task = typeof options.task === 'string' ? options.task : '';
  const taskTabAtStart = await currentTaskTabId(task).catch(() => null);
  if (taskTabAtStart !== null && !workedTabs.has(taskTabAtStart)) {
    workedTabs.add(taskTabAtStart);
    noteWorked(taskTabAtStart, task).catch(() => {});
  }
  /** @type {StepContext} */
  const ctx = { tabId, step, values, stepId, mask, t0, navSnap: snapshot(tabId), dialogs: [], files: options.files || {}, trusted: options.input === 'trusted', identity: !!options.identity, task };
  ctx.downloads = watchDownloads(step && step.allow_download);
  ctx.taskTabAtStart = taskTabAtStart;
  let result;
  // Known as running while it runs, so a `cancel` can find it (long-steps.js: only an extractList stops early).
  longSteps.began(stepId, step && step.type);
  try {
    // (run sets the step's time first thing: then it is a RunningStep)
    result = await run(/** @type {RunningStep} */ (ctx), options);
  } catch (e) {
    result = { ok: false, error: e instanceof StepFailure || e instanceof PageCallError ? e.message : `internal error: ${e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e}` };
  } finally {
    longSteps.ended(stepId);
  }
  try {
    return await finalize(result, ctx);
  } finally {
    unwatchDownloads(ctx.downloads);
  }
}

/**
 * @param {RunningStep} ctx
 * @param {{timeout_ms?: number}} options
 * @returns {Promise<StepResult>}
 */
async function run(ctx, options) {
  const { step, tabId, t0 } = ctx;
  let result;
  if (!step || typeof step.type !== 'string') throw new StepFailure('the step has no type');
  const timeout = positive(step.timeout_ms) || positive(options.timeout_ms) || DEFAULT_TIMEOUT_MS;
  ctx.timeout = timeout;
  ctx.deadline = t0 + timeout;
  if (step.condition && !isEmptyCondition(step.condition)) {
    const c = await conditionHolds(ctx, step.condition);
    if (!c.holds) return { ok: true, skipped: true, data: `condition does not hold: ${c.detail}` };
  }
  await checkCapabilities(ctx);
  if (MAY_DOWNLOAD.has(step.type)) {
    // Before the first step on a page of a site (usually done by the step that loaded it).
    /** @type {string | null | undefined} */
    let url = lastUrls.get(tabId);
    if (!url) { try { url = (await chrome.tabs.get(tabId)).url; } catch { url = null; } }
    if (url) await allowAutomaticDownloads(url);
  }
  const handler = HANDLERS[step.type];
  if (!handler) throw new StepFailure(`this extension does not perform '${step.type}' steps (it performs ${Object.keys(HANDLERS).join(', ')})`);
  if (INLINE_GUARD.has(step.type)) {
    // The page call arms the guard and returns its dialogs itself.
    ctx.inlineGuard = { accept: !!step.accept_dialog };
  } else if (GUARDED.has(step.type)) {
    await guardDialogs(tabId, step.accept_dialog);
    ctx.guarded = true;
  }
  // Replay: the page ready for the input, and what the step's recorded effect compares with (expect-wait.js).
  const baseline = await beforeAction(ctx);
  ctx.expectInPage = expectInPage(ctx, baseline);
  result = await handler(ctx);
  if (result.dispatched && MAY_NAVIGATE.has(step.type)) await settleNavigation(ctx, result);
  if (result.ok && step.wait && step.type !== 'wait' && !isEmptyWait(step.wait)) {
    ctx.ownWait = true;
    const w = await waitFor(ctx, step.wait, positive(step.wait.timeout_ms) || timeout);
    if (!w.ok) result = { ...result, ok: false, error: `the ${step.type} was done, but ${w.error}` };
  }
  const done = await afterAction(ctx, result, baseline);
  // the page's reading of its address and title is as old as its answer: after a wait, the tab's is the one to give
  if (done.at && (step.wait || step.expect)) delete done.at;
  return done;
}

// A step that needs what this browser does not grant fails before anything reaches the page (decision 0050): trusted
// input that quietly became page-script input, or a download let through that Chrome then stops, would be a lie.
/** @param {RunningStep} ctx */
async function checkCapabilities(ctx) {
  const { step } = ctx;
  // In Firefox the studio sends trusted input (trusted-input.js); elsewhere it needs the debugger.
  if (ctx.trusted && TRUSTED_TYPES.has(step.type) && !onFirefox) {
    requireDebugger(`trusted input (this ${step.type})`, 'turn Trusted input off in the studio\'s Browser panel so Waymark types and clicks from the page script', (m) => new StepFailure(m));
  }
  if (step.type === 'captureDownload') await requireCapability('downloads', 'captureDownload', (m) => new StepFailure(m));
  else if (step.allow_download) await requireCapability('downloads', `a ${step.type} with allow_download`, (m) => new StepFailure(m));
}

const TRUSTED_TYPES = new Set(['click', 'fill', 'press']);
const MAY_NAVIGATE = new Set(['click', 'press', 'select', 'fill']);
const MAY_DOWNLOAD = new Set(['click', 'press', 'select', 'fill', 'captureDownload', 'eval']);
// Task tabs this worker has recorded as worked in (see task-tabs.js).
/** @type {Set<number>} */
const workedTabs = new Set();
// The URL each tab showed at the end of its last step.
/** @type {Map<number, string>} */
const lastUrls = new Map();
const INLINE_GUARD = new Set(['click', 'press', 'select', 'fill', 'scroll', 'upload', 'captureDownload']);
// A wait step arms the guard with its own accept_dialog, as the WebDriver driver answers dialogs by each step's: what
// the page asks while it waits is its report, and what it asked before is set apart.
const GUARDED = new Set(['extractList', 'wait']);

/**
 * The `performed` reply for result, every text in it masked.
 * @param {StepResult} result
 * @param {StepContext} ctx
 * @returns {Promise<Performed>}
 */
async function finalize(result, ctx) {
  const { tabId, step, stepId, mask, t0 } = ctx;
  const nav = ctx.navSnap ? since(tabId, ctx.navSnap) : /** @type {Partial<ReturnType<typeof since>>} */ ({});
  let url = null;
  let title = null;
  if (result.at && result.at.title && !nav.committed && !nav.sameDoc) {
    // the page's own reading as it answered, in the document the step began in, which no history move changed since
    // (a page without a title leaves it to the tab, which names it by its address)
    ({ url, title } = result.at);
  } else {
    try {
      const tab = await chrome.tabs.get(tabId);
      url = tab.url || tab.pendingUrl || null;
      title = tab.title ?? null;
    } catch { /* the tab is gone; the error says so */ }
  }
  // Dialogs the step's page calls collected, plus those a guarded step (a wait step among them), a new document
  // (after a navigation) or the page during the step's own wait after its page call answered since: what opened
  // within the step's span is its report, not the next step's (as the WebDriver driver reports it).
  const dialogs = [...(ctx.dialogs || [])];
  // (only when its wait ran: a step its condition skipped, or one that failed before, armed nothing, and what the
  // guard holds stays for the next step that arms it)
  const waited = !!ctx.ownWait;
  if (ctx.guarded || waited || ((ctx.inlineGuard || ctx.navGuard) && (nav.committed || ctx.navGuard))) dialogs.push(...await takeDialogs(tabId));
  const opened = await newTabs(tabId, t0);
  // A click or key is judged by what it did (effects.js); a fill by what the field held (page verdicts).
  let effect = typeof result.effect === 'string' ? result.effect : null;
  if (result.ok && result.page_effect && step && (step.type === 'click' || step.type === 'press')) {
    const downloads = ctx.downloads ? ctx.downloads.seen.length : 0;
    // a dialog answered before the step began is not what the step did
    const own = dialogs.filter((d) => !d.before_step).length;
    const v = judgeEffect(step.type, result.page_effect, nav, { newTabs: opened.length, dialogs: own, downloads, url });
    effect = v.effect;
    if (!v.ok) result = { ...result, ok: false, error: v.error };
  }
  /** @type {Performed} */
  const reply = {
    step_id: stepId,
    ok: !!result.ok,
    skipped: !!result.skipped,
    error: result.ok ? null : mask(result.error || 'the step failed'),
    effect: effect ? mask(effect) : null,
    data: result.data === undefined || result.data === null ? null : mask(String(result.data)),
    url: mask(url),
    title: mask(title),
    navigated: !!(nav.committed || nav.sameDoc),
    new_tabs: opened.map((t) => ({ id: t.id, url: mask(t.url), title: mask(t.title ?? null) })),
    dialogs: dialogs.map((d) => {
      /** @type {import('../wire.js').Dialog} */
      const out = { kind: d.kind, message: mask(d.message), handled: d.handled };
      if (typeof d.answer === 'string') out.answer = mask(d.answer);
      if (d.before_step) out.before_step = true;
      return out;
    }),
    downloads: await reportDownloads(ctx.downloads, mask),
    elapsed_ms: Date.now() - t0,
  };
  if (url && tabId === ctx.taskTabAtStart) noteSite(url, ctx.task || '').catch(() => {});
  if (url) {
    lastUrls.set(tabId, url);
    allowAutomaticDownloads(url).catch(() => {});
    if (tabId === ctx.taskTabAtStart || ctx.step?.type === 'switchTab' || ctx.step?.type === 'adoptTab') guardSite(url);
  }
  if (result.uncertain) reply.uncertain = true;
  if (result.truncated !== undefined) reply.truncated = result.truncated;
  if (result.stopped) reply.stopped = true;
  if (result.items !== undefined) reply.items = result.items;
  if (result.pages !== undefined) reply.pages = result.pages;
  if (result.count !== undefined) reply.count = result.count;
  if (result.healed) reply.healed = { ...result.healed, element: mask(result.healed.element) };
  // what the clicks before this step did after their verdicts said they changed nothing (page/executor/effects.js)
  if (Array.isArray(result.late_effects) && result.late_effects.length) {
    reply.late_effects = result.late_effects.map((l) => ({ step_id: l.step_id, effect: mask(l.effect), after_ms: l.after_ms }));
  }
  if (result.missing) reply.missing = mask(result.missing);
  if (result.file) reply.file = { ...result.file, filename: mask(result.file.filename) };
  if (step && step.optional) reply.optional = true;
  if (step && step.store) reply.store = step.store;
  return reply;
}

// A new tab as the browser knows it, waiting up to NEW_TAB_WAIT_MS for Firefox to leave the about:blank every tab
// starts at (Chrome names the address at once, as pendingUrl).
const NEW_TAB_WAIT_MS = 1500;
/** @param {number} tabId */
async function committed(tabId) {
  const until = Date.now() + (onFirefox ? NEW_TAB_WAIT_MS : 0);
  let tab = await chrome.tabs.get(tabId);
  while (!tab.pendingUrl && (!tab.url || tab.url === 'about:blank') && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    tab = await chrome.tabs.get(tabId);
  }
  return tab;
}

// Tabs the step opened, with the address they are loading (tabs.onCreated often has none yet).
/**
 * @param {number} tabId
 * @param {number} t0
 */
async function newTabs(tabId, t0) {
  const opened = tabsOpenedBy(tabId, t0);
  return Promise.all(opened.map(async (t) => {
    try {
      const now = await committed(t.id);
      // Firefox shows a new tab's about:blank (and the address as its title) until the first page commits.
      const loading = !now.pendingUrl && (!now.url || now.url === 'about:blank') && t.url && t.url !== 'about:blank';
      const url = loading ? t.url : now.pendingUrl || now.url || t.url;
      return { id: t.id, url, title: loading ? null : now.title || null };
    } catch {
      return t;
    }
  }));
}

/** @type {Record<string, (ctx: RunningStep) => Promise<StepResult>>} */
const HANDLERS = {
  navigate: doNavigate,
  click: pageAction,
  fill: pageAction,
  select: pageAction,
  press: pageAction,
  scroll: pageAction,
  extract: doExtract,
  extractList: doExtractList,
  wait: doWait,
  captureUrl: doCaptureUrl,
  upload: doUpload,
  captureDownload: doCaptureDownload,
  capturePageFile: doCapturePageFile,
  eval: doEval,
  switchTab: doSwitchTab,
  closeTab: doCloseTab,
  adoptTab: doAdoptTab,
  setViewport: doSetViewport,
};

/**
 * Ends the studio's control of `task` (null: of everything, the studio let go of the browser): what the extension
 * changed for it goes back, and its tabs and sites are forgotten.
 * @param {string | null} [task]
 */
export async function releaseControl(task = null) {
  if (task !== null) {
    const tab = await currentTaskTabId(task);
    await forgetTaskTabs(task);
    await forgetTaskTab(task);
    if (tab !== null) workedTabs.delete(tab);
    return { viewport_reset: false };
  }
  const viewport = await resetViewport();
  await releaseTrustedInput();
  await clearAutomaticDownloads();
  await dropStaleGuards();
  // The tasks are over: their tabs and sites are forgotten (adopted tabs stay open, the person's).
  for (const key of new Set(['', ...(await allTaskTabs()).keys()])) await forgetTaskTabs(key);
  workedTabs.clear();
  return { viewport_reset: viewport };
}

/**
 * Outlines what selector picks in the tab (null clears), for the `highlight` request.
 * Resolves to {ok, count} or {ok: false, error}.
 * @param {number} tabId
 * @param {import('../wire.js').Selector | null} selector
 * @returns {Promise<import('../page/page-calls.js').Highlighted>}
 */
export async function highlightInTab(tabId, selector) {
  try {
    return await callPage(tabId, 'highlight', [selector ?? null], 5000);
  } catch (e) {
    return { ok: false, error: /** @type {Error} */ (e).message };
  }
}
