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

test('a fill on a select component finds no field to type in: its value input is kept out of reach, its box is read-only', async () => {
  const { document } = page('<body><x-select id="plan"></x-select><x-search id="search" role="presentation"></x-search><x-card id="card"></x-card></body>');
  const { componentControl } = await import('../src/page/executor/actionability.js');
  const $ = (id) => document.getElementById(id);
  // Shoelace's sl-select: a read-only combobox input, and the value input it hides from people
  const plan = $('plan').attachShadow({ mode: 'open' });
  plan.innerHTML = '<input id="box" role="combobox" readonly><input id="value" class="select__value-input" aria-hidden="true" tabindex="-1">';
  assert.equal(componentControl($('plan'), 'fill'), $('plan'));
  assert.equal(componentControl($('plan'), 'select'), plan.getElementById('box'));
  // a searchable combobox is the field a fill types in; a wrapper's role does not make the component a control
  const search = $('search').attachShadow({ mode: 'open' });
  search.innerHTML = '<input id="q" role="combobox" aria-autocomplete="list"><input id="off" style="display: none">';
  assert.equal(componentControl($('search'), 'fill'), search.getElementById('q'));
  // a list-autocomplete field is a combobox too, with no role of its own
  const city = document.createElement('x-city');
  document.body.append(city);
  city.attachShadow({ mode: 'open' }).innerHTML = '<input id="c" aria-autocomplete="list"><ul role="listbox"></ul>';
  assert.equal(componentControl(city, 'select'), city.shadowRoot.getElementById('c'));
  // nothing to type in: the component is what the step names
  $('card').attachShadow({ mode: 'open' }).innerHTML = '<p>Plan: Pro</p>';
  assert.equal(componentControl($('card'), 'fill'), $('card'));
});

test('a workflow that names a component by its own element is checked against the control it draws: no heal, no doubt', async () => {
  const { window, document } = page(`<body><main><x-select id="country"></x-select>
    <label>Country of residence <select id="residence"><option>France</option></select></label></main></body>`, 'https://shop.test/form');
  document.elementsFromPoint = () => [];
  document.elementFromPoint = () => null;
  globalThis.location = window.location;
  document.getElementById('country').attachShadow({ mode: 'open' }).innerHTML =
    '<div id="field" role="combobox" aria-haspopup="listbox" aria-expanded="false" aria-label="Country" tabindex="0">France</div>';
  const { identify } = await import('../src/page/executor/identity.js');
  const id = identify({ type: 'select', selector: { css: '#country' }, target: { role: 'combobox', name: 'Country' } });
  assert.equal(id.error, undefined, JSON.stringify(id));
  assert.equal(id.heal, undefined, JSON.stringify(id));
  assert.deepEqual(id.selector, { css: '#country' });
  window.close();
});

test('an element stands when its box held over two frames and no animation on what draws it is still to start', async (t) => {
  const { document } = page('<body><div id="menu"><div id="item">Lisbon</div></div></body>');
  const { holdsStill } = await import('../src/page/executor/actionability.js');
  const raf = globalThis.requestAnimationFrame;
  globalThis.requestAnimationFrame = (cb) => setTimeout(cb, 1);
  t.after(() => { globalThis.requestAnimationFrame = raf; });
  const item = document.getElementById('item');
  const menu = document.getElementById('menu');
  // the item's box at each look, one look before the first frame and one after each
  const boxes = (...ys) => { let i = 0; item.getBoundingClientRect = () => ({ x: 10, y: ys[Math.min(i++, ys.length - 1)], width: 80, height: 20 }); };
  document.getAnimations = () => [];
  boxes(40, 40, 40);
  assert.equal(await holdsStill(item), true);
  // a script's spring begun in the frame after the list was first drawn: still for one frame, then moving
  boxes(40, 40, 37);
  assert.equal(await holdsStill(item), false);
  boxes(40, 38, 38);
  assert.equal(await holdsStill(item), false);
  // an animation the browser has made but not started yet holds its first keyframe: that is no standing
  boxes(40, 40, 40);
  const onPage = { timeline: document.timeline };
  document.getAnimations = () => [{ ...onPage, playState: 'running', pending: true, effect: { target: menu } }];
  assert.equal(await holdsStill(item), false);
  // ...also one made while the frames passed (a transition a script adds in the frame after it shows the popup)
  let looks = 0;
  document.getAnimations = () => (++looks > 1 ? [{ ...onPage, playState: 'running', pending: true, effect: { target: menu } }] : []);
  boxes(40, 40, 40);
  assert.equal(await holdsStill(item), false);
  // once started, an animation that does not move the item (a colour that pulses) leaves it standing, and so does one
  // a scroll drives, which starts with no frame (and never, on a page too short to scroll)
  document.getAnimations = () => [{ ...onPage, playState: 'running', pending: false, effect: { target: menu } },
    { timeline: { scroll: true }, playState: 'running', pending: true, effect: { target: menu } }];
  boxes(40, 40, 40);
  assert.equal(await holdsStill(item), true);
  // a hidden document draws nothing, and waits for no frame
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.getAnimations = () => [{ ...onPage, playState: 'running', pending: true, effect: { target: menu } }];
  boxes(40, 90, 140);
  assert.equal(await holdsStill(item), true);
});

test('a fill on a component with no field to type in acts on its one native select or slider, none other to fill', async () => {
  const { document } = page(`<body><x-city-picker id="city"></x-city-picker><x-rating id="rating"></x-rating>
    <x-both id="both"></x-both><x-mirrored id="mirrored"></x-mirrored><x-hidden id="hidden"></x-hidden></body>`);
  const { componentControl } = await import('../src/page/executor/actionability.js');
  const $ = (id) => document.getElementById(id);
  // a design system's select that draws a native <select> (Lightning's lightning-select)
  const city = $('city').attachShadow({ mode: 'open' });
  city.innerHTML = '<label for="s">City</label><select id="s"><option>Lisbon</option></select>';
  assert.equal(componentControl($('city'), 'fill'), city.getElementById('s'));
  assert.equal(componentControl($('city'), 'select'), city.getElementById('s'));
  // a slider drawn without an input
  const rating = $('rating').attachShadow({ mode: 'open' });
  rating.innerHTML = '<div id="knob" role="slider" tabindex="0" aria-valuenow="3" aria-valuemin="1" aria-valuemax="5"></div>';
  assert.equal(componentControl($('rating'), 'fill'), rating.getElementById('knob'));
  // a select beside a slider, or a select beside the combobox people use: the step must say which
  $('both').attachShadow({ mode: 'open' }).innerHTML = '<select><option>a</option></select><div role="slider" tabindex="0" aria-valuenow="1"></div>';
  assert.equal(componentControl($('both'), 'fill'), $('both'));
  $('mirrored').attachShadow({ mode: 'open' }).innerHTML = '<div role="combobox" tabindex="0"></div><select><option>a</option></select>';
  assert.equal(componentControl($('mirrored'), 'fill'), $('mirrored'));
  // a select the component keeps for its form, out of people's reach, is no control to fill
  $('hidden').attachShadow({ mode: 'open' }).innerHTML = '<span>Pro</span><select aria-hidden="true" tabindex="-1"><option>Pro</option></select>';
  assert.equal(componentControl($('hidden'), 'fill'), $('hidden'));
});
