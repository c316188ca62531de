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
// A page built of web components (Shoelace, Lit, Stencil) defines them from modules it loads after the document:
// until then a component is an empty tag. An observation in the page's first seconds waits a moment for them.
const UPGRADE_WAIT_MS = 2000;
const EARLY_MS = 10000;

async function componentsDefined() {
  if (performance.now() > EARLY_MS) return;
  const until = performance.now() + UPGRADE_WAIT_MS;
  while (document.querySelector(':not(:defined)') && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
}

async function observePageTimed(opts) {
  await componentsDefined();
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
