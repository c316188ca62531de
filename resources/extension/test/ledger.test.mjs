import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeSession } from './fake-storage.mjs';

let ledger;
let session;
before(async () => {
  session = installFakeSession();
  ledger = await import('../src/executor/ledger.js');
});

const done = (id) => ({ step_id: id, ok: true, error: null });

test('a step id is claimed once: the second claim gets the first one\'s record', () => {
  const holder = {};
  assert.equal(ledger.claim('s-claim', holder), null);
  const again = ledger.claim('s-claim', {});
  assert.equal(again.state, 'running');
  assert.equal(again.holder, holder);
});

test('begin stores the step as running and remembers its id in order', async () => {
  ledger.claim('s-begin', {});
  await ledger.begin('s-begin');
  assert.equal(session.data.get('waymark.step.s-begin').state, 'running');
  assert.ok(session.data.get('waymark.step.order').includes('s-begin'));
});

test('finish answers from memory at once and from storage once written', async () => {
  ledger.claim('s-finish', {});
  await ledger.begin('s-finish');
  const stored = ledger.finish('s-finish', done('s-finish'));
  assert.deepEqual(await ledger.lookup('s-finish'), { state: 'done', result: done('s-finish') });
  await stored;
  assert.equal(session.data.get('waymark.step.s-finish').state, 'done');
  assert.deepEqual(session.data.get('waymark.step.s-finish').result, done('s-finish'));
});

test('status tells a step never started, running, done and one an earlier worker left running', async () => {
  assert.equal((await ledger.stepStatus('s-none')).state, 'never_started');
  ledger.claim('s-run', {});
  assert.equal((await ledger.stepStatus('s-run')).state, 'running');
  ledger.claim('s-done', {});
  await ledger.finish('s-done', done('s-done'));
  const d = await ledger.stepStatus('s-done');
  assert.equal(d.state, 'done');
  assert.deepEqual(d.result, done('s-done'));
  // written by a worker that has since stopped: in storage, not in this worker's memory
  session.data.set('waymark.step.s-old', { state: 'running', at: 1 });
  assert.equal((await ledger.stepStatus('s-old')).state, 'interrupted');
});

test('every status carries the same ledger_since', async () => {
  const a = await ledger.stepStatus('s-x');
  const b = await ledger.stepStatus('s-y');
  assert.equal(typeof a.ledger_since, 'number');
  assert.equal(a.ledger_since, b.ledger_since);
  assert.equal(session.data.get('waymark.ledger.since'), a.ledger_since);
});

test('persisted speaks only for ids in the stored order', async () => {
  session.data.set('waymark.step.s-stray', { state: 'done', result: done('s-stray') });
  assert.equal(await ledger.persisted('s-stray'), null);
  ledger.claim('s-kept', {});
  await ledger.begin('s-kept');
  assert.equal((await ledger.persisted('s-kept')).state, 'running');
});

test('past 300 steps the oldest are dropped from storage', async () => {
  for (let i = 0; i < 305; i++) {
    ledger.claim(`s-many-${i}`, {});
    await ledger.begin(`s-many-${i}`);
  }
  await ledger.finish('s-many-304', done('s-many-304')); // behind the evictions in the write queue
  const order = session.data.get('waymark.step.order');
  assert.equal(order.length, 300);
  assert.equal(order.at(-1), 's-many-304');
  assert.ok(!order.includes('s-many-0'));
  assert.equal(session.data.has('waymark.step.s-many-0'), false);
  assert.equal(session.data.has('waymark.step.s-many-304'), true);
});
