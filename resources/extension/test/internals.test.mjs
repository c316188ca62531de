import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';

// What a page's world answers for an element (internals-recorder.js's event), as a hostile or broken page might.
function answer(document, answers) {
  document.addEventListener('waymark:internals-ask', () => {
    for (const [id, detail] of answers) {
      document.getElementById(id).dispatchEvent(new document.defaultView.CustomEvent('waymark:internals', { detail, composed: true }));
    }
  });
}

test('what internals say is kept only as strings of known fields, for the custom element that says it', async () => {
  const { document } = page('<body><x-tab id="tab"></x-tab><x-odd id="odd"></x-odd><div id="plain"></div><x-liar id="liar"></x-liar></body>');
  answer(document, [
    ['tab', JSON.stringify({ tag: 'x-tab', role: 'tab', ariaSelected: 'true', onclick: 'alert(1)' })],
    ['odd', JSON.stringify({ tag: 'x-odd', role: 5, ariaLabel: { toString: 1 } })],
    ['plain', JSON.stringify({ tag: 'div', role: 'button' })],
    ['liar', JSON.stringify({ tag: 'x-tab', role: 'button' })],
    ['liar', 'not json'],
  ]);
  const { readInternals, internalsOf, internalsRole } = await import('../src/page/internals.js');
  readInternals(document);
  assert.deepEqual(internalsOf(document.getElementById('tab')), { role: 'tab', ariaSelected: 'true' });
  assert.equal(internalsRole(document.getElementById('tab')), 'tab');
  assert.deepEqual(internalsOf(document.getElementById('odd')), {});
  assert.equal(internalsRole(document.getElementById('odd')), null);
  assert.equal(internalsOf(document.getElementById('plain')), null, 'a plain element has no internals');
  assert.equal(internalsOf(document.getElementById('liar')), null, 'an answer names its element by its tag');
});

test('a role said through internals that steps cannot act on is not taken, and a reading forgets the one before', async () => {
  const { document } = page('<body><x-combo id="s"></x-combo><x-slider id="n"></x-slider><x-radio id="r"></x-radio></body>');
  let role = 'radio';
  // a combobox said so reads its value and options from markup the component does not have: not taken; a slider
  // reads its value and range from internals too (slider.js): taken
  answer(document, [['s', JSON.stringify({ tag: 'x-combo', role: 'combobox', ariaValueNow: '4' })],
    ['n', JSON.stringify({ tag: 'x-slider', role: 'slider', ariaValueNow: '2', ariaValueMin: '1', ariaValueMax: '14' })]]);
  document.addEventListener('waymark:internals-ask', () => document.getElementById('r').dispatchEvent(
    new document.defaultView.CustomEvent('waymark:internals', { detail: JSON.stringify({ tag: 'x-radio', role }), composed: true })));
  const { readInternals, internalsOf, internalsRole } = await import('../src/page/internals.js');
  readInternals(document);
  assert.equal(internalsRole(document.getElementById('s')), null);
  assert.equal(internalsOf(document.getElementById('s')).ariaValueNow, '4');
  assert.equal(internalsRole(document.getElementById('n')), 'slider');
  assert.deepEqual([internalsOf(document.getElementById('n')).ariaValueMin, internalsOf(document.getElementById('n')).ariaValueMax], ['1', '14']);
  assert.equal(internalsRole(document.getElementById('r')), 'radio');
  role = 'nothing-known';
  readInternals(document);
  assert.equal(internalsRole(document.getElementById('r')), null);
});
