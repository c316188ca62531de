import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { installFakeSession } from './fake-storage.mjs';
import { matchToken, fromBase64 } from '../src/bridge/token-match.js';

const salt = randomBytes(16);
const digest = (value) => createHash('sha256').update(Buffer.concat([salt, Buffer.from(value, 'utf8')])).digest('hex');
const tokens = { salt: salt.toString('base64url'), values: { email: digest('ann@example.com'), password: digest('pässwörd') } };

let recordTokens;
before(async () => {
  installFakeSession();
  recordTokens = await import('../src/bridge/record-tokens.js');
});

test('base64 and base64url decode to the same bytes', () => {
  assert.deepEqual(Buffer.from(fromBase64(salt.toString('base64url'))), salt);
  assert.deepEqual(Buffer.from(fromBase64(salt.toString('base64'))), salt);
});

test('a typed declared value is known by its name, UTF-8 included', async () => {
  assert.equal(await matchToken(tokens, 'ann@example.com'), 'email');
  assert.equal(await matchToken(tokens, 'pässwörd'), 'password');
});

test('anything else typed is no token', async () => {
  assert.equal(await matchToken(tokens, 'ann@example.co'), null);
  assert.equal(await matchToken(tokens, ''), null);
  assert.equal(await matchToken(tokens, 42), null);
  assert.equal(await matchToken(null, 'ann@example.com'), null);
  assert.equal(await matchToken({ salt: tokens.salt, values: { email: digest('other') } }, 'ann@example.com'), null);
});

test('tokenFor matches against the tokens of the recording, and none once they are forgotten', async () => {
  await recordTokens.setRecordTokens(tokens);
  assert.equal(await recordTokens.tokenFor('ann@example.com'), 'email');
  await recordTokens.setRecordTokens(null);
  assert.equal(await recordTokens.tokenFor('ann@example.com'), null);
});

test('malformed tokens are not kept', async () => {
  await recordTokens.setRecordTokens({ salt: 7, values: tokens.values });
  assert.equal(await recordTokens.tokenFor('ann@example.com'), null);
});
