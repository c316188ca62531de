import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';

const TODOS = `<title>Todos</title><body><main><h1>Todos</h1><label for="new">New todo</label><input id="new">
  <ul id="items"><li><input type="checkbox" aria-label="Buy milk"> Buy milk</li></ul>
  <a href="#/active">Active</a></main></body>`;

async function load(html, url) {
  const { window } = page(html, url);
  globalThis.location = window.location;
  globalThis.getComputedStyle = window.getComputedStyle.bind(window);
  return import('../src/page/executor/expect.js');
}

test('each fact of an expect is checked against the page as it is, and a missing one is named', async () => {
  const { checkExpect, expectBaseline } = await load(TODOS, 'https://todo.test/app/index.html#/active');
  const before = { count: 0 };
  assert.deepEqual(expectBaseline({ count: { list: '#items > li', by: 1 } }).count, 1);

  const held = checkExpect({ url: '/index.html#/active', title: 'Todos', count: { list: '#items > li', by: 1 } }, before);
  assert.equal(held.holds, true, held.missing.join('; '));

  const missed = checkExpect({ url: '/index.html#/done', count: { list: '#items > li', by: 2 } }, before);
  assert.equal(missed.holds, false);
  assert.deepEqual(missed.missing, ['the address to end with /index.html#/done',
    'the list #items > li to grow by 2 (it had 0, it has 1)']);
});

test('a field holds the real value the token stood for; the fact names the token', async () => {
  const { checkExpect } = await load(TODOS, 'https://todo.test/app/');
  globalThis.document.getElementById('new').value = 'Walk the dog';
  const selector = { css: '#new' };
  assert.equal(checkExpect({ value: '{{ item }}' }, {}, { value: 'Walk the dog', selector }).holds, true);
  assert.deepEqual(checkExpect({ value: '{{ item }}' }, {}, { value: 'Buy milk', selector }).missing,
    ['the field to hold {{ item }}']);
});
