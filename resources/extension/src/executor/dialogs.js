// @ts-check
// Page dialogs (alert, confirm, prompt). A dialog blocks the page until someone answers it, so
// before a step acts, window.alert/confirm/prompt of the page's own world (top document and its
// same-origin frames) are replaced by functions that record the dialog and answer it at once:
// dismissed by default (confirm → false, prompt → null), accepted only when the step says
// accept_dialog (the studio asks a person first). The reply lists them under `dialogs`.
// The guard itself is executor/dialog-guard.js; once a document has it, the page script arms it
// and collects its dialogs inside the step's own page call (page/executor/dialog-link.js).
import { installDialogGuard } from './dialog-guard.js';
import { letDialogsThrough } from './guard-passthrough.js';

/** @typedef {import('../wire.js').Dialog} Dialog */

// Runs in the page's MAIN world (executeScript's func): the guard keeps what it answered on each window.
function collect() {
  /** @type {Dialog[]} */
  const out = [];
  /** @param {Window & {__waymarkDialogs?: {seen: Dialog[], earlier?: Dialog[]}}} w */
  const take = (w) => {
    try {
      const state = w.__waymarkDialogs;
      // those answered before the step began first (dialog-guard.js); a guard an older build left has none
      if (state) out.push(...(state.earlier || []).splice(0), ...state.seen.splice(0));
    } catch { /* cross-origin */ }
  };
  take(window);
  for (let i = 0; i < window.frames.length; i++) take(window.frames[i]);
  return out;
}

// A page stopped by a dialog the guard did not catch never answers a script: no call waits long.
/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 */
function bounded(promise, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return Promise.race([promise, /** @type {Promise<never>} */ (new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('no answer')), ms); }))])
    .finally(() => clearTimeout(timer));
}

/**
 * Installs (or re-arms) the dialog guard in the tab's top document. Never throws.
 * @param {number} tabId
 * @param {boolean | undefined} accept
 */
export async function guardDialogs(tabId, accept) {
  try {
    await bounded(chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', injectImmediately: true, func: installDialogGuard, args: [!!accept, 'step'] }), 2000);
  } catch { /* a page the extension cannot script; the step itself reports that */ }
}

/**
 * The dialogs answered in the tab's current document since the last call.
 * @param {number} tabId
 * @returns {Promise<Dialog[]>}
 */
export async function takeDialogs(tabId) {
  try {
    const [r] = await bounded(chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', injectImmediately: true, func: collect }), 2000);
    return Array.isArray(r?.result) ? r.result : [];
  } catch {
    return [];
  }
}

const PREFIX = 'waymark-guard-';
let serial = 0;

/** @param {string | undefined} url */
function patternFor(url) {
  try {
    // no url throws here too: no pattern
    const u = new URL(/** @type {string} */ (url));
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.protocol}//${u.hostname}/*`;
  } catch {
    return null;
  }
}

/** @type {Map<string, Promise<void>>} */
const guardedSites = new Map(); // pattern → registration (a promise)
let paused = false;

/**
 * Take-over (recording on): the person's dialogs reach them. The task sites' standing guards
 * are dropped and the task tab's document lets dialogs through; the next step arms it again,
 * and guards come back once recording stops.
 * @param {number} tabId
 * @param {boolean} on
 */
export async function pauseGuards(tabId, on) {
  paused = !!on;
  if (!on) return;
  await dropStaleGuards();
  try {
    await bounded(chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', injectImmediately: true, func: letDialogsThrough }), 2000);
  } catch { /* no page to change */ }
}

/**
 * Guards every document of url's host from document_start on (MAIN world, every frame), until
 * `release`: a dialog a page of the task's sites opens while it loads is dismissed and
 * reported instead of blocking it, however the navigation started (a navigate step, a click, the
 * page's own script). Other tabs of the same host get the guard too while the studio is in
 * control (their dialogs are answered and not shown).
 * @param {string | undefined} url
 * @returns {Promise<void>}
 */
export function guardSite(url) {
  if (paused) return Promise.resolve();
  const pattern = patternFor(url);
  if (!pattern || !chrome.scripting.registerContentScripts) return Promise.resolve();
  if (!guardedSites.has(pattern)) {
    const id = `${PREFIX}site-${Date.now()}-${serial++}`;
    guardedSites.set(pattern, chrome.scripting.registerContentScripts([{
      id, js: ['guard-dismiss.js'], matches: [pattern], runAt: 'document_start', world: 'MAIN', allFrames: true, persistAcrossSessions: false,
    }]).catch(() => { guardedSites.delete(pattern); }));
  }
  return /** @type {Promise<void>} */ (guardedSites.get(pattern)); // set just above
}

/**
 * Guards the documents a navigation to `url` loads: the standing guard of its site, and for a
 * step with accept_dialog one that accepts, until the returned function is called.
 * @param {string | undefined} url
 * @param {boolean | undefined} accept
 * @returns {Promise<() => Promise<void>>}
 */
export async function guardNavigation(url, accept) {
  await guardSite(url);
  const pattern = patternFor(url);
  if (!accept || !pattern || !chrome.scripting.registerContentScripts) return async () => {};
  const id = `${PREFIX}${Date.now()}-${serial++}`;
  try {
    await chrome.scripting.registerContentScripts([{
      id, js: ['guard-accept.js'], matches: [pattern], runAt: 'document_start',
      world: 'MAIN', allFrames: true, persistAcrossSessions: false,
    }]);
  } catch {
    return async () => {};
  }
  return async () => {
    try { await chrome.scripting.unregisterContentScripts({ ids: [id] }); } catch { /* already gone */ }
  };
}

/** Drops every registered guard (a stopped worker's leftovers, or at `release`). */
export async function dropStaleGuards() {
  guardedSites.clear();
  try {
    const scripts = await chrome.scripting.getRegisteredContentScripts();
    const ids = scripts.map((s) => s.id).filter((id) => id.startsWith(PREFIX));
    if (ids.length) await chrome.scripting.unregisterContentScripts({ ids });
  } catch { /* nothing to drop */ }
}

/**
 * Whether the tab's top document runs a script within ms (a page stopped by a dialog does not).
 * @param {number} tabId
 * @param {number} ms
 */
export async function answers(tabId, ms) {
  try {
    await bounded(chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, injectImmediately: true, func: () => 1 }), ms);
    return true;
  } catch (e) {
    return /** @type {Error} */ (e).message !== 'no answer';
  }
}
