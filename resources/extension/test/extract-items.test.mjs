import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';

const CARDS = '<div id="cards">' + [1, 2, 3].map((n) => `<div class="card"><h3>Card ${n}</h3><span class="tag" data-id="c${n}">t</span></div>`).join('') + '</div>';
const { document } = page(`<body>${CARDS}</body>`);
const { extractItems } = await import('../src/page/executor/extract.js');

test('one extractList run reads each item once, whatever order its fields arrive in between calls', () => {
  // executeScript hands a call's objects over with their keys sorted, a port as they were sent: both carry one run
  const step = { selector: { css: '.card' }, run: 'r1', fields: { title: { css: 'h3' }, id: { css: '.tag', attribute: 'data-id' } } };
  const first = extractItems(step);
  assert.deepEqual(first.rows.map((r) => r.id), ['c1', 'c2', 'c3']);
  const sorted = { ...step, fields: { id: step.fields.id, title: step.fields.title } };
  assert.deepEqual(extractItems(sorted).rows, []);
  const card = document.createElement('div');
  card.className = 'card';
  card.innerHTML = '<h3>Card 4</h3><span class="tag" data-id="c4">t</span>';
  document.getElementById('cards').append(card);
  assert.deepEqual(extractItems(step).rows, [{ title: 'Card 4', id: 'c4' }]);
});
