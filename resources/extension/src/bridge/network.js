// @ts-check
// Requests in flight per tab, so "the page has settled" can mean network quiet as well as a DOM
// that stopped changing. Listeners are registered at the worker's top level; the counts live in
// memory only, since a restarted worker simply starts from a quiet network.

// A request open longer than this is a long poll or a stream, not the page still loading.
const LONG_LIVED_MS = 10_000;
// What a page shows or plays: such a request counts while it is open, but its end starts no work of the page's
// script, so it opens no quiet window (a late image or font would otherwise hold every reading 300 ms).
const PASSIVE = new Set(['image', 'imageset', 'stylesheet', 'font', 'media', 'ping', 'beacon', 'csp_report']);
/** @type {Map<number, Map<string, {at: number, seq: number}>>} */
const inflight = new Map(); // tabId -> Map(requestId -> when it started: ms, and its place among the tab's requests)
/** @type {Map<number, number>} */
const lastWork = new Map(); // tabId -> ms: a script, fetch, XHR or frame request of its page started or ended
/** @type {Map<number, number>} */
const lastDocument = new Map(); // tabId -> ms: the tab's top document was asked for or arrived
/** @type {Map<number, number>} */
const documentAsked = new Map(); // tabId -> the place of the request that last asked for the top document
/** @type {Map<number, number>} */
const events = new Map(); // tabId -> how many requests of the tab started or ended

/** @param {number} tabId */
function count(tabId) {
  events.set(tabId, (events.get(tabId) ?? 0) + 1);
}

/**
 * @param {chrome.webRequest.OnBeforeRequestDetails} d
 * @returns {undefined}
 */
function started(d) {
  if (d.tabId < 0 || d.type === 'websocket') return;
  const now = Date.now();
  let m = inflight.get(d.tabId);
  if (!m) inflight.set(d.tabId, (m = new Map()));
  count(d.tabId);
  const seq = networkMark(d.tabId);
  m.set(d.requestId, { at: now, seq });
  if (d.type === 'main_frame') {
    lastDocument.set(d.tabId, now);
    documentAsked.set(d.tabId, seq);
    lastWork.delete(d.tabId); // the work of the page it replaces is not this page's
  } else if (!PASSIVE.has(d.type)) lastWork.set(d.tabId, now);
}

/** @param {chrome.webRequest.OnCompletedDetails | chrome.webRequest.OnErrorOccurredDetails} d */
function ended(d) {
  if (d.tabId < 0) return;
  const m = inflight.get(d.tabId);
  const since = m?.get(d.requestId);
  if (m) m.delete(d.requestId);
  count(d.tabId);
  if (d.type === 'main_frame') lastDocument.set(d.tabId, Date.now());
  else if (!PASSIVE.has(d.type)) {
    // the old page's requests end (aborted) after the next document was asked for: not the new page's work
    const asked = documentAsked.get(d.tabId);
    if (since === undefined || asked === undefined || since.seq > asked) lastWork.set(d.tabId, Date.now());
  }
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
    documentAsked.delete(tabId);
    events.delete(tabId);
  });
}

// A loaded page's own load handlers start their requests within this long of the load event (a timeout of 0, an
// animation frame, the request's way to this worker); the page's scripts and data show as requests of their own.
export const LOAD_GRACE_MS = 100;
// How often an open request is looked at again while a reading waits for the network to go quiet.
const OPEN_POLL_MS = 50;

/**
 * When the tab's network last did something that can lead to more: a script, fetch, XHR or frame request of its page
 * started or ended (work), its top document was asked for or arrived (doc), or the page's load event ended (load). A
 * page read after it finished loading (`loadedAt`, this worker's clock) stands for its document: its scripts and data
 * show as requests of their own.
 * @param {number} tabId
 * @param {number | null} loadedAt
 * @returns {{work: number | undefined, doc: number | undefined, load: number | undefined}}
 */
function lastActivity(tabId, loadedAt) {
  const doc = lastDocument.get(tabId);
  // a document asked for after the load that was read is a navigation the reading did not see
  const loadStands = loadedAt !== null && (doc === undefined || doc <= loadedAt);
  return { work: lastWork.get(tabId), doc: loadStands ? undefined : doc, load: loadStands ? loadedAt : undefined };
}

/** @param {number} tabId */
function openRequests(tabId) {
  const now = Date.now();
  let open = 0;
  for (const { at } of (inflight.get(tabId) || new Map()).values()) if (now - at < LONG_LIVED_MS) open++;
  return open;
}

/**
 * {inflight, idle_ms}: requests still open in the tab (long-lived ones left out) and time since the last activity
 * that can lead to more (see lastActivity: the page's work, its document until it loaded, its load); null when none.
 * @param {number} tabId
 * @param {number | null} [loadedAt] when the page's load event ended, if the page had loaded when it was read
 * @returns {import('../wire.js').NetworkState}
 */
export function networkState(tabId, loadedAt = null) {
  const times = Object.values(lastActivity(tabId, loadedAt)).filter((t) => t !== undefined);
  return { inflight: openRequests(tabId), idle_ms: times.length ? Date.now() - Math.max(...times) : null };
}

/**
 * How long until the tab's network is quiet: no request open, none of the page's work for `quietMs`, and a loaded page
 * past its load by `graceMs` (a page still loading: its document's last news `quietMs` ago). 0 when it is quiet.
 * @param {number} tabId
 * @param {number} quietMs
 * @param {number | null} loadedAt
 * @param {number} [graceMs]
 */
export function quietIn(tabId, quietMs, loadedAt, graceMs = LOAD_GRACE_MS) {
  if (openRequests(tabId) > 0) return OPEN_POLL_MS;
  const { work, doc, load } = lastActivity(tabId, loadedAt);
  const now = Date.now();
  const ends = [work === undefined ? now : work + quietMs, doc === undefined ? now : doc + quietMs,
    load === undefined ? now : load + graceMs];
  return Math.max(0, Math.max(...ends) - now);
}

/**
 * A number that changes whenever a request of the tab starts or ends.
 * @param {number} tabId
 */
export function networkMark(tabId) {
  return events.get(tabId) ?? 0;
}
