import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeFill, judgeSelect } from '../src/page/executor/verdicts.js';
import { judgeEffect } from '../src/executor/effects.js';

const fill = (over) => judgeFill({ wanted: 'Buy milk', before: '', typed: 'Buy milk', after: 'Buy milk', ...over });

test('a value the field holds after typing is ok, also when the page then takes it and clears the field', () => {
  assert.deepEqual(fill({}), { effect: null });
  assert.deepEqual(fill({ after: '' }), { effect: 'the page took the value and cleared the field' });
});

test('a mask that reformats the same digits is ok and says so, without quoting a secret', () => {
  const r = { wanted: '5551234567', typed: '(555) 123-4567', after: '(555) 123-4567' };
  assert.deepEqual(fill(r), { effect: "the page reformatted it to '(555) 123-4567'" });
  assert.deepEqual(fill({ ...r, echo: false }), { effect: 'the page reformatted the value (same letters and digits)' });
});

test('maxlength, a dropping mask, an emptied field and a revert are failures with their reason', () => {
  assert.equal(fill({ wanted: '123456', typed: '1234', after: '1234', maxLength: 4 }).error, 'the field kept 4 of 6 characters (maxlength 4)');
  assert.match(fill({ wanted: 'abc123', typed: '123', after: '123' }).error, /did not keep|dropped/);
  assert.match(fill({ wanted: '555123x', typed: '555123', after: '555123', echo: false }).error, /^the field dropped characters: it kept 6 of the 7/);
  assert.equal(fill({ typed: '', after: '' }).error, 'the field rejected the value (it reads empty after typing)');
  assert.equal(fill({ before: 'old', after: 'old' }).error, "the page put the previous value back 'old' after the typing");
});

test('a number field compares numbers, a select the option kept', () => {
  assert.deepEqual(fill({ wanted: '1.50', typed: '1.5', after: '1.5', number: true }), { effect: null });
  assert.deepEqual(judgeSelect({ wanted: 'b', after: 'b', label: 'B', afterLabel: 'B' }), {});
  assert.equal(judgeSelect({ wanted: 'b', after: 'a', label: 'B', afterLabel: 'A' }).error, "the page did not keep the option 'B' (it shows 'A')");
});

test('a checkbox click is ok only when its state changed; a checked radio stays ok', () => {
  const nav = {};
  assert.equal(judgeEffect('click', { toggle: { type: 'checkbox', before: false, after: true } }, nav, {}).ok, true);
  const same = judgeEffect('click', { toggle: { type: 'checkbox', before: false, after: false } }, nav, {});
  assert.equal(same.ok, false);
  assert.match(same.error, /did not change the checkbox \(it is still unchecked\)/);
  assert.deepEqual(judgeEffect('click', { toggle: { type: 'radio', before: true, after: true } }, nav, {}), { ok: true, effect: 'the radio was already checked' });
});

test('a link that changes nothing fails; other clicks say what changed or that nothing did', () => {
  assert.equal(judgeEffect('click', { link: true, mutations: 0 }, {}, {}).ok, false);
  assert.equal(judgeEffect('click', { link: true }, { sameDoc: true }, { url: 'http://x/#/active' }).effect, 'the address changed to http://x/#/active');
  assert.deepEqual(judgeEffect('click', { mutations: 0 }, {}, {}), { ok: true, effect: 'no visible change' });
  assert.equal(judgeEffect('press', { mutations: 3 }, {}, {}).effect, 'the page changed (3 DOM changes)');
});

test('a row box a component draws, ticked while the page changed nothing, is a click the app did not take', () => {
  const lost = judgeEffect('click', { mutations: 0, toggle: { type: 'checkbox', before: false, after: true, script_only: true } }, {}, {});
  assert.equal(lost.ok, false);
  assert.match(lost.error, /the checkbox is now checked, but nothing else on the page changed: the app did not take the click/);
  assert.equal(judgeEffect('click', { mutations: 2, toggle: { type: 'checkbox', before: false, after: true, script_only: true } }, {}, {}).ok, true);
  // a form's checkbox is read by the form: checked is all it does
  assert.equal(judgeEffect('click', { mutations: 0, toggle: { type: 'checkbox', before: false, after: true } }, {}, {}).ok, true);
});

test('a hash route the page does not answer says so; one it renders, and a plain anchor, are ok', () => {
  const idle = judgeEffect('click', { link: true, mutations: 0, url_changed: true, route: '#/active' }, { sameDoc: true }, { url: 'http://x/#/active' });
  assert.equal(idle.ok, true);
  assert.equal(idle.effect, 'the address changed to #/active, but the page itself did not change');
  assert.equal(judgeEffect('click', { link: true, mutations: 4, url_changed: true, route: '#/active' }, { sameDoc: true }, {}).effect,
    'the address changed; the page changed (4 DOM changes)');
  assert.equal(judgeEffect('click', { link: true, mutations: 0, url_changed: true }, { sameDoc: true }, {}).ok, true);
});

test('a download link that moves nothing is ok: the download it started is what it did', () => {
  assert.deepEqual(judgeEffect('click', { link: true, mutations: 0 }, {}, { downloads: 1 }), { ok: true, effect: 'a download started' });
  assert.equal(judgeEffect('click', { mutations: 0 }, {}, { downloads: 2 }).effect, '2 downloads started');
});
