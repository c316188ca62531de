// @ts-check
// Downloads: blocked unless the step that caused them says allow_download (the studio asks a
// person first), and reported. A download has no tab, so it belongs to the steps running when it
// starts; with none running, one whose referrer is the task tab's page is blocked and reported
// as a download_blocked event, and any other (the person's own) is left alone. captureDownload
// sets a trap: the download is cancelled and handed to the step, which fetches it itself.

const watches = new Set();
let unclaimed = null;

function nameOf(item) {
  const base = String(item.filename || '').split(/[\\/]/).pop();
  if (base) return base;
  try {
    const last = new URL(item.finalUrl || item.url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

async function cancel(item) {
  try { await chrome.downloads.cancel(item.id); } catch { /* finished already */ }
  try { await chrome.downloads.erase({ id: item.id }); } catch { /* gone */ }
}

if (globalThis.chrome && chrome.downloads) {
  chrome.downloads.onCreated.addListener(async (item) => {
    const entry = { url: item.finalUrl || item.url, filename: nameOf(item) };
    const running = [...watches];
    const trap = running.find((w) => w.trap);
    if (trap) {
      await cancel(item);
      trap.trap({ ...entry, referrer: item.referrer || null });
      return;
    }
    if (running.length) {
      const allow = running.some((w) => w.allow);
      if (!allow) await cancel(item);
      for (const w of running) {
        w.seen.push({ ...entry, blocked: !allow });
        if (w.wake) w.wake();
      }
      return;
    }
    if (unclaimed) {
      const block = await unclaimed(item);
      if (block) await cancel(item);
    }
  });
}

/** Starts collecting the downloads that start while a step runs. */
export function watchDownloads(allow) {
  const w = { allow: !!allow, seen: [], trap: null, wake: null };
  watches.add(w);
  return w;
}

export function unwatchDownloads(w) {
  if (w) watches.delete(w);
}

/** Resolves when w sees a download or after ms. */
export function nextDownload(w, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { w.wake = null; resolve(); }, Math.max(0, ms));
    w.wake = () => { clearTimeout(timer); w.wake = null; resolve(); };
  });
}

/**
 * Sets what happens to a download no step claims: handler(item) resolves to true to block it
 * (it reports it itself).
 */
export function onUnclaimedDownload(handler) {
  unclaimed = handler;
}

// Chrome's own limit on downloads a page starts without a person's gesture (after the first,
// it asks, and a headless or unattended browser says no) would hide them from chrome.downloads,
// so neither a blocked download could be reported nor an allowed one happen. On the task's sites
// the extension is the gate instead: automatic downloads are allowed there while the studio is
// in control (cleared by `release`), and every one is blocked unless its step allows it.
const allowedSites = new Set();

/** Lets the task's site of url start downloads without Chrome's prompt (the extension gates them). */
export async function allowAutomaticDownloads(url) {
  if (!globalThis.chrome || !chrome.contentSettings || !chrome.contentSettings.automaticDownloads) return;
  let pattern;
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
    pattern = `${u.protocol}//${u.hostname.includes(':') ? `[${u.hostname}]` : u.hostname}/*`;
  } catch {
    return;
  }
  if (allowedSites.has(pattern)) return;
  allowedSites.add(pattern);
  try {
    await chrome.contentSettings.automaticDownloads.set({ primaryPattern: pattern, setting: 'allow' });
  } catch {
    allowedSites.delete(pattern);
  }
}

/** Removes the automatic-download settings this extension made. */
export async function clearAutomaticDownloads() {
  allowedSites.clear();
  try { await chrome.contentSettings.automaticDownloads.clear({}); } catch { /* none */ }
}
