import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, styleOf } from './dom.mjs';
import { walkPage } from '../src/page/observer/walk.js';
import { selectorFor, ownSelector, structuralPath, quote } from '../src/page/observer/selector.js';

// The selector the observer gives the control matched by css in the page.
function selectorOfControl(html, css) {
  const { document } = page(html);
  const walk = walkPage(document, styleOf);
  const el = document.querySelector(css);
  const info = walk.candidates.find((c) => c.el === el);
  assert.ok(info, `${css} is a control of the walk`);
  return { sel: selectorFor(info, { left: 1e6 }), info, document };
}

test('a unique id is the selector', () => {
  const { sel } = selectorOfControl('<body><button id="save">Save</button><button>Cancel</button></body>', '#save');
  assert.deepEqual(sel, { selector: '#save' });
});

test('a generated id is passed over for a test attribute', () => {
  const { sel } = selectorOfControl('<body><button id=":r1:" data-testid="save-btn">Save</button></body>', 'button');
  assert.deepEqual(sel, { selector: '[data-testid="save-btn"]' });
  const ember = selectorOfControl('<body><button id="ember123" name="go">Go</button></body>', 'button');
  assert.deepEqual(ember.sel, { selector: 'button[name="go"]' });
});

test('a name or an aria-label unique among its tag names the control', () => {
  const { sel } = selectorOfControl('<body><input name="q"><input name="q2"></body>', 'input[name=q]');
  assert.deepEqual(sel, { selector: 'input[name="q"]' });
  const labelled = selectorOfControl('<body><button aria-label="Close">x</button><button>y</button></body>', '[aria-label=Close]');
  assert.deepEqual(labelled.sel, { selector: 'button[aria-label="Close"]' });
});

test('a duplicated id is no anchor: the chain hangs from the nearest unique ancestor', () => {
  const html = '<body><div id="form"><p><button id="dup">A</button></p><p><button id="dup">B</button></p></div></body>';
  const { document } = page(html);
  const walk = walkPage(document, styleOf);
  const second = walk.candidates.find((c) => c.el.textContent === 'B');
  const sel = selectorFor(second, { left: 1e6 });
  assert.deepEqual(sel, { selector: '#form > p:nth-of-type(2) > button', positional: true });
  assert.equal(document.querySelectorAll(sel.selector)[0], second.el);
});

test('without any anchor the chain starts at body, with positions among same-tag siblings', () => {
  const { sel, document, info } = selectorOfControl('<body><div><a href="#">x</a></div><div><span></span><a href="#">y</a><a href="#">z</a></div></body>', 'div:nth-of-type(2) a:nth-of-type(2)');
  assert.equal(sel.selector, 'body > div:nth-of-type(2) > a:nth-of-type(2)');
  assert.equal(sel.positional, true);
  assert.equal(document.querySelector(sel.selector), info.el);
  assert.equal(structuralPath(info), '/html[1]/body[1]/div[2]/a[2]');
});

test('a link is named by its address when nothing else is unique, but not by "#"', () => {
  const { sel } = selectorOfControl('<body><a href="/cart">Cart</a><a href="/help">Help</a></body>', 'a[href="/cart"]');
  assert.deepEqual(sel, { selector: 'a[href="/cart"]' });
  const { document } = page('<body><a href="#">A</a></body>');
  const walk = walkPage(document, styleOf);
  assert.equal(ownSelector(walk.candidates[0].el, walk.trees[0]), null);
});

test('quote escapes quotes, backslashes and line breaks for an attribute value', () => {
  assert.equal(quote('say "hi"\\now\n'), '"say \\"hi\\"\\\\now\\a "');
});

test('ids that frameworks generate are passed over', () => {
  for (const id of [':r1:', 'ember123', 'mat-input-4', 'headlessui-menu-button-3', 'react-select-2-input', 'radix-:r7:',
    'item-1404812345678', 'c0ffee12ab']) {
    const { sel } = selectorOfControl(`<body><input id="${id}" name="q"></body>`, 'input');
    assert.deepEqual(sel, { selector: 'input[name="q"]' }, id);
  }
  for (const id of ['save', 'b1', 'new-todo', 'main-search']) {
    const { sel } = selectorOfControl(`<body><input id="${id}" name="q"></body>`, 'input');
    assert.deepEqual(sel, { selector: '#' + id }, id);
  }
});

test('a placeholder or a title unique among its tag names the control when nothing before it does', () => {
  const { sel } = selectorOfControl('<body><input placeholder="What needs to be done?"><input placeholder="Search"></body>', 'input');
  assert.deepEqual(sel, { selector: 'input[placeholder="What needs to be done?"]' });
  const titled = selectorOfControl('<body><button title="Refresh">↻</button><button title="Print">⎙</button></body>', 'button');
  assert.deepEqual(titled.sel, { selector: 'button[title="Refresh"]' });
});

test('a class that names the element in the whole page is a short class path; states and build hashes are not', () => {
  const { sel } = selectorOfControl('<body><div><div><button class="active clear-completed">Clear</button></div></div><button>Other</button></body>', 'button.clear-completed');
  assert.deepEqual(sel, { selector: 'button.clear-completed' });
  const hashed = selectorOfControl('<body><div><button class="css-1x2y3z sc-bdVaJa">Go</button></div><div><button>Stop</button></div></body>', 'div:nth-of-type(1) button');
  assert.equal(hashed.sel.selector, 'body > div:nth-of-type(1) > button');
  assert.equal(hashed.sel.positional, true);
});

const todo = (id, text, done) => `<li data-id="${id}"${done ? ' class="completed"' : ''}><div class="view">`
  + `<input class="toggle" type="checkbox"${done ? ' checked' : ''}><label>${text}</label><button class="destroy"></button></div>`
  + `<input class="edit" value="${text}"></li>`;
const TODOS = `<body><section class="todoapp"><header class="header"><h1>todos</h1>
  <input class="new-todo" placeholder="What needs to be done?" autofocus></header>
  <section class="main"><input id="toggle-all" class="toggle-all" type="checkbox"><label for="toggle-all">Mark all</label>
  <ul class="todo-list" id="todo-list">${todo(17, 'Buy milk')}${todo(18, 'Walk the dog', true)}${todo(19, 'Pay rent')}</ul></section>
  <footer class="footer"><ul class="filters"><li><a href="#/" class="selected">All</a></li><li><a href="#/active">Active</a></li>
  <li><a href="#/completed">Completed</a></li></ul><button class="clear-completed">Clear completed</button></footer></section></body>`;

test('a control inside a repeated item is named by the item\'s own record attribute, not its position', () => {
  const { document } = page(TODOS);
  const walk = walkPage(document, styleOf);
  const milk = [...document.querySelectorAll('li')].find((li) => li.textContent.includes('Buy milk'));
  const byEl = (el) => walk.candidates.find((c) => c.el === el);
  const toggle = selectorFor(byEl(milk.querySelector('.toggle')), { left: 1e6 });
  assert.deepEqual(toggle, { selector: 'li[data-id="17"] input.toggle' });
  assert.deepEqual(selectorFor(byEl(milk.querySelector('.destroy')), { left: 1e6 }), { selector: 'li[data-id="17"] button.destroy' });
  assert.deepEqual(selectorFor(byEl(milk.querySelector('.edit')), { left: 1e6 }), { selector: 'li[data-id="17"] input.edit' });
  assert.deepEqual(selectorFor(byEl(document.querySelector('.new-todo')), { left: 1e6 }), { selector: 'input[placeholder="What needs to be done?"]' });
  assert.deepEqual(selectorFor(byEl(document.querySelector('.clear-completed')), { left: 1e6 }), { selector: 'button.clear-completed' });
  assert.deepEqual(selectorFor(byEl(document.querySelector('a[href="#/active"]')), { left: 1e6 }), { selector: 'a[href="#/active"]' });
});

test('items without a record attribute leave only positions, and the selector says it is positional', () => {
  const html = TODOS.replace(/ data-id="\d+"/g, '');
  const { document } = page(html);
  const walk = walkPage(document, styleOf);
  const toggle = walk.candidates.find((c) => c.el.matches('li:nth-of-type(1) .toggle'));
  const sel = selectorFor(toggle, { left: 1e6 });
  assert.equal(sel.positional, true);
  assert.equal(document.querySelector(sel.selector), toggle.el);
});

test('every selector the observer builds resolves to exactly its own element', () => {
  const pages = [TODOS, TODOS.replace(/ data-id="\d+"/g, ''),
    '<body><main><div class="card" data-id="1"><a class="title" href="/p/1">One</a><button class="buy">Buy</button></div>'
      + '<div class="card" data-id="1"><a class="title" href="/p/1b">One again</a><button class="buy">Buy</button></div>'
      + '<div class="card"><a class="title" href="/p/2">Two</a><button class="buy" title="Buy two">Buy</button></div></main>'
      + '<form id="f"><p><input class="field"></p><p><input class="field"></p><button id=":r2:">Send</button></form></body>'];
  for (const html of pages) {
    const { document } = page(html);
    const walk = walkPage(document, styleOf);
    assert.ok(walk.candidates.length > 3);
    for (const c of walk.candidates) {
      const sel = selectorFor(c, { left: 1e6 });
      const all = document.querySelectorAll(sel.selector);
      if (sel.indexes) assert.equal(all[sel.indexes[0]], c.el, sel.selector);
      else assert.ok(all.length === 1 && all[0] === c.el, `${sel.selector} matched ${all.length}`);
    }
  }
});
