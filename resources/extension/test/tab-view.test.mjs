import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tabView } from '../src/executor/tab-view.js';

const none = (s) => s;
const mine = (o = {}) => ({ opened: [], adopted: [], worked: [], sites: ['127.0.0.1'], ...o });

const TABS = [
  { id: 1, url: 'http://127.0.0.1:8080/shop', title: 'Shop' },
  { id: 2, url: 'http://127.0.0.1:8080/receipt', title: 'Receipt' },
  { id: 3, url: 'https://mail.example/inbox', title: 'Inbox (3) — private mail' },
  { id: 4, url: 'http://127.0.0.1:8080/cart', title: 'Cart' },
  { id: 5, url: 'https://bank.example/', title: 'My bank' },
  { id: 6, pendingUrl: 'http://127.0.0.1:8080/popup', title: '' },
];

test('the task tab, the tabs the task opened and adopted are task tabs with their flags', () => {
  const v = tabView(TABS, mine({ opened: [2, 6], adopted: [4] }), 1, none);
  assert.deepEqual(v.task_tabs, [
    { id: 1, title: 'Shop', url: 'http://127.0.0.1:8080/shop', opened_by_task: false, adopted: false, current: true },
    { id: 2, title: 'Receipt', url: 'http://127.0.0.1:8080/receipt', opened_by_task: true, adopted: false, current: false },
    { id: 4, title: 'Cart', url: 'http://127.0.0.1:8080/cart', opened_by_task: false, adopted: true, current: false },
    { id: 6, title: '', url: 'http://127.0.0.1:8080/popup', opened_by_task: true, adopted: false, current: false },
  ]);
});

test('the person\'s tabs on the task\'s sites are open tabs, named so adoptTab can take one', () => {
  const v = tabView(TABS, mine(), 1, none);
  assert.deepEqual(v.open_tabs.map((t) => t.id), [2, 4, 6]);
  assert.deepEqual(v.open_tabs[0], { id: 2, title: 'Receipt', url: 'http://127.0.0.1:8080/receipt' });
});

test('every other tab is only counted: no title or address of it leaves', () => {
  const v = tabView(TABS, mine(), 1, none);
  assert.equal(v.other_open_tabs, 2);
  const text = JSON.stringify(v);
  for (const secret of ['mail.example', 'Inbox', 'bank.example', 'My bank']) assert.ok(!text.includes(secret), secret);
});

test('a tab that was the task tab before stays a task tab (switchTab may go back to it)', () => {
  const v = tabView(TABS, mine({ worked: [5] }), 1, none);
  assert.deepEqual(v.task_tabs.map((t) => t.id), [1, 5]);
  assert.equal(v.other_open_tabs, 1);
});

test('titles and addresses are masked', () => {
  const mask = (s) => s.replaceAll('Receipt', '{{ order }}').replaceAll('receipt', '{{ order }}');
  const v = tabView(TABS, mine({ opened: [2] }), 1, mask);
  assert.equal(v.task_tabs[1].title, '{{ order }}');
  assert.equal(v.task_tabs[1].url, 'http://127.0.0.1:8080/{{ order }}');
});

test('a subdomain of a task site is on the task\'s sites; no sites yet means no open tabs', () => {
  const tabs = [{ id: 1, url: 'https://shop.example/', title: 'A' }, { id: 2, url: 'https://www.shop.example/b', title: 'B' },
    { id: 3, url: 'https://eu.shop.example/c', title: 'C' }, { id: 4, url: 'chrome://settings', title: 'Settings' }];
  assert.deepEqual(tabView(tabs, mine({ sites: ['shop.example'] }), 1, none).open_tabs.map((t) => t.id), [2, 3]);
  const empty = tabView(tabs, mine({ sites: [] }), 1, none);
  assert.deepEqual(empty.open_tabs, []);
  assert.equal(empty.other_open_tabs, 3);
});

test('tabRole says how a tab event may name a tab: task, open, or not at all', async () => {
  const { tabRole } = await import('../src/executor/tab-view.js');
  const m = mine({ opened: [2] });
  assert.equal(tabRole(TABS[0], m, 1), 'task');
  assert.equal(tabRole(TABS[1], m, 1), 'task');
  assert.equal(tabRole(TABS[3], m, 1), 'open');
  assert.equal(tabRole(TABS[2], m, 1), null);
  assert.equal(tabRole({ url: 'http://127.0.0.1/' }, m, 1), null);
});
