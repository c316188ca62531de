// @ts-check
// Popup: shows the connection state (from chrome.storage.session, written by the worker) with
// what to do about it, and takes the pairing code (kept in chrome.storage.local).
import { normalizeCode } from './bridge/pairing.js';
import { CONNECTION_KEY, DEFAULT_PORT } from './bridge/state.js';
import { PANEL_KEY } from './bridge/panel-key.js';
import './popup-capabilities.js';

/** @typedef {import('./bridge/state.js').ConnectionRecord} ConnectionRecord */
/** @typedef {import('./bridge/panel-key.js').PanelState} PanelState */

const TEXT = {
  connected: ['Connected to the studio', 'connected'],
  connecting: ['Connecting…', 'warning'],
  not_paired: ['Not paired', 'warning'],
  wrong_code: ['Pairing code refused', 'error'],
  no_studio: ['Studio not running', 'error'],
  bad_studio: ['Not your studio', 'error'],
  replaced: ['Replaced by another connection', 'warning'],
};

/** @param {string} id an element of popup.html */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/**
 * The popup's fields (popup.html): the code and port inputs.
 * @param {'code' | 'port'} id
 */
const field = (id) => /** @type {HTMLInputElement} */ ($(id));

/** @param {ConnectionRecord | undefined} conn */
function show(conn) {
  const c = conn || { state: 'connecting', detail: '' };
  const [label, cls] = TEXT[c.state] || [c.state, 'warning'];
  $('state').textContent = label;
  $('detail').textContent = c.detail || '';
  $('dot').className = `dot ${cls}`;
  const hideForm = c.state === 'connected' && !$('pair').dataset.open;
  $('pair').hidden = hideForm;
  $('change').hidden = !hideForm;
}

async function load() {
  /** @type {{port?: number}} */
  const local = await chrome.storage.local.get(['port']);
  field('port').value = String(local.port || DEFAULT_PORT);
  /** @type {{[CONNECTION_KEY]?: ConnectionRecord}} the worker keeps it there (bridge/state.js) */
  const session = await chrome.storage.session.get(CONNECTION_KEY);
  show(session[CONNECTION_KEY]);
  // No record yet: the worker has not run in this browser session (a browser just started, a worker the browser
  // has not woken). Waking it makes it connect, or say it is not paired, instead of "Connecting…" forever. A worker
  // not registered yet answers nothing: it is asked again a second after each answer, 20 times at most.
  for (let i = 0; i < 20; i++) {
    const now = await chrome.storage.session.get(CONNECTION_KEY);
    if (now[CONNECTION_KEY]) return;
    await chrome.runtime.sendMessage({ waymark: 'connect' }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'session' && changes[CONNECTION_KEY]) show(/** @type {ConnectionRecord | undefined} */ (changes[CONNECTION_KEY].newValue));
});

$('change').addEventListener('click', () => {
  $('pair').dataset.open = 'yes';
  $('pair').hidden = false;
  $('change').hidden = true;
  $('code').focus();
});

$('pair').addEventListener('submit', async (e) => {
  e.preventDefault();
  const code = normalizeCode(field('code').value);
  const port = Number(field('port').value || DEFAULT_PORT);
  if (!code) {
    $('message').className = 'message';
    $('message').textContent = 'A pairing code is 20 letters and digits, like ABCD-EFGH-IJKL-MNOP-QRST. Copy it from the studio.';
    return;
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    $('message').className = 'message';
    $('message').textContent = 'The port is a number from 1 to 65535 (the studio shows it).';
    return;
  }
  await chrome.storage.local.set({ pairing_code: code, port });
  field('code').value = '';
  $('message').className = 'message ok';
  $('message').textContent = 'Saved. Connecting…';
  chrome.runtime.sendMessage({ waymark: 'reconnect' }).catch(() => {});
});

// Chrome opens a side panel only in answer to a gesture: this button is one, when the worker could not open it.
/** @type {number | null} */
let windowId = null;
chrome.windows.getCurrent().then((w) => { windowId = w.id ?? null; });
/** @param {PanelState | undefined} panel what the worker keeps under PANEL_KEY (bridge/panel.js) */
const showPanelButton = (panel) => { $('panel').hidden = !(panel && panel.items && panel.items.length); };
chrome.storage.session.get(PANEL_KEY).then((r) => showPanelButton(/** @type {PanelState | undefined} */ (r[PANEL_KEY])));
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'session' && changes[PANEL_KEY]) showPanelButton(/** @type {PanelState | undefined} */ (changes[PANEL_KEY].newValue));
});
$('panel').addEventListener('click', () => {
  if (windowId === null) return;
  // Chrome's side panel, or Firefox's sidebar (the click is the gesture Firefox asks for).
  const sidebar = /** @type {import('./engine.js').FirefoxGlobals} */ (globalThis).browser?.sidebarAction;
  const opening = chrome.sidePanel ? chrome.sidePanel.open({ windowId }) : sidebar ? sidebar.open() : Promise.reject(new Error('no panel'));
  opening.then(() => window.close(), () => {});
});

load();
