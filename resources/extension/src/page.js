// @ts-check
// Entry of the script injected into a page (isolated world, top frame). It only wires the
// page-side parts together; the service worker calls them through globalThis.__waymark.
import { observePage } from './page/observer/index.js';
import { targetSelector } from './page/recorder/target.js';
import {
  performInPage, finishTrusted, checkCondition, checkWait, highlight, stepRecord, listItems, listNext, listScroll, fetchFile, pageState, pageHtml,
  expectBaseline, checkExpect, targetSettled, unmarkTarget, pictureBoxes, pictureRestore,
} from './page/executor/index.js';

/**
 * observePage with the time it took, measured here in the page (the worker's clock would add the
 * injection and the message round trip): `{observation, observe_ms}`.
 * @param {any} opts
 */
function observePageTimed(opts) {
  const t0 = performance.now();
  const observation = observePage(opts);
  return { observation, observe_ms: Math.round((performance.now() - t0) * 10) / 10 };
}

if (!globalThis.__waymark) {
  globalThis.__waymark = {
    observePage, observePageTimed, targetSelector, performInPage, finishTrusted, checkCondition, checkWait, highlight, stepRecord, listItems, listNext, listScroll, fetchFile, pageState, pageHtml,
    expectBaseline, checkExpect, targetSettled, unmarkTarget, pictureBoxes, pictureRestore,
  };
}
