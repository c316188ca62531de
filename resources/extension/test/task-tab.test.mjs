import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeSession } from './fake-storage.mjs';

// A browser with the person's tab (1) active; tabs are created with fresh ids. Every tabs call yields to the event
// loop first, as the real asynchronous API does, so requests that start together interleave.
installFakeSession();
const tabs = new Map([[1, { id: 1, url: 'https://shop.example/', active: true, windowId: 1 }]]);
let nextId = 10;
const tick = () => new Promise((r) => setTimeout(r, 1));
globalThis.chrome.runtime = { getURL: (p) => `chrome-extension://waymark/${p}` };
globalThis.fetch = async () => ({ ok: false });
globalThis.chrome.tabs = {
  async get(id) {
    await tick();
    if (!tabs.has(id)) throw new Error(`No tab with id: ${id}`);
    return tabs.get(id);
  },
  async query(q) {
    await tick();
    return [...tabs.values()].filter((t) => !q.active || t.active);
  },
  onRemoved: { addListener() {} },
  async create({ url }) {
    await tick();
    const t = { id: nextId++, url, active: false, windowId: 1 };
    tabs.set(t.id, t);
    return t;
  },
};
const { taskTab, forgetTaskTab } = await import('../src/bridge/state.js');

test('two tasks that start at the same moment never share a page', async () => {
  try {
    const [a, b, c] = await Promise.all([taskTab('t-a'), taskTab('t-b'), taskTab('t-c')]);
    assert.equal(new Set([a, b, c]).size, 3, `tabs ${a}, ${b}, ${c}`);
    assert.ok([a, b, c].includes(1), 'one of them works in the person\'s page');
    assert.equal(await taskTab('t-b'), b, 'a task keeps its tab');
  } finally {
    for (const t of ['t-a', 't-b', 't-c']) await forgetTaskTab(t);
  }
});

test('a task never takes an extension page that is the active tab (Waymark\'s panel opened in a tab)', async () => {
  for (const t of tabs.values()) t.active = false;
  tabs.set(5, { id: 5, url: 'chrome-extension://waymark/sidepanel.html', active: true, windowId: 1 });
  const id = await taskTab('t-d');
  assert.notEqual(id, 5);
  assert.equal(tabs.get(id).url, 'about:blank');
  assert.equal(tabs.get(5).url, 'chrome-extension://waymark/sidepanel.html');
});
