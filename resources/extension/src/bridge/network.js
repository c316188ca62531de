// @ts-check
// Requests in flight per tab, so "the page has settled" can mean network quiet as well as a DOM
// that stopped changing. Listeners are registered at the worker's top level; the counts live in
// memory only, since a restarted worker simply starts from a quiet network.

// A request open longer than this is a long poll or a stream, not the page still loading.
const LONG_LIVED_MS = 10_000;
/** @type {Map<number, Map<string, number>>} */
const inflight = new Map(); // tabId -> Map(requestId -> start ms)
/** @type {Map<number, number>} */
const lastActivity = new Map(); // tabId -> ms

/** @param {number} tabId */
function touch(tabId) {
  lastActivity.set(tabId, Date.now());
}

/**
 * @param {chrome.webRequest.OnBeforeRequestDetails} d
 * @returns {undefined}
 */
function started(d) {
  if (d.tabId < 0 || d.type === 'websocket') return;
  let m = inflight.get(d.tabId);
  if (!m) inflight.set(d.tabId, (m = new Map()));
  m.set(d.requestId, Date.now());
  touch(d.tabId);
}

/** @param {chrome.webRequest.OnCompletedDetails | chrome.webRequest.OnErrorOccurredDetails} d */
function ended(d) {
  if (d.tabId < 0) return;
  const m = inflight.get(d.tabId);
  if (m) m.delete(d.requestId);
  touch(d.tabId);
}

export function registerNetworkListeners() {
  if (!chrome.webRequest) return;
  const filter = { urls: ['<all_urls>'] };
  chrome.webRequest.onBeforeRequest.addListener(started, filter);
  chrome.webRequest.onCompleted.addListener(ended, filter);
  chrome.webRequest.onErrorOccurred.addListener(ended, filter);
  chrome.tabs.onRemoved.addListener((tabId) => {
    inflight.delete(tabId);
    lastActivity.delete(tabId);
  });
}

/**
 * {inflight, idle_ms}: requests still open in the tab (long-lived ones left out) and time since the last one started or ended.
 * @param {number} tabId
 * @returns {import('../wire.js').NetworkState}
 */
export function networkState(tabId) {
  const now = Date.now();
  let open = 0;
  for (const since of (inflight.get(tabId) || new Map()).values()) if (now - since < LONG_LIVED_MS) open++;
  const last = lastActivity.get(tabId);
  return { inflight: open, idle_ms: last === undefined ? null : now - last };
}
