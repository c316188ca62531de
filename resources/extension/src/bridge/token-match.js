// @ts-check
// The pure half of record-tokens.js: which declared value, if any, a typed text is, from the salt and
// the SHA-256(salt || value) digests the studio sent. Web Crypto only: no chrome.* here.

/**
 * The bytes of base64 or base64url text.
 * @param {string} s
 * @returns {Uint8Array}
 */
export function fromBase64(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * The name of the declared value whose digest is SHA-256(salt || text), or null.
 * @param {import('../wire.js').RecordTokens | null | undefined} tokens
 * @param {unknown} text
 * @returns {Promise<string | null>}
 */
export async function matchToken(tokens, text) {
  if (typeof text !== 'string' || text === '') return null;
  if (!tokens || !tokens.values) return null;
  const salt = fromBase64(tokens.salt);
  const typed = new TextEncoder().encode(text);
  const buf = new Uint8Array(salt.length + typed.length);
  buf.set(salt, 0);
  buf.set(typed, salt.length);
  const hex = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', buf)), (b) => b.toString(16).padStart(2, '0')).join('');
  for (const [name, digest] of Object.entries(tokens.values)) {
    if (digest === hex) return name;
  }
  return null;
}
