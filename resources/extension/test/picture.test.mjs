import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';
import { pictureBoxes, pictureRestore } from '../src/page/executor/picture.js';

const FORM = `<body>
  <input id="token" value="sk-live-1">
  <input id="pw" type="password" value="hunter2">
  <input id="city" value="Lyon" style="filter: saturate(0.5)">
  <input id="note" value="hello">
</body>`;

test('the fields named and every password field are blurred while the picture is taken, and restored after', () => {
  const { document } = page(FORM);
  const r = pictureBoxes([], [{ css: '#token' }, { css: '#city' }, { css: '#missing' }]);
  assert.equal(r.blurred, 3);
  assert.match(document.getElementById('token').style.filter, /blur/);
  assert.match(document.getElementById('pw').style.filter, /blur/);
  assert.match(document.getElementById('city').style.filter, /blur/);
  assert.equal(document.getElementById('note').style.filter, '');

  assert.deepEqual(pictureRestore(), { restored: 3 });
  assert.equal(document.getElementById('token').style.filter, '');
  assert.equal(document.getElementById('pw').style.filter, '');
  assert.equal(document.getElementById('city').style.filter, 'saturate(0.5)');
  assert.deepEqual(pictureRestore(), { restored: 0 });
});

test('a second picture first takes the last one\'s blur off, so nothing stays blurred twice', () => {
  const { document } = page(FORM);
  pictureBoxes([], [{ css: '#token' }]);
  pictureBoxes([], [{ css: '#note' }]);
  assert.equal(document.getElementById('token').style.filter, '');
  assert.match(document.getElementById('note').style.filter, /blur/);
  pictureRestore();
});

test('elements without a box (no layout, or off screen) are left out of the boxes', () => {
  page(FORM);
  const r = pictureBoxes([{ ref: 'e1', selector: { css: '#token' } }, { ref: 'e9', selector: { css: '#gone' } }], []);
  assert.deepEqual(r.boxes, []);
  assert.ok(r.viewport.w >= 0);
  pictureRestore();
});
