// @ts-check
// Which engine the extension runs in. One source tree serves Chrome and Firefox (firefox-manifest.mjs); where
// their APIs differ, the code asks here and says what it cannot do.

/** True in Firefox (its add-on package), false in Chrome and the other Chromium browsers. */
export const onFirefox = typeof globalThis.navigator !== 'undefined' && /\bFirefox\//.test(globalThis.navigator.userAgent || '');

/** The browser's name for messages to the person. */
export const browserName = onFirefox ? 'Firefox' : 'Chrome';
