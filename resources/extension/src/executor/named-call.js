// @ts-check
// The eval step's call, run in the page's MAIN world: by the service worker (chrome.scripting with world MAIN) and,
// as this file's text, by the WebDriver driver (BiDi script.callFunction in the page's realm), so both call a page
// function the same way. It must stay one self-contained function: it is serialised, not imported, in the page.

// Runs in the page's MAIN world. Only the page's own functions: a built-in (eval, Function,
// setTimeout, document.write…) could run code given as a string, so native functions are refused.
/**
 * @param {string} path the function's dotted name (app.refresh)
 * @param {unknown[]} args
 * @param {number} cap the most characters of its JSON answer that come back
 * @returns {Promise<{error?: string, data?: string, truncated?: boolean}>} error, or data (JSON) and whether it was cut at cap
 */
export async function callNamedFunction(path, args, cap) {
  // any: the walk goes through whatever the page's globals hold
  /** @type {any} */
  let owner = window;
  /** @type {any} */
  let fn = window;
  for (const part of path.split('.')) {
    if (fn === null || fn === undefined) return { error: `the page has no function ${path}` };
    owner = fn;
    fn = fn[part];
  }
  if (typeof fn !== 'function') return { error: `the page has no function ${path} (it is ${fn === undefined ? 'undefined' : typeof fn})` };
  let source;
  try { source = Function.prototype.toString.call(fn); } catch { source = '[native code]'; }
  if (/\{\s*\[native code\]\s*\}\s*$/.test(source)) return { error: `${path} is a built-in function of the browser; eval calls only the page's own functions` };
  let value;
  try {
    value = await fn.apply(owner, args);
  } catch (e) {
    return { error: `${path} threw: ${String(e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e).slice(0, 500)}` };
  }
  let text;
  try {
    text = JSON.stringify(value === undefined ? null : value);
  } catch (e) {
    return { error: `what ${path} returned cannot be written as JSON: ${String(e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e).slice(0, 200)}` };
  }
  if (text === undefined) text = 'null';
  return text.length > cap ? { data: text.slice(0, cap), truncated: true } : { data: text, truncated: false };
}

