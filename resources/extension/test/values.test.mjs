import { test } from 'node:test';
import assert from 'node:assert/strict';
import { substitute, masker, tokenNames } from '../src/executor/values.js';

test('substitute puts each declared value in place of its token', () => {
  const r = substitute('user {{ email }} / {{pin}}', { email: 'ann@example.com', pin: 1234 });
  assert.deepEqual(r, { text: 'user ann@example.com / 1234', missing: [] });
});

test('substitute leaves a token without a value as it is and names it missing', () => {
  const r = substitute('{{ a }} and {{ b }} and {{ c }}', { a: 'x', b: null });
  assert.equal(r.text, 'x and {{ b }} and {{ c }}');
  assert.deepEqual(r.missing, ['b', 'c']);
});

test('substitute does not take a value from the prototype chain', () => {
  const r = substitute('{{ constructor }}', {});
  assert.deepEqual(r.missing, ['constructor']);
});

test('substitute passes a non-string through untouched', () => {
  assert.deepEqual(substitute(undefined, { a: 'x' }), { text: undefined, missing: [] });
});

test('masker masks a long value wherever it occurs, also URL-, form- and JSON-encoded', () => {
  const mask = masker({ query: 'red shoes & "socks"' });
  assert.equal(mask('you searched red shoes & "socks" today'), 'you searched {{ query }} today');
  assert.equal(mask(`https://x.test/?q=${encodeURIComponent('red shoes & "socks"')}`), 'https://x.test/?q={{ query }}');
  assert.equal(mask('q=red+shoes+%26+%22socks%22'), 'q={{ query }}');
  assert.equal(mask('{"q":"red shoes & \\"socks\\""}'), '{"q":"{{ query }}"}');
});

test('masker masks a short value only where the whole string is it', () => {
  const mask = masker({ qty: '2' });
  assert.equal(mask('2'), '{{ qty }}');
  assert.equal(mask('page 2 of 20'), 'page 2 of 20');
});

test('masker masks the longer of two overlapping values first', () => {
  const mask = masker({ short: 'secret', long: 'secret-plus' });
  assert.equal(mask('has secret-plus and secret'), 'has {{ long }} and {{ short }}');
});

test('masker leaves non-strings and strings without values alone', () => {
  const mask = masker({ a: 'abcdef' });
  assert.equal(mask(null), null);
  assert.equal(mask('nothing here'), 'nothing here');
  assert.equal(masker({})('abcdef'), 'abcdef');
});

test('tokenNames lists every placeholder of a value in order, and nothing else', () => {
  assert.deepEqual(tokenNames('{{ resume }} and {{cover_letter.v2}}'), ['resume', 'cover_letter.v2']);
  assert.deepEqual(tokenNames('no tokens, {{ 9bad }} either'), []);
  assert.deepEqual(tokenNames(null), []);
});
