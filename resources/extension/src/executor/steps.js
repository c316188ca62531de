// Service-worker half of the executor: performs one Step on a tab and returns the body of the
// `performed` reply (docs/protocol.md). Page work runs through page.js, one attempt per call,
// polled until the step's timeout, so an element that appears late, a page that navigates in
// the middle of a wait and an overlay that goes away are all handled the same way.
import { callPage, PageCallError } from './page-call.js';
import { snapshot, since, waitForLoad, tabsOpenedBy, nextEvent } from './navigation.js';
import { substitute, masker } from './values.js';
import * as ledger from './ledger.js';
import { guardDialogs, takeDialogs, guardNavigation, guardSite, dropStaleGuards, answers } from './dialogs.js';
import { watchDownloads, unwatchDownloads, nextDownload, allowAutomaticDownloads, clearAutomaticDownloads } from './downloads.js';
import { taskTabs, noteAdopted, noteSite, onTaskSite, noteWorked, forgetTaskTabs } from './task-tabs.js';
import { parseSize, setViewport, resetViewport } from './viewport.js';
import { trustedClick, releaseTrustedInput } from './trusted-input.js';
import { setTaskTab, currentTaskTabId } from '../bridge/state.js';

export { stepStatus } from './ledger.js';

/** Default step timeout when neither the step nor the request sets one. */
export const DEFAULT_TIMEOUT_MS = 10000;
/** The extension's own bound on extractList rows when the step's limit is 0. */
export const LIST_BOUND = 1000;
const POLL_MS = 100;
// A retry comes soon at first (most pages are ready within a few ms), then every POLL_MS.
const pollDelay = (attempt) => Math.min(POLL_MS, 5 * 2 ** Math.max(0, attempt - 1));
const MAX_FILE_BYTES = 10 * 1024 * 1024;
// How long a trusted click watches for the navigation or tab it may start.
const TRUSTED_SETTLE_MS = 300;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Performs step on tab tabId. values: name → real value for the {{ tokens }} the step uses.
 * options: {step_id, timeout_ms}. Never throws: every failure is a reply with ok false.
 */
export async function performStep(tabId, step, values = {}, options = {}) {
  const stepId = options.step_id ?? step?.id ?? null;
  const mask = masker(values);
  // Upload files travel beside the values (name → {filename, mime, base64}); never echoed.
  options = { ...options, files: options.files && typeof options.files === 'object' ? options.files : {} };
  if (stepId == null) return execute(tabId, step, values, options, stepId, mask);
  const holder = {};
  const mine = ledger.claim(stepId, holder);
  if (mine) return answerFor(mine);
  let release;
  holder.promise = new Promise((resolve) => { release = resolve; });
  const earlier = await ledger.persisted(stepId);
  if (earlier) {
    // Recorded by a worker that has since been restarted.
    const result = earlier.state === 'done'
      ? earlier.result
      : await finalize({ ok: false, uncertain: true, error: `step ${stepId} was started before the extension restarted; whether it took effect is unknown, so it was not performed again` }, { stepId, step, tabId, mask, t0: Date.now(), navSnap: null });
    ledger.release(stepId, { state: 'done', result });
    release(result);
    return earlier.state === 'done' ? { ...result, repeated: true } : result;
  }
  let result;
  try {
    await ledger.begin(stepId);
    result = await execute(tabId, step, values, options, stepId, mask);
  } catch (e) {
    result = await finalize({ ok: false, error: `internal error: ${e && e.message ? e.message : e}` }, { stepId, step, tabId, mask, t0: Date.now(), navSnap: null });
  }
  release(result);
  // In memory at once; the storage write follows the reply (see ledger.finish).
  ledger.finish(stepId, result).catch(() => {});
  return result;
}

async function answerFor(record) {
  if (record.state === 'done') return { ...record.result, repeated: true };
  return { ...(await record.holder.promise), repeated: true };
}

async function execute(tabId, step, values, options, stepId, mask) {
  const t0 = Date.now();
  const taskTabAtStart = await currentTaskTabId().catch(() => null);
  if (taskTabAtStart !== null && !workedTabs.has(taskTabAtStart)) {
    workedTabs.add(taskTabAtStart);
    noteWorked(taskTabAtStart).catch(() => {});
  }
  const ctx = { tabId, step, values, stepId, mask, t0, navSnap: snapshot(tabId), dialogs: [], files: options.files || {}, trusted: options.input === 'trusted' };
  ctx.downloads = watchDownloads(step && step.allow_download);
  ctx.taskTabAtStart = taskTabAtStart;
  let result;
  try {
    result = await run(ctx, options);
  } catch (e) {
    result = { ok: false, error: e instanceof StepFailure || e instanceof PageCallError ? e.message : `internal error: ${e && e.message ? e.message : e}` };
  }
  try {
    return await finalize(result, ctx);
  } finally {
    unwatchDownloads(ctx.downloads);
  }
}

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
  if (MAY_DOWNLOAD.has(step.type)) {
    // Before the first step on a page of a site (usually done by the step that loaded it).
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
  result = await handler(ctx);
  if (result.dispatched && MAY_NAVIGATE.has(step.type)) await settleNavigation(ctx, result);
  if (result.ok && step.wait && step.type !== 'wait' && !isEmptyWait(step.wait)) {
    const w = await waitFor(ctx, step.wait, positive(step.wait.timeout_ms) || timeout);
    if (!w.ok) result = { ...result, ok: false, error: `the ${step.type} was done, but ${w.error}` };
  }
  return result;
}

class StepFailure extends Error {}

const positive = (n) => (Number.isFinite(n) && n > 0 ? n : 0);
const isEmptyCondition = (c) => !c.selector && !c.text && !c.url_includes;
const isEmptyWait = (w) => !w.selector && !w.text && !w.url_includes && !positive(w.delay_ms);
const MAY_NAVIGATE = new Set(['click', 'press', 'select', 'fill']);
const MAY_DOWNLOAD = new Set(['click', 'press', 'select', 'fill', 'captureDownload', 'eval']);
// Task tabs this worker has recorded as worked in (see task-tabs.js).
const workedTabs = new Set();
// The URL each tab showed at the end of its last step.
const lastUrls = new Map();
const INLINE_GUARD = new Set(['click', 'press', 'select', 'fill', 'scroll', 'upload', 'captureDownload']);
const GUARDED = new Set(['extractList']);

async function finalize(result, ctx) {
  const { tabId, step, stepId, mask, t0 } = ctx;
  let url = null;
  let title = null;
  try {
    const tab = await chrome.tabs.get(tabId);
    url = tab.url || tab.pendingUrl || null;
    title = tab.title ?? null;
  } catch { /* the tab is gone; the error says so */ }
  const nav = ctx.navSnap ? since(tabId, ctx.navSnap) : {};
  // Dialogs the step's page calls collected, plus those a guarded script or a new document
  // (after a navigation) answered since.
  const dialogs = [...(ctx.dialogs || [])];
  if (ctx.guarded || ((ctx.inlineGuard || ctx.navGuard) && (nav.committed || ctx.navGuard))) dialogs.push(...await takeDialogs(tabId));
  const reply = {
    step_id: stepId,
    ok: !!result.ok,
    skipped: !!result.skipped,
    error: result.ok ? null : mask(result.error || 'the step failed'),
    data: result.data === undefined || result.data === null ? null : mask(String(result.data)),
    url: mask(url),
    title: mask(title),
    navigated: !!(nav.committed || nav.sameDoc),
    new_tabs: (await newTabs(tabId, t0)).map((t) => ({ id: t.id, url: mask(t.url) })),
    dialogs: dialogs.map((d) => ({ kind: d.kind, message: mask(d.message), handled: d.handled })),
    downloads: (ctx.downloads ? ctx.downloads.seen : []).map((d) => ({ url: mask(d.url), filename: mask(d.filename), blocked: d.blocked })),
    elapsed_ms: Date.now() - t0,
  };
  if (url && tabId === ctx.taskTabAtStart) noteSite(url).catch(() => {});
  if (url) {
    lastUrls.set(tabId, url);
    allowAutomaticDownloads(url).catch(() => {});
    if (tabId === ctx.taskTabAtStart || ctx.step?.type === 'switchTab' || ctx.step?.type === 'adoptTab') guardSite(url);
  }
  if (result.uncertain) reply.uncertain = true;
  if (result.truncated !== undefined) reply.truncated = result.truncated;
  if (result.items !== undefined) reply.items = result.items;
  if (result.pages !== undefined) reply.pages = result.pages;
  if (result.count !== undefined) reply.count = result.count;
  if (result.file) reply.file = { ...result.file, filename: mask(result.file.filename) };
  if (step && step.optional) reply.optional = true;
  if (step && step.store) reply.store = step.store;
  return reply;
}

// Tabs the step opened, with the address they are loading (tabs.onCreated often has none yet).
async function newTabs(tabId, t0) {
  const opened = tabsOpenedBy(tabId, t0);
  return Promise.all(opened.map(async (t) => {
    try {
      const now = await chrome.tabs.get(t.id);
      return { id: t.id, url: now.pendingUrl || now.url || t.url };
    } catch {
      return t;
    }
  }));
}

// ---- page attempts ----

function remaining(ctx) {
  return Math.max(0, ctx.deadline - Date.now());
}

/**
 * Calls a page function that makes one attempt, until it acts or fails for good or the
 * deadline passes. A call that fails after it may have dispatched is never repeated: unless
 * the same document confirms what happened, the step is reported uncertain.
 */
async function attemptUntilDone(ctx, fn, args, { acts }) {
  let lastError = null;
  let lastDoc = null;
  if (acts) {
    // The document the step starts in: known from the tab's last page call when no navigation
    // has committed since, else asked for.
    lastDoc = knownDoc(ctx.tabId);
    if (!lastDoc) {
      try { lastDoc = noteDoc(ctx.tabId, (await callPage(ctx.tabId, 'pageState', [], 2000)).doc); } catch { lastDoc = null; }
    }
  }
  let guardInstalledIn = null;
  for (let attempt = 0, waits = 0; ; attempt++) {
    if (waits > 0) {
      if (Date.now() >= ctx.deadline) throw new StepFailure(`${lastError || 'the page was not ready'} (waited ${ctx.timeout} ms)`);
      await sleep(Math.min(pollDelay(waits), remaining(ctx)));
    }
    waits++;
    let r;
    const callArgs = withAttempt(args, attempt, ctx.inlineGuard && guardInstalledIn !== 'failed' ? ctx.inlineGuard : null);
    try {
      r = await callPage(ctx.tabId, fn, callArgs, remaining(ctx) + 2000);
    } catch (e) {
      if (!(e instanceof PageCallError)) throw e;
      if (e.fatal) throw new StepFailure(e.message);
      if (acts) {
        const known = await recordOf(ctx);
        if (known && known.known) return known.result;
        if (e.timedOut || !known || known.doc !== lastDoc) {
          return { ok: false, uncertain: true, error: `the page changed or stopped answering while the ${ctx.step.type} was being performed; whether it took effect is unknown, so it was not repeated` };
        }
      }
      lastError = e.message;
      continue;
    }
    if (r.doc) lastDoc = noteDoc(ctx.tabId, r.doc);
    if (Array.isArray(r.dialogs)) ctx.dialogs.push(...r.dialogs);
    if (r.guard_missing) {
      // Once per document: install the guard, then call again at once.
      guardInstalledIn = guardInstalledIn === r.doc ? 'failed' : r.doc;
      if (guardInstalledIn !== 'failed') await guardDialogs(ctx.tabId, ctx.inlineGuard.accept);
      attempt--;
      waits = 0;
      continue;
    }
    if (r.ok || r.dispatched || !r.retry) return r;
    lastError = r.error;
  }
}

// performInPage takes the attempt number and the dialog guard in its options (the third argument).
function withAttempt(args, attempt, guard) {
  if (args.length < 3 || typeof args[2] !== 'object' || args[2] === null) return args;
  return [args[0], args[1], { ...args[2], attempt, ...(guard ? { guard } : {}) }];
}

// The last document id each tab's page script reported, with the tab's commit count then.
const docs = new Map();

function noteDoc(tabId, doc) {
  if (doc) docs.set(tabId, { doc, committed: snapshot(tabId).committed });
  return doc;
}

function knownDoc(tabId) {
  const d = docs.get(tabId);
  return d && d.committed === snapshot(tabId).committed ? d.doc : null;
}

async function recordOf(ctx) {
  if (ctx.stepId == null) return null;
  try {
    return await callPage(ctx.tabId, 'stepRecord', [ctx.stepId], 2000);
  } catch {
    return null;
  }
}

/**
 * After an input: when the page saw a navigation start (the Navigation API's navigate event or
 * an uncancelled form submission, reported by the page call) or one has already reached
 * webNavigation, waits for it to load; when a link or form targets a new tab, waits a moment
 * for the tab. Nothing reported and nothing seen: no pause at all.
 */
async function settleNavigation(ctx, signals) {
  const { tabId } = ctx;
  let n = since(tabId, ctx.navSnap);
  let unguard = null;
  if (signals.navigating) {
    // The new document's dialogs must not block its load (best effort: the page's own host).
    try { unguard = await guardNavigation((await chrome.tabs.get(tabId)).url, ctx.step.accept_dialog); } catch { unguard = null; }
    ctx.navGuard = !!unguard;
    // The page may still cancel or intercept it: give it a moment to reach the browser.
    const until = Date.now() + 500;
    while (Date.now() < until && !(n.started || n.committed || n.sameDoc)) {
      await nextEvent(tabId, until - Date.now());
      n = since(tabId, ctx.navSnap);
    }
  }
  try {
    if (n.started || n.committed) {
      const loaded = await loadOrUnblock(ctx, ctx.navSnap, Math.max(ctx.deadline, Date.now() + 2000), 'the navigation it started');
      if (!loaded.ok && /aborted/.test(loaded.error) && ctx.downloads && !ctx.downloads.seen.length) {
        // A navigation that turned into a download: the download reaches chrome.downloads a little later.
        const until = Date.now() + 1500;
        while (!ctx.downloads.seen.length && Date.now() < until) await nextDownload(ctx.downloads, until - Date.now());
      }
    }
  } finally {
    if (unguard) await unguard();
  }
  if (signals.new_tab) {
    const until = Date.now() + 300;
    while (Date.now() < until && !tabsOpenedBy(tabId, ctx.t0).length) await nextEvent(tabId, until - Date.now());
  }
}

/**
 * waitForLoad; and when the new page has committed but neither loads nor runs a script after a
 * second, it is stopped by a dialog no guard reached (a site the task had not been on). No
 * extension API answers a dialog already open (chrome.debugger only sees those opened while it
 * is attached), but a navigation closes it: the site is guarded and the page reloaded, once,
 * unless it was a form submission (a reload would send the form again).
 */
async function loadOrUnblock(ctx, snap, deadline, what) {
  const { tabId } = ctx;
  let reloaded = false;
  for (;;) {
    const r = await waitForLoad(tabId, snap, Math.min(deadline, Date.now() + 1000), what);
    if (r.ok || Date.now() >= deadline) return r;
    const n = since(tabId, snap);
    if (!n.committed || n.failed || !/did not finish loading/.test(r.error) || reloaded) continue;
    if (await answers(tabId, 300)) continue;
    if (n.transition === 'form_submit') {
      return { ok: false, error: `${what} is stopped by a dialog the new page opened (a site the extension was not guarding yet); it was a form submission, so it is not reloaded: answer the dialog in the browser` };
    }
    let url = null;
    try { url = (await chrome.tabs.get(tabId)).url; } catch { return r; }
    await guardSite(url);
    snap = snapshot(tabId);
    try { await chrome.tabs.reload(tabId); } catch { return r; }
    reloaded = true;
    ctx.navGuard = true;
  }
}

function substituted(ctx, text, what) {
  const { text: out, missing } = substitute(text, ctx.values);
  if (missing.length) throw new StepFailure(`no value was given for ${missing.map((m) => `{{ ${m} }}`).join(', ')} in ${what}`);
  return out;
}

// ---- conditions and waits ----

async function conditionHolds(ctx, condition) {
  let last = null;
  let tries = 0;
  for (;;) {
    try {
      const r = await callPage(ctx.tabId, 'checkCondition', [condition], Math.max(2000, remaining(ctx)));
      if (!r.ok) throw new StepFailure(`condition: ${r.error}`);
      return r;
    } catch (e) {
      if (e instanceof StepFailure || e.fatal) throw new StepFailure(e.message);
      last = e.message;
    }
    if (Date.now() >= ctx.deadline) throw new StepFailure(`could not check the condition: ${last}`);
    await sleep(pollDelay(++tries));
  }
}

/** Polls checkWait until every predicate holds (across navigations), then applies delay_ms. */
async function waitFor(ctx, wait, timeoutMs) {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const hasCondition = wait.selector || wait.text || wait.url_includes;
  let pending = null;
  let tries = 0;
  while (hasCondition) {
    try {
      const r = await callPage(ctx.tabId, 'checkWait', [wait], Math.max(1000, deadline - Date.now()));
      if (!r.ok) return { ok: false, error: `the wait is not usable: ${r.error}` };
      if (r.holds) break;
      pending = r.pending;
    } catch (e) {
      if (e.fatal) return { ok: false, error: e.message };
      pending = 'the page was loading';
    }
    if (Date.now() >= deadline) return { ok: false, error: `timed out after ${timeoutMs} ms waiting: ${pending}` };
    await sleep(Math.min(pollDelay(++tries), Math.max(1, deadline - Date.now())));
  }
  if (positive(wait.delay_ms)) await sleep(wait.delay_ms);
  return { ok: true, waited_ms: Date.now() - started };
}

// ---- step handlers ----

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

async function pageAction(ctx) {
  const { step } = ctx;
  let value = step.value;
  // A fill without value clears the field: the studio's JSON leaves an empty value out.
  if (step.type === 'fill' && (value === undefined || value === null)) value = '';
  if (step.type === 'select' && typeof value !== 'string') throw new StepFailure('a select step needs a value (the option value or label)');
  if (step.type === 'fill' || step.type === 'select') value = substituted(ctx, value, 'value');
  const pageStep = { type: step.type, selector: step.selector, value: step.type === 'fill' || step.type === 'select' ? undefined : step.value };
  const trusted = ctx.trusted && step.type === 'click';
  const r = await attemptUntilDone(ctx, 'performInPage', [pageStep, {}, { step_id: ctx.stepId, value, ...(trusted ? { trusted: true } : {}) }], { acts: true });
  return r.trusted_point ? clickTrusted(ctx, r) : r;
}

// The page found the element actionable and where a pointer hits it; the click itself comes from
// the debugger (trusted-input.js), right away.
async function clickTrusted(ctx, prepared) {
  // The dialogs this click opens come after the page call: arm the guard for them (OK only when the step
  // says so) and collect what it answered afterwards, as for a step the page call does not dispatch.
  await guardDialogs(ctx.tabId, !!ctx.step.accept_dialog);
  ctx.guarded = true;
  try {
    await trustedClick(ctx.tabId, prepared.trusted_point);
  } catch (e) {
    if (!e.sent || e.sent < 2) throw new StepFailure(e.message); // no button went down: nothing happened
    return { ok: false, uncertain: true, dispatched: true, error: `${e.message}; the button was pressed, so whether the click took effect is unknown and it was not repeated` };
  }
  // The page call that reports a navigation or a new tab for a page-script click has already returned:
  // watch the browser instead, briefly, for a navigation or a tab the click starts (settleNavigation then
  // waits for a load it sees).
  const until = Date.now() + TRUSTED_SETTLE_MS;
  for (;;) {
    const n = since(ctx.tabId, ctx.navSnap);
    if (n.started || n.committed || n.sameDoc || tabsOpenedBy(ctx.tabId, ctx.t0).length || Date.now() >= until) break;
    await nextEvent(ctx.tabId, until - Date.now());
  }
  return { ok: true, dispatched: true, count: 1 };
}

async function doExtract(ctx) {
  const { step } = ctx;
  return attemptUntilDone(ctx, 'performInPage', [{ type: 'extract', selector: step.selector, attribute: step.attribute, format: step.format }, {}, {}], { acts: false });
}

async function doWait(ctx) {
  const { step } = ctx;
  let wait = step.wait;
  if ((!wait || isEmptyWait(wait)) && step.selector && step.selector.css) wait = { selector: step.selector.css };
  if (!wait || isEmptyWait(wait)) throw new StepFailure('a wait step needs wait.selector, wait.text, wait.url_includes or wait.delay_ms');
  const w = await waitFor(ctx, wait, positive(wait.timeout_ms) || ctx.timeout);
  if (!w.ok) return { ok: false, error: w.error };
  return { ok: true, data: `waited ${w.waited_ms} ms` };
}

const HISTORY = { back: -1, forward: 1, reload: 0 };

async function historyStep(ctx, delta, snap) {
  try {
    await chrome.scripting.executeScript({ target: { tabId: ctx.tabId, frameIds: [0] }, injectImmediately: true, func: (d) => { history.go(d); }, args: [delta] });
  } catch (e) {
    throw new StepFailure(`cannot go ${delta < 0 ? 'back' : 'forward'}: ${e.message}`);
  }
  // history.go has no answer when there is nowhere to go: give the navigation a moment to start.
  const until = Date.now() + Math.min(1500, remaining(ctx));
  while (Date.now() < until) {
    const n = since(ctx.tabId, snap);
    if (n.started || n.committed || n.sameDoc) return true;
    await nextEvent(ctx.tabId, until - Date.now());
  }
  const n = since(ctx.tabId, snap);
  return n.started || n.committed || n.sameDoc;
}

async function doNavigate(ctx) {
  const { step, tabId } = ctx;
  const how = String(step.value || '').trim().toLowerCase();
  const snap = snapshot(tabId);
  ctx.navSnap = ctx.navSnap || snap;
  let unguard = null;
  try {
    return await navigateGuarded(ctx, how, snap, (u) => guardNavigation(u, step.accept_dialog).then((f) => { unguard = f; ctx.navGuard = true; }));
  } finally {
    if (unguard) await unguard();
  }
}

// Dialogs of the new page (an alert while it loads) are answered by a guard registered for the
// destination's host before the navigation starts, and reported under `dialogs`.
async function navigateGuarded(ctx, how, snap, guard) {
  const { step, tabId } = ctx;
  let what;
  if (Object.hasOwn(HISTORY, how) && !step.url) {
    try { await guard((await chrome.tabs.get(tabId)).url); } catch { /* no tab: the step says so */ }
    what = how === 'reload' ? 'the reload' : `going ${how}`;
    if (how === 'reload') {
      try {
        await chrome.tabs.reload(tabId);
      } catch (e) {
        throw new StepFailure(`cannot reload: ${e.message}`);
      }
    } else {
      // history.go in the page rather than chrome.tabs.goBack: the browser's back button skips
      // entries made without a user gesture (all of ours), the page's own history does not.
      const moved = await historyStep(ctx, how === 'back' ? -1 : 1, snap);
      if (!moved) return { ok: false, error: `there is no page to go ${how} to in this tab's history` };
    }
  } else {
    if (!step.url) throw new StepFailure('a navigate step needs url (or value "back", "forward" or "reload")');
    let url = substituted(ctx, step.url, 'url');
    try {
      const tab = await chrome.tabs.get(tabId);
      url = new URL(url, tab.url || undefined).href;
    } catch {
      throw new StepFailure(`invalid url '${step.url}'`);
    }
    what = `navigation to ${url}`;
    await guard(url);
    try {
      await chrome.tabs.update(tabId, { url });
    } catch (e) {
      throw new StepFailure(`${what} failed: ${e.message}`);
    }
  }
  const r = await loadOrUnblock(ctx, snap, ctx.deadline, what);
  if (!r.ok) return { ok: false, error: r.error, dispatched: true };
  return { ok: true, dispatched: true, ...(r.partial ? { data: 'the page is usable but still loading' } : {}) };
}

async function doExtractList(ctx) {
  const { step, tabId } = ctx;
  if (!step.selector || (!step.selector.css && !step.selector.path)) throw new StepFailure('an extractList step needs a selector for the items');
  const requested = positive(step.limit);
  const limit = requested || LIST_BOUND;
  const pageStep = { selector: step.selector, fields: step.fields, value: step.value, run: `${ctx.t0}-${Math.random().toString(36).slice(2)}` };
  const rows = [];
  let pages = 1;
  let truncated = false;
  // First batch: wait for at least one item, like any element step.
  let batch = await attemptUntilDone(ctx, 'listItems', [pageStep], { acts: false }).catch((e) => ({ error: e.message }));
  if (batch.error) throw new StepFailure(batch.error);
  for (let round = 0; ; round++) {
    if (batch.matched === 0 && rows.length === 0 && round === 0) {
      // listItems answers with no items rather than retry; poll here for a late list.
      batch = await pollList(ctx, pageStep, ctx.deadline);
      if (!batch || !batch.rows.length) throw new StepFailure(`no element matches ${describe(step.selector)} (waited ${ctx.timeout} ms)`);
    }
    for (const row of batch.rows) {
      if (rows.length >= limit) { truncated = true; break; }
      rows.push(row);
    }
    if (rows.length >= limit) {
      if (batch.next || (batch.scroll && batch.scrollable)) truncated = true;
      break;
    }
    if (Date.now() >= ctx.deadline || round >= 200) { truncated = !!(batch.next || batch.scroll); break; }
    let more = null;
    if (batch.next) {
      const snap = snapshot(tabId);
      let clicked;
      try {
        clicked = await callPage(tabId, 'listNext', [pageStep], remaining(ctx) + 1000);
      } catch (e) {
        clicked = { ok: false, error: e.message };
      }
      if (!clicked.ok) break;
      await sleep(60);
      const n = since(tabId, snap);
      if (n.started || n.committed) {
        const loaded = await waitForLoad(tabId, snap, ctx.deadline, 'the next page');
        if (!loaded.ok) throw new StepFailure(`after ${rows.length} item(s): ${loaded.error}`);
      }
      more = await pollList(ctx, pageStep, Math.min(ctx.deadline, Date.now() + 5000));
      if (more) pages++;
    } else if (batch.scroll && batch.scrollable) {
      try {
        await callPage(tabId, 'listScroll', [], 2000);
      } catch { break; }
      more = await pollList(ctx, pageStep, Math.min(ctx.deadline, Date.now() + 2500));
      if (more) pages++;
    }
    if (!more || !more.rows.length) break;
    batch = more;
  }
  const fieldNames = step.fields && Object.keys(step.fields).length ? Object.keys(step.fields) : ['text'];
  const masked = rows.map((r) => Object.fromEntries(fieldNames.map((k) => [k, ctx.mask(r[k] ?? '')])));
  return { ok: true, data: JSON.stringify(masked), items: masked.length, pages, truncated };
}

/** Polls listItems until it yields new rows or the deadline passes; null when none came. */
async function pollList(ctx, pageStep, until) {
  for (;;) {
    try {
      const r = await callPage(ctx.tabId, 'listItems', [pageStep], Math.max(1000, until - Date.now()));
      if (r.error) throw new StepFailure(r.error);
      if (r.rows.length) return r;
    } catch (e) {
      if (e instanceof StepFailure || e.fatal) throw new StepFailure(e.message);
    }
    if (Date.now() >= until) return null;
    await sleep(POLL_MS);
  }
}

function describe(sel) {
  const base = sel.css ? `css '${sel.css}'` : `path '${sel.path}'`;
  return sel.enter && sel.enter.length ? `${base} inside ${sel.enter.map((e) => `'${e}'`).join(' > ')}` : base;
}

async function doCaptureUrl(ctx) {
  const { step, tabId } = ctx;
  if (!step.url) throw new StepFailure('a captureUrl step needs url');
  const url = substituted(ctx, step.url, 'url');
  const params = {};
  for (const [k, v] of Object.entries(step.body_params || {})) params[k] = substituted(ctx, String(v), `body_params.${k}`);
  const method = String(step.method || 'GET').toUpperCase();
  let r;
  try {
    r = await callPage(tabId, 'fetchFile', [{ url, method, body_params: params, max_bytes: MAX_FILE_BYTES }], remaining(ctx) + 1000);
  } catch (e) {
    throw new StepFailure(e.timedOut ? `the download did not finish in ${ctx.timeout} ms` : e.message);
  }
  if (!r.ok) return { ok: false, error: r.error, dispatched: true };
  const filename = step.filename || filenameFrom(r.disposition, r.final_url) || 'download';
  return {
    ok: true,
    dispatched: true,
    data: `${filename} (${r.size} bytes, ${r.mime})`,
    file: { filename, mime: r.mime, size: r.size, base64: r.base64 },
  };
}

function filenameFrom(disposition, url) {
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition || '');
  if (star) {
    try { return decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')); } catch { /* fall through */ }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition || '');
  if (plain) return plain[1].trim();
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

// ---- upload ----

const TOKEN_ONLY = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

async function doUpload(ctx) {
  const { step } = ctx;
  const names = [...String(step.value || '').matchAll(TOKEN_ONLY)].map((m) => m[1]);
  if (!names.length) throw new StepFailure('an upload step needs value = the file placeholder, e.g. {{ resume }}');
  const files = [];
  for (const name of names) {
    const f = ctx.files[name];
    if (!f || typeof f.base64 !== 'string' || typeof f.filename !== 'string') throw new StepFailure(`no file was given for {{ ${name} }}`);
    files.push({ filename: f.filename, mime: typeof f.mime === 'string' && f.mime ? f.mime : 'application/octet-stream', base64: f.base64 });
  }
  const r = await attemptUntilDone(ctx, 'performInPage', [{ type: 'upload', selector: step.selector }, {}, { step_id: ctx.stepId, files }], { acts: true });
  // The reply names the files, never their contents.
  return r;
}

// ---- captureDownload ----

async function doCaptureDownload(ctx) {
  const { step, tabId } = ctx;
  if (!step.selector || (!step.selector.css && !step.selector.path)) throw new StepFailure('a captureDownload step needs the selector of the link or button that downloads');
  const params = {};
  for (const [k, v] of Object.entries(step.body_params || {})) params[k] = substituted(ctx, String(v), `body_params.${k}`);
  let trapped = null;
  ctx.downloads.trap = (d) => { trapped = trapped || d; if (ctx.downloads.wake) ctx.downloads.wake(); };
  try {
    const r = await attemptUntilDone(ctx, 'performInPage', [{ type: 'captureDownload', selector: step.selector }, {}, { step_id: ctx.stepId }], { acts: true });
    if (!r.ok) return r;
    let plan = r.plan;
    if (!plan) {
      // The page's own script started it: take the download the browser began.
      const started = Date.now();
      const until = Math.min(ctx.deadline, started + 5000);
      while (!trapped && Date.now() < until) await nextDownload(ctx.downloads, until - Date.now());
      if (!trapped) return { ok: false, dispatched: true, error: `the click did not start a download (waited ${until === ctx.deadline ? ctx.timeout : until - started} ms)` };
      plan = { url: trapped.url, method: 'GET', fields: [], replace_query: false };
    }
    let got;
    try {
      got = await callPage(tabId, 'fetchFile', [{ ...plan, body_params: params, max_bytes: MAX_FILE_BYTES }], remaining(ctx) + 1000);
    } catch (e) {
      return { ok: false, dispatched: true, error: e.timedOut ? `the download did not finish in ${ctx.timeout} ms` : e.message };
    }
    if (!got.ok) return { ok: false, error: got.error, dispatched: true };
    const filename = step.filename || filenameFrom(got.disposition, null) || (trapped && trapped.filename) || filenameFrom('', got.final_url) || 'download';
    return { ok: true, dispatched: true, data: `${filename} (${got.size} bytes, ${got.mime})`, file: { filename, mime: got.mime, size: got.size, base64: got.base64 } };
  } finally {
    ctx.downloads.trap = null;
  }
}

// ---- capturePageFile ----

function bytesToBase64(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

function safeName(title, ext) {
  const base = String(title || '').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${base || 'page'}.${ext}`;
}

async function doCapturePageFile(ctx) {
  const { step, tabId } = ctx;
  const format = String(step.format || 'html').toLowerCase();
  if (format === 'mhtml') {
    if (!chrome.pageCapture) throw new StepFailure('this browser does not let the extension save pages as MHTML');
    let bytes = null;
    let last = null;
    // The blob is backed by a temporary file that is now and then gone before it is read: once more.
    for (let i = 0; i < 2 && !bytes; i++) {
      let blob;
      try {
        blob = await chrome.pageCapture.saveAsMHTML({ tabId });
      } catch (e) {
        throw new StepFailure(`the page could not be saved as MHTML: ${e.message}`);
      }
      if (!blob) throw new StepFailure('the page could not be saved as MHTML');
      if (blob.size > MAX_FILE_BYTES) return { ok: false, error: `the page is ${blob.size} bytes as MHTML, over the ${MAX_FILE_BYTES}-byte limit` };
      try {
        bytes = new Uint8Array(await blob.arrayBuffer());
      } catch (e) {
        last = e;
      }
    }
    if (!bytes) throw new StepFailure(`the page could not be saved as MHTML: ${last && last.message ? last.message : last}`);
    let title = '';
    try { title = (await chrome.tabs.get(tabId)).title; } catch { title = ''; }
    const filename = step.filename || safeName(title, 'mhtml');
    return { ok: true, data: `${filename} (${bytes.length} bytes, multipart/related)`, file: { filename, mime: 'multipart/related', size: bytes.length, base64: bytesToBase64(bytes) } };
  }
  if (format !== 'html') throw new StepFailure(`capturePageFile saves format html or mhtml, not '${step.format}'`);
  let r;
  try {
    r = await callPage(tabId, 'pageHtml', [], Math.max(2000, remaining(ctx)));
  } catch (e) {
    throw new StepFailure(`the page could not be read: ${e.message}`);
  }
  const bytes = new TextEncoder().encode(r.html);
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, error: `the page is ${bytes.length} bytes as HTML, over the ${MAX_FILE_BYTES}-byte limit` };
  const filename = step.filename || safeName(r.title, 'html');
  return { ok: true, data: `${filename} (${bytes.length} bytes, text/html)`, file: { filename, mime: 'text/html', size: bytes.length, base64: bytesToBase64(bytes) } };
}

// ---- eval: a named function of the page ----

const EVAL_CAP = 20000;
const FN_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const FORBIDDEN_SEGMENTS = new Set(['constructor', 'prototype', '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

// Runs in the page's MAIN world. Only the page's own functions: a built-in (eval, Function,
// setTimeout, document.write…) could run code given as a string, so native functions are refused.
async function callNamedFunction(path, args, cap) {
  let owner = window;
  let fn = window;
  for (const part of path.split('.')) {
    if (fn === null || fn === undefined) return { error: `the page has no function ${path}` };
    owner = fn;
    fn = fn[part];
  }
  if (typeof fn !== 'function') return { error: `the page has no function ${path} (it is ${fn === undefined ? 'undefined' : typeof fn})` };
  let source = '';
  try { source = Function.prototype.toString.call(fn); } catch { source = '[native code]'; }
  if (/\{\s*\[native code\]\s*\}\s*$/.test(source)) return { error: `${path} is a built-in function of the browser; eval calls only the page's own functions` };
  let value;
  try {
    value = await fn.apply(owner, args);
  } catch (e) {
    return { error: `${path} threw: ${String(e && e.message ? e.message : e).slice(0, 500)}` };
  }
  let text;
  try {
    text = JSON.stringify(value === undefined ? null : value);
  } catch (e) {
    return { error: `what ${path} returned cannot be written as JSON: ${String(e && e.message ? e.message : e).slice(0, 200)}` };
  }
  if (text === undefined) text = 'null';
  return text.length > cap ? { data: text.slice(0, cap), truncated: true } : { data: text, truncated: false };
}

function substituteArgs(ctx, v, where) {
  if (typeof v === 'string') return substituted(ctx, v, where);
  if (Array.isArray(v)) return v.map((x, i) => substituteArgs(ctx, x, `${where}[${i}]`));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, substituteArgs(ctx, x, `${where}.${k}`)]));
  return v;
}

async function doEval(ctx) {
  const { step, tabId } = ctx;
  const name = String(step.fn || '').trim();
  if (!name) throw new StepFailure('an eval step needs fn, the name of a function of the page (e.g. "app.refresh")');
  if (!FN_NAME.test(name) || name.split('.').some((p) => FORBIDDEN_SEGMENTS.has(p))) {
    throw new StepFailure(`fn must be the name of a function of the page (like "app.refresh"), not '${name.slice(0, 80)}'`);
  }
  const args = substituteArgs(ctx, Array.isArray(step.args) ? step.args : [], 'args');
  await guardDialogs(tabId, step.accept_dialog);
  ctx.guarded = true;
  const snap = snapshot(tabId);
  let timer;
  const call = chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', injectImmediately: true, func: callNamedFunction, args: [name, args, EVAL_CAP] });
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), Math.max(1, remaining(ctx))); });
  let r;
  try {
    const [res] = await Promise.race([call, timeout]);
    r = res ? res.result : null;
  } catch (e) {
    if (e.message === 'timeout') return { ok: false, uncertain: true, error: `${name} did not return within ${ctx.timeout} ms` };
    const n = since(tabId, snap);
    return { ok: false, uncertain: n.started || n.committed, error: `${name} could not be called: ${e.message}` };
  } finally {
    clearTimeout(timer);
  }
  if (!r) return { ok: false, uncertain: true, error: `${name} gave no answer (the page navigated or was replaced)` };
  if (r.error) return { ok: false, error: r.error };
  const n = since(tabId, snap);
  if (n.started || n.committed) await waitForLoad(tabId, snap, Math.max(ctx.deadline, Date.now() + 2000), `the navigation ${name} started`);
  return { ok: true, data: r.data, ...(r.truncated ? { truncated: true } : {}) };
}

// ---- tabs ----

function tabIdOf(step) {
  const raw = step.value ?? step.tab;
  const id = Number(String(raw ?? '').trim());
  if (!Number.isInteger(id) || id < 0) throw new StepFailure(`a ${step.type} step needs value = a tab id (from the observation's tabs), not '${raw ?? ''}'`);
  return id;
}

async function tabOrFail(id) {
  try {
    return await chrome.tabs.get(id);
  } catch {
    throw new StepFailure(`there is no tab ${id}`);
  }
}

async function makeTaskTab(ctx, tab) {
  await chrome.tabs.update(tab.id, { active: true });
  try { await chrome.windows.update(tab.windowId, { focused: true }); } catch { /* headless or no windows API */ }
  await setTaskTab(tab.id);
  // The reply describes the tab the task now works in.
  ctx.tabId = tab.id;
  ctx.navSnap = snapshot(tab.id);
}

async function doSwitchTab(ctx) {
  const id = tabIdOf(ctx.step);
  const tab = await tabOrFail(id);
  const current = await currentTaskTabId();
  const mine = await taskTabs();
  if (id !== current && !mine.opened.includes(id) && !mine.adopted.includes(id) && !mine.worked.includes(id)) {
    throw new StepFailure(`tab ${id} is not one of the task's tabs (use adoptTab for a tab the person already had open on the task's sites)`);
  }
  await makeTaskTab(ctx, tab);
  return { ok: true, data: `switched to tab ${id}` };
}

async function doCloseTab(ctx) {
  const id = tabIdOf(ctx.step);
  await tabOrFail(id);
  const current = await currentTaskTabId();
  const mine = await taskTabs();
  if (id === current || id === ctx.tabId) throw new StepFailure(`tab ${id} is the current tab; switch to another task tab before closing it`);
  if (mine.adopted.includes(id)) throw new StepFailure(`tab ${id} was adopted: it stays the person's and is not closed`);
  if (!mine.opened.includes(id)) throw new StepFailure(`tab ${id} was not opened by this task, so it is not closed`);
  try {
    await chrome.tabs.remove(id);
  } catch (e) {
    throw new StepFailure(`tab ${id} could not be closed: ${e.message}`);
  }
  return { ok: true, data: `closed tab ${id}` };
}

async function doAdoptTab(ctx) {
  const id = tabIdOf(ctx.step);
  const tab = await tabOrFail(id);
  const mine = await taskTabs();
  const current = await currentTaskTabId();
  if (id === current || mine.opened.includes(id) || mine.adopted.includes(id) || mine.worked.includes(id)) {
    await makeTaskTab(ctx, tab);
    return { ok: true, data: `tab ${id} is already the task's; switched to it` };
  }
  if (!(await onTaskSite(tab.url || tab.pendingUrl || ''))) {
    throw new StepFailure(`tab ${id} is not on one of the task's sites (${mine.sites.join(', ') || 'none yet'}), so it is not adopted`);
  }
  await noteAdopted(id);
  await makeTaskTab(ctx, tab);
  return { ok: true, data: `adopted tab ${id}` };
}

// ---- setViewport ----

async function doSetViewport(ctx) {
  const { step, tabId } = ctx;
  const v = String(step.value ?? '').trim().toLowerCase();
  if (v === 'reset' || v === '') {
    const was = await resetViewport();
    return { ok: true, data: was ? 'viewport reset' : 'the viewport was not changed' };
  }
  const size = parseSize(step.value);
  if (!size) throw new StepFailure(`a setViewport step needs value = WIDTHxHEIGHT (e.g. 1280x800, each 100–10000) or reset, not '${step.value}'`);
  if (tabId !== (await currentTaskTabId())) throw new StepFailure('setViewport changes only the task tab');
  try {
    await setViewport(tabId, size.width, size.height);
  } catch (e) {
    throw new StepFailure(e.message);
  }
  let seen = null;
  try { seen = await callPage(tabId, 'pageState', [], 2000); } catch { seen = null; }
  return { ok: true, data: `viewport ${size.width}x${size.height}${seen && seen.viewport ? ` (the page sees ${seen.viewport})` : ''}` };
}

/** Ends the studio's control: the viewport goes back. */
export async function releaseControl() {
  const viewport = await resetViewport();
  await releaseTrustedInput();
  await clearAutomaticDownloads();
  await dropStaleGuards();
  // The task is over: its tabs and sites are forgotten (adopted tabs stay open, the person's).
  await forgetTaskTabs();
  workedTabs.clear();
  return { viewport_reset: viewport };
}

/**
 * Outlines what selector picks in the tab (null clears), for the `highlight` request.
 * Resolves to {ok, count} or {ok: false, error}.
 */
export async function highlightInTab(tabId, selector) {
  try {
    return await callPage(tabId, 'highlight', [selector ?? null], 5000);
  } catch (e) {
    return { ok: false, error: e.message };
  }
}
