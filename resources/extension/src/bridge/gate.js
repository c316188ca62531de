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
 * Draws or removes the pointer in tabId's page. Bounded: a page held by a dialog of its own runs no script until the
 * dialog is answered, and the gate must still see its deadline and the person's Continue meanwhile.
 * @param {number} tabId
 * @param {Parameters<typeof pageGate>} args
 * @param {number} [boundMs]
 */
async function inTab(tabId, args, boundMs = POLL_MS * 4) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('the page did not answer')), boundMs); });
  try {
    // (at once, not at document_idle: a page whose last resource hangs is still the person's to work in)
    const run = chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, func: pageGate, args, injectImmediately: true });
    run.catch(() => {}); // (what it says after the bound has passed is no one's to hear)
    const [r] = await Promise.race([run, late]);
    return r ? r.result : null;
  } finally {
    clearTimeout(timer);
  }
}

/** @type {(v: unknown) => v is string} */
const has = (v) => typeof v === 'string' && v.length > 0;

/**
 * Whether the tab's address holds continue_on's url_includes: read from the tab, so that a page the extension cannot
 * script (an error page, a browser page, a site outside its access) still ends the wait by where it is.
 * @param {number} tabId
 * @param {Condition} cond
 */
async function addressHolds(tabId, cond) {
  if (!has(cond.url_includes)) return false;
  const tab = await chrome.tabs.get(tabId);
  return String(tab.url || '').includes(cond.url_includes);
}

/**
 * Whether the page shows what continue_on's selector or text waits for (any one ends the wait, as the person is
 * told): an element that matches the selector and is shown, or the text, read as every condition and wait reads them
 * (in same-origin frames and what web components draw in their shadow trees; the text as innerText would show it).
 * {holds, detail}; {error} when the page says the condition can never be read (a selector that is no CSS): that will
 * not change while the person works, and the gate says it at once. Throws what else the page raised.
 * @param {number} tabId
 * @param {Condition} cond
 * @param {number} [boundMs]
 * @returns {Promise<{holds: boolean, detail?: string, error?: string}>}
 */
async function pageShows(tabId, cond, boundMs = POLL_MS * 4) {
  if (!has(cond.selector) && !has(cond.text)) return { holds: false };
  const check = { match: 'any', ...(has(cond.selector) ? { selector: cond.selector } : {}), ...(has(cond.text) ? { text: cond.text } : {}) };
  const r = await callPage(tabId, 'checkCondition', [check, { shown: true }], boundMs);
  // a selector that is no CSS stays so; anything else the page raised may pass with the next look
  if (!r.ok && r.fatal) return { holds: false, error: r.error || 'the page could not read it' };
  if (!r.ok) throw new Error(r.error || 'the page could not read continue_on');
  return { holds: r.holds === true, detail: r.detail };
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
export function runGate(tabId, gateId, msg) {
  const id = String(gateId);
  // The same gate sent again (the studio's connection dropped and came back while the worker lived) joins the one
  // that runs: two would each wait on the person's one Continue, and the one left would poll the page until its end.
  const now = running.get(id);
  if (now) return now;
  const run = gateUntilEnded(tabId, id, msg).finally(() => running.delete(id));
  running.set(id, run);
  return run;
}

/** @type {Map<string, Promise<import('../wire.js').GateCleared>>} the gates that run now, by id */
const running = new Map();

/**
 * @param {number} tabId
 * @param {string} id
 * @param {import('../wire.js').StudioRequest} msg
 * @returns {Promise<import('../wire.js').GateCleared>}
 */
async function gateUntilEnded(tabId, id, msg) {
  const cond = msg.continue_on && typeof msg.continue_on === 'object' ? msg.continue_on : null;
  const limit = Number(msg.timeout_ms) > 0 ? Number(msg.timeout_ms) : (cond && Number(cond.timeout_ms) > 0 ? Number(cond.timeout_ms) : 0);
  const deadline = limit > 0 ? Date.now() + limit : Infinity;
  const waiter = whenEnded(id);
  /** @type {string | null | undefined} */
  let answeredBy;
  let continued = false;
  waiter.ended.then((by) => { continued = true; answeredBy = by; });
  await showWaiting({ id, kind: 'user_step', prompt: msg.prompt, method: msg.method, instruction: msg.instruction,
    continues: msg.continues });
  /** @type {string | null} */
  let lastError = null;
  /** @type {string | null} what the page said of continue_on when it last looked */
  let lastDetail = null;
  try {
    while (Date.now() < deadline && !continued) {
      try {
        if (cond && await addressHolds(tabId, cond) && !continued) {
          await endWaiting(id, null);
          return { ok: true, how: 'condition' };
        }
        // each look bounded by the time the gate has left (and 2 s): the deadline is the person's, and the studio's
        const bound = () => Math.max(100, Math.min(POLL_MS * 4, deadline - Date.now()));
        // the pointer not drawn (a page busy with a dialog of its own) is no reason not to look at the page
        /** @type {string | null} */
        let drawError = null;
        await inTab(tabId, [id, false], bound()).catch((/** @type {Error} */ e) => { drawError = String(e && e.message ? e.message : e); });
        const shows = cond ? await pageShows(tabId, cond, bound()) : { holds: false };
        lastError = drawError;
        if (shows.error && !continued) {
          await endWaiting(id, null);
          return { ok: false, how: null, error: `continue_on cannot be read on this page: ${shows.error}` };
        }
        lastDetail = shows.detail || lastDetail;
        if (shows.holds && !continued) {
          await endWaiting(id, null);
          return { ok: true, how: 'condition' };
        }
      } catch (e) {
        // navigating, a page the extension cannot draw on or that did not answer: keep waiting, the person may move on
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
    // what the page showed of continue_on at the last look, else what kept it from looking (the studio says the rest)
    const why = lastDetail ? `continue_on: ${lastDetail}` : lastError ? `last page error: ${lastError}` : null;
    return { ok: false, how: 'timeout', ...(why ? { error: why } : {}) };
  } finally {
    waiter.cancel();
    await inTab(tabId, [id, true], 500).catch(() => {});
  }
}
