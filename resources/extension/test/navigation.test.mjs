import { test } from 'node:test';
import assert from 'node:assert/strict';

// chrome.webNavigation and chrome.tabs as events the test fires; navigation.js registers its listeners on import.
function event() {
  const listeners = [];
  return { addListener: (f) => listeners.push(f), fire: (d) => listeners.forEach((f) => f(d)) };
}
const nav = {
  onBeforeNavigate: event(), onCommitted: event(), onDOMContentLoaded: event(), onCompleted: event(),
  onErrorOccurred: event(), onHistoryStateUpdated: event(), onReferenceFragmentUpdated: event(),
};
globalThis.chrome = { webNavigation: nav, tabs: { onCreated: event(), onRemoved: event() } };
const { snapshot, waitForLoad } = await import('../src/executor/navigation.js');

let nextTab = 100;
const top = (tabId, extra = {}) => ({ tabId, frameId: 0, url: 'http://127.0.0.1/x', ...extra });
const soon = (ms, f) => setTimeout(f, ms);

test('a navigation the browser fails is final at once, long before the deadline', async () => {
  const tab = nextTab++;
  const snap = snapshot(tab);
  soon(20, () => {
    nav.onBeforeNavigate.fire(top(tab));
    nav.onErrorOccurred.fire(top(tab, { error: 'net::ERR_CONNECTION_REFUSED' }));
  });
  const t0 = Date.now();
  const r = await waitForLoad(tab, snap, Date.now() + 10_000, 'navigation to x');
  assert.deepEqual(r, { ok: false, final: true, error: 'navigation to x failed: net::ERR_CONNECTION_REFUSED' });
  assert.ok(Date.now() - t0 < 2000, `answered in ${Date.now() - t0} ms`);
});

test('an abort no other navigation follows is final and says aborted, after a short grace', async () => {
  const tab = nextTab++;
  const snap = snapshot(tab);
  nav.onBeforeNavigate.fire(top(tab));
  nav.onErrorOccurred.fire(top(tab, { error: 'net::ERR_ABORTED' }));
  const r = await waitForLoad(tab, snap, Date.now() + 10_000, 'the click');
  assert.equal(r.ok, false);
  assert.equal(r.final, true);
  assert.equal(r.aborted, true);
  assert.match(r.error, /was aborted/);
});

test('an abort replaced by a navigation that loads is that load', async () => {
  const tab = nextTab++;
  const snap = snapshot(tab);
  nav.onBeforeNavigate.fire(top(tab));
  nav.onErrorOccurred.fire(top(tab, { error: 'net::ERR_ABORTED' }));
  soon(100, () => {
    nav.onBeforeNavigate.fire(top(tab));
    nav.onCommitted.fire(top(tab));
    nav.onCompleted.fire(top(tab));
  });
  assert.deepEqual(await waitForLoad(tab, snap, Date.now() + 10_000, 'the click'), { ok: true });
});

test('a failed navigation followed by one that loads is a load, not the old failure', async () => {
  const tab = nextTab++;
  const snap = snapshot(tab);
  nav.onBeforeNavigate.fire(top(tab));
  nav.onErrorOccurred.fire(top(tab, { error: 'net::ERR_BLOCKED_BY_CLIENT' }));
  // The page's script goes elsewhere at once, before anyone looked.
  nav.onBeforeNavigate.fire(top(tab));
  nav.onCommitted.fire(top(tab));
  nav.onCompleted.fire(top(tab));
  assert.deepEqual(await waitForLoad(tab, snap, Date.now() + 10_000, 'the click'), { ok: true });
});

test('a page that loaded and then a navigation that failed is the failure', async () => {
  const tab = nextTab++;
  const snap = snapshot(tab);
  nav.onBeforeNavigate.fire(top(tab));
  nav.onCommitted.fire(top(tab));
  nav.onCompleted.fire(top(tab));
  nav.onBeforeNavigate.fire(top(tab));
  nav.onErrorOccurred.fire(top(tab, { error: 'net::ERR_NAME_NOT_RESOLVED' }));
  const r = await waitForLoad(tab, snap, Date.now() + 10_000, 'the click');
  assert.equal(r.ok, false);
  assert.match(r.error, /ERR_NAME_NOT_RESOLVED/);
});

test('a navigation still loading at the deadline is not final', async () => {
  const tab = nextTab++;
  const snap = snapshot(tab);
  nav.onBeforeNavigate.fire(top(tab));
  const r = await waitForLoad(tab, snap, Date.now() + 300, 'navigation to x');
  assert.equal(r.ok, false);
  assert.equal(r.final, undefined);
  assert.match(r.error, /did not finish loading in time/);
});

// Firefox, as seen on Firefox ESR 153: its codes are nsresults, a refused address first aborts and restarts, and its
// error page then commits under the address that failed and loads as about:neterror.
test('Firefox: a refused address is final under its net:: name, its error page is no load', async () => {
  const tab = nextTab++;
  const snap = snapshot(tab);
  const errorPage = 'about:neterror?e=connectionFailure&u=http%3A//127.0.0.1/x';
  soon(20, () => {
    nav.onBeforeNavigate.fire(top(tab));
    nav.onErrorOccurred.fire(top(tab, { error: 'Error code 2152398850' }));
    nav.onBeforeNavigate.fire(top(tab));
    nav.onErrorOccurred.fire(top(tab, { error: 'Error code 2152398861' }));
    nav.onCommitted.fire(top(tab));
    nav.onDOMContentLoaded.fire(top(tab, { url: errorPage }));
    nav.onCompleted.fire(top(tab, { url: errorPage }));
  });
  const r = await waitForLoad(tab, snap, Date.now() + 10_000, 'navigation to x');
  assert.deepEqual(r, { ok: false, final: true,
    error: 'navigation to x failed: net::ERR_CONNECTION_REFUSED (Firefox: NS_ERROR_CONNECTION_REFUSED)' });
});

test('Firefox: a load it aborts and starts again is that load', async () => {
  const tab = nextTab++;
  const snap = snapshot(tab);
  nav.onErrorOccurred.fire(top(tab, { url: 'about:blank', error: 'Error code 2152398850' }));
  nav.onBeforeNavigate.fire(top(tab));
  nav.onErrorOccurred.fire(top(tab, { error: 'Error code 2152398850' }));
  soon(50, () => {
    nav.onBeforeNavigate.fire(top(tab));
    nav.onCommitted.fire(top(tab));
    nav.onCompleted.fire(top(tab));
  });
  assert.deepEqual(await waitForLoad(tab, snap, Date.now() + 10_000, 'navigation to x'), { ok: true });
});

test('Firefox: an address it refuses before the network (a blocked port) fails by its error page', async () => {
  const tab = nextTab++;
  const snap = snapshot(tab);
  soon(20, () => {
    nav.onCommitted.fire(top(tab, { url: 'http://127.0.0.1:9/' }));
    nav.onDOMContentLoaded.fire(top(tab, { url: 'about:neterror?e=deniedPortAccess&u=http%3A//127.0.0.1%3A9/' }));
    nav.onCompleted.fire(top(tab, { url: 'about:neterror?e=deniedPortAccess&u=http%3A//127.0.0.1%3A9/' }));
  });
  const r = await waitForLoad(tab, snap, Date.now() + 10_000, 'navigation to x');
  assert.deepEqual(r, { ok: false, final: true, error: 'navigation to x failed: net::ERR_UNSAFE_PORT (Firefox: deniedPortAccess)' });
});
