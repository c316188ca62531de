// @ts-check
// A picture of the task tab for run's report (docs/protocol.md, `screenshot`): the element in question outlined
// with the same overlay the studio's highlight uses, then the visible part of the tab as a small JPEG. The tab's
// own capture (captureVisibleTab) works only while it is the window's active tab; a browser Waymark launched
// also has the debugger's capture, which works for a background tab. The outline is cleared afterwards.
import { highlightInTab } from './steps.js';
import { launchedByWaymark } from '../bridge/state.js';
import { hasDebugger } from '../bridge/capabilities.js';

const QUALITY = 60;
// Chrome allows two captureVisibleTab calls a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND): keep them apart.
const CAPTURE_GAP_MS = 600;
let lastCapture = 0;

/** @param {number} tabId */
async function viaDebugger(tabId) {
  const target = { tabId };
  try {
    await chrome.debugger.attach(target, '1.3');
  } catch (e) {
    if (!/already attached/i.test(String(e && /** @type {Error} */ (e).message))) throw e;
  }
  // the DevTools protocol's answer, as far as it is read here
  /** @type {{data?: string} | undefined} */
  const r = await chrome.debugger.sendCommand(target, 'Page.captureScreenshot', { format: 'jpeg', quality: QUALITY });
  return String(r && r.data ? r.data : '');
}

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** @param {chrome.tabs.Tab} tab */
async function visible(tab) {
  for (let attempt = 0; ; attempt++) {
    const wait = lastCapture + CAPTURE_GAP_MS - Date.now();
    if (wait > 0) await pause(wait);
    lastCapture = Date.now();
    try {
      const url = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'jpeg', quality: QUALITY });
      return url.slice(url.indexOf(',') + 1);
    } catch (e) {
      // Another capture (a second client, the person's own extension) may have used the quota: once more, later.
      if (attempt > 0 || !/QUOTA|PER_SECOND/i.test(String(e && /** @type {Error} */ (e).message))) throw e;
      lastCapture = Date.now();
    }
  }
}

/**
 * The visible part of the tab as a base64 JPEG: the tab's own capture while it is its window's active tab, else the
 * debugger's in a browser Waymark launched; throws with the reason when neither can be had.
 * @param {number} tabId
 */
export async function captureTab(tabId) {
  const tab = await chrome.tabs.get(tabId);
  /** @type {unknown} */
  let first = null;
  if (tab.active) {
    try {
      return await visible(tab);
    } catch (e) {
      first = e;
    }
  }
  if (hasDebugger() && await launchedByWaymark()) {
    const image = await viaDebugger(tabId);
    if (image) return image;
  }
  throw new Error(first && /** @type {Error} */ (first).message ? /** @type {Error} */ (first).message : 'it is not the visible tab of its window');
}

/**
 * `{ok, image (base64 JPEG), format, outlined, error}`; outlined says whether the selector's element was found and
 * outlined (a step that failed may have no element to show).
 * @param {number} tabId
 * @param {import('../wire.js').Selector | null} selector
 */
export async function screenshotTab(tabId, selector) {
  let outlined = false;
  if (selector) {
    const h = await highlightInTab(tabId, selector);
    outlined = !!(h && h.ok !== false);
  }
  try {
    const image = await captureTab(tabId);
    return { ok: true, image, format: 'jpeg', outlined };
  } catch (e) {
    return { ok: false, error: `no screenshot of tab ${tabId}: ${e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e}` };
  } finally {
    if (outlined) await highlightInTab(tabId, null);
  }
}
