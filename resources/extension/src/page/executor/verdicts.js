// @ts-check
// Whether a fill took, judged the way a person would: by what the field held right after the typing,
// before the events a page is allowed to consume it on (change, Enter), and then by what the page did
// with it. Pure: no DOM (docs/decisions/0021).

/**
 * @typedef {object} FillReading
 * @property {string} wanted   the value typed (the real value: never quoted when `echo` is false)
 * @property {string} before   what the field held before
 * @property {string} typed    what it held right after the last character
 * @property {string} after    what it holds after change (the page's turn)
 * @property {number} [maxLength] the field's maxlength, -1 or absent when none
 * @property {boolean} [number] a number field (1.50 and 1.5 are the same value)
 * @property {boolean} [echo]  the value may be quoted (it holds no {{ token }})
 * @property {string} [what]   'field' or 'editor'
 */

/** @param {string} s */
const alnum = (s) => Array.from(s).filter((c) => /[\p{L}\p{N}]/u.test(c)).join('');

/**
 * @param {string} a
 * @param {string} b
 * @param {boolean | undefined} number
 */
function same(a, b, number) {
  return a === b || (number && a !== '' && b !== '' && Number(a) === Number(b));
}

// A reading of a field's contents for a message: quoted, or not at all for a secret.
/**
 * @param {string} s
 * @param {boolean} echo
 */
const quote = (s, echo) => (echo ? ` '${s.length > 60 ? `${s.slice(0, 60)}…` : s}'` : '');

/**
 * {error} for a fill the field rejected, else {effect} (null when the field simply holds the value).
 * @param {FillReading} r
 * @returns {{error?: string, effect?: string | null}}
 */
export function judgeFill(r) {
  const what = r.what || 'field';
  const echo = r.echo !== false;
  const max = Number.isInteger(r.maxLength) && /** @type {number} */ (r.maxLength) >= 0 ? /** @type {number} */ (r.maxLength) : -1;
  const wantedLen = Array.from(r.wanted).length;
  if (same(r.typed, r.wanted, r.number)) {
    if (same(r.after, r.typed, r.number)) return { effect: null };
    if (r.after === '') return { effect: `the page took the value and cleared the ${what}` };
    if (r.after === r.before && r.before !== '') return { error: `the page put the previous value back${quote(r.after, true)} after the typing` };
    return { effect: `the page took the value and then changed the ${what}${quote(r.after, echo) || ''}` };
  }
  if (r.wanted === '') {
    return { error: `the ${what} could not be cleared (it still reads${quote(r.typed, echo) || ' something'})` };
  }
  if (max >= 0 && wantedLen > max && r.typed === Array.from(r.wanted).slice(0, max).join('')) {
    return { error: `the ${what} kept ${max} of ${wantedLen} characters (maxlength ${max})` };
  }
  if (r.typed === '') return { error: `the ${what} rejected the value (it reads empty after typing)` };
  if (r.typed === r.before) return { error: `the ${what} did not take the typing (it still reads what it held before${quote(r.before, true)})` };
  const want = alnum(r.wanted);
  const got = alnum(r.typed);
  if (want !== '' && got === want) {
    if (r.after === '') return { effect: `the page reformatted the value and then took it and cleared the ${what}` };
    return { effect: echo ? `the page reformatted it to${quote(r.typed, true)}` : 'the page reformatted the value (same letters and digits)' };
  }
  if (got !== '' && want.startsWith(got)) {
    return { error: `the ${what} dropped characters: it kept ${Array.from(got).length} of the ${Array.from(want).length} letters and digits typed${quote(r.typed, echo)}` };
  }
  return { error: `the ${what} did not keep the typed value (it reads${quote(r.typed, echo) || ' something else'})` };
}

/**
 * For a select: {error} when the page put another option back, else {}.
 * @param {{wanted: string, after: string, label: string, afterLabel: string}} r
 */
export function judgeSelect(r) {
  if (r.after === r.wanted) return {};
  return { error: `the page did not keep the option '${r.label}' (it shows '${r.afterLabel}')` };
}
