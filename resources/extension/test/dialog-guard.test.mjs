import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { installDialogGuard } from '../src/executor/dialog-guard.js';

// The guard runs in the page's own world: here, a jsdom window that runs the function's text as a page script would.
function pageWithGuard(html = '<p>page</p>') {
  const { window } = new JSDOM(html, { url: 'https://shop.test/', runScripts: 'outside-only' });
  // a method, as the browser's own fetch is shaped: no prototype, no constructor
  window.fetch = { fetch(input, init) { return Promise.resolve({ input, init }); } }.fetch;
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
  const [toString, fetch] = [window.Function.prototype.toString, window.fetch];
  install(window, true);
  assert.deepEqual(facts(window), before);
  assert.equal(window.Function.prototype.toString, toString);
  assert.equal(window.fetch, fetch);
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

test('a stand-in is shaped like a native function: no own prototype, no constructor, the prototype its own function had', () => {
  const window = pageWithGuard();
  const NAMES_HERE = ['alert', 'confirm', 'prompt', 'setTimeout', 'clearTimeout', 'fetch', 'open'];
  const protos = NAMES_HERE.map((n) => Object.getPrototypeOf(window[n]));
  install(window);
  NAMES_HERE.forEach((n, i) => {
    assert.equal(window.eval(`JSON.stringify(Object.getOwnPropertyNames(${n}))`), '["length","name"]', n);
    assert.equal(window.eval(`(() => { try { new ${n}(); return 'built'; } catch (e) { return e.constructor.name; } })()`), 'TypeError', n);
    // (jsdom makes its functions in its own realm; in a browser this is the window's Function.prototype)
    assert.equal(Object.getPrototypeOf(window[n]), protos[i], n);
  });
  assert.equal(window.eval('JSON.stringify(Object.getOwnPropertyNames(Function.prototype.toString))'), '["length","name"]');
});

// (jsdom makes a frame's functions in its own realm, so what they inherit is not the frame's toString: the browser
// test reads `fetch.toString()` in a frame; here each window's toString is asked directly)
test('a same-origin frame the guard patches reads its stand-ins as natives, through its own toString and its parent\'s', () => {
  const window = pageWithGuard('<iframe></iframe>');
  const frame = window.frames[0];
  const src = (w, fn) => w.Function.prototype.toString.call(fn);
  const before = [src(frame, frame.setTimeout), src(frame, frame.alert), frame.eval('Function.prototype.toString.toString()')];
  install(window);
  assert.notEqual(frame.__waymarkDialogs, undefined, 'the frame is patched');
  assert.deepEqual([src(frame, frame.setTimeout), src(frame, frame.alert), frame.eval('Function.prototype.toString.toString()')], before);
  assert.equal(src(window, frame.setTimeout), before[0]);
});

// What the studio's reply takes from the guard: the REQ/RES events the page script sends (page/executor/dialog-link.js).
function ask(window, cmd) {
  let answer = null;
  const on = (e) => { answer = JSON.parse(e.detail); };
  window.addEventListener('__waymark_dialogs_res', on, true);
  window.dispatchEvent(new window.CustomEvent('__waymark_dialogs_req', { detail: JSON.stringify(cmd) }));
  window.removeEventListener('__waymark_dialogs_res', on, true);
  return answer;
}

test('a dialog the page opened between two steps is told apart from the next step\'s own, whichever way that step is armed', () => {
  const window = pageWithGuard();
  install(window);
  window.confirm('Keep the draft?'); // a timer's dialog after the step before had answered
  // armed by the next step's page call: it is reported with that step, marked as answered before it began
  ask(window, { accept: false });
  window.alert('Saved');
  assert.deepEqual(ask(window, { take: true }).dialogs.map((d) => [d.message, d.before_step === true]),
    [['Keep the draft?', true], ['Saved', false]]);
  // armed by the worker (the guard installed again in step mode): the same
  window.confirm('Leave the page?');
  install(window, true);
  window.confirm('Delete it?');
  assert.deepEqual(ask(window, { take: true }).dialogs.map((d) => [d.message, d.handled, d.before_step === true]),
    [['Leave the page?', 'dismissed', true], ['Delete it?', 'accepted', false]]);
  // a reading that only asks about timers leaves a step's dialogs its own
  window.alert('Done');
  ask(window, { timers: true });
  assert.deepEqual(ask(window, { take: true }).dialogs.map((d) => d.before_step === true), [false]);
});
