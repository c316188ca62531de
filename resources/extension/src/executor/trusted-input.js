// @ts-check
// Trusted input: clicks, keys, chords and typing through chrome.debugger's Input domain, which the page
// cannot tell from a person's (isTrusted, popups from a click, the browser's own default actions). The
// default in a browser Waymark launches (started with --silent-debugger-extension-api, so no "being
// debugged" bar); in the person's own browser it is their switch, because Chrome shows its bar there
// (docs/decisions/0018, 0021). The page call still checks actionability, hit-tests a click's element
// and focuses a field first; only the dispatch comes from here. Typing is key by key
// (keyDown with its text, keyUp) for what a US keyboard has a key for; every other run of characters
// is one input-method composition (Input.imeSetComposition, then Input.insertText commits it).
import { typingPlan, keyInfo } from '../page/executor/keys.js';
import { onFirefox } from '../engine.js';
import { sendEvent } from '../bridge/connection.js';
import { launchFile } from '../bridge/state.js';

/** A key as keyInfo describes it: {key, code, keyCode, text}. */
/** @typedef {NonNullable<ReturnType<typeof keyInfo>>} KeyInfo */
/** Why trusted input failed, and how many of its events reached the browser before (0: nothing happened). */
/** @typedef {Error & {sent?: number}} InputError */
/** A chord parseChord read (the page has parsed it before it asks for the keys): {mods, modKeys, info}. */
/** @typedef {Exclude<ReturnType<typeof import('../page/executor/keys.js').parseChord>, {error: string}>} Chord */

/** @type {Set<number>} */
const attached = new Set();

// Firefox gives add-ons no debugger. In a Firefox Waymark launched, the studio holds the browser's WebDriver BiDi
// connection: the add-on asks it (a trusted_input event) and it sends the input through Firefox's own pipeline
// (input.performActions), answering with trusted_input_done. Elsewhere in Firefox there is no trusted input.
const STUDIO_INPUT_WAIT_MS = 15000;
/** @type {Map<string, {resolve: (r: {sent: number}) => void, reject: (e: Error) => void, timer: ReturnType<typeof setTimeout>}>} */
const asked = new Map();
let asks = 0;

/**
 * @param {string} message
 * @param {number} sent
 */
function inputError(message, sent) {
  const err = /** @type {InputError} */ (new Error(message));
  err.sent = sent;
  return err;
}

/**
 * Asks the studio to send input to tabId's page over BiDi; resolves {sent} as the debugger path does.
 * @param {number} tabId
 * @param {{kind: 'click', x: number, y: number} | {kind: 'type', text: string} | {kind: 'press', chord: string}} input
 * @param {string} what
 */
async function throughStudio(tabId, input, what) {
  const launch = await launchFile();
  if (!launch || launch.input_over !== 'studio' || !launch.browser_key) {
    throw inputError(`the trusted ${what} needs a Firefox Waymark launched (its studio sends the input over WebDriver BiDi)`, 0);
  }
  const tab = await chrome.tabs.get(tabId);
  const request = `ti-${Date.now().toString(36)}-${++asks}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      asked.delete(request);
      // Unknown whether the studio sent it: the effect of a click or typing is then uncertain, never "ok".
      reject(inputError(`the studio did not say within ${STUDIO_INPUT_WAIT_MS / 1000} s whether the trusted ${what} was sent`,
        input.kind === 'click' ? 2 : 1));
    }, STUDIO_INPUT_WAIT_MS);
    asked.set(request, { resolve, reject, timer });
    sendEvent('trusted_input', { request, browser_key: /** @type {string} */ (launch.browser_key), tab: tabId, url: tab.url, input }); // checked above
  });
}

/**
 * The studio's trusted_input_done: settles the input it names. Answers whether a step was still waiting for it.
 * @param {{request?: unknown, sent?: unknown, error?: unknown}} msg
 */
export function trustedInputDone(msg) {
  const waiting = asked.get(String(msg.request));
  if (!waiting) return false;
  asked.delete(String(msg.request));
  clearTimeout(waiting.timer);
  const sent = Number.isInteger(msg.sent) ? Number(msg.sent) : 0;
  if (typeof msg.error === 'string' && msg.error) waiting.reject(inputError(msg.error, sent));
  else waiting.resolve({ sent });
  return true;
}

/** @param {number} tabId */
async function attach(tabId) {
  try {
    await chrome.debugger.attach({ tabId }, '1.3');
  } catch (e) {
    // ours already (a viewport override, an earlier click) is fine; DevTools or another extension is not
    if (!/already attached/i.test(String(e && /** @type {Error} */ (e).message))) {
      throw new Error(`trusted input needs Chrome's debugger on this tab, which refused: ${e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e}`, { cause: e });
    }
  }
  attached.add(tabId);
  // Key events need the page to believe it has focus, also while the person looks at another window.
  try { await chrome.debugger.sendCommand({ tabId }, 'Emulation.setFocusEmulationEnabled', { enabled: true }); } catch { /* older Chrome */ }
}

/** @type {Record<string, number>} */
const MOD_BITS = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

/**
 * @param {string} type
 * @param {KeyInfo} info
 * @param {number} modifiers
 * @param {boolean} withText
 */
function keyEvent(type, info, modifiers, withText) {
  return {
    type, key: info.key, code: info.code, windowsVirtualKeyCode: info.keyCode, nativeVirtualKeyCode: info.keyCode, modifiers,
    ...(withText && info.text ? { text: info.text, unmodifiedText: info.text } : {}),
  };
}

// Sends commands in order; a failure carries sent = how many reached the browser.
/**
 * @param {number} tabId
 * @param {[string, object][]} commands each a debugger method and its parameters
 * @param {string} what
 */
async function sendAll(tabId, commands, what) {
  const target = { tabId };
  let sent = 0;
  try {
    for (const [method, params] of commands) {
      await chrome.debugger.sendCommand(target, method, params);
      sent++;
    }
  } catch (e) {
    const err = /** @type {InputError} */ (new Error(`the trusted ${what} could not be sent: ${e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e}`));
    err.sent = sent;
    throw err;
  }
  return { sent };
}

/**
 * A key or chord (parseChord's {mods, modKeys, info}) to the focused element: modifier downs, the key
 * (with its character when it types one), its up, modifier ups.
 * @param {number} tabId
 * @param {Chord} chord
 * @returns {Promise<{sent: number}>}
 */
export async function trustedPress(tabId, chord) {
  if (onFirefox) {
    /** @param {string} k */
    const name = (k) => (k === ' ' ? 'Space' : k === '+' ? '+' : k);
    return throughStudio(tabId, { kind: 'press', chord: [...chord.modKeys, name(chord.info.key)].join('+') }, 'key press');
  }
  await attach(tabId);
  const { mods, modKeys, info } = chord;
  /** @type {[string, object][]} */
  const commands = [];
  let bits = 0;
  // a modifier's name (Control, Shift, Alt, Meta) is a key keyInfo knows
  for (const m of modKeys) {
    bits |= MOD_BITS[m];
    commands.push(['Input.dispatchKeyEvent', keyEvent('rawKeyDown', /** @type {KeyInfo} */ (keyInfo(m, false)), bits, false)]);
  }
  const types = !!info.text && !mods.ctrlKey && !mods.metaKey && !mods.altKey;
  commands.push(['Input.dispatchKeyEvent', keyEvent(types ? 'keyDown' : 'rawKeyDown', info, bits, types)]);
  commands.push(['Input.dispatchKeyEvent', keyEvent('keyUp', info, bits, false)]);
  for (const m of [...modKeys].reverse()) {
    bits &= ~MOD_BITS[m];
    commands.push(['Input.dispatchKeyEvent', keyEvent('keyUp', /** @type {KeyInfo} */ (keyInfo(m, false)), bits, false)]);
  }
  return sendAll(tabId, commands, 'key press');
}

/**
 * Types text into the focused element as a keyboard and an input method would (see the top).
 * @param {number} tabId
 * @param {string} text
 * @returns {Promise<{sent: number}>}
 */
export async function trustedType(tabId, text) {
  if (onFirefox) {
    // An empty value clears what the page call selected, as the Delete key would.
    return text ? throughStudio(tabId, { kind: 'type', text }, 'typing') : throughStudio(tabId, { kind: 'press', chord: 'Delete' }, 'typing');
  }
  await attach(tabId);
  /** @type {[string, object][]} */
  const commands = [];
  // Shift and Delete are keys keyInfo knows
  const shiftInfo = /** @type {KeyInfo} */ (keyInfo('Shift', false));
  for (const part of typingPlan(text)) {
    if (part.kind === 'compose') {
      commands.push(['Input.imeSetComposition', { text: part.text, selectionStart: part.text.length, selectionEnd: part.text.length }]);
      commands.push(['Input.insertText', { text: part.text }]);
      continue;
    }
    const bits = part.shift ? MOD_BITS.Shift : 0;
    if (part.shift) commands.push(['Input.dispatchKeyEvent', keyEvent('rawKeyDown', shiftInfo, bits, false)]);
    commands.push(['Input.dispatchKeyEvent', keyEvent('keyDown', part.info, bits, true)]);
    commands.push(['Input.dispatchKeyEvent', keyEvent('keyUp', part.info, bits, false)]);
    if (part.shift) commands.push(['Input.dispatchKeyEvent', keyEvent('keyUp', shiftInfo, 0, false)]);
  }
  // An empty value clears what the page call selected, as the Delete key would.
  if (!commands.length) {
    const del = /** @type {KeyInfo} */ (keyInfo('Delete', false));
    commands.push(['Input.dispatchKeyEvent', keyEvent('rawKeyDown', del, 0, false)], ['Input.dispatchKeyEvent', keyEvent('keyUp', del, 0, false)]);
  }
  return sendAll(tabId, commands, 'typing');
}

/**
 * A left click at point (CSS pixels of the top viewport). Resolves {sent} = how many of the three mouse
 * events reached the browser: after a press, a failure leaves the click's effect unknown.
 * @param {number} tabId
 * @param {import('../page/page-calls.js').Point} point
 * @returns {Promise<{sent: number}>}
 */
export async function trustedClick(tabId, point) {
  if (onFirefox) return throughStudio(tabId, { kind: 'click', x: point.x, y: point.y }, 'click');
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
    const err = /** @type {InputError} */ (new Error(`the trusted click could not be sent: ${e && /** @type {Error} */ (e).message ? /** @type {Error} */ (e).message : e}`));
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
  // (a target without a tab was never one of ours: deleting it finds nothing)
  chrome.debugger.onDetach.addListener((source) => { attached.delete(/** @type {number} */ (source.tabId)); });
}

// The event types a page must listen to for an action of this kind to reach its script.
/** @type {Record<string, string[]>} */
const ACTION_EVENTS = {
  click: ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup'],
  fill: ['input', 'keydown', 'keypress', 'keyup', 'beforeinput', 'change'],
  press: ['keydown', 'keypress', 'keyup'],
  select: ['change', 'input'],
};
const MARK = 'data-waymark-ready';
/** The most buttons beside the element asked for their listeners (a form's, or its container's). */
const NEAR_MAX = 20;
const READY_GROUP = 'waymark-ready';

/**
 * Whether the page's own script listens, on the marked element or anything above it (delegation: document,
 * window), for the events an action of this type makes (action), or, on the element or a container of it below
 * the body, for those of any other input (other: the page's script has bound its handlers there, just not to this
 * kind of input), or on a button beside it without an inline handler (near: its form's, else its nearest
 * container's: the Join button a script reads the field from; a weaker sign, since another script may have bound
 * that one). Read through the debugger, since no
 * page script can list another's listeners. Null when it cannot tell (no marked element, a frame, the debugger
 * refused). The extension's own listeners sit on window for click and submit only, so window is not asked about
 * those two.
 * @param {number} tabId
 * @param {string} type
 * @returns {Promise<{action: boolean, other: boolean, near: boolean} | null>}
 */
export async function pageListens(tabId, type) {
  const wanted = ACTION_EVENTS[type];
  if (!wanted) return null;
  // (a form's submit listener binds its fields too)
  const anyAction = new Set([...Object.values(ACTION_EVENTS).flat(), 'submit']);
  const target = { tabId };
  try {
    await attach(tabId);
    // the DevTools protocol's answers, as far as they are read here; every object they hand out is in one group,
    // released at the end (getProperties hands out one for each entry)
    /** @type {{result?: {objectId?: string}, exceptionDetails?: unknown} | undefined} */
    const path = await chrome.debugger.sendCommand(target, 'Runtime.evaluate', {
      expression: `(() => { const find = (root) => { const e = root.querySelector('[${MARK}]'); if (e) return e;
        for (const h of root.querySelectorAll('*')) if (h.shadowRoot) { const f = find(h.shadowRoot); if (f) return f; } return null; };
        const el = find(document); if (!el) return null; const out = []; let below = 0; let top = false;
        for (let n = el; n; n = n.parentNode || n.host || null) {
          if (n === document.body || n === document.documentElement || n === document) top = true;
          if (!top) below++; out.push(n); }
        out.push(window);
        let near = [];
        try {
          // the buttons a person would press after filling it: a script that reads the field there listens on them;
          // another widget's field beside it (a phone picker) may be bound by another script, earlier
          const BUTTONS = 'button, input[type=submit], input[type=button], input[type=image], [role=button]';
          // with no inline handler: it comes with the HTML, before any script
          const usable = (x) => x !== el && x.matches && x.matches(BUTTONS) && !x.matches(':disabled')
            && ![...x.attributes].some((a) => a.name.startsWith('on'));
          const form = el.form instanceof HTMLFormElement ? el.form : null;
          if (form) near = [...Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, 'elements').get.call(form)].filter(usable);
          for (let n = el.parentElement || (el.parentNode && el.parentNode.host); !near.length && n && n !== document.body
            && n !== document.documentElement; n = n.parentElement || (n.parentNode && n.parentNode.host)) {
            near = [...n.querySelectorAll(BUTTONS)].filter(usable); }
          near = near.slice(0, ${NEAR_MAX});
        } catch { near = []; }
        return [below, out.length, ...out, ...near]; })()`,
      returnByValue: false,
      objectGroup: READY_GROUP,
    });
    try {
      if (!path || path.exceptionDetails || !path.result || !path.result.objectId) return null;
      // a command that succeeds answers an object (a failure rejects)
      const props = /** @type {{result?: {name: string, value?: {objectId?: string, value?: unknown}}[]}} */ (await chrome.debugger.sendCommand(target, 'Runtime.getProperties', { objectId: path.result.objectId, ownProperties: true }));
      // item 0 is how many of the path's nodes lie below the body, item 1 how many nodes the path has (the element
      // first, window last); the controls beside the element follow it
      const number = (/** @type {string} */ name) => {
        const p = (props.result || []).find((x) => x.name === name);
        return p && p.value && typeof p.value.value === 'number' ? p.value.value : 0;
      };
      const below = number('0');
      const pathLength = number('1');
      const items = (props.result || []).filter((p) => /^\d+$/.test(p.name) && Number(p.name) > 1 && p.value && p.value.objectId)
        .sort((a, b) => Number(a.name) - Number(b.name));
      const chain = items.slice(0, pathLength);
      const near = items.slice(pathLength);
      /** @param {{value?: {objectId?: string}}} item */
      const listenersOf = async (item) => /** @type {{listeners?: {type: string}[]}} */ (await chrome.debugger.sendCommand(target,
        'DOMDebugger.getEventListeners', { objectId: /** @type {{objectId: string}} */ (item.value).objectId }));
      let other = false;
      for (let i = 0; i < chain.length; i++) {
        const isWindow = i === chain.length - 1;
        // (the filter above kept the items with an objectId)
        const l = await listenersOf(chain[i]);
        const types = (l.listeners || []).map((x) => x.type).filter((t) => !(isWindow && (t === 'click' || t === 'submit')));
        if (types.some((t) => wanted.includes(t))) return { action: true, other: true, near: false };
        // Other input counts only on the element and its containers below the body: document, html and body carry
        // listeners of scripts that load early (tag managers, a framework's data-api), which say nothing of the app's.
        if (i < below && types.some((t) => anyAction.has(t))) other = true;
      }
      // a control beside it that the page's script listens on: the script has bound its handlers in this part
      const beside = other ? [] : await Promise.all(near.map(listenersOf));
      return { action: false, other, near: beside.some((l) => (l.listeners || []).some((x) => anyAction.has(x.type))) };
    } finally {
      chrome.debugger.sendCommand(target, 'Runtime.releaseObjectGroup', { objectGroup: READY_GROUP }).catch(() => {});
    }
  } catch {
    return null;
  }
}
