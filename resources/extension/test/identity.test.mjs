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

test('a row is not another row whose number starts the same: "Order 2" is not in "Order 250"', async () => {
  const { textSimilarity, scoreNode, MATCH } = await identity();
  assert.ok(textSimilarity('Order 2', 'Order 250') < 0.5);
  assert.equal(textSimilarity('Save', 'Save changes'), 0.75);
  const target = { role: 'button', name: 'Save', tag: 'button', context: 'Order 250', section: 'Orders' };
  assert.equal(scoreNode({ role: 'button', name: 'Save', tag: 'button', context: 'Order 2', section: 'Orders' }, target), 0);
  assert.ok(scoreNode({ role: 'button', name: 'Save', tag: 'button', context: 'Order 250', section: 'Orders' }, target) >= MATCH);
});

test('containment splits no number and needs no spaces: "Result" is in "Results", "Add 1" is not in "Add 10"', async () => {
  const { textSimilarity } = await identity();
  assert.equal(textSimilarity('Result', 'Results'), 0.75);
  assert.equal(textSimilarity('カートに追加', 'カートに追加する'), 0.75);
  assert.ok(textSimilarity('Add 1', 'Add 10') < 0.5);
  assert.ok(textSimilarity('Row 12', 'Row 112') < 0.5);
});
