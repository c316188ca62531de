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
  assert.deepEqual(sel, { selector: '#form > p:nth-of-type(2) > button' });
  assert.equal(document.querySelectorAll(sel.selector)[0], second.el);
});

test('without any anchor the chain starts at body, with positions among same-tag siblings', () => {
  const { sel, document, info } = selectorOfControl('<body><div><a href="#">x</a></div><div><span></span><a href="#">y</a><a href="#">z</a></div></body>', 'div:nth-of-type(2) a:nth-of-type(2)');
  assert.equal(sel.selector, 'body > div:nth-of-type(2) > a:nth-of-type(2)');
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
