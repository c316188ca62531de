import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';

test('trusted input answered in the document its navigation loaded is a dispatched step that loaded a new page', async () => {
  const { window } = page('<title>Thanks</title><body><h1>Thanks for your order</h1></body>', 'https://shop.test/thanks');
  globalThis.location = window.location;
  globalThis.getComputedStyle = window.getComputedStyle.bind(window);
  const { finishTrusted } = await import('../src/page/executor/index.js');
  // the worker armed the step in the form's document; this one never saw it
  const r = await finishTrusted('step-that-submitted-the-form', { quiet: true });
  assert.equal(r.ok, true);
  assert.equal(r.dispatched, true);
  assert.deepEqual(r.page_effect, { gone: true });
});
