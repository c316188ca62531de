// @ts-check
// Page attempts of a step: one page call per attempt, polled until the step's timeout, and the
// waits that follow an input (navigation, conditions, WaitConfig).
import { onFirefox } from '../engine.js';
import { callPage, PageCallError } from './page-call.js';
import { snapshot, since, waitForLoad, tabsOpenedBy, nextEvent } from './navigation.js';
import { guardDialogs, guardNavigation, guardSite, answers } from './dialogs.js';
import { nextDownload } from './downloads.js';
import { StepFailure, sleep, pollDelay, positive, remaining, LASTING_MS } from './step-common.js';

/** @typedef {import('./step-common.js').RunningStep} RunningStep */
/** @typedef {import('./navigation.js').NavCounters} NavCounters */
/** @typedef {import('./navigation.js').LoadResult} LoadResult */
/** @typedef {import('../page/page-calls.js').PageCalls} PageCalls */
/** @typedef {import('../page/page-calls.js').PageStepResult} PageStepResult */

/**
 * Resolves at the tab's next navigation event, the step's next download (when it watches them) or after ms,
 * whichever comes first.
 * @param {number} tabId
 * @param {import('./downloads.js').DownloadWatch | undefined} downloads
 * @param {number} ms
 */
function nextEventOrDownload(tabId, downloads, ms) {
  return Promise.race([nextEvent(tabId, ms), ...(downloads ? [nextDownload(downloads, ms)] : [])]);
}

/**
 * Calls a page function that makes one attempt, until it acts or fails for good or the
 * deadline passes. A call that fails after it may have dispatched is never repeated: unless
 * the same document confirms what happened, the step is reported uncertain.
 * @overload
 * @param {RunningStep} ctx
 * @param {'performInPage'} fn
 * @param {Parameters<PageCalls['performInPage']>} args
 * @param {{acts: boolean}} how acts: the call may dispatch input
 * @returns {Promise<PageStepResult>}
 */
/**
 * @overload
 * @param {RunningStep} ctx
 * @param {'listItems'} fn
 * @param {Parameters<PageCalls['listItems']>} args
 * @param {{acts: boolean}} how
 * @returns {Promise<import('../page/page-calls.js').ListBatch>}
 */
/**
 * @param {RunningStep} ctx
 * @param {'performInPage' | 'listItems'} fn
 * @param {Parameters<PageCalls['performInPage']> | Parameters<PageCalls['listItems']>} args
 * @param {{acts: boolean}} how
 * @returns {Promise<PageStepResult>}
 */
export async function attemptUntilDone(ctx, fn, args, { acts }) {
  /** @type {string | null | undefined} */
  let lastError = null;
  /** @type {string | null | undefined} */
  let lastDoc = null;
  if (acts) {
    // The document the step starts in: known from the tab's last page call when no navigation
    // has committed since, else asked for.
    lastDoc = knownDoc(ctx.tabId);
    if (!lastDoc) {
      try { lastDoc = noteDoc(ctx.tabId, (await callPage(ctx.tabId, 'pageState', [], 2000)).doc); } catch { lastDoc = null; }
    }
  }
  /** @type {string | null | undefined} the document the guard was installed in, or 'failed' */
  let guardInstalledIn = null;
  // since when every answer has said the element itself is what keeps the step (0: the last one did not)
  let lastingSince = 0;
  for (let attempt = 0, waits = 0; ; attempt++) {
    if (waits > 0) {
      if (Date.now() >= ctx.deadline) throw new StepFailure(`${lastError || 'the page was not ready'} (waited ${ctx.timeout} ms)`);
      await sleep(Math.min(pollDelay(waits), remaining(ctx)));
    }
    waits++;
    /** @type {PageStepResult} */
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
      // the page asks for the guard only when the call sent one
      if (guardInstalledIn !== 'failed') await guardDialogs(ctx.tabId, /** @type {{accept: boolean}} */ (ctx.inlineGuard).accept);
      attempt--;
      waits = 0;
      continue;
    }
    if (r.ok || r.dispatched || !r.retry) return r;
    lastError = r.error;
    if (!r.lasting) lastingSince = 0;
    else if (!lastingSince) lastingSince = Date.now();
    else if (Date.now() - lastingSince >= LASTING_MS) throw new StepFailure(`${r.error} (still so after ${LASTING_MS} ms)`);
  }
}

// performInPage takes the attempt number and the dialog guard in its options (the third argument).
/**
 * @template {unknown[]} A
 * @param {A} args
 * @param {number} attempt
 * @param {{accept: boolean} | null} guard
 * @returns {A} the same call, its options with the attempt and the guard
 */
function withAttempt(args, attempt, guard) {
  if (args.length < 3 || typeof args[2] !== 'object' || args[2] === null) return args;
  return /** @type {A} */ ([args[0], args[1], { .../** @type {object} */ (args[2]), attempt, ...(guard ? { guard } : {}) }]);
}

// The last document id each tab's page script reported, with the tab's commit count then.
/** @type {Map<number, {doc: string, committed: number}>} */
const docs = new Map();

/**
 * @param {number} tabId
 * @param {string | undefined} doc
 */
function noteDoc(tabId, doc) {
  if (doc) docs.set(tabId, { doc, committed: snapshot(tabId).committed });
  return doc;
}

/** @param {number} tabId */
function knownDoc(tabId) {
  const d = docs.get(tabId);
  return d && d.committed === snapshot(tabId).committed ? d.doc : null;
}

/**
 * @param {RunningStep} ctx
 * @returns {Promise<import('../page/page-calls.js').PageStepRecord | null>}
 */
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
 * @param {RunningStep} ctx
 * @param {{navigating?: boolean, new_tab?: boolean}} signals what the page call saw the input start
 */
export async function settleNavigation(ctx, signals) {
  const { tabId } = ctx;
  let n = since(tabId, ctx.navSnap);
  /** @type {(() => Promise<void>) | null} */
  let unguard = null;
  if (signals.navigating) {
    // The new document's dialogs must not block its load (best effort: the page's own host).
    try { unguard = await guardNavigation((await chrome.tabs.get(tabId)).url, ctx.step.accept_dialog); } catch { unguard = null; }
    ctx.navGuard = !!unguard;
    // The page may still cancel or intercept it: give it a moment to reach the browser.
    const until = Date.now() + 500;
    // (a link that downloads starts no navigation the browser reports: its download says it went)
    while (Date.now() < until && !(n.started || n.committed || n.sameDoc) && !(ctx.downloads && ctx.downloads.seen.length)) {
      const left = until - Date.now();
      await nextEventOrDownload(tabId, ctx.downloads, left);
      n = since(tabId, ctx.navSnap);
    }
  }
  try {
    if (n.started || n.committed) {
      const loaded = await loadOrUnblock(ctx, ctx.navSnap, Math.max(ctx.deadline, Date.now() + 2000), 'the navigation it started');
      await catchDownloadOf(ctx, loaded);
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
const ABORT_LISTEN_MS = 1000;

/**
 * @param {RunningStep} ctx
 * @param {NavCounters} snap
 * @param {number} deadline
 * @param {string} what
 * @returns {Promise<LoadResult>}
 */
export async function loadOrUnblock(ctx, snap, deadline, what) {
  const { tabId } = ctx;
  let reloaded = false;
  for (;;) {
    const r = await waitForLoad(tabId, snap, Math.min(deadline, Date.now() + 1000), what);
    if (r.final && r.aborted) {
      // A page may stop a navigation and start it again (a form sent again by its script): listen a moment longer.
      // (one that became a download was not stopped by the page: its download ends the listening)
      const restart = snapshot(tabId);
      const until = Math.min(deadline, Date.now() + ABORT_LISTEN_MS);
      const downloaded = () => !!(ctx.downloads && ctx.downloads.seen.length);
      while (Date.now() < until && !since(tabId, restart).started && !downloaded()) {
        const left = until - Date.now();
        await nextEventOrDownload(tabId, ctx.downloads, left);
      }
      if (since(tabId, restart).started) {
        snap = restart;
        continue;
      }
      return r;
    }
    // A navigation the browser failed (refused, unsafe port, no such host) is said at once, not at the deadline.
    if (r.ok || r.final || Date.now() >= deadline) return r;
    const n = since(tabId, snap);
    // (a load that did not end ok says why)
    if (!n.committed || n.failed || !/did not finish loading/.test(/** @type {string} */ (r.error)) || reloaded) continue;
    // Firefox runs a page's scripts (and so ours) while its dialog is open: a page that does not answer there is busy
    // (compiling, rendering), not stopped by a dialog, and a reload would only start its work over.
    if (await answers(tabId, onFirefox ? 3000 : 300)) continue;
    if (n.transition === 'form_submit') {
      return { ok: false, error: `${what} is stopped by a dialog the new page opened (a site the extension was not guarding yet); it was a form submission, so it is not reloaded: answer the dialog in the browser` };
    }
    let url;
    try { url = (await chrome.tabs.get(tabId)).url; } catch { return r; }
    await guardSite(url);
    snap = snapshot(tabId);
    try { await chrome.tabs.reload(tabId); } catch { return r; }
    reloaded = true;
    ctx.navGuard = true;
  }
}
// ---- conditions and waits ----

/**
 * @param {RunningStep} ctx
 * @param {import('../wire.js').Condition} condition
 */
export async function conditionHolds(ctx, condition) {
  /** @type {string | undefined} */
  let last;
  let tries = 0;
  for (;;) {
    try {
      const r = await callPage(ctx.tabId, 'checkCondition', [condition], Math.max(2000, remaining(ctx)));
      if (!r.ok) throw new StepFailure(`condition: ${r.error}`);
      return r;
    } catch (e) {
      // a StepFailure from above, or callPage's PageCallError
      if (e instanceof StepFailure || /** @type {PageCallError} */ (e).fatal) throw new StepFailure(/** @type {Error} */ (e).message);
      last = /** @type {PageCallError} */ (e).message;
    }
    if (Date.now() >= ctx.deadline) throw new StepFailure(`could not check the condition: ${last}`);
    await sleep(pollDelay(++tries));
  }
}

/**
 * Polls checkWait until every predicate holds (across navigations), then applies delay_ms.
 * @param {RunningStep} ctx
 * @param {import('../wire.js').WaitConfig} wait
 * @param {number} timeoutMs
 * @returns {Promise<{ok: boolean, error?: string, waited_ms?: number}>}
 */
export async function waitFor(ctx, wait, timeoutMs) {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const hasCondition = wait.selector || wait.text || wait.url_includes;
  /** @type {string | undefined} */
  let pending;
  let tries = 0;
  while (hasCondition) {
    try {
      const r = await callPage(ctx.tabId, 'checkWait', [wait], Math.max(1000, deadline - Date.now()));
      if (!r.ok) return { ok: false, error: `the wait is not usable: ${r.error}` };
      if (r.holds) break;
      pending = r.pending;
    } catch (e) {
      // callPage rejects with a PageCallError
      if (/** @type {PageCallError} */ (e).fatal) return { ok: false, error: /** @type {PageCallError} */ (e).message };
      pending = 'the page was loading';
    }
    if (Date.now() >= deadline) return { ok: false, error: `timed out after ${timeoutMs} ms waiting: ${pending}` };
    await sleep(Math.min(pollDelay(++tries), Math.max(1, deadline - Date.now())));
  }
  if (positive(wait.delay_ms)) await sleep(/** @type {number} */ (wait.delay_ms));
  return { ok: true, waited_ms: Date.now() - started };
}

/**
 * A navigation that turned into a download (aborted): the download reaches chrome.downloads a little later.
 * @param {RunningStep} ctx
 * @param {LoadResult} loaded
 */
export async function catchDownloadOf(ctx, loaded) {
  if (loaded.ok || !loaded.aborted || !ctx.downloads || ctx.downloads.seen.length) return;
  const until = Date.now() + 1500;
  while (!ctx.downloads.seen.length && Date.now() < until) await nextDownload(ctx.downloads, until - Date.now());
}
