// @ts-check
// What the extension may do beyond observing and page-script input (docs/decisions/0050). The person's own browser
// loads the strict manifest: pageCapture and contentSettings are optional permissions the person turns on in the
// popup (Chrome asks them to confirm), and debugger is absent because Chrome does not let an extension ask for it
// later. A browser Waymark launches gets a private copy whose manifest grants all of them up front. Every use checks
// here first, so a missing one is a failure that says what to turn on and where, never a silent no-op.

import { onFirefox } from '../engine.js';

/**
 * The optional capabilities, keyed as the popup shows them.
 * @type {Record<'page_capture' | 'downloads', {name: string, permissions: chrome.runtime.ManifestPermission[], purpose: string}>}
 */
export const CAPABILITIES = {
  page_capture: {
    name: 'Page capture',
    permissions: ['pageCapture'],
    purpose: 'save a page as MHTML (capturePageFile format mhtml)',
  },
  downloads: {
    name: 'Downloads',
    permissions: ['contentSettings'],
    purpose: 'let a download through or capture one (allow_download, captureDownload)',
  },
};

/**
 * What a capability needs in Firefox, where there is no automatic-download prompt to lift (the add-on's own downloads
 * permission is all a download needs) and no page capture at all.
 * @type {Record<keyof typeof CAPABILITIES, chrome.runtime.ManifestPermission[] | null>}
 */
const IN_FIREFOX = { page_capture: null, downloads: ['downloads'] };

/**
 * The permissions a capability needs in this browser; null when this browser has no API for it at all.
 * @param {keyof typeof CAPABILITIES} key
 */
export function permissionsFor(key) {
  return onFirefox ? IN_FIREFOX[key] : CAPABILITIES[key].permissions;
}

/** Whether the person can turn capabilities on and off here (in Firefox they are either granted at install or absent). */
export const switchable = !onFirefox;

/** Where the person turns a capability on, as every error says it. */
export const WHERE = 'click the Waymark icon in Chrome\'s toolbar and press "Turn on" beside it (Chrome asks you to confirm)';

/**
 * Whether the capability's permissions are granted now (the person can turn one off at any time).
 * @param {keyof typeof CAPABILITIES} key
 */
export async function hasCapability(key) {
  const permissions = permissionsFor(key);
  if (!permissions || !globalThis.chrome || !chrome.permissions) return false;
  try {
    return await chrome.permissions.contains({ permissions });
  } catch {
    return false;
  }
}

/**
 * The error for a use of a capability that is off.
 * @param {keyof typeof CAPABILITIES} key
 * @param {string} what the step or feature that needs it
 */
export function capabilityOff(key, what) {
  const c = CAPABILITIES[key];
  if (onFirefox && !IN_FIREFOX[key]) {
    return `${what} needs the ${c.name} capability, which Firefox gives no add-on: author or replay this step in Chromium`;
  }
  return `${what} needs the ${c.name} capability, which is off in this browser: ${WHERE}, then repeat the step`;
}

/**
 * Throws capabilityOff(key, what) as makeError's error when the capability is not granted.
 * @param {keyof typeof CAPABILITIES} key
 * @param {string} what
 * @param {(message: string) => Error} [makeError]
 */
export async function requireCapability(key, what, makeError = (m) => new Error(m)) {
  if (!(await hasCapability(key))) throw makeError(capabilityOff(key, what));
}

/** Whether chrome.debugger is there: only in a browser Waymark launches (its copy's manifest grants it). */
export function hasDebugger() {
  return !!(globalThis.chrome && chrome.debugger && chrome.debugger.attach);
}

/**
 * The error for a use of the debugger in the person's own browser.
 * @param {string} what
 * @param {string} instead what the person can do in this browser instead
 */
export function debuggerMissing(what, instead) {
  if (onFirefox) {
    return `${what} needs a debugger, which Firefox gives no add-on: author this step in Chromium, or replay the workflow `
      + `with waymark run --browser firefox (its input and viewport are Firefox's own, over WebDriver BiDi), or ${instead}`;
  }
  return `${what} needs Chrome's debugger, which Waymark asks for only in a browser it launches (Chrome lets no extension ask `
    + `for it later, and your own browser loads Waymark without it): use Launch browser in the studio (or waymark browser), or ${instead}`;
}

/**
 * Throws debuggerMissing(what, instead) as makeError's error when there is no debugger.
 * @param {string} what
 * @param {string} instead
 * @param {(message: string) => Error} [makeError]
 */
export function requireDebugger(what, instead, makeError = (m) => new Error(m)) {
  if (!hasDebugger()) throw makeError(debuggerMissing(what, instead));
}
