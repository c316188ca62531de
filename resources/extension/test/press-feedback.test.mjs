import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';

const FORM = `<body><form>
  <div id="outline" class="field"><label for="name">Name</label><span class="notch"></span><input id="name"><p class="help">As on your card</p></div>
  <div id="wrap2"><div id="box2"><input id="zip"></div><button id="go">Go</button></div>
  <div id="wrap3"><div id="box3"><input id="q"></div><div id="results"></div></div>
</form></body>`;

test('the field that held focus is its input widened over the wrappers that hold no other control, up to the form', async () => {
  const { document } = page(FORM);
  const { fieldAround } = await import('../src/page/executor/press-feedback.js');
  assert.equal(fieldAround(document.getElementById('name')).id, 'outline');
  // a wrapper whose other child is a button is not the field's
  assert.equal(fieldAround(document.getElementById('zip')).id, 'box2');
  assert.equal(fieldAround(document.body), null);
  assert.equal(fieldAround(null), null);
});

test('a sibling too large to look through is taken to hold a control: the field stops short of it', async () => {
  const { document } = page(FORM);
  const { fieldAround } = await import('../src/page/executor/press-feedback.js');
  const results = document.getElementById('results');
  // a few empty boxes beside the box are the field's drawing...
  results.innerHTML = '<div><span></span></div>'.repeat(10);
  assert.equal(fieldAround(document.getElementById('q')).id, 'wrap3');
  // ...a table of a thousand cells is not, and is not walked through on every input
  results.innerHTML = `<table>${'<tr><td>1</td><td>2</td></tr>'.repeat(500)}</table>`;
  assert.equal(fieldAround(document.getElementById('q')).id, 'box3');
});

test('a component whose shadow tree holds the one field is the field; a tree of several controls is not', async () => {
  const { document } = page('<body><main><div id="row"><x-field id="one"></x-field><span class="hint"></span></div><x-app id="app"></x-app></main></body>');
  const { fieldAround } = await import('../src/page/executor/press-feedback.js');
  const one = document.getElementById('one').attachShadow({ mode: 'open' });
  one.innerHTML = '<div class="outline"><input id="inner"></div>';
  const app = document.getElementById('app').attachShadow({ mode: 'open' });
  app.innerHTML = '<input id="a"><input id="b"><button>Save</button>';
  assert.equal(fieldAround(one.getElementById('inner')).id, 'row');
  assert.equal(fieldAround(app.getElementById('a')).id, 'a');
});

test('once focus has left the field, only what a person reads there is its answer; elsewhere every change is', async () => {
  const { document } = page(FORM);
  const { answerOnly, fieldAround } = await import('../src/page/executor/press-feedback.js');
  const name = document.getElementById('name');
  const field = fieldAround(name);
  const counts = answerOnly(document.getElementById('go'), undefined, field);
  const outline = document.getElementById('outline');
  const classMark = { type: 'attributes', attributeName: 'class', target: outline, addedNodes: [], removedNodes: [] };
  const invalid = { type: 'attributes', attributeName: 'aria-invalid', target: name, addedNodes: [], removedNodes: [] };
  const message = document.createElement('p');
  message.textContent = 'Enter a name';
  const shown = { type: 'childList', target: outline, addedNodes: [message], removedNodes: [] };
  const emptyBox = { type: 'childList', target: outline, addedNodes: [document.createElement('span')], removedNodes: [] };
  const elsewhere = { type: 'attributes', attributeName: 'class', target: document.getElementById('wrap2'), addedNodes: [], removedNodes: [] };
  // focus is elsewhere: the field's blur marks are not counted, its words and states are
  document.getElementById('go').focus();
  assert.equal(counts([classMark]), 0);
  assert.equal(counts([emptyBox]), 0);
  assert.equal(counts([invalid]), 1);
  assert.equal(counts([shown]), 1);
  assert.equal(counts([elsewhere]), 1);
  assert.equal(counts([classMark, emptyBox, invalid, shown, elsewhere]), 3);
  // focus back in the field: every change in it counts
  name.focus();
  assert.equal(counts([classMark]), 1);
});
