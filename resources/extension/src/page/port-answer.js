// @ts-check
// The page side of the worker's port to this document (executor/page-port.js): each message names a page call, and
// its answer has the shapes of page-call.js's executeScript wrapper ({__value} | {__error} | {__missing}), as JSON
// text both ways.

/** The port's name, on both sides. */
export const PORT_NAME = 'waymark-page';

/** Answers the worker's page calls over its port; called once per document, with the page script in place. */
export function answerOverPorts() {
  if (!(globalThis.chrome && chrome.runtime && chrome.runtime.onConnect)) return;
  // Hidden: the browser has put a new document in this one's place (it may come back from the back/forward cache).
  // A call that reaches it then runs nothing and says so, and the worker calls the tab's current document instead.
  let hidden = false;
  if (typeof addEventListener === 'function') {
    addEventListener('pagehide', () => { hidden = true; });
    addEventListener('pageshow', () => { hidden = false; });
  }
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== PORT_NAME) return;
    port.onMessage.addListener(async (/** @type {{id: number, fn: string, args: string}} */ msg) => {
      const w = /** @type {typeof globalThis & {__waymark?: Record<string, (...a: unknown[]) => unknown>}} */ (globalThis).__waymark;
      /** @type {{__value?: unknown, __error?: string, __missing?: boolean, __stale?: boolean}} */
      let answer;
      if (hidden) answer = { __stale: true };
      else if (!w || typeof w[msg.fn] !== 'function') answer = { __missing: true };
      else {
        try {
          const args = JSON.parse(msg.args);
          answer = { __value: await w[msg.fn](...(Array.isArray(args) ? args : [])) };
        } catch (err) {
          answer = { __error: String(err && /** @type {Error} */ (err).message ? /** @type {Error} */ (err).message : err) };
        }
      }
      try {
        port.postMessage({ id: msg.id, answer: JSON.stringify(answer) });
      } catch (err) {
        // an answer too large or not JSON: said at once, instead of leaving the worker to wait out its time
        try {
          port.postMessage({ id: msg.id, answer: JSON.stringify({ __error: `its answer could not be sent (${err && /** @type {Error} */ (err).message ? /** @type {Error} */ (err).message : err})` }) });
        } catch { /* the worker let go of the port: it answers what waited with "the page did not answer" */ }
      }
    });
  });
}
