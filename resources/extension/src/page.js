// @ts-check
// Entry of the script injected into a page (isolated world, top frame). It only wires the
// page-side parts together; the service worker calls them through globalThis.__waymark.
import { observePage } from './page/observer/index.js';
import { targetSelector } from './page/recorder/target.js';
import {
  performInPage, finishTrusted, checkCondition, checkWait, highlight, stepRecord, listItems, listNext, listScroll, fetchFile, pageState, pageHtml,
} from './page/executor/index.js';

if (!globalThis.__waymark) {
  globalThis.__waymark = {
    observePage, targetSelector, performInPage, finishTrusted, checkCondition, checkWait, highlight, stepRecord, listItems, listNext, listScroll, fetchFile, pageState, pageHtml,
  };
}
