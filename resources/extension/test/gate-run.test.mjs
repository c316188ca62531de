import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeSession } from './fake-storage.mjs';

installFakeSession();
/** @type {string[]} what the gate asked of the page: 'draw' or 'remove', in order */
const pageCalls = [];
globalThis.chrome.action = { setBadgeText: async () => {}, setBadgeBackgroundColor: async () => {}, setTitle: async () => {} };
globalThis.chrome.tabs = { get: async () => ({ id: 7, windowId: 1, url: 'https://example.test/' }), onRemoved: { addListener() {} } };
globalThis.chrome.scripting = {
  executeScript: async ({ args }) => {
    pageCalls.push(args && args[1] ? 'remove' : 'draw');
    return [{ result: { drawn: true } }];
  },
};
const { runGate } = await import('../src/bridge/gate.js');
const { endWaiting } = await import('../src/bridge/panel.js');

const within = (/** @type {Promise<unknown>} */ p, /** @type {number} */ ms, /** @type {string} */ what) => Promise.race([p,
  new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms).unref())]);

test('a gate sent again while it runs is the same gate: the one Continue ends both, and nothing polls after it', async () => {
  const msg = { type: 'gate', id: 'r1', step_id: 'g-again', prompt: 'Sign in', timeout_ms: 0 };
  const first = runGate(7, 'g-again', msg);
  await new Promise((r) => setTimeout(r, 20));
  // the studio's connection dropped and came back: it sends the gate again with the time it has left
  const again = runGate(7, 'g-again', { ...msg, id: 'r9' });
  await new Promise((r) => setTimeout(r, 20));
  await endWaiting('g-again', 'studio');
  const [a, b] = await within(Promise.all([first, again]), 2000, 'the two requests for one gate');
  assert.deepEqual(a, { ok: true, how: 'continue', answered_by: 'studio' });
  assert.deepEqual(b, a);
  const after = pageCalls.length;
  await new Promise((r) => setTimeout(r, 700)); // longer than the gate's poll
  assert.equal(pageCalls.length, after, `the page was still asked after the gate ended: ${pageCalls.slice(after)}`);
  assert.equal(pageCalls.at(-1), 'remove');
});

test('a gate that ended runs anew when sent again (its answer was lost with the connection)', async () => {
  const msg = { type: 'gate', id: 'r2', step_id: 'g-later', prompt: 'Pay', timeout_ms: 0 };
  const first = runGate(7, 'g-later', msg);
  await endWaiting('g-later', 'chrome');
  assert.equal((await within(first, 2000, 'the gate')).answered_by, 'chrome');
  const again = runGate(7, 'g-later', msg);
  assert.notEqual(again, first);
  await new Promise((r) => setTimeout(r, 20));
  await endWaiting('g-later', 'terminal');
  assert.equal((await within(again, 2000, 'the gate sent again')).answered_by, 'terminal');
});
