// @ts-check
// The userStep gate: the person is asked in the Waymark side panel (an extension page no page script can
// reach) to do something (sign in, solve a CAPTCHA, pay), and the gate ends when the studio says the person
// pressed Continue (in the side panel, the studio or the terminal: waiting_ended), when any one of continue_on's
// conditions holds, or on timeout. The page shows only a pointer to the side panel, without a button, so a page
// script has nothing to press; the pointer is put back after every navigation, since the person's step often
// loads pages.
import { showWaiting, endWaiting, whenEnded, dropItem } from './panel.js';
import { callPage } from '../executor/page-call.js';

const POLL_MS = 500;

/** @typedef {import('../wire.js').Condition} Condition */

/**
 * Runs in the page: draws (if missing) the pointer for gateId, or removes it. Self-contained, since executeScript
 * serializes it.
 * @param {string} gateId
 * @param {boolean} remove
 */
export function pageGate(gateId, remove) {
  const HOST_ID = 'waymark-gate-host';
  let host = document.getElementById(HOST_ID);
  if (remove) {
    if (host) host.remove();
    return { removed: true };
  }
  if (!host || host.dataset.gate !== gateId) {
    if (host) host.remove();
    host = document.createElement('div');
    host.id = HOST_ID;
    host.dataset.gate = gateId;
    host.style.cssText = 'position:fixed;z-index:2147483647;right:16px;bottom:16px;pointer-events:none;';
    const root = host.attachShadow({ mode: 'closed' });
    const box = document.createElement('div');
    box.style.cssText = 'font:13px system-ui,sans-serif;background:#fff;color:#1b1b1f;border:2px solid #3b5bdb;'
      + 'border-radius:8px;padding:8px 12px;max-width:280px;box-shadow:0 4px 16px rgba(0,0,0,.25)';
    box.textContent = 'Waymark is waiting for you. Open the Waymark side panel (the extension\'s icon) to see what to do and to continue.';
    root.append(box);
    (document.body || document.documentElement).append(host);
  }
  return { drawn: true };
}

/**
 * @param {number} tabId
 * @param {Parameters<typeof pageGate>} args
 */
async function inTab(tabId, args) {
  const [r] = await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, func: pageGate, args });
  return r ? r.result : null;
}

/** @type {(v: unknown) => v is string} */
const has = (v) => typeof v === 'string' && v.length > 0;

/**
 * Whether one of continue_on's conditions holds (any one ends the wait, as the person is told): the tab's address;
 * an element shown that matches the selector, or the text on the page, read as every condition and wait reads them
 * (in same-origin frames and what web components draw in their shadow trees; the text as innerText would show it).
 * Throws what the page said was wrong (a selector that is no CSS): the gate keeps waiting and its timeout tells it.
 * @param {number} tabId
 * @param {Condition} cond
 */
async function continueHolds(tabId, cond) {
  if (has(cond.url_includes)) {
    const tab = await chrome.tabs.get(tabId);
    if (String(tab.url || '').includes(cond.url_includes)) return true;
  }
  if (!has(cond.selector) && !has(cond.text)) return false;
  const check = { match: 'any', ...(has(cond.selector) ? { selector: cond.selector } : {}), ...(has(cond.text) ? { text: cond.text } : {}) };
  const r = await callPage(tabId, 'checkCondition', [check, { shown: true }], POLL_MS * 4);
  if (!r.ok) throw new Error(r.error || 'the page could not read the condition');
  return r.holds === true;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

/**
 * Runs a gate in tabId until it ends; {ok, how, answered_by, error}. msg is the gate request (docs/protocol.md);
 * timeout_ms 0 waits until the studio ends it.
 * @param {number} tabId
 * @param {string} gateId
 * @param {import('../wire.js').StudioRequest} msg
 * @returns {Promise<import('../wire.js').GateCleared>}
 */
export async function runGate(tabId, gateId, msg) {
  const cond = msg.continue_on && typeof msg.continue_on === 'object' ? msg.continue_on : null;
  const limit = Number(msg.timeout_ms) > 0 ? Number(msg.timeout_ms) : (cond && Number(cond.timeout_ms) > 0 ? Number(cond.timeout_ms) : 0);
  const deadline = limit > 0 ? Date.now() + limit : Infinity;
  const id = String(gateId);
  const waiter = whenEnded(id);
  /** @type {string | null | undefined} */
  let answeredBy;
  let continued = false;
  waiter.ended.then((by) => { continued = true; answeredBy = by; });
  await showWaiting({ id, kind: 'user_step', prompt: msg.prompt, method: msg.method, instruction: msg.instruction,
    continues: msg.continues });
  /** @type {string | null} */
  let lastError = null;
  try {
    while (Date.now() < deadline && !continued) {
      try {
        await inTab(tabId, [id, false]);
        const holds = !!cond && await continueHolds(tabId, cond);
        lastError = null;
        if (holds && !continued) {
          await endWaiting(id, null);
          return { ok: true, how: 'condition' };
        }
      } catch (e) {
        // navigating, or a page the extension cannot draw on: keep waiting, the person may move on
        const err = /** @type {Error} */ (e); // anything may be thrown: what has no message is told whole
        lastError = String(err && err.message ? err.message : err);
        try { await chrome.tabs.get(tabId); } catch {
          await endWaiting(id, null);
          return { ok: false, how: null, error: 'the tab of the gate was closed' };
        }
      }
      await Promise.race([sleep(POLL_MS), waiter.ended]);
    }
    if (continued) {
      // An end that came before the card was drawn leaves the card: drop it.
      await dropItem(id);
      // A withdrawal (the studio stopped, the extension was released) has no channel: not the person's Continue.
      return answeredBy ? { ok: true, how: 'continue', answered_by: answeredBy } : { ok: false, how: null, error: 'the studio withdrew the step' };
    }
    await endWaiting(id, null);
    return { ok: false, how: 'timeout', error: lastError ? `timed out (last page error: ${lastError})` : 'timed out waiting for the person' };
  } finally {
    waiter.cancel();
    await inTab(tabId, [id, true]).catch(() => {});
  }
}
