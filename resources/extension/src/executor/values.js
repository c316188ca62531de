// @ts-check
// {{ name }} substitution of real values into a step, and masking of any echo of a real value
// before a reply leaves the extension.

/** Masks a string (anything else comes back as it is). @typedef {<T>(s: T) => T} Masker */

const TOKEN = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/**
 * The names of the {{ name }} tokens in a text, in order (the studio's Tokens.NAME rule).
 * @param {unknown} text
 * @returns {string[]}
 */
export function tokenNames(text) {
  return [...String(text ?? '').matchAll(TOKEN)].map((m) => m[1]);
}

/**
 * Replaces {{ name }} tokens with values[name]. Returns {text, missing: [names]}.
 * @template T
 * @param {T} text
 * @param {Record<string, unknown> | null | undefined} values
 * @returns {{text: T | string, missing: string[]}}
 */
export function substitute(text, values) {
  /** @type {string[]} */
  const missing = [];
  if (typeof text !== 'string') return { text, missing };
  const out = text.replace(TOKEN, (m, name) => {
    if (values && Object.prototype.hasOwnProperty.call(values, name) && values[name] !== null && values[name] !== undefined) return String(values[name]);
    missing.push(name);
    return m;
  });
  return { text: out, missing };
}

/**
 * A function that masks every echo of a real value in a string as {{ name }}. Values of four
 * characters or more are masked wherever they occur (also URL- and form-encoded); shorter ones
 * only where a whole string equals them, so a value like "2" does not erase every digit.
 * @param {Record<string, unknown> | null | undefined} values
 * @returns {Masker}
 */
export function masker(values) {
  const pairs = Object.entries(values || {})
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => [k, String(v)])
    .filter(([, v]) => v.length > 0)
    .sort((a, b) => b[1].length - a[1].length);
  /** @type {[string, string][]} */
  const forms = [];
  for (const [k, v] of pairs) {
    if (v.length < 4) continue;
    const variants = new Set([v, encodeURIComponent(v), encodeURIComponent(v).replace(/%20/g, '+'), JSON.stringify(v).slice(1, -1)]);
    for (const form of variants) forms.push([form, `{{ ${k} }}`]);
  }
  // a string comes back a string, as Masker says (the body alone reads as string | T)
  return /** @type {Masker} */ ((s) => {
    if (typeof s !== 'string' || !pairs.length) return s;
    for (const [k, v] of pairs) if (s === v) return `{{ ${k} }}`;
    /** @type {string} */
    let out = s;
    for (const [form, token] of forms) if (out.includes(form)) out = out.split(form).join(token);
    return out;
  });
}
