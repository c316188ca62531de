// @ts-check
// The userStep gate: an overlay in the task tab asks the person to do something (sign in, solve
// a CAPTCHA, pay) and resolves when they press Continue, when continue_on holds, or on timeout.
// The overlay is put back after every navigation, since the person's step often loads pages.

const POLL_MS = 500;

/** Draws (if missing) the overlay for gateId and reports whether the person continued or the condition holds. */
function pageGate(gateId, prompt, cond, remove) {
  const HOST_ID = 'waymark-gate-host';
  let host = document.getElementById(HOST_ID);
  if (remove) {
    if (host) host.remove();
    return { removed: true };
  }
  const g = (globalThis.__waymarkGate = globalThis.__waymarkGate || {});
  if (!host || host.dataset.gate !== gateId) {
    if (host) host.remove();
    g[gateId] = g[gateId] || { continued: false };
    host = document.createElement('div');
    host.id = HOST_ID;
    host.dataset.gate = gateId;
    host.style.cssText = 'position:fixed;z-index:2147483647;right:16px;bottom:16px;';
    const root = host.attachShadow({ mode: 'closed' });
    const box = document.createElement('div');
    box.style.cssText = 'font:14px system-ui,sans-serif;background:#fff;color:#1b1b1f;border:2px solid #3b5bdb;'
      + 'border-radius:8px;padding:12px 14px;max-width:320px;box-shadow:0 4px 16px rgba(0,0,0,.25)';
    const title = document.createElement('div');
    title.textContent = 'Waymark is waiting for you';
    title.style.cssText = 'font-weight:600;margin-bottom:6px';
    const text = document.createElement('div');
    text.textContent = prompt || 'Do this step yourself, then press Continue.';
    text.style.cssText = 'margin-bottom:10px;white-space:pre-wrap';
    const button = document.createElement('button');
    button.textContent = 'Continue';
    button.style.cssText = 'font:inherit;background:#3b5bdb;color:#fff;border:0;border-radius:6px;padding:6px 14px;cursor:pointer';
    button.addEventListener('click', () => { g[gateId].continued = true; host.remove(); });
    box.append(title, text, button);
    root.append(box);
    (document.body || document.documentElement).append(host);
  }
  if (g[gateId] && g[gateId].continued) return { how: 'continue' };
  if (cond) {
    const has = (v) => typeof v === 'string' && v.length > 0;
    const checks = [];
    if (has(cond.selector)) {
      const el = document.querySelector(cond.selector);
      checks.push(!!el && el.getClientRects().length > 0);
    }
    if (has(cond.text)) checks.push((document.body ? document.body.innerText : '').toLowerCase().includes(cond.text.toLowerCase()));
    if (has(cond.url_includes)) checks.push(location.href.includes(cond.url_includes));
    if (checks.length && checks.every(Boolean)) return { how: 'condition' };
  }
  return { how: null };
}

async function inTab(tabId, args) {
  const [r] = await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, func: pageGate, args });
  return r ? r.result : null;
}

/** Runs a gate in tabId until it clears; {ok, how, error}. timeoutMs 0 waits until the studio gives up. */
export async function runGate(tabId, gateId, prompt, continueOn, timeoutMs) {
  const cond = continueOn && typeof continueOn === 'object' ? continueOn : null;
  const limit = Number(timeoutMs) > 0 ? Number(timeoutMs) : (cond && Number(cond.timeout_ms) > 0 ? Number(cond.timeout_ms) : 0);
  const deadline = limit > 0 ? Date.now() + limit : Infinity;
  let lastError = null;
  while (Date.now() < deadline) {
    try {
      const r = await inTab(tabId, [String(gateId), String(prompt || ''), cond, false]);
      lastError = null;
      if (r && r.how) {
        await inTab(tabId, [String(gateId), '', null, true]).catch(() => {});
        return { ok: true, how: r.how };
      }
    } catch (e) {
      // navigating, or a page the extension cannot draw on: keep waiting, the person may move on
      lastError = String(e && e.message ? e.message : e);
      try { await chrome.tabs.get(tabId); } catch { return { ok: false, how: null, error: 'the tab of the gate was closed' }; }
    }
    await new Promise((res) => setTimeout(res, POLL_MS));
  }
  await inTab(tabId, [String(gateId), '', null, true]).catch(() => {});
  return { ok: false, how: 'timeout', error: lastError ? `timed out (last page error: ${lastError})` : 'timed out waiting for the person' };
}
