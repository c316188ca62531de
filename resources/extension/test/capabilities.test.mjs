import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CAPABILITIES, requireCapability, requireDebugger, hasDebugger } from '../src/bridge/capabilities.js';

const manifest = JSON.parse(readFileSync(new URL('../manifest.json', import.meta.url), 'utf8'));

test('each optional capability asks only for optional permissions of the manifest', () => {
  for (const c of Object.values(CAPABILITIES)) {
    for (const p of c.permissions) assert.ok(manifest.optional_permissions.includes(p), `${p} is not optional in manifest.json`);
  }
  assert.deepEqual(Object.values(CAPABILITIES).flatMap((c) => c.permissions).sort(), [...manifest.optional_permissions].sort());
});

test('a capability that is off fails saying which one and where to turn it on', async () => {
  const asked = [];
  globalThis.chrome = { permissions: { contains: async (q) => { asked.push(q); return false; } } };
  try {
    await assert.rejects(requireCapability('page_capture', 'capturePageFile format mhtml'),
      /capturePageFile format mhtml needs the Page capture capability, which is off in this browser: click the Waymark icon .*"Turn on"/);
    assert.deepEqual(asked, [{ permissions: ['pageCapture'] }]);
    globalThis.chrome.permissions.contains = async () => true;
    await requireCapability('downloads', 'captureDownload');
  } finally {
    delete globalThis.chrome;
  }
});

test('without chrome.debugger a trusted step fails naming Launch browser and what to do instead', () => {
  globalThis.chrome = {};
  try {
    assert.equal(hasDebugger(), false);
    assert.throws(() => requireDebugger('setViewport', 'resize the window yourself'),
      /setViewport needs Chrome's debugger, .*Launch browser .*resize the window yourself/);
    globalThis.chrome.debugger = { attach: () => {} };
    requireDebugger('setViewport', 'x');
  } finally {
    delete globalThis.chrome;
  }
});
