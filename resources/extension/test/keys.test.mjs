import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyInfo, parseChord } from '../src/page/executor/keys.js';

test('a named key has its code and legacy keyCode, and Enter types a carriage return', () => {
  assert.deepEqual(keyInfo('Enter', false), { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' });
  assert.deepEqual(keyInfo('ArrowDown', false), { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, text: '' });
  assert.deepEqual(keyInfo('F5', false), { key: 'F5', code: 'F5', keyCode: 116, text: '' });
});

test('aliases and any letter case name the same key', () => {
  assert.equal(keyInfo('esc', false).key, 'Escape');
  assert.equal(keyInfo('ESCAPE', false).key, 'Escape');
  assert.deepEqual(keyInfo('space', false), { key: ' ', code: 'Space', keyCode: 32, text: ' ' });
  assert.equal(keyInfo('pgdn', false).code, 'PageDown');
});

test('a letter is upper case with shift, with the same code and keyCode', () => {
  assert.deepEqual(keyInfo('a', false), { key: 'a', code: 'KeyA', keyCode: 65, text: 'a' });
  assert.deepEqual(keyInfo('a', true), { key: 'A', code: 'KeyA', keyCode: 65, text: 'A' });
});

test('digits, punctuation and shifted punctuation sit on their physical keys', () => {
  assert.deepEqual(keyInfo('7', false), { key: '7', code: 'Digit7', keyCode: 55, text: '7' });
  assert.deepEqual(keyInfo('/', false), { key: '/', code: 'Slash', keyCode: 191, text: '/' });
  assert.deepEqual(keyInfo('!', false), { key: '!', code: 'Digit1', keyCode: 49, text: '!' });
  assert.deepEqual(keyInfo('?', false), { key: '?', code: 'Slash', keyCode: 191, text: '?' });
});

test('an unknown word is no key, an unknown character types itself', () => {
  assert.equal(keyInfo('Banana', false), null);
  assert.deepEqual(keyInfo('é', false), { key: 'é', code: '', keyCode: 0, text: 'é' });
});

test('a chord sets its modifiers and lists them in order', () => {
  const c = parseChord('ctrl+Shift+a');
  assert.deepEqual(c.mods, { ctrlKey: true, shiftKey: true, altKey: false, metaKey: false });
  assert.deepEqual(c.modKeys, ['Control', 'Shift']);
  assert.equal(c.info.key, 'A');
});

test('a plus sign can be the key of a chord', () => {
  assert.equal(parseChord('+').info.key, '+');
  const c = parseChord('Control++');
  assert.equal(c.mods.ctrlKey, true);
  assert.equal(c.info.key, '+');
});

test('a chord with no key, an unknown modifier or an unknown key is an error', () => {
  assert.match(parseChord('').error, /press needs a key/);
  assert.match(parseChord('Hyper+a').error, /unknown modifier 'Hyper'/);
  assert.match(parseChord('Control+Banana').error, /unknown key 'Banana'/);
});

test('typing plans one key per keyboard character and one composition per run of other text', async () => {
  const { typingPlan } = await import('../src/page/executor/keys.js');
  const plan = typingPlan('aB!é日本 x\n');
  assert.deepEqual(plan.map((p) => (p.kind === 'key' ? `${p.info.key}/${p.info.code}/${p.info.keyCode}${p.shift ? '+shift' : ''}` : `compose:${p.text}`)), [
    'a/KeyA/65', 'B/KeyB/66+shift', '!/Digit1/49+shift', 'compose:é日本', ' /Space/32', 'x/KeyX/88', 'Enter/Enter/13',
  ]);
  assert.equal(plan[0].info.text, 'a');
  assert.equal(plan[6].info.text, '\r');
});
