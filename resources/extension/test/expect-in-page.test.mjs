import { test } from 'node:test';
import assert from 'node:assert/strict';

// expect-wait.js imports navigation.js, which listens to chrome.webNavigation and chrome.tabs on import.
const event = () => ({ addListener() {} });
globalThis.chrome = {
  webNavigation: { onBeforeNavigate: event(), onCommitted: event(), onDOMContentLoaded: event(), onCompleted: event(),
    onErrorOccurred: event(), onHistoryStateUpdated: event(), onReferenceFragmentUpdated: event(), onCreatedNavigationTarget: event() },
  tabs: { onCreated: event(), onRemoved: event() },
};
const { expectInPage } = await import('../src/executor/expect-wait.js');

const replay = (expect, values = {}) => ({ identity: true, values, step: { type: 'fill', selector: { css: '#q' }, expect } });

test('a recorded effect of cheap facts goes to the page with the step, its value typed in', () => {
  assert.deepEqual(expectInPage(replay({ value: '{{ email }}', ready: true }, { email: 'a@b.test' }), {}),
    { facts: { value: '{{ email }}' }, baseline: {}, value: 'a@b.test' });
  assert.deepEqual(expectInPage(replay({ count: { list: '#rows > li', by: 1 } }), { count: 3 }),
    { facts: { count: { list: '#rows > li', by: 1 } }, baseline: { count: 3 }, value: null });
});

test('an element to appear or go, no effect, authoring, or a value without its variable stay with the polls after', () => {
  assert.equal(expectInPage(replay({ appears: { role: 'listitem', name: 'Milk' } }), {}), null);
  assert.equal(expectInPage(replay({ gone: { role: 'dialog' }, url: '/done' }), {}), null);
  assert.equal(expectInPage(replay({ ready: true }), {}), null);
  assert.equal(expectInPage({ ...replay({ url: '/done' }), identity: false }, {}), null);
  assert.equal(expectInPage(replay({ value: '{{ missing }}' }), {}), null);
  assert.equal(expectInPage(replay({ url: '/done' }), null), null, 'no baseline: beforeAction saw no expect');
});
