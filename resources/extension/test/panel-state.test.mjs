import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeSession } from './fake-storage.mjs';

const session = installFakeSession();
const badges = [];
globalThis.chrome.action = {
  setBadgeText: async (b) => { badges.push(b.text); },
  setBadgeBackgroundColor: async () => {},
  setTitle: async () => {},
};
globalThis.chrome.tabs = { get: async () => ({ windowId: 1 }), onRemoved: { addListener() {} } };
// Chrome wants a gesture: the worker cannot open the panel itself, so the badge tells the person.
globalThis.chrome.sidePanel = { open: async () => { throw new Error('may only be called in response to a user gesture'); } };
const { showWaiting, endWaiting, whenEnded, clearPanel, PANEL_KEY } = await import('../src/bridge/panel.js');

test('an item waits with a badge until it ends, and who answered is noted', async () => {
  assert.equal(await showWaiting({ id: 'a-1', kind: 'approval', action: 'click' }), 'badge');
  assert.equal(badges.at(-1), '!');
  assert.deepEqual(session.data.get(PANEL_KEY).items.map((i) => i.id), ['a-1']);
  await endWaiting('a-1', 'studio');
  assert.deepEqual(session.data.get(PANEL_KEY).items, []);
  assert.equal(session.data.get(PANEL_KEY).note, 'Answered in the studio.');
  assert.equal(badges.at(-1), '');
});

test('an end that comes before its gate waits is not lost', async () => {
  await endWaiting('g-early', 'chrome');
  const w = whenEnded('g-early');
  assert.equal(await w.ended, 'chrome');
});

test('a gate waits for its own id only, and a cleared panel withdraws it', async () => {
  const w = whenEnded('g-1');
  let by = 'pending';
  w.ended.then((b) => { by = b; });
  await endWaiting('g-other', 'studio');
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(by, 'pending');
  await clearPanel('The studio stopped');
  assert.equal(await w.ended, null);
});
