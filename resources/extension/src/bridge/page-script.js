// Calls a function of page.js (globalThis.__waymark in the extension's isolated world of the
// tab's top frame), injecting page.js first when this document does not have it yet.

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page did not answer ${what} within ${ms} ms (a dialog or a busy script may block it)`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function call(tabId, name, args) {
  const [r] = await chrome.scripting.executeScript({
    target: { tabId, frameIds: [0] },
    func: async (fn, fnArgs) => {
      const w = globalThis.__waymark;
      if (!w || typeof w[fn] !== 'function') return { missing: true };
      return { value: await w[fn](...fnArgs) };
    },
    args: [name, args],
  });
  return r ? r.result : null;
}

/** __waymark[name](...args) in the tab's top frame. */
export async function callPageScript(tabId, name, args = [], timeoutMs = 10000) {
  return withTimeout((async () => {
    let r = await call(tabId, name, args);
    if (!r || r.missing) {
      await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: ['page.js'] });
      r = await call(tabId, name, args);
    }
    if (!r || r.missing) throw new Error('the page script could not be loaded in this page');
    return r.value;
  })(), timeoutMs, name);
}
