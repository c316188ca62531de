import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromPanel, answerOf, cleanItem } from '../src/bridge/panel.js';
import { pageGate } from '../src/bridge/gate.js';
import { page } from './dom.mjs';

const EXT = 'abcdefghijklmnopabcdefghijklmnop';
const PANEL = `chrome-extension://${EXT}/sidepanel.html`;

test('only the side panel page of this extension may answer', () => {
  assert.equal(fromPanel({ id: EXT, url: PANEL }, EXT, PANEL), true);
  assert.equal(fromPanel({ id: EXT, url: `${PANEL}?x=1#y` }, EXT, PANEL), true);
  // a content script of ours runs in a page: its sender url is the page's
  assert.equal(fromPanel({ id: EXT, url: 'https://shop.test/login', tab: { id: 3 } }, EXT, PANEL), false);
  assert.equal(fromPanel({ id: EXT, url: `chrome-extension://${EXT}/popup.html` }, EXT, PANEL), false);
  assert.equal(fromPanel({ id: 'other', url: PANEL }, EXT, PANEL), false);
  assert.equal(fromPanel({ id: EXT }, EXT, PANEL), false);
  assert.equal(fromPanel(undefined, EXT, PANEL), false);
});

test('an answer names its item and is one of approve, reject, continue', () => {
  assert.deepEqual(answerOf({ waymark_panel: 'answer', item_id: 'a-1', answer: 'reject', reason: 'wrong account' }),
    { item_id: 'a-1', answer: 'reject', reason: 'wrong account' });
  assert.equal(answerOf({ waymark_panel: 'answer', item_id: 'a-1', answer: 'eval' }), null);
  assert.equal(answerOf({ waymark_panel: 'answer', answer: 'approve' }), null);
  assert.equal(answerOf({ waymark: 'reconnect' }), null);
});

test('a waiting item keeps only the card fields, as text', () => {
  const item = cleanItem({ id: 'a-1', kind: 'approval', action: 'click', value: '{{ password }}', script: 'alert(1)',
    element: { role: 'link', name: 'Pay', href: 'https://pay.test/', onclick: 'x' }, risks: ['payment', 3], edited: 1 });
  assert.deepEqual(item, { id: 'a-1', kind: 'approval', action: 'click', value: '{{ password }}',
    element: { role: 'link', name: 'Pay', href: 'https://pay.test/' }, risks: ['payment', '3'], edited: true });
  assert.equal(cleanItem({ kind: 'approval' }), null);
});

test('the page shows only a pointer to the side panel: nothing a page script could press', () => {
  const { document } = page('<main></main>');
  assert.deepEqual(pageGate('g2', false), { drawn: true });
  const host = document.getElementById('waymark-gate-host');
  assert.ok(host);
  assert.equal(host.dataset.gate, 'g2');
  // the shadow root is closed, so the page cannot look inside; nothing clickable is in the light DOM either
  assert.equal(host.shadowRoot, null);
  assert.equal(document.querySelectorAll('button, a, input').length, 0);
  pageGate('g2', true);
  assert.equal(document.getElementById('waymark-gate-host'), null);
});

test('continue_on\'s selector waits for an element that is shown, in the page or in what a component draws', async () => {
  const { window, document } = page(`<body><p class="solved" hidden>Solved</p><puzzle-status id="drawn"></puzzle-status></body>`,
    'https://shop.test/check');
  // jsdom lays nothing out: a shown element is one checkVisibility lets through, with a box
  window.HTMLElement.prototype.getBoundingClientRect = () => /** @type {any} */ ({ x: 0, y: 0, width: 100, height: 20 });
  globalThis.location = window.location;
  const { checkCondition } = await import('../src/page/executor/conditions.js');
  const tree = document.getElementById('drawn').attachShadow({ mode: 'open' });
  tree.innerHTML = '<p></p>';
  const shown = () => checkCondition({ match: 'any', selector: 'p.solved' }, { shown: true }).holds;
  // the page keeps a hidden "solved" note from the start: a condition (exists) holds, continue_on (appears) does not
  assert.equal(checkCondition({ selector: 'p.solved' }).holds, true);
  assert.equal(shown(), false);
  assert.equal(checkCondition({ selector: 'p.solved' }, { shown: true }).detail, 'selector does not hold (1 match, none shown)');
  // the component draws it in its shadow tree once the puzzle is solved
  tree.querySelector('p').className = 'solved';
  assert.equal(shown(), true);
  // any one of them: a url that does not match leaves the selector to end the wait
  assert.equal(checkCondition({ match: 'any', selector: 'p.solved', url_includes: '/done' }, { shown: true }).holds, true);
  // Waymark's own pointer to the side panel matches a broad selector, and is no sign from the page
  const pointer = document.createElement('div');
  pointer.id = 'waymark-gate-host';
  document.body.append(pointer);
  assert.equal(checkCondition({ selector: 'body > div:last-child' }, { shown: true }).holds, false);
  // a selector that is no CSS is the condition's own error: asking again gives it again
  const bad = checkCondition({ selector: 'p[' }, { shown: true });
  assert.equal(bad.ok, false);
  assert.equal(bad.fatal, true);
});

test('continue_on\'s selector in a same-origin frame holds only while the frames it is drawn in are shown', async () => {
  const { window, document } = page('<body><iframe id="outer"></iframe></body>', 'https://shop.test/check');
  globalThis.location = window.location;
  const { checkCondition } = await import('../src/page/executor/conditions.js');
  const box = () => /** @type {any} */ ({ x: 0, y: 0, width: 100, height: 20 });
  window.HTMLElement.prototype.getBoundingClientRect = box;
  const outer = /** @type {HTMLIFrameElement} */ (document.getElementById('outer'));
  const inner = outer.contentDocument;
  inner.body.innerHTML = '<iframe id="nested"></iframe>';
  outer.contentWindow.HTMLElement.prototype.getBoundingClientRect = box;
  const nested = /** @type {HTMLIFrameElement} */ (inner.getElementById('nested'));
  nested.contentWindow.HTMLElement.prototype.getBoundingClientRect = box;
  nested.contentDocument.body.innerHTML = '<p class="paid">Paid</p>';
  const shown = () => checkCondition({ match: 'any', selector: 'p.paid' }, { shown: true });
  assert.equal(shown().holds, true);
  // the page keeps the payment frame's frame hidden: its document still draws the note, the person sees nothing
  outer.style.visibility = 'hidden';
  assert.equal(shown().holds, false);
  assert.equal(shown().detail, 'selector does not hold (1 match, none shown)');
  outer.style.visibility = '';
  nested.style.visibility = 'hidden';
  assert.equal(shown().holds, false);
  nested.style.visibility = '';
  assert.equal(shown().holds, true);
});
