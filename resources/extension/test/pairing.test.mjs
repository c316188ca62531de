import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { normalizeCode, sameText, extensionProof, studioProof, randomNonce } from '../src/bridge/pairing.js';

test('a pairing code is read without dashes, spaces or case', () => {
  assert.equal(normalizeCode('abcd-efgh ijkl-mnop-qrst'), 'ABCDEFGHIJKLMNOPQRST');
  assert.equal(normalizeCode('ABCD-EFGH-IJKL-MNOP-QRS'), null); // 19 characters
  assert.equal(normalizeCode('ABCD-EFGH-IJKL-MNOP-QRS1'), null); // 1 is not base32
  assert.equal(normalizeCode(null), null);
});

test('the proofs are HMAC-SHA256 of the two nonces under the code, one per direction', async () => {
  const code = 'ABCDEFGHIJKLMNOPQRST';
  const hmac = (m) => createHmac('sha256', code).update(m).digest('hex');
  assert.equal(await extensionProof(code, 'srv', 'cli'), hmac('waymark-ext|srv|cli'));
  assert.equal(await studioProof(code, 'cli', 'srv'), hmac('waymark-studio|cli|srv'));
  assert.notEqual(await extensionProof(code, 'srv', 'cli'), await studioProof(code, 'cli', 'srv'));
});

test('sameText is true only for equal strings', () => {
  assert.equal(sameText('abc', 'abc'), true);
  assert.equal(sameText('abc', 'abd'), false);
  assert.equal(sameText('abc', 'abcd'), false);
  assert.equal(sameText('abc', undefined), false);
});

test('a nonce is 32 random bytes as base64url', () => {
  const a = randomNonce();
  assert.match(a, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(a, randomNonce());
});
