// @ts-check
// Requests in flight per tab, so "the page has settled" can mean network quiet as well as a DOM
// that stopped changing. Listeners are registered at the worker's top level; the counts live in
// memory only, since a restarted worker simply starts from a quiet network.

// A request open longer than this is a long poll or a stream, not the page still loading.
const LONG_LIVED_MS = 10_000;
// What a page shows or plays: such a request counts while it is open, but its end starts no work of the page's
// script, so it opens no quiet window (a late image or font would otherwise hold every reading 300 ms).
const PASSIVE = new Set(['image', 'imageset', 'stylesheet', 'font', 'media', 'ping', 'beacon', 'csp_report']);
/** @type {Map<number, Map<string, number>>} */
const inflight = new Map(); // tabId -> Map(requestId -> start ms)
/** @type {Map<number, number>} */
const lastWork = new Map(); // tabId -> ms: a script, fetch, XHR or frame request started or ended
/** @type {Map<number, number>} */
const lastDocument = new Map(); // tabId -> ms: the tab's top document was asked for or arrived

/**
 * @param {chrome.webRequest.OnBeforeRequestDetails} d
 * @returns {undefined}
 */
function started(d) {
  if (d.tabId < 0 || d.type === 'websocket') return;
  let m = inflight.get(d.tabId);
  if (!m) inflight.set(d.tabId, (m = new Map()));
  m.set(d.requestId, Date.now());
  if (d.type === 'main_frame') {
    lastDocument.set(d.tabId, Date.now());
    lastWork.delete(d.tabId); // the work of the page it replaces is not this page's
  } else if (!PASSIVE.has(d.type)) lastWork.set(d.tabId, Date.now());
}

/** @param {chrome.webRequest.OnCompletedDetails | chrome.webRequest.OnErrorOccurredDetails} d */
function ended(d) {
  if (d.tabId < 0) return;
  const m = inflight.get(d.tabId);
  if (m) m.delete(d.requestId);
  if (d.type === 'main_frame') {
    lastDocument.set(d.tabId, Date.now());
    lastWork.delete(d.tabId); // the work of the page it replaces is not this page's
  } else if (!PASSIVE.has(d.type)) lastWork.set(d.tabId, Date.now());
}

export function registerNetworkListeners() {
  if (!chrome.webRequest) return;
  const filter = { urls: ['<all_urls>'] };
  chrome.webRequest.onBeforeRequest.addListener(started, filter);
  chrome.webRequest.onCompleted.addListener(ended, filter);
  chrome.webRequest.onErrorOccurred.addListener(ended, filter);
  chrome.tabs.onRemoved.addListener((tabId) => {
    inflight.delete(tabId);
    lastWork.delete(tabId);
    lastDocument.delete(tabId);
  });
}

// A loaded page's own load handlers start their requests within this long of the load event (a timeout of 0, an
// animation frame, the request's way to this worker); the page's scripts and data show as requests of their own.
export const LOAD_GRACE_MS = 100;
// How often an open request is looked at again while a reading waits for the network to go quiet.
const OPEN_POLL_MS = 50;

/**
 * When the tab's network last did something that can lead to more: a script, fetch, XHR or frame request started or
 * ended, or its top document was asked for or arrived. A page that has finished loading (`loadedAt`, this worker's
 * clock) stands for its document: its scripts and data show as requests of their own.
 * @param {number} tabId
 * @param {number | null} loadedAt
 * @returns {{work: number | undefined, doc: number | undefined}}
 */
function lastActivity(tabId, loadedAt) {
  const doc = lastDocument.get(tabId);
  // a document asked for after the load that was read is a navigation the reading did not see
  const loadStands = loadedAt !== null && (doc === undefined || doc <= loadedAt);
  return { work: lastWork.get(tabId), doc: loadStands ? undefined : doc };
}

/** @param {number} tabId */
function openRequests(tabId) {
  const now = Date.now();
  let open = 0;
  for (const since of (inflight.get(tabId) || new Map()).values()) if (now - since < LONG_LIVED_MS) open++;
  return open;
}

/**
 * {inflight, idle_ms}: requests still open in the tab (long-lived ones left out) and time since the last one that can
 * lead to more (see lastActivity); null when there was none.
 * @param {number} tabId
 * @param {number | null} [loadedAt] when the page's load event ended, if the page had loaded when it was read
 * @returns {import('../wire.js').NetworkState}
 */
export function networkState(tabId, loadedAt = null) {
  const { work, doc } = lastActivity(tabId, loadedAt);
  const last = work === undefined ? doc : doc === undefined ? work : Math.max(work, doc);
  return { inflight: openRequests(tabId), idle_ms: last === undefined ? null : Date.now() - last };
}

/**
 * How long until the tab's network is quiet: no request open, none of the page's work for `quietMs`, and a loaded page
 * past its load by LOAD_GRACE_MS (a page still loading: its document's last news `quietMs` ago). 0 when it is quiet.
 * @param {number} tabId
 * @param {number} quietMs
 * @param {number | null} loadedAt
 */
export function quietIn(tabId, quietMs, loadedAt) {
  if (openRequests(tabId) > 0) return OPEN_POLL_MS;
  const { work, doc } = lastActivity(tabId, loadedAt);
  const now = Date.now();
  const ends = [work === undefined ? now : work + quietMs, doc === undefined ? now : doc + quietMs,
    loadedAt === null ? now : loadedAt + LOAD_GRACE_MS];
  return Math.max(0, Math.max(...ends) - now);
}
