import { test } from 'node:test';
import assert from 'node:assert/strict';

// The page side of the worker's port: chrome.runtime.onConnect hands it ports the test plays the worker end of.
function event() {
  const listeners = [];
  return { addListener: (f) => listeners.push(f), fire: (...a) => Promise.all(listeners.map((f) => f(...a))) };
}
const onConnect = event();
globalThis.chrome = { runtime: { onConnect } };
// the document's own pagehide and pageshow, which the test fires
const pageEvents = {};
globalThis.addEventListener = (type, f) => { pageEvents[type] = f; };
const circular = {};
circular.self = circular;
globalThis.__waymark = {
  pageState: () => ({ doc: 'd1', order: { b: 1, a: 2 } }),
  performInPage: async (step) => ({ ok: true, got: step }),
  broken: () => { throw new Error('no such element'); },
  endless: () => circular,
};
const { answerOverPorts, PORT_NAME } = await import('../src/page/port-answer.js');
answerOverPorts();

async function call(fn, args) {
  const onMessage = event();
  const answers = [];
  const port = { name: PORT_NAME, onMessage, postMessage: (m) => answers.push(m) };
  await onConnect.fire(port);
  await onMessage.fire({ id: 7, fn, args: JSON.stringify(args) });
  assert.equal(answers.length, 1);
  assert.equal(answers[0].id, 7);
  return JSON.parse(answers[0].answer);
}

test('a call is answered with its value as JSON text, keys in the order the page wrote them', async () => {
  const a = await call('pageState', []);
  assert.deepEqual(a, { __value: { doc: 'd1', order: { b: 1, a: 2 } } });
  assert.deepEqual(Object.keys(a.__value.order), ['b', 'a']);
  assert.deepEqual(await call('performInPage', [{ type: 'click', selector: { css: '#x' } }]),
    { __value: { ok: true, got: { type: 'click', selector: { css: '#x' } } } });
});

test('an unknown call is missing, a throw is an error, and an answer that cannot be sent says so at once', async () => {
  assert.deepEqual(await call('nothing', []), { __missing: true });
  assert.deepEqual(await call('broken', []), { __error: 'no such element' });
  assert.match((await call('endless', [])).__error, /^its answer could not be sent \(.*circular/i);
});

test('a port of another name is not answered', async () => {
  const onMessage = event();
  await onConnect.fire({ name: 'other', onMessage, postMessage: () => assert.fail('answered') });
  await onMessage.fire({ id: 1, fn: 'pageState', args: '[]' });
});

test('a document the browser has hidden runs no call and says so, until it is shown again', async () => {
  let clicks = 0;
  globalThis.__waymark.performInPage = async () => { clicks++; return { ok: true }; };
  pageEvents.pagehide({ persisted: true });
  assert.deepEqual(await call('performInPage', [{ type: 'click' }]), { __stale: true });
  assert.equal(clicks, 0);
  pageEvents.pageshow({ persisted: true });
  assert.deepEqual(await call('performInPage', [{ type: 'click' }]), { __value: { ok: true } });
  assert.equal(clicks, 1);
});
