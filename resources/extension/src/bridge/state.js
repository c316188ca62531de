// @ts-check
// Where the bridge keeps its state: the connection state in chrome.storage.session (survives a
// worker restart, read by the popup), the pairing code, port and client id in chrome.storage.local.

export const DEFAULT_PORT = 17345;
const CONN_KEY = 'waymark.connection';
const TASK_TAB_KEY = 'waymark.task_tab';
const RECORDING_KEY = 'waymark.recording';

/** Connection states the popup explains: connecting, connected, not_paired, wrong_code, no_studio, bad_studio. */
export async function setConnection(state, detail = '', extra = {}) {
  const { port } = await pairingConfig();
  await chrome.storage.session.set({ [CONN_KEY]: { state, detail, port, since: Date.now(), ...extra } });
}

export async function getConnection() {
  const got = await chrome.storage.session.get(CONN_KEY);
  return got[CONN_KEY] || { state: 'connecting', detail: '', since: 0 };
}

export const CONNECTION_KEY = CONN_KEY;

let filePairing; // pairing.json is part of the installed files: read once per worker

/** The pairing.json the studio writes into a browser it launches, or null. */
async function pairingFile() {
  if (filePairing !== undefined) return filePairing;
  try {
    const r = await fetch(chrome.runtime.getURL('pairing.json'), { cache: 'no-store' });
    filePairing = r.ok ? await r.json() : null;
  } catch {
    filePairing = null;
  }
  return filePairing;
}

let fileLaunch; // launch.json: written by the studio into the copy of the extension of a browser it launches

/**
 * launch.json as the studio wrote it ({trusted_input, and in a Firefox it launched input_over: 'studio' and the
 * browser_key its trusted-input requests carry}), or null in the person's own browser.
 * @returns {Promise<{trusted_input?: boolean, input_over?: string, browser_key?: string} | null>}
 */
export async function launchFile() {
  if (fileLaunch !== undefined) return fileLaunch;
  try {
    const r = await fetch(chrome.runtime.getURL('launch.json'), { cache: 'no-store' });
    const body = r.ok ? await r.json() : null;
    fileLaunch = body && typeof body === 'object' ? body : null;
  } catch {
    fileLaunch = null;
  }
  return fileLaunch;
}

/** Whether Waymark launched this browser (its default input is then trusted, docs/decisions/0021). */
export async function launchedByWaymark() {
  const launch = await launchFile();
  return !!launch && launch.trusted_input === true;
}

/** {code, port}: pairing.json wins (a launched browser pairs by itself), else what the person saved. */
export async function pairingConfig() {
  const file = await pairingFile();
  const stored = await chrome.storage.local.get(['pairing_code', 'port']);
  let code = stored.pairing_code || null;
  let port = Number(stored.port) || DEFAULT_PORT;
  if (file && typeof file.code === 'string') {
    code = file.code;
    if (Number.isInteger(file.port) && file.port > 0) port = file.port;
    if (stored.pairing_code !== code || Number(stored.port) !== port) {
      await chrome.storage.local.set({ pairing_code: code, port });
    }
  }
  return { code, port };
}

/** This install's stable client id. */
export async function clientId() {
  const got = await chrome.storage.local.get('client_id');
  if (got.client_id) return got.client_id;
  const id = `ext-${crypto.randomUUID()}`;
  await chrome.storage.local.set({ client_id: id });
  return id;
}

// The task tab as this worker last read or set it, so a request needs no storage read (a tab
// that closes is forgotten by the listener below).
let cachedTask = null;
if (globalThis.chrome && chrome.tabs) {
  chrome.tabs.onRemoved.addListener((id) => { if (id === cachedTask) cachedTask = null; });
}

/** The tab steps act on: the one chosen before if it still exists, else the active tab of the last focused window. */
export async function taskTab() {
  if (cachedTask !== null) return cachedTask;
  const got = await chrome.storage.session.get(TASK_TAB_KEY);
  const id = /** @type {number | undefined} */ (got[TASK_TAB_KEY]);
  if (Number.isInteger(id)) {
    try {
      await chrome.tabs.get(id);
      cachedTask = id;
      return id;
    } catch { /* closed: choose again */ }
  }
  let [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (!tab) [tab] = await chrome.tabs.query({ active: true });
  if (!tab) [tab] = await chrome.tabs.query({});
  if (!tab) throw new Error('the browser has no tab to work in');
  await chrome.storage.session.set({ [TASK_TAB_KEY]: tab.id });
  cachedTask = tab.id;
  return tab.id;
}

/** Makes tabId the task tab (switchTab, adoptTab, a tab a step opened). */
export async function setTaskTab(tabId) {
  cachedTask = tabId;
  await chrome.storage.session.set({ [TASK_TAB_KEY]: tabId });
}

export async function currentTaskTabId() {
  if (cachedTask !== null) return cachedTask;
  const got = await chrome.storage.session.get(TASK_TAB_KEY);
  return Number.isInteger(got[TASK_TAB_KEY]) ? got[TASK_TAB_KEY] : null;
}

export async function isRecording() {
  const got = await chrome.storage.session.get(RECORDING_KEY);
  return !!got[RECORDING_KEY];
}

export async function setRecording(on) {
  await chrome.storage.session.set({ [RECORDING_KEY]: !!on });
}
