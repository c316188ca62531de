// @ts-check
// Trusted clicks, for pages that need them: a click handler that opens a window (a sign-in popup), or
// one that ignores events whose isTrusted is false. chrome.debugger's Input domain makes input the
// page cannot tell from a person's, at the cost of Chrome's "being debugged" bar, which is why it is
// opt-in (the perform request says input: "trusted") and why the debugger is detached again when the
// studio releases control. The page call still checks actionability and hit-tests the element first;
// only the dispatch comes from here (docs/decisions/0018).

const attached = new Set();

async function attach(tabId) {
  try {
    await chrome.debugger.attach({ tabId }, '1.3');
  } catch (e) {
    // ours already (a viewport override, an earlier click) is fine; DevTools or another extension is not
    if (!/already attached/i.test(String(e && e.message))) {
      throw new Error(`trusted input needs Chrome's debugger on this tab, which refused: ${e && e.message ? e.message : e}`, { cause: e });
    }
  }
  attached.add(tabId);
}

/**
 * A left click at point (CSS pixels of the top viewport). Resolves {sent} = how many of the three mouse
 * events reached the browser: after a press, a failure leaves the click's effect unknown.
 */
export async function trustedClick(tabId, point) {
  await attach(tabId);
  const target = { tabId };
  const at = { x: point.x, y: point.y };
  const events = [
    { type: 'mouseMoved', ...at },
    { type: 'mousePressed', ...at, button: 'left', buttons: 1, clickCount: 1 },
    { type: 'mouseReleased', ...at, button: 'left', buttons: 0, clickCount: 1 },
  ];
  let sent = 0;
  try {
    for (const e of events) {
      await chrome.debugger.sendCommand(target, 'Input.dispatchMouseEvent', e);
      sent++;
    }
  } catch (e) {
    const err = /** @type {Error & {sent?: number}} */ (new Error(`the trusted click could not be sent: ${e && e.message ? e.message : e}`));
    err.sent = sent;
    throw err;
  }
  return { sent };
}

/** Detaches from every tab trusted input attached to (the studio's control has ended). */
export async function releaseTrustedInput() {
  for (const tabId of [...attached]) {
    attached.delete(tabId);
    try { await chrome.debugger.detach({ tabId }); } catch { /* gone, or detached already */ }
  }
}

if (globalThis.chrome && chrome.debugger) {
  // The person closed the "being debugged" bar, or the tab went away: the next click attaches again.
  chrome.debugger.onDetach.addListener((source) => { attached.delete(source.tabId); });
}
