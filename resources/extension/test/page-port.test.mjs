import { test } from 'node:test';
import assert from 'node:assert/strict';

// chrome.tabs.connect hands out ports whose far end the test plays (the page script); webNavigation and tabs events
// are fired by the test. page-port.js registers its listeners on import.
function event() {
  const listeners = [];
  return { addListener: (f) => listeners.push(f), fire: (...a) => listeners.forEach((f) => f(...a)) };
}
const connected = [];
function connect(tabId, info) {
  const onMessage = event();
  const onDisconnect = event();
  const end = {
    tabId, info, sent: [], open: true,
    answer: (msg) => onMessage.fire(msg),
    close: () => { end.open = false; onDisconnect.fire(); },
  };
  connected.push(end);
  return {
    name: info.name, onMessage, onDisconnect,
    postMessage: (m) => { if (!end.open) throw new Error('Attempting to use a disconnected port object'); end.sent.push(m); },
    disconnect: () => { end.open = false; },
  };
}
const nav = { onCommitted: event() };
const tabs = { connect, onRemoved: event(), onReplaced: event() };
globalThis.chrome = { webNavigation: nav, tabs, runtime: {} };
const { openPort, callOverPort, hasPort } = await import('../src/executor/page-port.js');

let nextTab = 1;

test('a tab without a port is called the old way (null); once opened, a call goes over the port to the top frame', async () => {
  const tab = nextTab++;
  assert.equal(callOverPort(tab, 'pageState', []), null);
  openPort(tab);
  const end = connected.at(-1);
  assert.deepEqual(end.info, { name: 'waymark-page', frameId: 0 });
  const call = callOverPort(tab, 'performInPage', [{ type: 'click' }]);
  assert.deepEqual(end.sent[0].fn, 'performInPage');
  assert.deepEqual(end.sent[0].args, [{ type: 'click' }]);
  end.answer({ id: end.sent[0].id, __value: { ok: true } });
  assert.deepEqual(await call, { id: end.sent[0].id, __value: { ok: true } });
});

test('answers find their own calls, in whatever order they come', async () => {
  const tab = nextTab++;
  openPort(tab);
  const end = connected.at(-1);
  const a = callOverPort(tab, 'listItems', []);
  const b = callOverPort(tab, 'pageState', []);
  end.answer({ id: end.sent[1].id, __value: 'b' });
  end.answer({ id: end.sent[0].id, __value: 'a' });
  assert.equal((await a).__value, 'a');
  assert.equal((await b).__value, 'b');
});

test('a new document in the top frame retires the port, but a call already on its way still gets its answer', async () => {
  const tab = nextTab++;
  openPort(tab);
  const end = connected.at(-1);
  const click = callOverPort(tab, 'performInPage', []);
  nav.onCommitted.fire({ tabId: tab, frameId: 1 });
  assert.ok(hasPort(tab), 'a frame below the top keeps the port');
  nav.onCommitted.fire({ tabId: tab, frameId: 0 });
  assert.equal(hasPort(tab), false);
  assert.equal(callOverPort(tab, 'pageState', []), null, 'the next call goes the old way, to the new document');
  end.answer({ id: end.sent[0].id, __value: { ok: true, dispatched: true } });
  assert.deepEqual((await click).__value, { ok: true, dispatched: true });
});

test('a page that goes away before it answers answers undefined: whether the call ran is unknown', async () => {
  const tab = nextTab++;
  openPort(tab);
  const end = connected.at(-1);
  const call = callOverPort(tab, 'performInPage', []);
  end.close();
  assert.equal(await call, undefined);
  assert.equal(hasPort(tab), false);
});

test('a closed or replaced tab takes no more calls', () => {
  const closed = nextTab++;
  openPort(closed);
  tabs.onRemoved.fire(closed);
  assert.equal(hasPort(closed), false);
  const replaced = nextTab++;
  openPort(replaced);
  tabs.onReplaced.fire(nextTab++, replaced);
  assert.equal(hasPort(replaced), false);
});

test('a document without the page side disconnects at once, and the tab goes back to the old way', () => {
  const tab = nextTab++;
  openPort(tab);
  connected.at(-1).close();
  assert.equal(callOverPort(tab, 'pageState', []), null);
});
