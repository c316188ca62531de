// Lint rules for the extension: eslint's recommended set, with the globals of where each file runs.
import js from '@eslint/js';
import globals from 'globals';

// Service-worker modules that hand a function to chrome.scripting.executeScript: that function runs in
// the page (isolated or MAIN world), so it may use the page's globals (window, document, history).
const INJECTING = [
  'src/bridge/gate.js',
  'src/bridge/recorder.js',
  'src/executor/dialog-guard.js',
  'src/executor/guard-passthrough.js',
  'src/executor/dialogs.js',
  'src/executor/browser-steps.js',
  'src/executor/named-call.js',
  'src/executor/page-steps.js',
];

export default [
  { ignores: ['dist/**', 'node_modules/**'] },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
  },
  {
    // the MV3 service worker and what it imports
    files: ['src/background.js', 'src/bridge/**/*.js', 'src/executor/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, ...globals.webextensions } },
  },
  {
    files: INJECTING,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // page scripts (isolated world), MAIN-world guards and recorder, and the popup page
    files: ['src/page.js', 'src/page/**/*.js', 'src/guard-*.js', 'src/internals-recorder.js', 'src/popup.js', 'src/popup-capabilities.js', 'src/sidepanel.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.webextensions } },
  },
  {
    files: ['build.mjs', 'firefox-manifest.mjs', 'eslint.config.mjs', 'test/**/*.mjs', 'test/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
];
