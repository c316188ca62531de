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

function withInnerText(window) {
  Object.defineProperty(window.HTMLElement.prototype, 'innerText', { get() { return this.textContent; } });
}

test('the pointer answers for continue_on\'s url and selector, and leaves its text to the page script', () => {
  const { window } = page('<p id="hi">Welcome back, Ada</p>', 'https://shop.test/login');
  withInnerText(window);
  window.HTMLElement.prototype.getClientRects = () => /** @type {any} */ ([{}]);
  globalThis.location = window.location;
  // the text is read the way every text condition is (checkCondition: frames, shadow trees), by the worker's loop
  assert.deepEqual(pageGate('g1', { text: 'welcome back', url_includes: '/account' }, false), { holds: false });
  assert.deepEqual(pageGate('g1', { text: 'nope', url_includes: '/login' }, false), { holds: true });
  assert.deepEqual(pageGate('g1', { selector: '#hi', url_includes: '/account' }, false), { holds: true });
  assert.deepEqual(pageGate('g1', { text: 'nope', url_includes: '/account' }, false), { holds: false });
  assert.deepEqual(pageGate('g1', null, false), { holds: false });
});

test('the page shows only a pointer to the side panel: nothing a page script could press', () => {
  const { document } = page('<main></main>');
  pageGate('g2', null, false);
  const host = document.getElementById('waymark-gate-host');
  assert.ok(host);
  assert.equal(host.dataset.gate, 'g2');
  // the shadow root is closed, so the page cannot look inside; nothing clickable is in the light DOM either
  assert.equal(host.shadowRoot, null);
  assert.equal(document.querySelectorAll('button, a, input').length, 0);
  pageGate('g2', null, true);
  assert.equal(document.getElementById('waymark-gate-host'), null);
});
