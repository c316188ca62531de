// @ts-check
// Which engine the extension runs in. One source tree serves Chrome and Firefox (firefox-manifest.mjs); where
// their APIs differ, the code asks here and says what it cannot do.

/** True in Firefox (its add-on package), false in Chrome and the other Chromium browsers. */
export const onFirefox = typeof globalThis.navigator !== 'undefined' && /\bFirefox\//.test(globalThis.navigator.userAgent || '');

/**
 * Firefox's own `browser` namespace where it differs from chrome.*: the sidebar, Firefox's side panel.
 * @typedef {{browser?: {sidebarAction?: {open(): Promise<void>}}}} FirefoxGlobals
 */

/** The browser's name for messages to the person. */
export const browserName = onFirefox ? 'Firefox' : 'Chrome';
