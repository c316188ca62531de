import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';

// An option whose words are the page's, drawn where the component puts its slot (Material's md-select-option).
function option(document) {
  const host = document.getElementById('germany');
  const tree = host.attachShadow({ mode: 'open' });
  tree.innerHTML = '<li id="item" tabindex="0" role="option"><span class="icon"></span><slot name="headline"></slot></li>';
  return { host, tree, item: tree.getElementById('item'), words: document.getElementById('words') };
}

const PAGE = '<body><div id="menu"><x-option id="germany"><div slot="headline" id="words">Germany</div><div slot="nowhere" id="stray">x</div></x-option></div></body>';

test('a slotted node is drawn in its slot; one no slot takes, and a shadow tree\'s top, in the host', async () => {
  const { document } = page(PAGE);
  const { drawnParent } = await import('../src/page/executor/resolve.js');
  const { tree, item, words, host } = option(document);
  assert.equal(drawnParent(words), tree.querySelector('slot'));
  assert.equal(drawnParent(tree.querySelector('slot')), item);
  assert.equal(drawnParent(item), host);
  assert.equal(drawnParent(document.getElementById('stray')), host);
  assert.equal(drawnParent(document.documentElement), null);
});

test('a press on words a slot shows focuses what draws them, as a pointer there would', async () => {
  const { document } = page(PAGE);
  const { focusableAncestor } = await import('../src/page/executor/focus.js');
  const { item, words } = option(document);
  // (up the page's own tree there is none: the item is in the option's shadow tree)
  assert.equal(focusableAncestor(words), item);
});

test('an animation on what draws an element moves it: the slot\'s tree is asked for its own animations', async () => {
  const { document } = page(PAGE);
  const { animated } = await import('../src/page/executor/actionability.js');
  const { tree, item, words } = option(document);
  const running = (target) => [{ playState: 'running', effect: { target } }];
  document.getAnimations = () => [];
  tree.getAnimations = () => [];
  assert.equal(animated(words), false);
  // the menu's item grows in: a running animation in the option's shadow tree, which the document's list leaves out
  tree.getAnimations = () => running(item);
  assert.equal(animated(words), true);
  // one that has finished, or that moves something the words are not drawn in, does not
  tree.getAnimations = () => [{ playState: 'finished', effect: { target: item } }];
  assert.equal(animated(words), false);
  document.getAnimations = () => running(document.getElementById('stray'));
  assert.equal(animated(words), false);
  document.getAnimations = () => running(document.getElementById('menu'));
  assert.equal(animated(words), true);
});

test('a fill or a select on a component\'s own element acts on the one field or combobox its trees hold', async () => {
  const { document } = page(`<body><x-text-field id="name"></x-text-field><x-select id="country"></x-select>
    <x-address id="address"></x-address><x-slider id="budget" role="slider"></x-slider><div id="plain"><input></div></body>`);
  const { componentControl } = await import('../src/page/executor/actionability.js');
  const $ = (id) => document.getElementById(id);
  const name = $('name').attachShadow({ mode: 'open' });
  name.innerHTML = '<x-outline><span class="label">Name</span></x-outline><input id="inner" type="text"><input type="hidden">';
  const country = $('country').attachShadow({ mode: 'open' });
  // the field that opens the list is itself a component, drawn in the select's tree
  country.innerHTML = '<x-field id="field" role="combobox" aria-haspopup="listbox"></x-field><x-menu></x-menu>';
  const address = $('address').attachShadow({ mode: 'open' });
  address.innerHTML = '<input id="street"><input id="city">';
  $('budget').attachShadow({ mode: 'open' }).innerHTML = '<input type="range">';
  assert.equal(componentControl($('name'), 'fill'), name.getElementById('inner'));
  assert.equal(componentControl($('country'), 'select'), country.getElementById('field'));
  // several fields: the step must say which; a component with its own role is what it names; a plain element is itself
  assert.equal(componentControl($('address'), 'fill'), $('address'));
  assert.equal(componentControl($('budget'), 'fill'), $('budget'));
  assert.equal(componentControl($('plain'), 'fill'), $('plain'));
  assert.equal(componentControl($('name'), 'select'), $('name'));
});
