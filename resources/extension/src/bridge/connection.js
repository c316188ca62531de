// @ts-check
// The socket to the studio: connect, pair (both sides prove they hold the pairing code before
// anything is obeyed), heartbeats, reconnect with backoff. The live WebSocket object is the one
// thing kept in a variable; the state the popup shows is in chrome.storage.session.
import { normalizeCode, randomNonce, extensionProof, studioProof, sameText } from './pairing.js';
import { setConnection, pairingConfig, clientId } from './state.js';

/** @typedef {import('../wire.js').StudioRequest} StudioRequest */
/** @typedef {import('../wire.js').Reply} Reply */
/** @typedef {import('../wire.js').EventFields} EventFields */

/**
 * One connection to the studio and how far its pairing got. serverNonce and clientNonce are set together when the
 * challenge is answered; chain orders the messages until the studio has proved itself.
 * @typedef {object} Session
 * @property {WebSocket} ws
 * @property {string} code the normalized pairing code
 * @property {number} port
 * @property {boolean} opened
 * @property {boolean} paired
 * @property {string | null} serverNonce
 * @property {string | null} clientNonce
 * @property {boolean} badStudio
 * @property {string | null} refusal
 * @property {Promise<void>} chain
 */

/**
 * What goes to the studio: the pairing's hello, heartbeats, replies (with the request's id) and events.
 * @typedef {import('../wire.js').Hello | import('../wire.js').Heartbeat | (Reply & {id: string})
 *   | import('../wire.js').EventMessage} Outgoing
 */

const HEARTBEAT_MS = 15000;
const MAX_BACKOFF_MS = 15000;

/** @type {WebSocket | null} */
let socket = null;
/** @type {Session | null} */
let session = null;
/** @type {number | null} */
let heartbeat = null;
// clearTimeout takes a null (no timer) as well, though the DOM library's type says number | undefined
/** @type {number | null} */
let retryTimer = null;
let attempt = 0;
/** @type {Promise<void> | null} */
let connecting = null;
/** @type {(msg: StudioRequest) => Promise<Reply>} */
let requestHandler = async () => ({ type: 'error', error: 'not ready' });
/** @type {() => void | Promise<unknown>} */
let endHandler = () => {};

/**
 * fn() runs when the studio ends the session on purpose (closing 1001, disconnecting 4000).
 * @param {() => void | Promise<unknown>} fn
 */
export function onStudioEnded(fn) {
  endHandler = fn;
}

/**
 * Sets the function that answers the studio's requests: async (message) => reply body with a type.
 * @param {(msg: StudioRequest) => Promise<Reply>} fn
 */
export function onRequest(fn) {
  requestHandler = fn;
}

/** Whether a paired, verified connection is open. */
export function isPaired() {
  return !!(session && session.paired && session.ws.readyState === WebSocket.OPEN);
}

/**
 * Sends an event to the studio when paired; dropped otherwise (the studio asks again after reconnecting).
 * @template {keyof EventFields} E
 * @param {E} event
 * @param {EventFields[E]} fields required (every event has some), so the default {} is never taken
 */
export function sendEvent(event, fields = /** @type {EventFields[E]} */ ({})) {
  if (isPaired()) send(/** @type {Session} */ (session), { type: 'event', event, ...fields }); // isPaired: there is one
}

/** Connects unless a connection is open or being opened. Safe to call from any wake-up (alarm, startup, popup). */
export function connect() {
  if (socket && (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN)) {
    return Promise.resolve();
  }
  if (!connecting) connecting = open().finally(() => { connecting = null; });
  return connecting;
}

/** Drops the current connection and connects again at once (the person saved a new code). */
export async function reconnectNow() {
  attempt = 0;
  clearTimeout(/** @type {number} */ (retryTimer));
  retryTimer = null;
  if (socket) {
    const old = socket;
    socket = null;
    session = null;
    stopHeartbeat();
    try { old.close(1000, 'reconnecting'); } catch { /* already closed */ }
  }
  await connect();
}

async function open() {
  clearTimeout(/** @type {number} */ (retryTimer));
  retryTimer = null;
  const { code: raw, port } = await pairingConfig();
  const code = normalizeCode(raw);
  if (!code) {
    await setConnection('not_paired', 'Paste the pairing code the Waymark studio shows.');
    return;
  }
  await setConnection('connecting', `Connecting to the studio on port ${port}…`);
  let ws;
  try {
    ws = new WebSocket(`ws://127.0.0.1:${port}/`);
  } catch {
    await setConnection('no_studio', `Cannot open a connection to port ${port}.`);
    scheduleRetry();
    return;
  }
  // chain is set below, before the socket can deliver a message
  const s = /** @type {Session} */ ({ ws, code, port, opened: false, paired: false, serverNonce: null, clientNonce: null, badStudio: false, refusal: null });
  socket = ws;
  session = s;
  ws.onopen = () => { s.opened = true; };
  // In order until the studio has proved itself: a request that follows the welcome at once must
  // wait for the (async) proof check instead of being taken for an unpaired order.
  s.chain = Promise.resolve();
  ws.onmessage = (ev) => {
    s.chain = s.chain.then(() => received(s, ev.data)).catch((e) => console.warn('waymark: message failed', e && /** @type {Error} */ (e).message));
  };
  ws.onclose = (ev) => { closed(s, ev).catch(() => {}); };
  ws.onerror = () => { /* onclose follows with the code */ };
}

/**
 * @param {Session} s
 * @param {Outgoing} message
 */
function send(s, message) {
  if (s.ws.readyState !== WebSocket.OPEN) return false;
  s.ws.send(JSON.stringify(message));
  return true;
}

/**
 * @param {Session} s
 * @param {string} data a text frame (a binary one is no JSON, and closes the connection below)
 */
async function received(s, data) {
  let msg;
  try {
    msg = JSON.parse(data);
  } catch {
    s.ws.close(4400, 'not JSON');
    return;
  }
  // msg is any: JSON from the wire, checked field by field from here on
  if (!msg || typeof msg.type !== 'string') return;
  if (!s.paired) {
    await pairingStep(s, msg);
    return;
  }
  if (msg.type === 'heartbeat') return;
  if (msg.type === 'error') {
    console.warn('waymark: the studio reported an error:', msg.error);
    return;
  }
  if (typeof msg.id !== 'string') return;
  // not awaited: requests run side by side (a status or observe need not wait for a long perform)
  respond(s, msg);
}

/**
 * @param {Session} s
 * @param {StudioRequest} msg
 */
async function respond(s, msg) {
  /** @type {Reply} */
  let reply;
  try {
    reply = await requestHandler(msg);
  } catch (e) {
    // anything may be thrown: what has no message is told whole
    const err = /** @type {Error} */ (e);
    reply = { type: 'error', error: String(err && err.message ? err.message : err) };
  }
  // a reply whose socket is gone is dropped: the studio already counts the request as lost and asks `status`
  send(s, { ...reply, id: msg.id });
}

/**
 * @param {Session} s
 * @param {import('../wire.js').PairingMessage} msg
 */
async function pairingStep(s, msg) {
  if (msg.type === 'challenge' && !s.serverNonce) {
    if (msg.protocol !== 1 || typeof msg.nonce !== 'string' || msg.nonce.length < 16) {
      s.refusal = 'The studio speaks another protocol version. Update the extension or the studio.';
      s.ws.close(4400, 'protocol');
      return;
    }
    s.serverNonce = msg.nonce;
    s.clientNonce = randomNonce();
    const proof = await extensionProof(s.code, s.serverNonce, s.clientNonce);
    send(s, {
      type: 'hello',
      id: 'pair',
      protocol: 1,
      extension_version: chrome.runtime.getManifest().version,
      browser: browserName(),
      client_id: await clientId(),
      nonce: s.clientNonce,
      proof,
    });
    return;
  }
  if (msg.type === 'welcome' && s.clientNonce) {
    // serverNonce was set with clientNonce, when the challenge was answered
    const expected = await studioProof(s.code, s.clientNonce, /** @type {string} */ (s.serverNonce));
    if (!sameText(expected, msg.proof)) {
      // something listens on the port but does not hold our code: obey nothing
      s.badStudio = true;
      s.ws.close(4401, 'the studio did not prove the pairing code');
      return;
    }
    s.paired = true;
    attempt = 0;
    startHeartbeat(s, Number(msg.heartbeat_ms) || HEARTBEAT_MS);
    await setConnection('connected', `Connected to the studio on port ${s.port}.`, { client_id: await clientId() });
    return;
  }
  if (msg.type === 'error') {
    s.refusal = typeof msg.error === 'string' ? msg.error : 'refused';
    return;
  }
  // anything else before the studio proved itself is not obeyed
  s.ws.close(4401, 'not paired');
}

/**
 * @param {Session} s
 * @param {CloseEvent} ev
 */
async function closed(s, ev) {
  if (session === s) {
    session = null;
    socket = null;
    stopHeartbeat();
  } else {
    return; // an older socket replaced on purpose
  }
  if (s.paired && (ev.code === 1001 || ev.code === 4000)) {
    try { await endHandler(); } catch { /* best effort */ }
  }
  if (s.badStudio) {
    await setConnection('bad_studio', `The program on port ${s.port} did not prove it holds the pairing code, so the extension does not obey it. Check the code and the port.`);
    scheduleRetry(true);
  } else if (ev.code === 4401) {
    await setConnection('wrong_code', 'The studio refused this pairing code. Paste the code the studio shows now.');
    // the alarm retries later; a new code from the popup reconnects at once
  } else if (ev.code === 4409) {
    await setConnection('replaced', 'Another connection of this browser took over.');
  } else if (!s.opened) {
    await setConnection('no_studio', `The Waymark studio is not running on port ${s.port}. Start it (waymark browser, or open the studio).`);
    scheduleRetry();
  } else {
    await setConnection('connecting', 'Connection to the studio lost; reconnecting…');
    scheduleRetry();
  }
}

function scheduleRetry(slow = false) {
  clearTimeout(/** @type {number} */ (retryTimer));
  const base = slow ? MAX_BACKOFF_MS : Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt);
  attempt = Math.min(attempt + 1, 10);
  const delay = base / 2 + Math.random() * (base / 2);
  retryTimer = setTimeout(() => { connect(); }, delay);
}

/**
 * @param {Session} s
 * @param {number} ms the studio's heartbeat_ms
 */
function startHeartbeat(s, ms) {
  stopHeartbeat();
  const every = Math.min(ms, HEARTBEAT_MS);
  heartbeat = setInterval(() => send(s, { type: 'heartbeat', at: Date.now() }), every);
}

function stopHeartbeat() {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = null;
}

function browserName() {
  // navigator.userAgentData (User-Agent Client Hints) is Chromium's and not in TypeScript's DOM library
  const nav = /** @type {Navigator & {userAgentData?: {brands: {brand: string, version: string}[]}}} */ (navigator);
  const brands = nav.userAgentData && nav.userAgentData.brands;
  const real = brands && brands.find((b) => !/not.a.brand/i.test(b.brand) && b.brand !== 'Chromium');
  const chromium = brands && brands.find((b) => b.brand === 'Chromium');
  const pick = real || chromium;
  return pick ? `${pick.brand} ${pick.version}` : navigator.userAgent;
}

/** A heartbeat outside the interval (the alarm), so a worker woken by it is counted alive by the studio. */
export function beat() {
  if (isPaired()) send(/** @type {Session} */ (session), { type: 'heartbeat', at: Date.now() }); // isPaired: there is one
}
