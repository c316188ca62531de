// @ts-check
// Top-frame navigation counters per tab, fed by chrome.webNavigation, so a step can tell
// whether it moved the page and wait for the new document. Listeners are registered when the
// service worker script is evaluated, as MV3 requires for events to wake it.

import { navigationError, isAbort, isErrorPage, errorPageReason } from './nav-errors.js';

/**
 * A tab's top-frame navigation counters, and what the last events said.
 * @typedef {object} NavCounters
 * @property {number} started
 * @property {number} committed
 * @property {number} dcl
 * @property {number} completed
 * @property {number} errors
 * @property {number} sameDoc
 * @property {string | null} lastError
 * @property {string | null} lastUrl
 * @property {'loaded' | 'failed' | null} lastEnd which ended the last navigation
 * @property {string} [lastTransition]
 * @property {string | null} [errorPageFor] the address whose Firefox error page is loading (its events are no load)
 */

/**
 * How waitForLoad's navigation ended: loaded (partial: usable, not yet loaded at the deadline) or not (final: the
 * browser gave up on it; aborted: a download or the page stopped it).
 * @typedef {{ok: boolean, partial?: boolean, final?: boolean, aborted?: boolean, error?: string}} LoadResult
 */

/** @type {Map<number, NavCounters>} */
const tabs = new Map();
/** @type {{id: number, opener: number | undefined, url: string, at: number}[]} */
const created = [];

/**
 * @param {number} tabId
 * @returns {NavCounters}
 */
function state(tabId) {
  let s = tabs.get(tabId);
  if (!s) {
    s = { started: 0, committed: 0, dcl: 0, completed: 0, errors: 0, sameDoc: 0, lastError: null, lastUrl: null, lastEnd: null };
    tabs.set(tabId, s);
  }
  return s;
}

// Waiters woken by the next navigation event of their tab, so a wait reacts at once instead
// of on its next poll.
/** @type {Map<number, (() => void)[]>} */
const waiters = new Map();

/** @param {number} tabId */
function wake(tabId) {
  const list = waiters.get(tabId);
  if (!list) return;
  waiters.delete(tabId);
  for (const w of list) w();
}

/**
 * Resolves on the tab's next top-frame navigation event or tab creation, or after ms.
 * @param {number} tabId
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function nextEvent(tabId, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      const list = waiters.get(tabId);
      if (list) {
        const i = list.indexOf(done);
        if (i >= 0) list.splice(i, 1);
      }
      resolve();
    }
    if (!waiters.has(tabId)) waiters.set(tabId, []);
    /** @type {(() => void)[]} */ (waiters.get(tabId)).push(done); // set just above
  });
}

/**
 * @template {{frameId: number, tabId: number}} D
 * @param {(s: NavCounters, d: D) => void} handler
 * @returns {(d: D) => void}
 */
function top(handler) {
  return (d) => { if (d.frameId === 0) { handler(state(d.tabId), d); wake(d.tabId); } };
}

if (globalThis.chrome && chrome.webNavigation) {
  chrome.webNavigation.onBeforeNavigate.addListener(top((s, d) => { s.started++; s.lastUrl = d.url; s.errorPageFor = null; }));
  chrome.webNavigation.onCommitted.addListener(top((s, d) => {
    if (d.url === s.errorPageFor) return; // Firefox's error page commits under the address that failed
    s.committed++; s.lastUrl = d.url; s.lastTransition = d.transitionType;
  }));
  chrome.webNavigation.onDOMContentLoaded.addListener(top((s, d) => { if (!isErrorPage(d.url)) s.dcl++; }));
  chrome.webNavigation.onCompleted.addListener(top((s, d) => {
    if (!isErrorPage(d.url)) {
      s.completed++; s.lastEnd = 'loaded';
    } else if (!s.errorPageFor) {
      // An address Firefox refuses before it asks the network (a blocked port) fires no error: its error page says why.
      s.errors++; s.lastError = errorPageReason(d.url); s.lastEnd = 'failed'; s.errorPageFor = s.lastUrl;
    }
  }));
  // No event follows an error for its navigation in Chrome (its error page fires none); Firefox then loads its own
  // error page (about:neterror), which is no load. lastEnd says which ended last.
  // Firefox also aborts a new tab's initial about:blank when the first page replaces it: no step's navigation.
  chrome.webNavigation.onErrorOccurred.addListener(top((s, d) => {
    const error = navigationError(d.error);
    if (d.url === 'about:blank' && isAbort(error)) return;
    s.errors++; s.lastError = error; s.lastEnd = 'failed'; s.errorPageFor = d.url;
  }));
  chrome.webNavigation.onHistoryStateUpdated.addListener(top((s) => { s.sameDoc++; }));
  chrome.webNavigation.onReferenceFragmentUpdated.addListener(top((s) => { s.sameDoc++; }));
}
if (globalThis.chrome && chrome.tabs) {
  chrome.tabs.onCreated.addListener((t) => {
    // a tab the browser creates has its id (only tabs read from other devices have none)
    created.push({ id: /** @type {number} */ (t.id), opener: t.openerTabId, url: t.pendingUrl || t.url || '', at: Date.now() });
    if (created.length > 100) created.shift();
    if (Number.isInteger(t.openerTabId)) wake(/** @type {number} */ (t.openerTabId));
  });
  chrome.tabs.onRemoved.addListener((id) => tabs.delete(id));
}
if (globalThis.chrome && chrome.webNavigation && chrome.webNavigation.onCreatedNavigationTarget) {
  // Firefox leaves openerTabId unset on a tab a target=_blank link opens (such links are noopener there); the
  // navigation that made the tab still names its source tab.
  chrome.webNavigation.onCreatedNavigationTarget.addListener((d) => {
    const known = created.find((t) => t.id === d.tabId);
    if (known) {
      if (!Number.isInteger(known.opener)) known.opener = d.sourceTabId;
      // Firefox creates the tab at about:blank; the navigation target is where it is going.
      if (d.url && (!known.url || known.url === 'about:blank')) known.url = d.url;
    } else {
      created.push({ id: d.tabId, opener: d.sourceTabId, url: d.url || '', at: Date.now() });
      if (created.length > 100) created.shift();
    }
    wake(d.sourceTabId);
  });
}

/**
 * A copy of the tab's counters to compare against later.
 * @param {number} tabId
 * @returns {NavCounters}
 */
export function snapshot(tabId) {
  return { ...state(tabId) };
}

/**
 * What happened since snap: {started, committed, loaded, failed, sameDoc, error}.
 * @param {number} tabId
 * @param {NavCounters} snap
 */
export function since(tabId, snap) {
  const s = state(tabId);
  return {
    started: s.started > snap.started,
    committed: s.committed > snap.committed,
    dcl: s.dcl > snap.dcl,
    loaded: s.completed > snap.completed,
    failed: s.errors > snap.errors,
    sameDoc: s.sameDoc > snap.sameDoc,
    error: s.lastError,
    transition: s.lastTransition || null,
    pending: s.started > s.completed + s.errors,
    lastEnd: s.lastEnd,
  };
}

/**
 * Tabs this tab opened since `at` (ms epoch).
 * @param {number} tabId
 * @param {number} at
 */
export function tabsOpenedBy(tabId, at) {
  return created.filter((t) => t.opener === tabId && t.at >= at).map((t) => ({ id: t.id, url: t.url, title: /** @type {string | null} */ (null) }));
}

/**
 * Waits for a navigation that started after snap to load. Returns {ok:true, partial} (partial:
 * the deadline passed after DOMContentLoaded but before load) or {ok:false, error, final} (final:
 * the browser failed or aborted it, so no later wait can see it load). Counters
 * are per tab without navigation ids, so: the navigation must have started after snap (an
 * earlier page finishing or being aborted is not ours), and an abort only counts when no other
 * navigation follows it within a moment (one navigation replacing another aborts the first).
 * @param {number} tabId
 * @param {NavCounters} snap
 * @param {number} deadline
 * @param {string} what the navigation, in words ("navigation to …")
 * @returns {Promise<LoadResult>}
 */
export async function waitForLoad(tabId, snap, deadline, what) {
  /** @type {{at: number, started: number} | null} */
  let abort = null;
  for (;;) {
    const s = state(tabId);
    const n = since(tabId, snap);
    const ours = n.started || n.committed || n.sameDoc;
    // A failure counts when it ended the last navigation: one that failed and was followed by one that loaded is a load.
    if (ours && n.failed && !n.pending && n.lastEnd === 'failed') {
      // final: the browser gave up on this navigation; waiting longer cannot change it.
      if (!isAbort(n.error)) return { ok: false, final: true, error: `${what} failed: ${n.error}` };
      if (!abort || abort.started !== s.started) abort = { at: Date.now(), started: s.started };
      if (Date.now() - abort.at > 400) {
        return { ok: false, final: true, aborted: true, error: `${what} was aborted (the response was a download, or the page stopped it)` };
      }
    } else {
      abort = null;
    }
    if (ours && n.loaded && !n.pending) return { ok: true };
    if (n.sameDoc && !n.started) return { ok: true };
    if (Date.now() >= deadline) {
      if (ours && n.dcl) return { ok: true, partial: true };
      return { ok: false, error: ours ? `${what} did not finish loading in time` : `${what} did not start` };
    }
    // Woken by the tab's next navigation event; the timeout re-checks an abort's grace period.
    await nextEvent(tabId, Math.min(abort ? 100 : 250, Math.max(1, deadline - Date.now())));
  }
}

