// @ts-check
// Step handlers that work on the browser: capturePageFile, eval (a named function of the page),
// the tab steps and setViewport.
import { callPage } from './page-call.js';
import { snapshot, since, waitForLoad } from './navigation.js';
import { guardDialogs } from './dialogs.js';
import { taskTabs, noteAdopted, onTaskSite, heldByAnotherTask } from './task-tabs.js';
import { parseSize, setViewport, resetViewport } from './viewport.js';
import { setTaskTab, currentTaskTabId } from '../bridge/state.js';
import { StepFailure, MAX_FILE_BYTES, remaining, substituted } from './step-common.js';
import { callNamedFunction } from './named-call.js';
import { requireCapability, requireDebugger } from '../bridge/capabilities.js';

/** @typedef {import('./step-common.js').RunningStep} RunningStep */
/** @typedef {import('../wire.js').StepResult} StepResult */
/** A tab got by its id (so it has one). @typedef {chrome.tabs.Tab & {id: number}} KnownTab */

// ---- capturePageFile ----

/** @param {Uint8Array} bytes */
function bytesToBase64(bytes) {
  let bin = '';
  // apply takes any array-like at run time; its declared type wants number[]
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, /** @type {number[]} */ (/** @type {unknown} */ (bytes.subarray(i, i + 0x8000))));
  return btoa(bin);
}

/**
 * @param {string | undefined} title
 * @param {string} ext
 */
function safeName(title, ext) {
  // control characters are no part of a file name
  // eslint-disable-next-line no-control-regex
  const base = String(title || '').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${base || 'page'}.${ext}`;
}

/**
 * @param {RunningStep} ctx
 * @returns {Promise<StepResult>}
 */
export async function doCapturePageFile(ctx) {
  const { step, tabId } = ctx;
  const format = String(step.format || 'html').toLowerCase();
  if (format === 'mhtml') {
    await requireCapability('page_capture', 'capturePageFile format mhtml', (m) => new StepFailure(m));
    /** @type {Uint8Array | null} */
    let bytes = null;
    /** @type {unknown} */
    let last = null;
    // The blob is backed by a temporary file that is now and then gone before it is read: once more.
    for (let i = 0; i < 2 && !bytes; i++) {
      let blob;
      try {
        blob = await chrome.pageCapture.saveAsMHTML({ tabId });
      } catch (e) {
        throw new StepFailure(`the page could not be saved as MHTML: ${/** @type {Error} */ (e).message}`);
      }
      if (!blob) throw new StepFailure('the page could not be saved as MHTML');
      if (blob.size > MAX_FILE_BYTES) return { ok: false, error: `the page is ${blob.size} bytes as MHTML, over the ${MAX_FILE_BYTES}-byte limit` };
      try {
        bytes = new Uint8Array(await blob.arrayBuffer());
      } catch (e) {
        last = e;
      }
    }
    if (!bytes) throw new StepFailure(`the page could not be saved as MHTML: ${last && /** @type {Error} */ (last).message ? /** @type {Error} */ (last).message : last}`);
    let title;
    try { title = (await chrome.tabs.get(tabId)).title; } catch { title = ''; }
    const filename = step.filename || safeName(title, 'mhtml');
    return { ok: true, data: `${filename} (${bytes.length} bytes, multipart/related)`, file: { filename, mime: 'multipart/related', size: bytes.length, base64: bytesToBase64(bytes) } };
  }
  if (format === 'pdf') return printToPdf(ctx);
  if (format !== 'html') throw new StepFailure(`capturePageFile saves format html, mhtml or pdf, not '${step.format}'`);
  let r;
  try {
    r = await callPage(tabId, 'pageHtml', [], Math.max(2000, remaining(ctx)));
  } catch (e) {
    throw new StepFailure(`the page could not be read: ${/** @type {Error} */ (e).message}`);
  }
  const bytes = new TextEncoder().encode(r.html);
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, error: `the page is ${bytes.length} bytes as HTML, over the ${MAX_FILE_BYTES}-byte limit` };
  const filename = step.filename || safeName(r.title, 'html');
  return { ok: true, data: `${filename} (${bytes.length} bytes, text/html)`, file: { filename, mime: 'text/html', size: bytes.length, base64: bytesToBase64(bytes) } };
}

// Chrome prints a page to PDF through its debugger (Page.printToPDF), as the print dialog would, with
// backgrounds. The debugger is attached for the print only, unless trusted input or a viewport
// override already holds it (then it stays as they left it).
/**
 * @param {RunningStep} ctx
 * @returns {Promise<StepResult>}
 */
async function printToPdf(ctx) {
  const { step, tabId } = ctx;
  requireDebugger('capturePageFile format pdf', 'save the page as html or mhtml', (m) => new StepFailure(m));
  const target = { tabId };
  let attachedHere = false;
  try {
    await chrome.debugger.attach(target, '1.3');
    attachedHere = true;
  } catch (e) {
    if (!/already attached/i.test(String(e && /** @type {Error} */ (e).message))) {
      throw new StepFailure(`the page could not be printed to PDF: Chrome's debugger refused this tab (${e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e})`);
    }
  }
  // the DevTools protocol's answer, as far as it is read here
  /** @type {{data?: unknown} | undefined} */
  let printed;
  try {
    printed = await chrome.debugger.sendCommand(target, 'Page.printToPDF', { printBackground: true, preferCSSPageSize: true });
  } catch (e) {
    throw new StepFailure(`the page could not be printed to PDF: ${e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e}`);
  } finally {
    if (attachedHere) { try { await chrome.debugger.detach(target); } catch { /* gone */ } }
  }
  const base64 = printed && typeof printed.data === 'string' ? printed.data : '';
  if (!base64) throw new StepFailure('the page could not be printed to PDF: Chrome returned no document');
  const size = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (size > MAX_FILE_BYTES) return { ok: false, error: `the page is ${size} bytes as PDF, over the ${MAX_FILE_BYTES}-byte limit` };
  let title;
  try { title = (await chrome.tabs.get(tabId)).title; } catch { title = ''; }
  const filename = step.filename || safeName(title, 'pdf');
  return { ok: true, data: `${filename} (${size} bytes, application/pdf)`, file: { filename, mime: 'application/pdf', size, base64 } };
}

// ---- eval: a named function of the page ----

const EVAL_CAP = 20000;
const FN_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const FORBIDDEN_SEGMENTS = new Set(['constructor', 'prototype', '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

/**
 * v with its strings' tokens substituted, through arrays and objects.
 * @param {RunningStep} ctx
 * @param {unknown} v
 * @param {string} where
 * @returns {unknown}
 */
function substituteArgs(ctx, v, where) {
  if (typeof v === 'string') return substituted(ctx, v, where);
  if (Array.isArray(v)) return v.map((x, i) => substituteArgs(ctx, x, `${where}[${i}]`));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, substituteArgs(ctx, x, `${where}.${k}`)]));
  return v;
}

/**
 * @param {RunningStep} ctx
 * @returns {Promise<StepResult>}
 */
export async function doEval(ctx) {
  const { step, tabId } = ctx;
  const name = String(step.fn || '').trim();
  if (!name) throw new StepFailure('an eval step needs fn, the name of a function of the page (e.g. "app.refresh")');
  if (!FN_NAME.test(name) || name.split('.').some((p) => FORBIDDEN_SEGMENTS.has(p))) {
    throw new StepFailure(`fn must be the name of a function of the page (like "app.refresh"), not '${name.slice(0, 80)}'`);
  }
  // (an array comes back an array)
  const args = /** @type {unknown[]} */ (substituteArgs(ctx, Array.isArray(step.args) ? step.args : [], 'args'));
  await guardDialogs(tabId, step.accept_dialog);
  ctx.guarded = true;
  const snap = snapshot(tabId);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const call = chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', injectImmediately: true, func: callNamedFunction, args: [name, args, EVAL_CAP] });
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), Math.max(1, remaining(ctx))); });
  let r;
  try {
    const [res] = await Promise.race([call, timeout]);
    r = res ? res.result : null;
  } catch (e) {
    if (/** @type {Error} */ (e).message === 'timeout') return { ok: false, uncertain: true, error: `${name} did not return within ${ctx.timeout} ms` };
    const n = since(tabId, snap);
    return { ok: false, uncertain: n.started || n.committed, error: `${name} could not be called: ${/** @type {Error} */ (e).message}` };
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

/** @param {import('../wire.js').Step} step */
function tabIdOf(step) {
  const raw = step.value ?? step.tab;
  const id = Number(String(raw ?? '').trim());
  if (!Number.isInteger(id) || id < 0) throw new StepFailure(`a ${step.type} step needs value = a tab id (from the observation's tabs), not '${raw ?? ''}'`);
  return id;
}

/**
 * @param {number} id
 * @returns {Promise<KnownTab>}
 */
async function tabOrFail(id) {
  try {
    return /** @type {KnownTab} */ (await chrome.tabs.get(id));
  } catch {
    throw new StepFailure(`there is no tab ${id}`);
  }
}

/**
 * @param {RunningStep} ctx
 * @param {KnownTab} tab
 */
async function makeTaskTab(ctx, tab) {
  await chrome.tabs.update(tab.id, { active: true });
  try { await chrome.windows.update(tab.windowId, { focused: true }); } catch { /* headless or no windows API */ }
  await setTaskTab(tab.id, ctx.task || '');
  // The reply describes the tab the task now works in.
  ctx.tabId = tab.id;
  ctx.navSnap = snapshot(tab.id);
}

/**
 * @param {RunningStep} ctx
 * @returns {Promise<StepResult>}
 */
export async function doSwitchTab(ctx) {
  const id = tabIdOf(ctx.step);
  const tab = await tabOrFail(id);
  const current = await currentTaskTabId(ctx.task || '');
  const mine = await taskTabs(ctx.task || '');
  if (id !== current && !mine.opened.includes(id) && !mine.adopted.includes(id) && !mine.worked.includes(id)) {
    throw new StepFailure(`tab ${id} is not one of the task's tabs (use adoptTab for a tab the person already had open on the task's sites)`);
  }
  await makeTaskTab(ctx, tab);
  return { ok: true, data: `switched to tab ${id}` };
}

/**
 * @param {RunningStep} ctx
 * @returns {Promise<StepResult>}
 */
export async function doCloseTab(ctx) {
  const id = tabIdOf(ctx.step);
  await tabOrFail(id);
  const current = await currentTaskTabId(ctx.task || '');
  const mine = await taskTabs(ctx.task || '');
  if (id === current || id === ctx.tabId) throw new StepFailure(`tab ${id} is the current tab; switch to another task tab before closing it`);
  if (mine.adopted.includes(id)) throw new StepFailure(`tab ${id} was adopted: it stays the person's and is not closed`);
  if (!mine.opened.includes(id)) throw new StepFailure(`tab ${id} was not opened by this task, so it is not closed`);
  try {
    await chrome.tabs.remove(id);
  } catch (e) {
    throw new StepFailure(`tab ${id} could not be closed: ${/** @type {Error} */ (e).message}`);
  }
  return { ok: true, data: `closed tab ${id}` };
}

/**
 * @param {RunningStep} ctx
 * @returns {Promise<StepResult>}
 */
export async function doAdoptTab(ctx) {
  const id = tabIdOf(ctx.step);
  const tab = await tabOrFail(id);
  const mine = await taskTabs(ctx.task || '');
  const current = await currentTaskTabId(ctx.task || '');
  if (await heldByAnotherTask(id, ctx.task || '')) {
    throw new StepFailure(`tab ${id} belongs to another task of the studio, so this task does not adopt it`);
  }
  if (id === current || mine.opened.includes(id) || mine.adopted.includes(id) || mine.worked.includes(id)) {
    await makeTaskTab(ctx, tab);
    return { ok: true, data: `tab ${id} is already the task's; switched to it` };
  }
  if (!(await onTaskSite(tab.url || tab.pendingUrl || '', ctx.task || ''))) {
    throw new StepFailure(`tab ${id} is not on one of the task's sites (${mine.sites.join(', ') || 'none yet'}), so it is not adopted`);
  }
  await noteAdopted(id, ctx.task || '');
  await makeTaskTab(ctx, tab);
  return { ok: true, data: `adopted tab ${id}` };
}

// ---- setViewport ----

/**
 * @param {RunningStep} ctx
 * @returns {Promise<StepResult>}
 */
export async function doSetViewport(ctx) {
  const { step, tabId } = ctx;
  const v = String(step.value ?? '').trim().toLowerCase();
  if (v === 'reset' || v === '') {
    const was = await resetViewport();
    return { ok: true, data: was ? 'viewport reset' : 'the viewport was not changed' };
  }
  const size = parseSize(step.value);
  if (!size) throw new StepFailure(`a setViewport step needs value = WIDTHxHEIGHT (e.g. 1280x800, each 100–10000) or reset, not '${step.value}'`);
  if (tabId !== (await currentTaskTabId(ctx.task || ''))) throw new StepFailure('setViewport changes only the task tab');
  requireDebugger('setViewport', 'resize the browser window yourself in a userStep', (m) => new StepFailure(m));
  try {
    await setViewport(tabId, size.width, size.height);
  } catch (e) {
    throw new StepFailure(/** @type {Error} */ (e).message);
  }
  /** @type {import('../page/page-calls.js').PageState | null} */
  let seen;
  try { seen = await callPage(tabId, 'pageState', [], 2000); } catch { seen = null; }
  return { ok: true, data: `viewport ${size.width}x${size.height}${seen && seen.viewport ? ` (the page sees ${seen.viewport})` : ''}` };
}
