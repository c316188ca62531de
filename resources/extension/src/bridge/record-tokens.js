// @ts-check
// Declared values the person types during take-over recording come to the studio as their
// {{ token }}, and nothing else typed into a password field comes at all. The studio sends, with the
// record request, a fresh random salt and SHA-256(salt || value) of each declared value; the worker
// hashes what was typed the same way. The values themselves never reach the extension for this.
import { matchToken } from './token-match.js';

const KEY = 'waymark.record_tokens';

/**
 * Keeps the salt and digests of this recording ({salt: base64, values: {name: hex}}), or forgets them.
 * @param {import('../wire.js').RecordTokens | null | undefined} tokens
 */
export async function setRecordTokens(tokens) {
  const ok = tokens && typeof tokens.salt === 'string' && tokens.values && typeof tokens.values === 'object';
  // storage.session lives in memory only, and survives the worker being stopped while recording goes on
  await chrome.storage.session.set({ [KEY]: ok ? { salt: tokens.salt, values: tokens.values } : null });
}

/**
 * The declared variable whose value is exactly text, or null.
 * @param {unknown} text
 * @returns {Promise<string | null>}
 */
export async function tokenFor(text) {
  if (typeof text !== 'string' || text === '') return null;
  const got = /** @type {import('../wire.js').RecordTokens | null | undefined} */ ((await chrome.storage.session.get(KEY))[KEY]);
  return matchToken(got, text);
}
