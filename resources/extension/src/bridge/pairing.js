// @ts-check
// Pairing crypto (docs/protocol.md): HMAC-SHA256 keyed with the normalized pairing code.

const ALPHABET = /^[A-Z2-7]{20}$/;

/**
 * Upper case, no dashes or spaces; null when it is not a 20-character base32 code.
 * @param {unknown} code what the person typed or storage held
 * @returns {string | null}
 */
export function normalizeCode(code) {
  if (typeof code !== 'string') return null;
  const n = code.replace(/[\s-]/g, '').toUpperCase();
  return ALPHABET.test(n) ? n : null;
}

/** 32 random bytes, base64url without padding. */
export function randomNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Lowercase hex HMAC-SHA256 of message under the normalized code.
 * @param {string} normalizedCode
 * @param {string} message
 * @returns {Promise<string>}
 */
export async function hmacHex(normalizedCode, message) {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(normalizedCode), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(message)));
  return Array.from(sig, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Compares two strings without stopping at the first difference.
 * @param {unknown} a
 * @param {unknown} b a proof as the studio sent it: anything but a string is no match
 */
export function sameText(a, b) {
  if (typeof a !== 'string' || typeof b !== 'string' || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The proof this extension sends in hello.
 * @type {(code: string, serverNonce: string, clientNonce: string) => Promise<string>}
 */
export const extensionProof = (code, serverNonce, clientNonce) => hmacHex(code, `waymark-ext|${serverNonce}|${clientNonce}`);
/**
 * The proof the studio must send in welcome.
 * @type {(code: string, clientNonce: string, serverNonce: string) => Promise<string>}
 */
export const studioProof = (code, clientNonce, serverNonce) => hmacHex(code, `waymark-studio|${clientNonce}|${serverNonce}`);
