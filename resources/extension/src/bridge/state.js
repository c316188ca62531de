// @ts-check
// Where the bridge keeps its state: the connection state in chrome.storage.session (survives a
// worker restart, read by the popup), the pairing code, port and client id in chrome.storage.local.

export const DEFAULT_PORT = 17345;
const CONN_KEY = 'waymark.connection';
const TASK_TAB_KEY = 'waymark.task_tab';
const RECORDING_KEY = 'waymark.recording';

/** @typedef {'connecting' | 'connected' | 'not_paired' | 'wrong_code' | 'no_studio' | 'bad_studio' | 'replaced'} ConnectionState */

/**
 * The connection as the popup shows it (chrome.storage.session `waymark.connection`, docs/protocol.md "Extension
 * side"); client_id once connected.
 * @typedef {{state: ConnectionState, detail: string, port?: number, since: number, client_id?: string}} ConnectionRecord
 */

/**
 * pairing.json, written by the studio's launcher into the copy of the extension of a browser it launches.
 * @typedef {{code: string, port: number}} PairingFile
 */

/**
 * launch.json as the studio wrote it: trusted_input, and in a Firefox it launched input_over: 'studio' and the
 * browser_key its trusted-input requests carry.
 * @typedef {{trusted_input?: boolean, input_over?: string, browser_key?: string}} LaunchFile
 */

/**
 * Connection states the popup explains: connecting, connected, not_paired, wrong_code, no_studio, bad_studio.
 * @param {ConnectionState} state
 * @param {string} [detail]
 * @param {{client_id?: string}} [extra]
 */
export async function setConnection(state, detail = '', extra = {}) {
  const { port } = await pairingConfig();
  await chrome.storage.session.set({ [CONN_KEY]: { state, detail, port, since: Date.now(), ...extra } });
}

/** @returns {Promise<ConnectionRecord>} */
export async function getConnection() {
  /** @type {{[CONN_KEY]?: ConnectionRecord}} */
  const got = await chrome.storage.session.get(CONN_KEY);
  return got[CONN_KEY] || { state: 'connecting', detail: '', since: 0 };
}

export const CONNECTION_KEY = CONN_KEY;

/** @type {PairingFile | null | undefined} */
let filePairing; // pairing.json is part of the installed files: read once per worker

/**
 * The pairing.json the studio writes into a browser it launches, or null.
 * @returns {Promise<PairingFile | null>}
 */
async function pairingFile() {
  if (filePairing !== undefined) return filePairing;
  try {
    const r = await fetch(chrome.runtime.getURL('pairing.json'), { cache: 'no-store' });
    filePairing = r.ok ? await r.json() : null;
  } catch {
    filePairing = null;
  }
  return /** @type {PairingFile | null} */ (filePairing); // read just above: the file's JSON or null
}

/** @type {LaunchFile | null | undefined} */
let fileLaunch; // launch.json: written by the studio into the copy of the extension of a browser it launches

/**
 * launch.json as the studio wrote it, or null in the person's own browser.
 * @returns {Promise<LaunchFile | null>}
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
  return /** @type {LaunchFile | null} */ (fileLaunch); // read just above: an object or null
}

/** Whether Waymark launched this browser (its default input is then trusted, docs/decisions/0021). */
export async function launchedByWaymark() {
  const launch = await launchFile();
  return !!launch && launch.trusted_input === true;
}

/**
 * {code, port}: pairing.json wins (a launched browser pairs by itself), else what the person saved.
 * @returns {Promise<{code: string | null, port: number}>}
 */
export async function pairingConfig() {
  const file = await pairingFile();
  /** @type {{pairing_code?: string, port?: number}} */
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

/**
 * This install's stable client id.
 * @returns {Promise<string>}
 */
export async function clientId() {
  /** @type {{client_id?: string}} */
  const got = await chrome.storage.local.get('client_id');
  if (got.client_id) return got.client_id;
  const id = `ext-${crypto.randomUUID()}`;
  await chrome.storage.local.set({ client_id: id });
  return id;
}

// The task tab of each task, keyed by the task the studio names on a request ('' when it names none: the
// studio's own session, or any older studio), as this worker last read or set it, so a request needs no storage
// read (a tab that closes is forgotten by the listener below). Several tasks of one studio each own a tab.
/** @type {Map<string, number> | null} */
let cachedTasks = null;
if (globalThis.chrome && chrome.tabs) {
  chrome.tabs.onRemoved.addListener((id) => {
    if (!cachedTasks) return;
    for (const [task, tab] of cachedTasks) if (tab === id) cachedTasks.delete(task);
  });
}

/**
 * The task key a request names ('' for none).
 * @param {unknown} task as the request carried it
 * @returns {string}
 */
export function taskKey(task) {
  return typeof task === 'string' ? task.slice(0, 100) : '';
}

/** @returns {Promise<Map<string, number>>} */
async function taskMap() {
  if (cachedTasks) return cachedTasks;
  const got = await chrome.storage.session.get(TASK_TAB_KEY);
  const stored = got[TASK_TAB_KEY];
  const map = new Map();
  if (stored && typeof stored === 'object') {
    for (const [k, v] of Object.entries(stored)) if (Number.isInteger(v)) map.set(k, /** @type {number} */ (v));
  }
  cachedTasks = cachedTasks || map;
  return cachedTasks;
}

async function saveTaskMap() {
  const map = await taskMap();
  await chrome.storage.session.set({ [TASK_TAB_KEY]: Object.fromEntries(map) });
}

// Tabs this worker has seen alive, until the browser says they went: a task tab needs no tabs.get before each step.
/** @type {Set<number>} */
const seenAlive = new Set();
if (globalThis.chrome && chrome.tabs) {
  chrome.tabs.onRemoved.addListener((id) => { seenAlive.delete(id); });
  if (chrome.tabs.onReplaced) chrome.tabs.onReplaced.addListener((_added, removed) => { seenAlive.delete(removed); });
}

/** @param {number} id */
async function alive(id) {
  if (seenAlive.has(id)) return true;
  try {
    await chrome.tabs.get(id);
    seenAlive.add(id);
    return true;
  } catch {
    return false;
  }
}

// Tasks start side by side: one choice of a task tab at a time, or two starting at once would both see no other task
// and take the same page.
/** @type {Promise<unknown>} */
let choosing = Promise.resolve();

/**
 * The tab steps of `task` act on: the one chosen before if it still exists; else, while no other task holds a tab,
 * the active tab of the last focused window (the person's page, unless it is an extension's own page, such as
 * Waymark's panel opened in a tab: a task never navigates that away); else a new tab of its own, so two tasks never
 * share a page (in a browser Waymark launched, a window of its own).
 * @param {string} [task]
 * @returns {Promise<number>}
 */
export function taskTab(task = '') {
  const next = choosing.then(() => chooseTaskTab(task));
  choosing = next.catch(() => {});
  return next;
}

/** @param {chrome.tabs.Tab | undefined} tab */
function extensionPage(tab) {
  return !!tab && typeof tab.url === 'string' && /^(chrome|moz)-extension:/.test(tab.url);
}

/**
 * @param {string} task
 * @returns {Promise<number>}
 */
async function chooseTaskTab(task) {
  const key = taskKey(task);
  const map = await taskMap();
  const known = map.get(key);
  if (known !== undefined && (await alive(known))) return known;
  let others = false;
  for (const [k, id] of map) if (k !== key && (await alive(id))) others = true;
  let tab;
  if (!others) {
    [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    if (!tab) [tab] = await chrome.tabs.query({ active: true });
    if (!tab) [tab] = await chrome.tabs.query({});
    if (extensionPage(tab)) tab = await openOwnTab();
  } else {
    tab = await openOwnTab();
  }
  if (!tab || !Number.isInteger(tab.id)) throw new Error('the browser has no tab to work in');
  map.set(key, /** @type {number} */ (tab.id));
  await saveTaskMap();
  return /** @type {number} */ (tab.id);
}

/** A fresh tab for a task while another task holds the person's: its own window in a browser Waymark launched. */
async function openOwnTab() {
  if (chrome.windows && (await launchedByWaymark())) {
    try {
      const w = await chrome.windows.create({ url: 'about:blank', focused: false });
      if (w && w.tabs && w.tabs[0]) return w.tabs[0];
    } catch { /* no windows here (some headless modes): a tab instead */ }
  }
  return chrome.tabs.create({ url: 'about:blank', active: false });
}

/**
 * Makes tabId the task tab of `task` (switchTab, adoptTab, a tab a step opened).
 * @param {number} tabId
 * @param {string} [task]
 */
export async function setTaskTab(tabId, task = '') {
  const map = await taskMap();
  map.set(taskKey(task), tabId);
  await saveTaskMap();
}

/** The task tab of `task`, or null when it has none yet. */
export async function currentTaskTabId(task = '') {
  const map = await taskMap();
  const id = map.get(taskKey(task));
  return id === undefined ? null : id;
}

/** Every task's tab: task key → tab id. */
export async function allTaskTabs() {
  return new Map(await taskMap());
}

/** Forgets the task tab of `task` (the task ended; its tab stays open, the person's now). */
export async function forgetTaskTab(task = '') {
  const map = await taskMap();
  map.delete(taskKey(task));
  await saveTaskMap();
}

export async function isRecording() {
  const got = await chrome.storage.session.get(RECORDING_KEY);
  return got[RECORDING_KEY] !== undefined && got[RECORDING_KEY] !== false && got[RECORDING_KEY] !== null;
}

/** The task whose tab is being recorded ('' for the studio's own session), or null when nothing is. */
export async function recordingTask() {
  const got = await chrome.storage.session.get(RECORDING_KEY);
  const v = got[RECORDING_KEY];
  if (v === undefined || v === false || v === null) return null;
  return typeof v === 'string' ? v : '';
}

/**
 * Starts (on) or stops recording the person's actions in the task tab of `task`.
 * @param {boolean} on
 * @param {string} [task]
 */
export async function setRecording(on, task = '') {
  await chrome.storage.session.set({ [RECORDING_KEY]: on ? taskKey(task) : false });
}
