// @ts-check
// How the page script answers the worker's calls, over the port to this document (executor/page-port.js) or through
// executeScript (executor/page-call.js): one answer, as JSON text both ways.

/** The port's name, on both sides. */
export const PORT_NAME = 'waymark-page';

/** @param {unknown} err */
const said = (err) => String(err && /** @type {Error} */ (err).message ? /** @type {Error} */ (err).message : err);

/**
 * One page call, however it came (the port below, or page-call.js's executeScript, which calls this through
 * globalThis.__waymarkAnswer): __waymark[fn](...args) answered as JSON text, {__value} | {__error} | {__missing}.
 * @param {string} fn
 * @param {string} argsText the arguments as JSON text
 * @returns {Promise<string>}
 */
export async function answerCall(fn, argsText) {
  const w = /** @type {typeof globalThis & {__waymark?: Record<string, (...a: unknown[]) => unknown>}} */ (globalThis).__waymark;
  /** @type {{__value?: unknown, __error?: string, __missing?: boolean}} */
  let answer;
  if (!w || typeof w[fn] !== 'function') answer = { __missing: true };
  else {
    try {
      const args = JSON.parse(argsText);
      answer = { __value: await w[fn](...(Array.isArray(args) ? args : [])) };
    } catch (err) {
      answer = { __error: said(err) };
    }
  }
  try {
    return JSON.stringify(answer);
  } catch (err) {
    // an answer that is no JSON: said at once, instead of leaving the worker to wait out its time
    return JSON.stringify({ __error: `its answer could not be sent (${said(err)})` });
  }
}

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
      const answer = hidden ? JSON.stringify({ __stale: true }) : await answerCall(msg.fn, msg.args);
      try {
        port.postMessage({ id: msg.id, answer });
      } catch (err) {
        // an answer too large to send: said at once, instead of leaving the worker to wait out its time
        try {
          port.postMessage({ id: msg.id, answer: JSON.stringify({ __error: `its answer could not be sent (${said(err)})` }) });
        } catch { /* the worker let go of the port: it answers what waited with "the page did not answer" */ }
      }
    });
  });
}
