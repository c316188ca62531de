import { test } from 'node:test';
import assert from 'node:assert/strict';
import { began, ended, isCancelled, cancel, onProgress, progress, stoppedEffect } from '../src/executor/long-steps.js';

test('a cancel marks the running extractList and only it', () => {
  began('list@1', 'extractList');
  began('list@2', 'extractList');
  assert.deepEqual(cancel('list@1'), { running: true, error: null });
  assert.equal(isCancelled('list@1'), true);
  assert.equal(isCancelled('list@2'), false);
  ended('list@1');
  ended('list@2');
});

test('a cancel of a step that is not running changes nothing and says so', () => {
  const r = cancel('gone@1');
  assert.equal(r.running, false);
  assert.match(r.error, /no step gone@1 is running/);
  began('done@1', 'extractList');
  ended('done@1');
  assert.equal(cancel('done@1').running, false);
  assert.equal(isCancelled('done@1'), false);
});

test('a cancel never stops another kind of step half-way', () => {
  began('click@1', 'click');
  const r = cancel('click@1');
  assert.equal(r.running, false);
  assert.match(r.error, /a click step cannot be stopped half-way .*only an extractList/);
  assert.equal(isCancelled('click@1'), false);
  ended('click@1');
});

test('a step that runs again under a new id starts uncancelled', () => {
  began('list@3', 'extractList');
  cancel('list@3');
  ended('list@3');
  began('list@4', 'extractList');
  assert.equal(isCancelled('list@4'), false);
  ended('list@4');
});

test('progress carries the step id and counts only; a failing sink does not fail the step', () => {
  const seen = [];
  onProgress((p) => seen.push(p));
  progress('list@5', 120, 3);
  progress(null, 1, 1);
  assert.deepEqual(seen, [{ step_id: 'list@5', items: 120, pages: 3 }]);
  onProgress(() => { throw new Error('socket gone'); });
  assert.doesNotThrow(() => progress('list@5', 130, 4));
  onProgress(() => {});
});

test('the stopped effect names rows and pages', () => {
  assert.equal(stoppedEffect(120, 3), 'stopped by the person after 120 rows on 3 pages');
  assert.equal(stoppedEffect(1, 1), 'stopped by the person after 1 row on 1 page');
});
