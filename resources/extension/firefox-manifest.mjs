// The Firefox manifest, derived from Chrome's so the two never drift: Firefox runs the same bundled background
// script as an event page (no service worker), shows the approval panel in its sidebar, and knows the add-on by a
// gecko id instead of a key. What Firefox has no API for is left out, and the extension says so where it matters
// (no chrome.debugger: input there is the page script's; no contentSettings or pageCapture).

/** The gecko id: fixed, so a launched Firefox can pin the add-on's moz-extension:// origin for the studio. */
export const GECKO_ID = 'waymark@waymark.dev';
/** Chrome-only permissions and keys. */
const CHROME_ONLY_PERMISSIONS = new Set(['sidePanel', 'debugger', 'contentSettings', 'pageCapture']);
const CHROME_ONLY_KEYS = ['key', 'minimum_chrome_version', 'side_panel', 'externally_connectable'];

/**
 * @param {Record<string, any>} chrome the Chrome manifest
 * @returns {Record<string, any>}
 */
export function firefoxManifest(chrome) {
  const m = { ...chrome };
  for (const k of CHROME_ONLY_KEYS) delete m[k];
  m.permissions = (chrome.permissions || []).filter((p) => !CHROME_ONLY_PERMISSIONS.has(p));
  const optional = (chrome.optional_permissions || []).filter((p) => !CHROME_ONLY_PERMISSIONS.has(p));
  if (optional.length) m.optional_permissions = optional;
  else delete m.optional_permissions;
  m.background = { scripts: ['background.js'] };
  if (chrome.side_panel && chrome.side_panel.default_path) {
    m.sidebar_action = { default_panel: chrome.side_panel.default_path, default_title: chrome.name, open_at_install: false };
  }
  // 128: scripting.executeScript in the page's own world, and storage.session.
  m.browser_specific_settings = { gecko: { id: GECKO_ID, strict_min_version: '128.0' } };
  return m;
}
