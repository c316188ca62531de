// @ts-check
// Step handlers that work in the page: element actions, extract, wait, navigate, extractList,
// captureUrl, upload and captureDownload.
import { callPage } from './page-call.js';
import { snapshot, since, waitForLoad, nextEvent } from './navigation.js';
import { guardNavigation } from './dialogs.js';
import { nextDownload } from './downloads.js';
import { trustedInputs } from './trusted-steps.js';
import { attemptUntilDone, catchDownloadOf, loadOrUnblock, waitFor } from './attempts.js';
import { tokenNames } from './values.js';
import { isCancelled, progress, stoppedEffect } from './long-steps.js';
import {
  StepFailure, LIST_BOUND, POLL_MS, MAX_FILE_BYTES, sleep, positive, isEmptyWait, remaining, substituted,
} from './step-common.js';
/** @import { RunningStep } from './step-common.js' */
/** @import { PageCallError } from './page-call.js' */
/** @import { NavCounters } from './navigation.js' */
/** @import { PageStepResult, ListStep, ListBatch, ListRow, Point, PageUploadFile } from '../page/page-calls.js' */

export async function pageAction(/** @type {RunningStep} */ ctx) {
  const { step } = ctx;
  let value = step.value;
  // A fill without value clears the field: the studio's JSON leaves an empty value out.
  if (step.type === 'fill' && (value === undefined || value === null)) value = '';
  if (step.type === 'select' && typeof value !== 'string') throw new StepFailure('a select step needs a value (the option value or label)');
  if (step.type === 'fill' || step.type === 'select') value = substituted(ctx, /** @type {string} */ (value), 'value'); // a string by now
  const pageStep = { type: step.type, selector: step.selector, value: step.type === 'fill' || step.type === 'select' ? undefined : step.value,
    ...(ctx.identity && step.target ? { target: step.target } : {}) };
  const trusted = ctx.trusted && (step.type === 'click' || step.type === 'fill' || step.type === 'press' || step.type === 'select');
  // A value typed from a {{ token }} is never quoted back, not even reformatted by the page.
  const echo = !((step.type === 'fill' || step.type === 'select') && tokenNames(step.value).length);
  ctx.effectKey = ctx.stepId ?? `step-${ctx.t0}-${Math.random().toString(36).slice(2)}`;
  const expect = ctx.expectInPage ? { expect: ctx.expectInPage } : {};
  const r = await attemptUntilDone(ctx, 'performInPage', [pageStep, {}, { step_id: ctx.effectKey, value, echo, ...(trusted ? { trusted: true } : {}), ...(ctx.identity ? { identity: true } : {}), ...expect }], { acts: true });
  // trusted input: the check comes with finishTrusted, on the element the prepared call chose (a heal's, if any)
  if (ctx.expectInPage) ctx.expectInPage = { ...ctx.expectInPage, selector: (r.healed && /** @type {import('../wire.js').Selector} */ (r.healed.to)) || step.selector || null };
  // A heal is evidence about which element was acted on: it stays on the reply whichever way the input went.
  const healed = r.healed ? { healed: r.healed } : {};
  return { ...(await trustedInputs(ctx, r)), ...healed };
}

export async function doExtract(/** @type {RunningStep} */ ctx) {
  const { step } = ctx;
  return attemptUntilDone(ctx, 'performInPage', [{ type: 'extract', selector: step.selector, attribute: step.attribute, format: step.format }, {}, {}], { acts: false });
}

export async function doWait(/** @type {RunningStep} */ ctx) {
  const { step } = ctx;
  let wait = step.wait;
  if ((!wait || isEmptyWait(wait)) && step.selector && step.selector.css) wait = { selector: step.selector.css };
  if (!wait || isEmptyWait(wait)) throw new StepFailure('a wait step needs wait.selector, wait.text, wait.url_includes or wait.delay_ms');
  const w = await waitFor(ctx, wait, positive(wait.timeout_ms) || ctx.timeout);
  if (!w.ok) return { ok: false, error: w.error };
  return { ok: true, data: `waited ${w.waited_ms} ms` };
}

const HISTORY = { back: -1, forward: 1, reload: 0 };

async function historyStep(/** @type {RunningStep} */ ctx, /** @type {number} */ delta, /** @type {NavCounters} */ snap) {
  try {
    await chrome.scripting.executeScript({ target: { tabId: ctx.tabId, frameIds: [0] }, injectImmediately: true, func: (d) => { history.go(d); }, args: [delta] });
  } catch (e) {
    throw new StepFailure(`cannot go ${delta < 0 ? 'back' : 'forward'}: ${/** @type {Error} */ (e).message}`);
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

export async function doNavigate(/** @type {RunningStep} */ ctx) {
  const { step, tabId } = ctx;
  // back/forward/reload as the url (as the prompt writes it) or, with no url, as the value.
  const asUrl = String(step.url || '').trim().toLowerCase();
  const how = Object.hasOwn(HISTORY, asUrl) ? asUrl : String(step.value || '').trim().toLowerCase();
  const snap = snapshot(tabId);
  ctx.navSnap = ctx.navSnap || snap;
  let unguard = /** @type {(() => Promise<void>) | null} */ (null); // (a cast: the callback sets it)
  try {
    return await navigateGuarded(ctx, how, snap, (u) => guardNavigation(u, step.accept_dialog).then((f) => { unguard = f; ctx.navGuard = true; }));
  } finally {
    if (unguard) await unguard();
  }
}

// Dialogs of the new page (an alert while it loads) are answered by a guard registered for the
// destination's host before the navigation starts, and reported under `dialogs`.
/** @param {(url: string | undefined) => Promise<void>} guard */
async function navigateGuarded(/** @type {RunningStep} */ ctx, /** @type {string} */ how, /** @type {NavCounters} */ snap, guard) {
  const { step, tabId } = ctx;
  let what;
  if (Object.hasOwn(HISTORY, how) && (!step.url || Object.hasOwn(HISTORY, String(step.url).trim().toLowerCase()))) {
    try { await guard((await chrome.tabs.get(tabId)).url); } catch { /* no tab: the step says so */ }
    what = how === 'reload' ? 'the reload' : `going ${how}`;
    if (how === 'reload') {
      try {
        await chrome.tabs.reload(tabId);
      } catch (e) {
        throw new StepFailure(`cannot reload: ${/** @type {Error} */ (e).message}`);
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
    let base;
    if (!URL.canParse(url)) {
      // A relative url is read against the tab's own address; a tab that has gone is said so, not "invalid url".
      try {
        base = (await chrome.tabs.get(tabId)).url || undefined;
      } catch {
        throw new StepFailure(`the tab this step acts on (tab ${tabId}) has closed; observe again to choose a tab`);
      }
    }
    try {
      url = new URL(url, base).href;
    } catch {
      throw new StepFailure(`invalid url '${step.url}'`);
    }
    what = `navigation to ${url}`;
    await guard(url);
    try {
      await chrome.tabs.update(tabId, { url });
    } catch (e) {
      throw new StepFailure(`${what} failed: ${/** @type {Error} */ (e).message}`);
    }
  }
  const r = await loadOrUnblock(ctx, snap, ctx.deadline, what);
  await catchDownloadOf(ctx, r);
  if (!r.ok) return { ok: false, error: r.error, dispatched: true };
  return { ok: true, dispatched: true, ...(r.partial ? { data: 'the page is usable but still loading' } : {}) };
}

export async function doExtractList(/** @type {RunningStep} */ ctx) {
  const { step, tabId } = ctx;
  if (!step.selector || (!step.selector.css && !step.selector.path)) throw new StepFailure('an extractList step needs a selector for the items');
  const requested = positive(step.limit);
  const limit = requested || LIST_BOUND;
  /** @type {ListStep} */ const pageStep = { selector: step.selector, fields: step.fields, value: step.value, run: `${ctx.t0}-${Math.random().toString(36).slice(2)}` };
  /** @type {ListRow[]} */ const rows = [];
  let pages = 1;
  let truncated = false;
  // The person may stop a long list between pages (the `cancel` request, long-steps.js): it ends with what it read.
  const stopped = () => isCancelled(ctx.stepId);
  // First batch: wait for at least one item, like any element step.
  /** @type {ListBatch | null} */ // ({error} ends the step just below)
  let batch = /** @type {ListBatch} */ (await attemptUntilDone(ctx, 'listItems', [pageStep], { acts: false }).catch((e) => ({ error: e.message })));
  if (batch.error) throw new StepFailure(batch.error);
  for (let round = 0; ; round++) {
    if (batch.matched === 0 && rows.length === 0 && round === 0) {
      // listItems answers with no items rather than retry; poll here for a late list.
      batch = await pollList(ctx, pageStep, ctx.deadline, stopped);
      if (stopped()) break;
      if (!batch || !batch.rows.length) throw new StepFailure(`no element matches ${describe(step.selector)} (waited ${ctx.timeout} ms)`);
    }
    for (const row of batch.rows) {
      if (rows.length >= limit) { truncated = true; break; }
      rows.push(row);
    }
    progress(ctx.stepId, rows.length, pages);
    if (rows.length >= limit) {
      if (batch.next || (batch.scroll && batch.scrollable)) truncated = true;
      break;
    }
    if (stopped()) break;
    if (Date.now() >= ctx.deadline || round >= 200) { truncated = !!(batch.next || batch.scroll); break; }
    /** @type {ListBatch | null} */ let more = null;
    if (batch.next) {
      const snap = snapshot(tabId);
      /** @type {PageStepResult} */ let clicked;
      try {
        clicked = await callPage(tabId, 'listNext', [pageStep], remaining(ctx) + 1000);
      } catch (e) {
        clicked = { ok: false, error: /** @type {Error} */ (e).message };
      }
      if (!clicked.ok) break;
      await sleep(60);
      const n = since(tabId, snap);
      if (n.started || n.committed) {
        const loaded = await waitForLoad(tabId, snap, ctx.deadline, 'the next page');
        if (!loaded.ok) throw new StepFailure(`after ${rows.length} item(s): ${loaded.error}`);
      }
      more = await pollList(ctx, pageStep, Math.min(ctx.deadline, Date.now() + 5000), stopped);
      if (more) pages++;
    } else if (batch.scroll && batch.scrollable) {
      try {
        await callPage(tabId, 'listScroll', [], 2000);
      } catch { break; }
      more = await pollList(ctx, pageStep, Math.min(ctx.deadline, Date.now() + 2500), stopped);
      if (more) pages++;
    }
    if (!more || !more.rows.length) break;
    batch = more;
  }
  const fieldNames = step.fields && Object.keys(step.fields).length ? Object.keys(step.fields) : ['text'];
  const masked = rows.map((r) => Object.fromEntries(fieldNames.map((k) => [k, ctx.mask(r[k] ?? '')])));
  if (stopped()) {
    // Stopped by the person: the rows read so far, marked truncated, and the effect says who stopped it and where.
    return { ok: true, data: JSON.stringify(masked), items: masked.length, pages, truncated: true, stopped: true, effect: stoppedEffect(masked.length, pages) };
  }
  return { ok: true, data: JSON.stringify(masked), items: masked.length, pages, truncated };
}

/** Polls listItems until it yields new rows, the deadline passes or stop() says so; null when none came. @returns {Promise<ListBatch | null>} */
async function pollList(/** @type {RunningStep} */ ctx, /** @type {ListStep} */ pageStep, /** @type {number} */ until, stop = () => false) {
  for (;;) {
    if (stop()) return null;
    try {
      const r = await callPage(ctx.tabId, 'listItems', [pageStep], Math.max(1000, until - Date.now()));
      if (r.error) throw new StepFailure(r.error);
      if (r.rows.length) return r;
    } catch (e) {
      if (e instanceof StepFailure || /** @type {PageCallError} */ (e).fatal) throw new StepFailure(/** @type {Error} */ (e).message);
    }
    if (Date.now() >= until) return null;
    await sleep(POLL_MS);
  }
}

function describe(/** @type {import('../wire.js').Selector} */ sel) {
  const base = sel.css ? `css '${sel.css}'` : `path '${sel.path}'`;
  return sel.enter && sel.enter.length ? `${base} inside ${sel.enter.map((e) => `'${e}'`).join(' > ')}` : base;
}

export async function doCaptureUrl(/** @type {RunningStep} */ ctx) {
  const { step, tabId } = ctx;
  if (!step.url) throw new StepFailure('a captureUrl step needs url');
  const url = substituted(ctx, step.url, 'url');
  /** @type {Record<string, string>} */ const params = {};
  for (const [k, v] of Object.entries(step.body_params || {})) params[k] = substituted(ctx, String(v), `body_params.${k}`);
  const method = String(step.method || 'GET').toUpperCase();
  let r;
  try {
    r = await callPage(tabId, 'fetchFile', [{ url, method, body_params: params, max_bytes: MAX_FILE_BYTES }], remaining(ctx) + 1000);
  } catch (e) {
    throw new StepFailure(/** @type {PageCallError} */ (e).timedOut ? `the download did not finish in ${ctx.timeout} ms` : /** @type {PageCallError} */ (e).message);
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

/** @returns {string | null} */
function filenameFrom(/** @type {string} */ disposition, /** @type {string | null} */ url) {
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition || '');
  if (star) {
    try { return decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')); } catch { /* fall through */ }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition || '');
  if (plain) return plain[1].trim();
  try {
    const last = new URL(/** @type {string} */ (url)).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : null;
  } catch { // (no url throws too: no name)
    return null;
  }
}

// ---- upload ----

export async function doUpload(/** @type {RunningStep} */ ctx) {
  const { step } = ctx;
  const names = tokenNames(step.value || '');
  if (!names.length) throw new StepFailure('an upload step needs value = the file placeholder, e.g. {{ resume }}');
  /** @type {PageUploadFile[]} */ const files = [];
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

export async function doCaptureDownload(/** @type {RunningStep} */ ctx) {
  const { step, tabId } = ctx;
  if (!step.selector || (!step.selector.css && !step.selector.path)) throw new StepFailure('a captureDownload step needs the selector of the link or button that downloads');
  /** @type {Record<string, string>} */ const params = {};
  for (const [k, v] of Object.entries(step.body_params || {})) params[k] = substituted(ctx, String(v), `body_params.${k}`);
  let trapped = /** @type {import('./downloads.js').TrappedDownload | null} */ (null); // (a cast: the trap sets it)
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
      return { ok: false, dispatched: true, error: /** @type {PageCallError} */ (e).timedOut ? `the download did not finish in ${ctx.timeout} ms` : /** @type {PageCallError} */ (e).message };
    }
    if (!got.ok) return { ok: false, error: got.error, dispatched: true };
    const filename = step.filename || filenameFrom(got.disposition, null) || (trapped && trapped.filename) || filenameFrom('', got.final_url) || 'download';
    return { ok: true, dispatched: true, data: `${filename} (${got.size} bytes, ${got.mime})`, file: { filename, mime: got.mime, size: got.size, base64: got.base64 } };
  } finally {
    ctx.downloads.trap = null;
  }
}
