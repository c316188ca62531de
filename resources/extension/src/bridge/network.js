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
const lastAny = new Map(); // tabId -> ms: any request of the tab started or ended (what counts while a page loads)
/** @type {Map<number, number>} */
const documentAskedAt = new Map(); // tabId -> ms: the top document was last asked for (a navigation began)
/** @type {Map<number, number>} */
const documentAsked = new Map(); // tabId -> the place of the request that last asked for the top document
/** @type {Map<number, number>} */
const sequence = new Map(); // tabId -> how many requests of the tab started or ended
/** @type {Map<number, number>} */
const workEvents = new Map(); // tabId -> how many of those were the page's own work or its document

/**
 * @param {Map<number, number>} counter
 * @param {number} tabId
 */
function count(counter, tabId) {
  const n = (counter.get(tabId) ?? 0) + 1;
  counter.set(tabId, n);
  return n;
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
  const seq = count(sequence, d.tabId);
  lastAny.set(d.tabId, now);
  if (!PASSIVE.has(d.type)) count(workEvents, d.tabId);
  if (d.type === 'main_frame') {
    m.set(d.requestId, { at: now, seq });
    documentAskedAt.set(d.tabId, now);
    documentAsked.set(d.tabId, seq);
    lastWork.delete(d.tabId); // the work of the page it replaces is not this page's
    return;
  }
  // a redirect asks again under the same id: the request keeps its place (an old page's stays the old page's)
  if (!m.has(d.requestId)) m.set(d.requestId, { at: now, seq });
  if (!PASSIVE.has(d.type)) lastWork.set(d.tabId, now);
}

/** @param {chrome.webRequest.OnCompletedDetails | chrome.webRequest.OnErrorOccurredDetails} d */
function ended(d) {
  if (d.tabId < 0) return;
  const m = inflight.get(d.tabId);
  const since = m?.get(d.requestId);
  if (m) m.delete(d.requestId);
  count(sequence, d.tabId);
  lastAny.set(d.tabId, Date.now());
  // the document's arrival is news of a navigation already counted when it was asked for, which a reading of the
  // loaded page has seen (the worker may hear of it after the load)
  if (PASSIVE.has(d.type) || d.type === 'main_frame') return;
  count(workEvents, d.tabId);
  // the old page's requests end (aborted) after the next document was asked for: not the new page's work
  const asked = documentAsked.get(d.tabId);
  if (since === undefined || asked === undefined || since.seq > asked) lastWork.set(d.tabId, Date.now());
}

export function registerNetworkListeners() {
  if (!chrome.webRequest) return;
  const filter = { urls: ['<all_urls>'] };
  chrome.webRequest.onBeforeRequest.addListener(started, filter);
  chrome.webRequest.onCompleted.addListener(ended, filter);
  chrome.webRequest.onErrorOccurred.addListener(ended, filter);
  chrome.tabs.onRemoved.addListener((tabId) => {
    inflight.delete(tabId);
    for (const m of [lastWork, lastAny, documentAskedAt, documentAsked, sequence, workEvents]) m.delete(tabId);
  });
}

// A loaded page's own load handlers start their requests within this long of the load event (a timeout of 0, an
// animation frame, the request's way to this worker); the page's scripts and data show as requests of their own.
export const LOAD_GRACE_MS = 100;
// How often an open request is looked at again while a reading waits for the network to go quiet.
const OPEN_POLL_MS = 50;

/**
 * When the tab's network last did something that can lead to more. A page read after it finished loading
 * (`loadedAt`, this worker's clock) and not navigated since: its own work (a script, fetch, XHR or frame request
 * started or ended) and its load; its scripts and data show as requests of their own. A page still loading, or one
 * asked for after the load that was read (a navigation the reading did not see): any request's start or end.
 * @param {number} tabId
 * @param {number | null} loadedAt
 * @returns {{work: number | undefined, load: number | undefined}}
 */
function lastActivity(tabId, loadedAt) {
  const asked = documentAskedAt.get(tabId);
  if (loadedAt !== null && (asked === undefined || asked <= loadedAt)) return { work: lastWork.get(tabId), load: loadedAt };
  return { work: lastAny.get(tabId), load: undefined };
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
 * that can lead to more (see lastActivity: a loaded page's work and its load; any request while it loads); null when none.
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
 * past its load by `graceMs` (a page still loading: no request of any kind for `quietMs`). 0 when it is quiet.
 * @param {number} tabId
 * @param {number} quietMs
 * @param {number | null} loadedAt
 * @param {number} [graceMs]
 */
export function quietIn(tabId, quietMs, loadedAt, graceMs = LOAD_GRACE_MS) {
  if (openRequests(tabId) > 0) return OPEN_POLL_MS;
  const { work, load } = lastActivity(tabId, loadedAt);
  const now = Date.now();
  const ends = [work === undefined ? now : work + quietMs, load === undefined ? now : load + graceMs];
  return Math.max(0, Math.max(...ends) - now);
}

/**
 * A number that changes whenever a request of the page's own work starts or ends, or a document is asked for; an
 * image, font or stylesheet leaves it (a browser's favicon too), and so does a document's arrival.
 * @param {number} tabId
 */
export function networkMark(tabId) {
  return workEvents.get(tabId) ?? 0;
}
