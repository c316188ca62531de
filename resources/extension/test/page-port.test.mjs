import { test, mock } from 'node:test';
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
    // the page side answers with JSON text, as port-answer.js does
    answer: ({ id, ...answer }) => onMessage.fire({ id, answer: JSON.stringify(answer) }),
    close: () => { end.open = false; onDisconnect.fire(); },
  };
  connected.push(end);
  return {
    name: info.name, onMessage, onDisconnect,
    postMessage: (m) => {
      if (!end.open) throw new Error('Attempting to use a disconnected port object');
      if (end.tooLarge) throw new Error('Message length exceeded maximum allowed length.');
      end.sent.push({ ...m, args: JSON.parse(m.args) });
    },
    disconnect: () => { end.open = false; end.disconnected = true; },
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
  assert.deepEqual(await call, { __value: { ok: true } });
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
  mock.timers.enable({ apis: ['setTimeout'] });
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
  // a document the browser froze without closing its port never answers: its calls end after a grace
  const frozen = nextTab++;
  openPort(frozen);
  const cached = connected.at(-1);
  const waiting = callOverPort(frozen, 'checkWait', []);
  nav.onCommitted.fire({ tabId: frozen, frameId: 0 });
  mock.timers.tick(3000);
  assert.equal(await waiting, undefined);
  assert.ok(cached.disconnected);
  mock.timers.reset();
});

test('a call too large to send never leaves: it says so, and the calls already sent keep waiting for the page', async () => {
  const tab = nextTab++;
  openPort(tab);
  const end = connected.at(-1);
  const sent = callOverPort(tab, 'pageState', []);
  end.tooLarge = true;
  const unsent = await callOverPort(tab, 'performInPage', ['x'.repeat(10)]);
  assert.match(unsent.__unsent, /exceeded maximum/);
  assert.ok(hasPort(tab));
  end.answer({ id: end.sent[0].id, __value: { doc: 'd1' } });
  assert.deepEqual((await sent).__value, { doc: 'd1' });
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

test('a document the browser has hidden ran nothing: its port is retired and the call goes the old way', async () => {
  const tab = nextTab++;
  openPort(tab);
  const end = connected.at(-1);
  const call = callOverPort(tab, 'performInPage', []);
  end.answer({ id: end.sent[0].id, __stale: true });
  assert.deepEqual(await call, { __stale: true });
  assert.equal(hasPort(tab), false);
});
