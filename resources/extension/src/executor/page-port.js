// @ts-check
// A message port to the page script of a tab's top document, opened after the first page call that found the script
// there: a call over it costs one message each way, where chrome.scripting.executeScript compiles and injects a
// function every time (about half of a click's round trip, decision 0066). A port belongs to one document: it takes
// no more calls once the tab's top frame commits a new one or the tab goes, and ends when the page side goes away
// (the document unloaded or entered the back/forward cache). Without a port page-call.js uses executeScript, as before.

import { onFirefox } from '../engine.js';
import { PORT_NAME } from '../page/port-answer.js';

/**
 * What the page side answers a call with: the same shapes as the executeScript wrapper in page-call.js; __unsent
 * when the call never left the worker (it could not be sent), __stale when the document had already been hidden (a
 * new one replaced it) and ran nothing.
 * @typedef {{__value?: unknown, __error?: string, __missing?: boolean, __unsent?: string, __stale?: boolean}} PortAnswer
 */

// How long a retired port's calls may still be answered: the old document answers before it unloads, and one the
// browser froze in its back/forward cache without closing the port (older Chrome) never will.
const RETIRED_GRACE_MS = 3000;

/**
 * @typedef {object} OpenPort
 * @property {chrome.runtime.Port} port
 * @property {Map<number, (answer: PortAnswer | undefined) => void>} pending
 */

/** @type {Map<number, OpenPort>} */
const ports = new Map();
let serial = 0;

/** @param {number} tabId */
export function hasPort(tabId) {
  return ports.has(tabId);
}

/**
 * Connects to the page script of tabId's top document (the call that found it there has just returned). A document
 * without the page side's listener disconnects at once, and the next call uses executeScript again.
 * @param {number} tabId
 */
export function openPort(tabId) {
  // Firefox keeps calling through executeScript: whether its back/forward cache closes a page's ports, and when, is
  // not something this code has seen for itself (a document answering after a new one loaded would act on the wrong
  // page), and its figures are no target.
  if (onFirefox || ports.has(tabId) || !(globalThis.chrome && chrome.tabs && typeof chrome.tabs.connect === 'function')) return;
  /** @type {chrome.runtime.Port} */
  let port;
  try {
    port = chrome.tabs.connect(tabId, { name: PORT_NAME, frameId: 0 });
  } catch {
    return;
  }
  /** @type {OpenPort} */
  const open = { port, pending: new Map() };
  ports.set(tabId, open);
  port.onMessage.addListener((/** @type {{id?: number, answer?: string}} */ msg) => {
    const settle = typeof msg?.id === 'number' ? open.pending.get(msg.id) : undefined;
    if (!settle) return;
    open.pending.delete(/** @type {number} */ (msg.id));
    /** @type {PortAnswer | undefined} */
    let answer;
    try { answer = typeof msg.answer === 'string' ? JSON.parse(msg.answer) : undefined; } catch { answer = undefined; }
    // a document the browser has already hidden ran nothing: the tab's current one is called the old way
    if (answer && answer.__stale) retirePort(tabId);
    settle(answer);
  });
  port.onDisconnect.addListener(() => {
    // reading lastError keeps Chrome from logging "Receiving end does not exist" for a document without the listener
    void chrome.runtime.lastError;
    forget(tabId, open);
  });
}

/**
 * Calls __waymark[fn](...args) over tabId's port. Answers undefined when the port went away before the page
 * answered (the document was replaced or is unloading: whether the call ran there is unknown, as with an
 * executeScript whose document went), and null when the tab has no port.
 * @param {number} tabId
 * @param {string} fn
 * @param {unknown[]} args
 * @returns {Promise<PortAnswer | undefined> | null}
 */
export function callOverPort(tabId, fn, args) {
  const open = ports.get(tabId);
  if (!open) return null;
  const id = ++serial;
  return new Promise((resolve) => {
    open.pending.set(id, resolve);
    try {
      // JSON text both ways, whatever the engine's own way of copying a message (see page-call.js)
      open.port.postMessage({ id, fn, args: JSON.stringify(args) });
    } catch (e) {
      // This call never left: the others on the port are the page's to answer, or its disconnect's.
      open.pending.delete(id);
      resolve({ __unsent: String(e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e) });
    }
  });
}

/**
 * Takes no more calls over tabId's port: its document is no longer the tab's. A call still on its way is answered
 * when the old document goes (its answer comes first, then the disconnect), never cut short here: a click that
 * starts a navigation answers from the old document while the new one commits.
 * @param {number} tabId
 */
export function retirePort(tabId) {
  const open = ports.get(tabId);
  if (!open) return;
  ports.delete(tabId);
  setTimeout(() => {
    forget(tabId, open);
    try { open.port.disconnect(); } catch { /* already closed */ }
  }, RETIRED_GRACE_MS);
}

/**
 * @param {number} tabId
 * @param {OpenPort} open
 */
function forget(tabId, open) {
  if (ports.get(tabId) === open) ports.delete(tabId);
  const waiting = [...open.pending.values()];
  open.pending.clear();
  for (const settle of waiting) settle(undefined);
}

if (globalThis.chrome && chrome.webNavigation) {
  // A new document in the top frame: the port led to the old one. (A move within the document keeps it.)
  chrome.webNavigation.onCommitted.addListener((d) => { if (d.frameId === 0) retirePort(d.tabId); });
}
if (globalThis.chrome && chrome.tabs) {
  chrome.tabs.onRemoved.addListener((tabId) => retirePort(tabId));
  if (chrome.tabs.onReplaced) chrome.tabs.onReplaced.addListener((_added, removed) => retirePort(removed));
}
