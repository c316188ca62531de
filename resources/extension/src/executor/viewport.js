// @ts-check
// setViewport: the task tab's viewport set through chrome.debugger's
// Emulation.setDeviceMetricsOverride, which changes that one tab only (resizing the window would
// change every tab in it). Chrome shows its "being debugged" bar while the override is on; it is
// reset (and the debugger detached) by setViewport "reset", by the `release` request when the
// studio's control ends, and when the studio's connection closes.

const KEY = 'waymark.viewport';

/** @returns {Promise<{tabId: number, width: number, height: number} | null>} */
async function current() {
  const got = await chrome.storage.session.get(KEY);
  return /** @type {{tabId: number, width: number, height: number} | undefined} */ (got[KEY]) || null;
}

/**
 * Parses "1280x800" (also "1280×800", "1280 x 800"). Returns {width, height} or null.
 * @param {string | undefined} value
 */
export function parseSize(value) {
  const m = /^\s*(\d{2,5})\s*[x×X,]\s*(\d{2,5})\s*$/.exec(String(value ?? ''));
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (width < 100 || height < 100 || width > 10000 || height > 10000) return null;
  return { width, height };
}

/**
 * Overrides tabId's viewport to width × height CSS pixels. Throws with a plain reason.
 * @param {number} tabId
 * @param {number} width
 * @param {number} height
 */
export async function setViewport(tabId, width, height) {
  const had = await current();
  if (had && had.tabId !== tabId) await resetViewport();
  const target = { tabId };
  try {
    await chrome.debugger.attach(target, '1.3');
  } catch (e) {
    if (!/already attached/i.test(String(/** @type {Error} */ (e).message))) throw new Error(`cannot control this tab's viewport: ${/** @type {Error} */ (e).message}`, { cause: e });
  }
  await chrome.storage.session.set({ [KEY]: { tabId, width, height } });
  await chrome.debugger.sendCommand(target, 'Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 0, mobile: false });
}

/** Removes the override and detaches. Never throws. Returns whether one was on. */
export async function resetViewport() {
  const had = await current();
  if (!had) return false;
  await chrome.storage.session.remove(KEY);
  const target = { tabId: had.tabId };
  try { await chrome.debugger.sendCommand(target, 'Emulation.clearDeviceMetricsOverride', {}); } catch { /* tab gone or detached */ }
  try { await chrome.debugger.detach(target); } catch { /* not attached */ }
  return true;
}

if (globalThis.chrome && chrome.debugger) {
  // The person closed the "being debugged" bar, or the tab went away: the override is gone.
  chrome.debugger.onDetach.addListener(async (source) => {
    const had = await current();
    if (had && had.tabId === source.tabId) await chrome.storage.session.remove(KEY);
  });
}
