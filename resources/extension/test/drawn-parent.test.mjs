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
