// @ts-check
// Entry of the script injected into a page (isolated world, top frame). It only wires the
// page-side parts together; the service worker calls them through globalThis.__waymark.
import { observePage } from './page/observer/index.js';
import { targetSelector } from './page/recorder/target.js';
import { answerOverPorts, answerCall } from './page/port-answer.js';
import {
  performInPage, finishTrusted, checkCondition, checkWait, highlight, stepRecord, listItems, listNext, listScroll, fetchFile, pageState, pageHtml,
  expectBaseline, checkExpect, targetSettled, unmarkTarget, pictureBoxes, pictureRestore, takeLateEffects,
} from './page/executor/index.js';

/**
 * What the page script offers in the extension's isolated world of a page (globalThis.__waymark): the worker calls
 * these by name (executor/page-call.js), take-over recording uses targetSelector (bridge/recorder.js).
 * @typedef {object} PageScript
 * @property {typeof observePage} observePage
 * @property {typeof observePageTimed} observePageTimed
 * @property {typeof targetSelector} targetSelector
 * @property {typeof performInPage} performInPage
 * @property {typeof finishTrusted} finishTrusted
 * @property {typeof checkCondition} checkCondition
 * @property {typeof checkWait} checkWait
 * @property {typeof highlight} highlight
 * @property {typeof stepRecord} stepRecord
 * @property {typeof listItems} listItems
 * @property {typeof listNext} listNext
 * @property {typeof listScroll} listScroll
 * @property {typeof fetchFile} fetchFile
 * @property {typeof pageState} pageState
 * @property {typeof pageHtml} pageHtml
 * @property {typeof expectBaseline} expectBaseline
 * @property {typeof checkExpect} checkExpect
 * @property {typeof targetSettled} targetSettled
 * @property {typeof unmarkTarget} unmarkTarget
 * @property {typeof pictureBoxes} pictureBoxes
 * @property {typeof pictureRestore} pictureRestore
 */

/**
 * The globals Waymark keeps in the extension's isolated world of a page: the page script; take-over recording's
 * handle (bridge/recorder.js), and its hook through which the executor tells it what it typed (page/executor/input.js).
 * @typedef {object} PageGlobals
 * @property {PageScript} [__waymark]
 * @property {typeof answerCall} [__waymarkAnswer] how the worker's executeScript calls reach the page script
 * @property {{stop(): void}} [__waymarkRecorder]
 * @property {(el: HTMLElement) => void} [__waymarkRecorderFilled]
 */

/**
 * observePage with the time it took, measured here in the page (the worker's clock would add the
 * injection and the message round trip), and how long ago the page finished loading (`loaded_ms`: since its load
 * event ended; null while it is still loading): `{observation, observe_ms, loaded_ms, late_effects?}`.
 * @type {import('./page/page-calls.js').PageCalls['observePageTimed']}
 */
function observePageTimed(opts) {
  const t0 = performance.now();
  const observation = observePage(opts);
  // a change the last click made after its verdict said it changed nothing (page/executor/effects.js)
  const late = takeLateEffects();
  return { observation, observe_ms: Math.round((performance.now() - t0) * 10) / 10, loaded_ms: loadedMsAgo(),
    ...(late.length ? { late_effects: late } : {}) };
}

/** Milliseconds since the page's load event ended; null while it loads (or runs its load handlers). */
function loadedMsAgo() {
  if (document.readyState !== 'complete') return null;
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
  // a document without navigation timing (about:blank, one written by script): it loaded soon after it began
  if (!nav) return Math.round(performance.now());
  return nav.loadEventEnd > 0 ? Math.max(0, Math.round(performance.now() - nav.loadEventEnd)) : null;
}

if (!(/** @type {PageGlobals} */ (globalThis)).__waymark) {
  (/** @type {PageGlobals} */ (globalThis)).__waymark = {
    observePage, observePageTimed, targetSelector, performInPage, finishTrusted, checkCondition, checkWait, highlight, stepRecord, listItems, listNext, listScroll, fetchFile, pageState, pageHtml,
    expectBaseline, checkExpect, targetSettled, unmarkTarget, pictureBoxes, pictureRestore,
  };
  (/** @type {PageGlobals} */ (globalThis)).__waymarkAnswer = answerCall;
  answerOverPorts();
}
