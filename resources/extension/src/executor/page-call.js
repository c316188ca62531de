// @ts-check
// Calls a function of the page script (globalThis.__waymark in the extension's isolated world of
// the tab's top frame), injecting page.js first when the document does not have it yet (a new
// document after every navigation).
import { onFirefox } from '../engine.js';
import { callOverPort, openPort } from './page-port.js';

/** @typedef {import('../page/page-calls.js').PageCalls} PageCalls */
/** @typedef {import('../page/page-calls.js').PageCallName} PageCallName */
/**
 * @template {PageCallName} K
 * @typedef {import('../page/page-calls.js').PageAnswer<K>} PageAnswer
 */

/** An executeScript failure; fatal ones (a chrome:// page, a closed tab) are not retried. */
export class PageCallError extends Error {
  /**
   * @param {string} message
   * @param {{fatal?: boolean, timedOut?: boolean}} [options]
   */
  constructor(message, { fatal = false, timedOut = false } = {}) {
    super(message);
    this.fatal = fatal;
    this.timedOut = timedOut;
  }
}

const FATAL = /cannot access|cannot be scripted|no tab with id|extensions gallery|chrome:\/\/|showing error page|missing host permission|permission to access/i;

/** @param {unknown} e what executeScript rejected with */
function classify(e) {
  const msg = String(e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e);
  if (/no tab with id/i.test(msg)) return new PageCallError('the tab was closed', { fatal: true });
  if (/showing error page/i.test(msg)) return new PageCallError('the tab is showing an error page (the page failed to load)', { fatal: false });
  if (/must request permission|missing host permission/i.test(msg)) {
    if (onFirefox) {
      return new PageCallError('Waymark has no access to this page: it is Firefox\'s error page (the page failed to load), or '
        + 'the add-on\'s site access leaves it out (about:addons → Waymark → Permissions: "Access your data for all websites")', { fatal: true });
    }
    return new PageCallError('Waymark has no access to this site: Chrome\'s site access for Waymark leaves it out. Click the Waymark icon and press "Allow on all sites", or set Site access to "On all sites" in chrome://extensions', { fatal: true });
  }
  if (FATAL.test(msg)) return new PageCallError(`the extension cannot act on this page (${msg})`, { fatal: true });
  return new PageCallError(msg);
}

/**
 * @param {number} tabId
 * @param {string} fn
 * @param {unknown[]} args
 */
async function run(tabId, fn, args) {
  // the tab's document has answered a call before: its port (page-port.js)
  const overPort = callOverPort(tabId, fn, args);
  const answer = overPort ? await overPort : null;
  // (a port whose document was no longer the tab's ran nothing, __stale: the call goes to the current one below)
  if (overPort && !(answer && answer.__stale)) {
    if (!answer) throw new PageCallError('the page did not answer (it was replaced or is navigating)');
    // nothing reached the page (a call too large to send): no input went out, and sending it again would fail again
    if (answer.__unsent !== undefined) throw new PageCallError(`the call could not be sent to the page: ${answer.__unsent}`, { fatal: true });
    return answer;
  }
  let results;
  try {
    results = await chrome.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      injectImmediately: true,
      // The call and its answer travel as JSON text, as over the port: executeScript would hand objects over with
      // their keys sorted, and a call's meaning must not depend on which way it went.
      // (the page script answers, page/port-answer.js; a document without it yet is missing it)
      func: (/** @type {string} */ name, /** @type {string} */ argsText) => {
        const answer = /** @type {import('../page.js').PageGlobals} */ (globalThis).__waymarkAnswer;
        return answer ? answer(name, argsText) : JSON.stringify({ __missing: true });
      },
      args: [fn, JSON.stringify(args)],
    });
  } catch (e) {
    throw classify(e);
  }
  const text = results && results[0] ? results[0].result : undefined;
  if (typeof text !== 'string') throw new PageCallError('the page did not answer (it was replaced or is navigating)');
  /** @type {import('./page-port.js').PortAnswer} */
  const r = JSON.parse(text);
  if (!r.__missing) openPort(tabId);
  return r;
}

/** @param {number} tabId */
async function inject(tabId) {
  try {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, injectImmediately: true, files: ['page.js'] });
  } catch (e) {
    throw classify(e);
  }
}

/**
 * Calls __waymark[fn](...args) in the tab's top frame and returns its value. Rejects with
 * PageCallError on failure, and with timedOut set when the page did not answer within
 * timeoutMs (a page blocked by a dialog, a hung script).
 * @template {PageCallName} K
 * @param {number} tabId
 * @param {K} fn
 * @param {Parameters<PageCalls[K]>} [args]
 * @param {number} [timeoutMs]
 * @returns {Promise<PageAnswer<K>>}
 */
export async function callPage(tabId, fn, args = /** @type {Parameters<PageCalls[K]>} */ ([]), timeoutMs = 30000) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new PageCallError(`the page did not answer within ${timeoutMs} ms`, { timedOut: true })), Math.max(1, timeoutMs));
  });
  const work = (async () => {
    let r = await run(tabId, fn, args);
    if (r.__missing) {
      await inject(tabId);
      r = await run(tabId, fn, args);
      if (r.__missing) throw new PageCallError('the page script did not load in this page');
    }
    if (r.__error !== undefined) throw new PageCallError(`the page script failed: ${r.__error}`, { fatal: true });
    // what the page function answered, as PageCalls declares it
    return /** @type {PageAnswer<K>} */ (r.__value);
  })();
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    work.catch(() => {});
  }
}

const PROBE_MS = 1500;

/**
 * Resolves true when the tab's top document runs a trivial script within ms; rejects with a PageCallError a fatal failure.
 * @param {number} tabId
 * @param {number} ms
 */
async function probe(tabId, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<boolean>} */
  const silent = new Promise((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  const ran = chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, injectImmediately: true, func: () => 1 })
    .then(() => true, (e) => { throw classify(e); });
  try {
    return await Promise.race([ran, silent]);
  } finally {
    clearTimeout(timer);
    ran.catch(() => {});
  }
}

/** @param {number} tabId */
async function describeTab(tabId) {
  try {
    const t = await chrome.tabs.get(tabId);
    return `the tab is ${t.status || 'in an unknown state'}${t.discarded ? ' and discarded' : ''}${t.frozen ? ' and frozen' : ''} at ${t.url || t.pendingUrl || 'no address'}`;
  } catch {
    return 'the tab is gone';
  }
}

/**
 * callPage for a function without side effects (observePage), made robust against a document
 * that swallows an injection without ever answering: a launched browser's first load, a redirect,
 * a tab being replaced. A trivial probe is retried until one answers, and only then is fn called,
 * once, with the time left. Never use it for a function that acts: its probe is the only retry.
 * @template {PageCallName} K
 * @param {number} tabId
 * @param {K} fn
 * @param {Parameters<PageCalls[K]>} [args]
 * @param {number} [timeoutMs]
 * @returns {Promise<PageAnswer<K>>}
 */
export async function callPageWhenReady(tabId, fn, args = /** @type {Parameters<PageCalls[K]>} */ ([]), timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) {
      // A page that loaded while the browser (and this extension) was still starting can stay deaf to
      // the extension; a dialog or a hung script silences any page.
      throw new PageCallError(`the page did not answer within ${timeoutMs} ms (${await describeTab(tabId)}); a dialog or a busy script may block it, `
        + 'or the page loaded while the browser was still starting: reload the tab and try again', { timedOut: true });
    }
    if (await probe(tabId, Math.min(PROBE_MS, left))) break;
    await new Promise((r) => setTimeout(r, Math.min(200, Math.max(0, deadline - Date.now()))));
  }
  return callPage(tabId, fn, args, Math.max(1, deadline - Date.now()));
}
