// @ts-check
// The side panel's state: what waits for the person (an approval card the studio sent, a userStep's gate) and
// what Waymark is doing now. It lives in chrome.storage.session, which only the extension's own pages and worker
// can read (not content scripts, not the page). The person's answers come back from the side panel page through
// chrome.runtime messaging; only a message whose sender is that page is taken, and it is forwarded to the studio,
// which decides (first answer wins, a stale one is refused). Nothing in a page's DOM can answer.
import { sendEvent } from './connection.js';
import { taskTab } from './state.js';
import { onFirefox, browserName } from '../engine.js';

import { PANEL_KEY, PANEL_PAGE } from './panel-key.js';

export { PANEL_KEY, PANEL_PAGE };
/** @type {Set<unknown>} asked about whatever a message carries */
const ANSWERS = new Set(['approve', 'reject', 'continue']);

/** @typedef {import('./panel-key.js').PanelItem} PanelItem */
/** @typedef {import('./panel-key.js').PanelState} PanelState */

/** @type {Map<string, (answeredBy: string | null) => void>} */
const enders = new Map();
// Ends that came before their gate began waiting (the requests run side by side): id → channel, kept a minute.
/** @type {Map<string, string | null>} */
const early = new Map();
/** @type {Promise<unknown>} */
let queue = Promise.resolve();

/** @returns {Promise<PanelState>} */
async function read() {
  const r = await chrome.storage.session.get(PANEL_KEY);
  return /** @type {PanelState} */ (r[PANEL_KEY] || { items: [], activity: null, note: null });
}

/**
 * Read-modify-write, one at a time: two messages in a row must not undo each other.
 * @param {(state: PanelState) => PanelState} fn
 * @returns {Promise<PanelState>}
 */
function update(fn) {
  const next = queue.then(async () => {
    const state = fn(await read());
    await chrome.storage.session.set({ [PANEL_KEY]: state });
    await badge(state);
    return state;
  });
  queue = next.catch(() => {});
  return next;
}

/** @param {PanelState} state */
async function badge(state) {
  const waiting = state.items.length > 0;
  await chrome.action.setBadgeText({ text: waiting ? '!' : '' });
  if (waiting) await chrome.action.setBadgeBackgroundColor({ color: '#3b5bdb' });
  await chrome.action.setTitle({ title: waiting ? `Waymark is waiting for you: open the Waymark ${onFirefox ? 'sidebar' : 'side panel'}` : 'Waymark' });
}

/**
 * Only plain text fields reach the panel, each capped: it shows what the studio's card shows, nothing more.
 * @param {import('../wire.js').WaitingItem | null | undefined} item as the studio sent it: each field is checked here
 * @returns {PanelItem | null}
 */
export function cleanItem(item) {
  if (!item || typeof item !== 'object' || typeof item.id !== 'string' || !item.id) return null;
  /** @param {unknown} v */
  const text = (v) => (typeof v === 'string' ? v.slice(0, 2000) : v === undefined || v === null ? null : String(v).slice(0, 2000));
  const out = /** @type {PanelItem} */ ({ id: item.id, kind: item.kind === 'user_step' ? 'user_step' : 'approval' }); // edited is set below
  for (const k of /** @type {import('./panel-key.js').PanelText[]} */ (['action', 'label', 'selector', 'url', 'value', 'decided_by', 'reasoning', 'page', 'prompt', 'method',
    'instruction', 'continues', 'task'])) {
    if (item[k] !== undefined && item[k] !== null) out[k] = text(item[k]);
  }
  if (item.element && typeof item.element === 'object') {
    out.element = {};
    for (const k of /** @type {const} */ (['role', 'name', 'section', 'href'])) if (item.element[k] != null) out.element[k] = text(item.element[k]);
  }
  for (const k of /** @type {const} */ (['risks', 'evidence'])) if (Array.isArray(item[k])) out[k] = item[k].slice(0, 20).map(text);
  out.edited = !!item.edited;
  return out;
}

/**
 * Lists an item and tries to open the side panel; Chrome opens it only in answer to a gesture in some versions,
 * so otherwise the badge and the title tell the person. Returns 'opened' or 'badge'.
 * @param {import('../wire.js').WaitingItem | null | undefined} item
 * @param {string} [task]
 * @returns {Promise<'opened' | 'badge'>}
 */
export async function showWaiting(item, task = '') {
  const clean = cleanItem(item);
  if (!clean) throw new Error('a waiting item needs an id');
  await update((s) => ({ ...s, items: [...s.items.filter((i) => i.id !== clean.id), clean], note: null }));
  try {
    const tab = await chrome.tabs.get(await taskTab(task));
    await openPanel(tab.windowId);
    return 'opened';
  } catch {
    return 'badge';
  }
}

/**
 * Opens the approval panel: Chrome's side panel, or Firefox's sidebar (which opens only in answer to a gesture).
 * @param {number} windowId
 */
export async function openPanel(windowId) {
  if (chrome.sidePanel) return chrome.sidePanel.open({ windowId });
  const sidebar = /** @type {import('../engine.js').FirefoxGlobals} */ (globalThis).browser?.sidebarAction;
  if (sidebar) return sidebar.open();
  throw new Error('this browser has no side panel');
}

/** @type {Partial<Record<string, string>>} */
const WHERE = { chrome: `here in ${browserName}`, studio: 'in the studio', terminal: 'on the terminal' };

/**
 * The item stops waiting; a gate waiting on it ends with the person's Continue from answeredBy.
 * @param {string} id
 * @param {string | null} answeredBy
 */
export async function endWaiting(id, answeredBy) {
  const by = typeof answeredBy === 'string' ? answeredBy : null;
  await update((s) => {
    const had = s.items.some((i) => i.id === id);
    return { ...s, items: s.items.filter((i) => i.id !== id), note: had && by ? `Answered ${WHERE[by] || by}.` : s.note };
  });
  const end = enders.get(id);
  if (end) {
    end(by);
  } else {
    early.set(id, by);
    const forget = setTimeout(() => early.delete(id), 60000);
    // Under Node (the unit tests) the timer has unref: a pending forget does not hold the process a minute.
    /** @type {{unref?: () => void}} */ (/** @type {unknown} */ (forget))?.unref?.();
  }
}

/**
 * Drops an item without ending anything (a gate that ended before its card was drawn).
 * @param {string} id
 */
export function dropItem(id) {
  return update((s) => ({ ...s, items: s.items.filter((i) => i.id !== id) }));
}

/**
 * Resolves with the channel when endWaiting names id; cancel() forgets it.
 * @param {string} id
 */
export function whenEnded(id) {
  let cancel = () => {};
  /** @type {Promise<string | null>} */
  const ended = new Promise((resolve) => {
    if (early.has(id)) {
      const by = /** @type {string | null} */ (early.get(id)); // it has id
      early.delete(id);
      resolve(by);
      return;
    }
    enders.set(id, resolve);
    // (only its own: a later wait on the same id keeps its ender)
    cancel = () => { if (enders.get(id) === resolve) enders.delete(id); };
  });
  return { ended, cancel };
}

/** @param {string | null} text */
export function setActivity(text) {
  return update((s) => ({ ...s, activity: typeof text === 'string' && text ? text.slice(0, 300) : null }));
}

/**
 * The studio let go: nothing waits any more.
 * @param {string} [note]
 */
export function clearPanel(note) {
  for (const end of enders.values()) end(null);
  enders.clear();
  return update(() => ({ items: [], activity: null, note: note || null }));
}

/**
 * Whether a runtime message comes from this extension's side panel page (not a content script, not a page).
 * @param {chrome.runtime.MessageSender | null | undefined} sender
 * @param {string} extensionId
 * @param {string} panelUrl
 */
export function fromPanel(sender, extensionId, panelUrl) {
  if (!sender || sender.id !== extensionId || typeof sender.url !== 'string') return false;
  return sender.url.split(/[?#]/)[0] === panelUrl;
}

/**
 * The answer a panel message carries, or null when it is not one.
 * @param {{waymark_panel?: unknown, item_id?: unknown, answer?: unknown, reason?: unknown} | null | undefined} message
 *   a runtime message as it came (any script of the extension may send one): checked here
 * @returns {Omit<import('./panel-key.js').PanelAnswer, 'waymark_panel'> | null}
 */
export function answerOf(message) {
  const a = message && message.waymark_panel === 'answer' ? message : null;
  if (!a || typeof a.item_id !== 'string' || !ANSWERS.has(a.answer)) return null;
  // answer is one of ANSWERS, checked just above
  return { item_id: a.item_id, answer: /** @type {import('./panel-key.js').PanelAnswer['answer']} */ (a.answer), reason: typeof a.reason === 'string' ? a.reason.slice(0, 500) : null };
}

/** Takes the side panel's answers and forwards them to the studio, which alone decides. */
export function registerPanelListener() {
  chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!message || message.waymark_panel !== 'answer') return false;
    const answer = answerOf(message);
    if (!answer || !fromPanel(sender, chrome.runtime.id, chrome.runtime.getURL(PANEL_PAGE))) {
      sendResponse({ ok: false, error: 'not an answer from the Waymark side panel' });
      return false;
    }
    read().then((s) => {
      if (!s.items.some((i) => i.id === answer.item_id)) {
        sendResponse({ ok: false, error: 'that no longer waits' });
        return;
      }
      sendEvent('answer', answer);
      sendResponse({ ok: true });
    }, (e) => sendResponse({ ok: false, error: String(e) }));
    return true;
  });
}
