import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { installDialogGuard } from '../src/executor/dialog-guard.js';

// The guard runs in the page's own world: here, a jsdom window that runs the function's text as a page script would.
function pageWithGuard(html = '<p>page</p>') {
  const { window } = new JSDOM(html, { url: 'https://shop.test/', runScripts: 'outside-only' });
  window.fetch = function fetch(input, init) { return Promise.resolve({ input, init }); };
  return window;
}
const install = (window, accept = false) => window.eval(`(${installDialogGuard.toString()})(${accept})`);

const NAMES = ['alert', 'confirm', 'prompt', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'fetch', 'open'];
// What a script can read of a function without calling it: its source through toString, its name and its length.
function facts(window) {
  const of = (fn) => [window.Function.prototype.toString.call(fn), fn.name, fn.length];
  const out = {};
  for (const n of NAMES) out[n] = of(window[n]);
  out.send = of(window.XMLHttpRequest.prototype.send);
  out.toString = [window.eval('Function.prototype.toString.toString()'), ...of(window.Function.prototype.toString).slice(1)];
  return out;
}

test('a page reads the same name, length and source of every function the guard stands in for, toString included', () => {
  const window = pageWithGuard();
  const before = facts(window);
  const fetchBefore = window.fetch;
  install(window);
  assert.notEqual(window.fetch, fetchBefore, 'the guard stands in for fetch');
  assert.deepEqual(facts(window), before);
  // armed again by the next step: nothing is wrapped twice
  install(window, true);
  assert.deepEqual(facts(window), before);
  // toString of the property descriptor stays a method a page may replace again, and is not listed
  const d = Object.getOwnPropertyDescriptor(window.Function.prototype, 'toString');
  assert.deepEqual([d.writable, d.enumerable, d.configurable], [true, false, true]);
});

test('the page\'s own functions still print their source, and toString still refuses what is not a function', () => {
  const window = pageWithGuard();
  install(window);
  assert.equal(window.eval('(function add(a, b) { return a + b; }).toString()'), 'function add(a, b) { return a + b; }');
  assert.equal(window.eval('String(class Cart { total() { return 1; } })'), 'class Cart { total() { return 1; } }');
  assert.equal(window.eval('(() => { try { Function.prototype.toString.call({}); return "no throw"; } catch (e) { return e.constructor.name; } })()'),
    'TypeError');
});

test('the stand-ins still do their work: a timer runs, a dismissed confirm answers false and is reported', async () => {
  const window = pageWithGuard();
  install(window);
  const ran = await new Promise((resolve) => { window.setTimeout((x) => resolve(x), 1, 'ran'); });
  assert.equal(ran, 'ran');
  assert.equal(window.confirm('Delete the order?'), false);
  assert.deepEqual(JSON.parse(JSON.stringify(window.__waymarkDialogs.seen.map((d) => [d.kind, d.message, d.handled]))), [['confirm', 'Delete the order?', 'dismissed']]);
  assert.equal((await window.fetch('/cart')).input, '/cart');
});
