import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';

async function identity() {
  const { window } = page('<body></body>', 'https://todo.test/');
  globalThis.location = window.location;
  return import('../src/page/executor/identity.js');
}

test('a nameless row box is known by its row: the list\'s "mark all" box is never it, another row\'s box neither', async () => {
  const { scoreNode, MATCH } = await identity();
  const target = { role: 'checkbox', tag: 'input', type: 'checkbox', context: 'Buy milk', section: 'todos' };
  const markAll = { role: 'checkbox', name: 'Mark all as complete', tag: 'input', type: 'checkbox', section: 'todos' };
  const otherRow = { role: 'checkbox', tag: 'input', type: 'checkbox', context: 'Walk the dog', section: 'todos' };
  const sameRow = { role: 'checkbox', tag: 'input', type: 'checkbox', context: 'Buy milk', section: 'todos' };
  assert.equal(scoreNode(markAll, target), 0);
  assert.equal(scoreNode(otherRow, target), 0);
  assert.ok(scoreNode(sameRow, target) >= MATCH);
  // a named control keeps its name as what it is: its context missing now says little
  const named = { ...target, name: 'Done' };
  assert.ok(scoreNode({ ...sameRow, name: 'Done', context: undefined }, named) >= MATCH);
});
