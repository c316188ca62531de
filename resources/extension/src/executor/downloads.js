// @ts-check
// Downloads: blocked unless the step that caused them says allow_download (the studio asks a
// person first), and reported. A download has no tab, so it belongs to the steps running when it
// starts; with none running, one whose referrer is the task tab's page is blocked and reported
// as a download_blocked event, and any other (the person's own) is left alone. captureDownload
// sets a trap: the download is cancelled and handed to the step, which fetches it itself.

/** @typedef {chrome.downloads.DownloadItem} DownloadItem */
/**
 * A download a step saw start, as its reply reports it (id: Chrome's, for its name and the file it was saved as).
 * @typedef {{url: string, filename: string | null, id: number, mime: string | null, size: number, blocked: boolean}} DownloadEntry
 */
/**
 * A download captureDownload's trap took (cancelled, for the step to fetch itself).
 * @typedef {{url: string, filename: string | null, referrer: string | null}} TrappedDownload
 */
/**
 * What one step watches: whether its downloads are allowed, the ones it saw, a captureDownload's trap, and the
 * waiter woken by the next one.
 * @typedef {object} DownloadWatch
 * @property {boolean} allow
 * @property {DownloadEntry[]} seen
 * @property {((d: TrappedDownload) => void) | null} trap
 * @property {(() => void) | null} wake
 */

/** @type {Set<DownloadWatch>} */
const watches = new Set();
/** @type {((item: DownloadItem) => Promise<boolean>) | null} */
let unclaimed = null;

/** @param {DownloadItem} item */
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

// The file's size once Chrome knows it, else the size the server announced (0: unknown).
/** @param {DownloadItem} item */
function sizeOf(item) {
  if (item.fileSize > 0) return item.fileSize;
  return item.totalBytes > 0 ? item.totalBytes : 0;
}

/** @param {DownloadItem} item */
async function cancel(item) {
  try { await chrome.downloads.cancel(item.id); } catch { /* finished already */ }
  try { await chrome.downloads.erase({ id: item.id }); } catch { /* gone */ }
}

// Chrome names a download (its link's download attribute, the server's Content-Disposition) only after it is created,
// in onDeterminingFilename; until then onCreated's item has no filename and the address's last part is a guess
// (report.csv for what the browser saves as report-november.csv). A download a step blocks is therefore cancelled
// once Chrome has named it, or after NAME_WAIT_MS; it is written nowhere before it is named. Firefox names it at once.
const NAME_WAIT_MS = 1500;
/** @type {Map<number, {entries: {filename: string | null}[], block: boolean, timer: ReturnType<typeof setTimeout>, named: Promise<void>, done: () => void}>} */
const naming = new Map();

/**
 * Cancels a blocked download now, or once Chrome has named it (so its report carries the name it would be saved under).
 * @param {DownloadItem} item
 * @param {{filename: string | null}[]} entries the reports whose filename Chrome's name replaces
 * @param {boolean} block
 */
function whenNamed(item, entries, block) {
  if (!chrome.downloads.onDeterminingFilename || item.filename) {
    if (block) cancel(item);
    return;
  }
  /** @type {() => void} */
  let done = () => {};
  const named = new Promise((resolve) => { done = () => resolve(undefined); });
  const timer = setTimeout(() => {
    naming.delete(item.id);
    if (block) cancel(item);
    done();
  }, NAME_WAIT_MS);
  naming.set(item.id, { entries, block, timer, named, done });
}

if (globalThis.chrome && chrome.downloads && chrome.downloads.onDeterminingFilename) {
  chrome.downloads.onDeterminingFilename.addListener((item, suggest) => {
    const waiting = naming.get(item.id);
    if (waiting) {
      naming.delete(item.id);
      clearTimeout(waiting.timer);
      const name = nameOf(item);
      if (name) for (const e of waiting.entries) e.filename = name;
      if (waiting.block) cancel(item);
      waiting.done();
    }
    // Chrome's own choice of name and folder, unchanged.
    suggest();
  });
}

if (globalThis.chrome && chrome.downloads) {
  chrome.downloads.onCreated.addListener(async (item) => {
    const entry = { url: item.finalUrl || item.url, filename: nameOf(item), id: item.id, mime: item.mime || null, size: sizeOf(item) };
    const running = [...watches];
    const trap = running.find((w) => w.trap);
    if (trap) {
      await cancel(item);
      /** @type {(d: TrappedDownload) => void} */ (trap.trap)({ url: entry.url, filename: entry.filename, referrer: item.referrer || null }); // found by it
      return;
    }
    if (running.length) {
      const allow = running.some((w) => w.allow);
      const entries = running.map(() => ({ ...entry, blocked: !allow }));
      whenNamed(item, entries, !allow);
      running.forEach((w, i) => {
        w.seen.push(entries[i]);
        if (w.wake) w.wake();
      });
      return;
    }
    if (unclaimed) {
      const block = await unclaimed(item);
      if (block) await cancel(item);
    }
  });
}

/**
 * Starts collecting the downloads that start while a step runs.
 * @param {boolean | undefined} allow
 */
export function watchDownloads(allow) {
  /** @type {DownloadWatch} */
  const w = { allow: !!allow, seen: [], trap: null, wake: null };
  watches.add(w);
  return w;
}

/** @param {DownloadWatch | undefined} w */
export function unwatchDownloads(w) {
  if (w) watches.delete(w);
}

/**
 * Resolves when w sees a download or after ms.
 * @param {DownloadWatch} w
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function nextDownload(w, ms) {
  return new Promise((resolve) => {
    // (a waiter that gave up leaves alone the one that took its place)
    const wake = () => { clearTimeout(timer); if (w.wake === wake) w.wake = null; resolve(); };
    const timer = setTimeout(wake, Math.max(0, ms));
    w.wake = wake;
  });
}

/**
 * Sets what happens to a download no step claims: handler(item) resolves to true to block it
 * (it reports it itself).
 * @param {(item: DownloadItem) => Promise<boolean>} handler
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

/**
 * Lets the task's site of url start downloads without Chrome's prompt (the extension gates them).
 * @param {string} url
 */
export async function allowAutomaticDownloads(url) {
  // Without the Downloads capability Chrome's own prompt stops a page's second download: nothing gets through
  // unseen, and the steps that would need it (allow_download, captureDownload) are refused in steps.js.
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
  if (!globalThis.chrome || !chrome.contentSettings || !chrome.contentSettings.automaticDownloads) return;
  try { await chrome.contentSettings.automaticDownloads.clear({}); } catch { /* none */ }
}

// How long a step's reply waits for Chrome to finish saving its allowed downloads, all of them together: long
// enough for a report, short enough that a large file never holds up the step (its reply then says no place).
const SAVE_WAIT_MS = 3000;

/**
 * The `downloads` of a step's reply, texts masked: each with its type and size, and for an allowed one the file
 * Chrome saved it as, waited for on chrome.downloads.onChanged up to SAVE_WAIT_MS (never longer).
 * @param {DownloadWatch | null | undefined} w
 * @param {import('./values.js').Masker} mask
 * @returns {Promise<import('../wire.js').DownloadSeen[]>}
 */
export async function reportDownloads(w, mask) {
  if (!w) return [];
  const deadline = Date.now() + SAVE_WAIT_MS;
  return Promise.all(w.seen.map(async (d) => {
    // Its name from Chrome first (whenNamed), within the same deadline.
    const pending = naming.get(d.id);
    if (pending) await Promise.race([pending.named, new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())))]);
    /** @type {import('../wire.js').DownloadSeen} */
    const out = { url: mask(d.url) || '', filename: mask(d.filename), blocked: !!d.blocked, mime: d.mime || null, size: d.size || 0 };
    if (d.blocked || typeof d.id !== 'number') return out;
    const item = await saved(d.id, deadline - Date.now());
    if (item) {
      if (item.filename) out.saved_to = mask(item.filename);
      if (!out.filename) out.filename = mask(nameOf(item));
      out.mime = item.mime || out.mime;
      out.size = sizeOf(item) || out.size;
    }
    return out;
  }));
}

/**
 * The download item once Chrome has finished it, or as it stands after ms (its target file is usually named by
 * then); null when it was interrupted or is gone.
 * @param {number} id
 * @param {number} ms
 * @returns {Promise<chrome.downloads.DownloadItem | null>}
 */
function saved(id, ms) {
  return new Promise((resolve) => {
    let over = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    /** @param {chrome.downloads.DownloadItem | null} v */
    const end = (v) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      chrome.downloads.onChanged.removeListener(changed);
      resolve(v);
    };
    /** @param {boolean} final */
    const look = async (final) => {
      try {
        const [item] = await chrome.downloads.search({ id });
        if (!item || item.state === 'interrupted') end(null);
        else if (item.state === 'complete' || final) end(item.filename ? item : null);
      } catch {
        end(null);
      }
    };
    /** @param {chrome.downloads.DownloadDelta} delta */
    const changed = (delta) => { if (delta.id === id && (delta.state || delta.filename)) look(false); };
    timer = setTimeout(() => { look(true); }, Math.max(0, ms));
    chrome.downloads.onChanged.addListener(changed);
    look(false);
  });
}
