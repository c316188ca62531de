import { test } from 'node:test';
import assert from 'node:assert/strict';

// chrome.webRequest and chrome.tabs as events the test fires; network.js registers its listeners when asked.
function event() {
  const listeners = [];
  return { addListener: (f) => listeners.push(f), fire: (d) => listeners.forEach((f) => f(d)) };
}
const web = { onBeforeRequest: event(), onCompleted: event(), onErrorOccurred: event() };
globalThis.chrome = { webRequest: web, tabs: { onRemoved: event() } };
const { registerNetworkListeners, networkState, quietIn, networkMark, LOAD_GRACE_MS } = await import('../src/bridge/network.js');
registerNetworkListeners();

let nextTab = 200;
let nextRequest = 1;
/** One request of the tab, started now; `end()` completes it. */
function request(tabId, type) {
  const d = { tabId, type, requestId: String(nextRequest++), url: `http://127.0.0.1/${type}` };
  web.onBeforeRequest.fire(d);
  return { end: () => web.onCompleted.fire(d), fail: () => web.onErrorOccurred.fire({ ...d, error: 'net::ERR_FAILED' }) };
}
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
// a page read after its load event ended a second ago
const loadedLongAgo = () => Date.now() - 1000;

test('a tab that made no request is quiet and says it saw none', () => {
  assert.deepEqual(networkState(nextTab++), { inflight: 0, idle_ms: null });
});

test('an open request of any kind is counted, a passive one too', () => {
  const tab = nextTab++;
  const image = request(tab, 'image');
  const fetch = request(tab, 'xmlhttprequest');
  assert.equal(networkState(tab, loadedLongAgo()).inflight, 2);
  image.end();
  assert.equal(networkState(tab, loadedLongAgo()).inflight, 1);
  fetch.fail();
  assert.equal(networkState(tab, loadedLongAgo()).inflight, 0);
});

test("a fetch's end opens the quiet window: the page's script may ask for more", async () => {
  const tab = nextTab++;
  request(tab, 'xmlhttprequest').end();
  await pause(30);
  const s = networkState(tab, loadedLongAgo());
  assert.equal(s.inflight, 0);
  assert.ok(s.idle_ms !== null && s.idle_ms >= 25 && s.idle_ms < 1000, `idle ${s.idle_ms}`);
});

test("a script's start and end count as work, as a frame's do", () => {
  const tab = nextTab++;
  request(tab, 'script').end();
  request(tab, 'sub_frame').end();
  const s = networkState(tab, loadedLongAgo());
  assert.ok(s.idle_ms !== null && s.idle_ms < 1000);
});

test('an image, a font or a stylesheet that came and went opens no window', () => {
  const tab = nextTab++;
  for (const type of ['image', 'font', 'stylesheet', 'media', 'ping']) request(tab, type).end();
  assert.equal(quietIn(tab, 300, loadedLongAgo()), 0);
  const s = networkState(tab, loadedLongAgo());
  assert.ok(s.idle_ms !== null && s.idle_ms >= 990, `idle since the load a second ago, not since the images (${s.idle_ms})`);
});

test('the top document counts until the page says it loaded, then no longer', () => {
  const tab = nextTab++;
  const doc = request(tab, 'main_frame');
  assert.equal(networkState(tab, null).inflight, 1);
  doc.end();
  const loading = networkState(tab, null);
  assert.equal(loading.inflight, 0);
  assert.ok(loading.idle_ms !== null && loading.idle_ms < 1000, 'still loading: the document just came');
  assert.ok(quietIn(tab, 300, null) > 250, 'still loading: 300 ms after its document');
  assert.equal(quietIn(tab, 300, Date.now(), 0), 0, 'loaded: its scripts would show as requests');
});

test('a document asked for after the load that was read is a navigation: it counts again', () => {
  const tab = nextTab++;
  const loadedAt = loadedLongAgo();
  request(tab, 'main_frame').end();
  const s = networkState(tab, loadedAt);
  assert.ok(s.idle_ms !== null && s.idle_ms < 1000, 'the new document counts, not the old load');
});

test('quietIn: a page just loaded gives its load handlers the grace; a document after the load read is a navigation', () => {
  const tab = nextTab++;
  request(tab, 'main_frame').end();
  request(tab, 'image').end();
  const grace = quietIn(tab, 300, Date.now());
  assert.ok(grace > LOAD_GRACE_MS - 10 && grace <= LOAD_GRACE_MS, `just loaded: its load handlers get the grace (${grace})`);
  assert.equal(quietIn(tab, 300, loadedLongAgo()) > 0, true, 'the document came after that load: a navigation');
});

test('quietIn: the window after a fetch, an open request, a page still loading', async () => {
  const tab = nextTab++;
  const doc = request(tab, 'main_frame');
  assert.ok(quietIn(tab, 300, null) > 0, 'the document is open');
  doc.end();
  const loading = quietIn(tab, 300, null);
  assert.ok(loading > 250 && loading <= 300, `still loading: 300 ms after its document (${loading})`);
  const loadedAt = Date.now();
  await pause(LOAD_GRACE_MS + 10);
  assert.equal(quietIn(tab, 300, loadedAt), 0, 'loaded and past the grace');
  request(tab, 'xmlhttprequest').end();
  const afterFetch = quietIn(tab, 300, loadedAt);
  assert.ok(afterFetch > 250 && afterFetch <= 300, `300 ms after the fetch (${afterFetch})`);
});

test("a loaded page's own work still counts after its document", async () => {
  const tab = nextTab++;
  request(tab, 'main_frame').end();
  await pause(40);
  request(tab, 'script').end();
  const s = networkState(tab, loadedLongAgo());
  assert.ok(s.idle_ms !== null && s.idle_ms < 40, `idle ${s.idle_ms} is the script's, not the document's`);
});

test("a new document starts from its own work, not the page's it replaces", () => {
  const tab = nextTab++;
  request(tab, 'xmlhttprequest').end();
  const poll = request(tab, 'xmlhttprequest');
  request(tab, 'main_frame').end();
  poll.fail(); // the old page's request, aborted once the new document came
  assert.equal(quietIn(tab, 300, Date.now(), 0), 0);
});

test("the network mark moves with the page's work and a navigation, not with an image, a font or a document's arrival", () => {
  const tab = nextTab++;
  const before = networkMark(tab);
  request(tab, 'image').end();
  request(tab, 'font').end();
  assert.equal(networkMark(tab), before, 'a favicon or a late image in the grace needs no second reading');
  const doc = request(tab, 'main_frame');
  const asked = networkMark(tab);
  assert.notEqual(asked, before, 'a navigation moves it');
  doc.end();
  assert.equal(networkMark(tab), asked, 'the document arriving late does not');
  const fetch = request(tab, 'xmlhttprequest');
  const afterStart = networkMark(tab);
  assert.notEqual(afterStart, asked);
  fetch.end();
  assert.notEqual(networkMark(tab), afterStart);
});

test('a page still loading counts every request: the end of its last image opens the window', () => {
  const tab = nextTab++;
  request(tab, 'main_frame').end();
  request(tab, 'image').end();
  const wait = quietIn(tab, 300, null);
  assert.ok(wait > 250 && wait <= 300, `300 ms after the image while the page loads (${wait})`);
});

test('a document that arrives after the load was read is not a navigation: it was asked for before', async () => {
  const tab = nextTab++;
  const doc = request(tab, 'main_frame');
  await pause(5);
  const loadedAt = Date.now();
  doc.end(); // the worker hears of the arrival after the page had loaded
  assert.equal(quietIn(tab, 300, loadedAt, 0), 0);
});

test("an old page's request redirected after the next document was asked for stays the old page's", async () => {
  const tab = nextTab++;
  const d = { tabId: tab, type: 'xmlhttprequest', requestId: String(nextRequest++), url: 'http://127.0.0.1/old' };
  web.onBeforeRequest.fire(d);
  request(tab, 'main_frame').end();
  web.onBeforeRequest.fire({ ...d, url: 'http://127.0.0.1/redirected' }); // a redirect: the same id again
  await pause(40);
  web.onCompleted.fire(d);
  const wait = quietIn(tab, 300, Date.now(), 0);
  assert.ok(wait <= 265, `300 ms from the redirect, not from the end: the end is not the new page's work (${wait})`);
});

test('a closed tab is forgotten', () => {
  const tab = nextTab++;
  request(tab, 'xmlhttprequest');
  globalThis.chrome.tabs.onRemoved.fire(tab);
  assert.deepEqual(networkState(tab, null), { inflight: 0, idle_ms: null });
});

test('requests of no tab (the extension, the browser) are not the page loading', () => {
  const before = networkMark(-1);
  request(-1, 'xmlhttprequest');
  assert.equal(networkMark(-1), before);
  assert.deepEqual(networkState(-1, null), { inflight: 0, idle_ms: null });
});

test('a websocket is neither open work nor activity', () => {
  const tab = nextTab++;
  request(tab, 'websocket');
  assert.deepEqual(networkState(tab, null), { inflight: 0, idle_ms: null });
});
