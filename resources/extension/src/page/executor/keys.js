// @ts-check
// Key descriptions for press steps: a key name or chord ("Control+Shift+a", "Enter", "esc") as the
// key, code and legacy keyCode a browser would give its events. Pure: no DOM.

/** One key as its events carry it; text is what it types ('' for none). @typedef {{key: string, code: string, keyCode: number, text: string}} KeyInfo */
/** The modifier flags of a key event. @typedef {{ctrlKey: boolean, shiftKey: boolean, altKey: boolean, metaKey: boolean}} Modifiers */
/** A parsed chord: the modifiers held, their key names in order, and the key. @typedef {{mods: Modifiers, modKeys: string[], info: KeyInfo}} Chord */
/** What parseChord returns: a chord, or {error} for one it does not know. @typedef {(Chord & {error?: undefined}) | {error: string}} ParsedChord */
/** One part of typing text: a key, or a run of characters an input method commits. @typedef {{kind: 'key', info: KeyInfo, shift: boolean} | {kind: 'compose', text: string}} TypingPart */

/** key → [code, keyCode] @type {Record<string, [string, number]>} */
const NAMED = {
  Enter: ['Enter', 13], Tab: ['Tab', 9], Escape: ['Escape', 27], Backspace: ['Backspace', 8],
  Delete: ['Delete', 46], Insert: ['Insert', 45], ArrowLeft: ['ArrowLeft', 37], ArrowUp: ['ArrowUp', 38],
  ArrowRight: ['ArrowRight', 39], ArrowDown: ['ArrowDown', 40], Home: ['Home', 36], End: ['End', 35],
  PageUp: ['PageUp', 33], PageDown: ['PageDown', 34], ' ': ['Space', 32],
  Shift: ['ShiftLeft', 16], Control: ['ControlLeft', 17], Alt: ['AltLeft', 18], Meta: ['MetaLeft', 91],
};
for (let i = 1; i <= 12; i++) NAMED[`F${i}`] = [`F${i}`, 111 + i];
/** @type {Record<string, string>} */
const ALIASES = { esc: 'Escape', return: 'Enter', space: ' ', spacebar: ' ', del: 'Delete', up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight', ctrl: 'Control', control: 'Control', cmd: 'Meta', command: 'Meta', meta: 'Meta', super: 'Meta', option: 'Alt', alt: 'Alt', shift: 'Shift', pgup: 'PageUp', pgdn: 'PageDown' };
/** @type {Record<string, [string, number]>} */
const PUNCT = { '-': ['Minus', 189], '=': ['Equal', 187], '[': ['BracketLeft', 219], ']': ['BracketRight', 221], '\\': ['Backslash', 220], ';': ['Semicolon', 186], "'": ['Quote', 222], ',': ['Comma', 188], '.': ['Period', 190], '/': ['Slash', 191], '`': ['Backquote', 192] };
/** @type {Record<string, string>} */
const SHIFTED = { '!': '1', '@': '2', '#': '3', $: '4', '%': '5', '^': '6', '&': '7', '*': '8', '(': '9', ')': '0', _: '-', '+': '=', '{': '[', '}': ']', '|': '\\', ':': ';', '"': "'", '<': ',', '>': '.', '?': '/', '~': '`' };

/**
 * Describes one key: {key, code, keyCode, text} (text set for keys that type a character).
 * @param {string} name
 * @param {boolean} shift
 * @returns {KeyInfo | null}
 */
export function keyInfo(name, shift) {
  const alias = ALIASES[name.toLowerCase()];
  const k = alias || (NAMED[name] ? name : Object.keys(NAMED).find((n) => n.toLowerCase() === name.toLowerCase()) || name);
  if (NAMED[k]) {
    const [code, keyCode] = NAMED[k];
    return { key: k, code, keyCode, text: k === 'Enter' ? '\r' : k === ' ' ? ' ' : '' };
  }
  if ([...k].length !== 1) return null;
  let ch = k;
  if (/^[a-z]$/i.test(ch)) {
    const key = shift ? ch.toUpperCase() : ch;
    return { key, code: `Key${ch.toUpperCase()}`, keyCode: ch.toUpperCase().charCodeAt(0), text: key };
  }
  if (/^\d$/.test(ch)) return { key: ch, code: `Digit${ch}`, keyCode: 48 + Number(ch), text: ch };
  if (PUNCT[ch]) return { key: ch, code: PUNCT[ch][0], keyCode: PUNCT[ch][1], text: ch };
  if (SHIFTED[ch]) {
    const base = SHIFTED[ch];
    const [code, keyCode] = /\d/.test(base) ? [`Digit${base}`, 48 + Number(base)] : PUNCT[base];
    return { key: ch, code, keyCode, text: ch };
  }
  return { key: ch, code: '', keyCode: 0, text: ch };
}

/**
 * Parses "Control+Shift+a" or "Enter" into modifiers and a key. Returns {error} when unknown.
 * @param {string | null | undefined} chord
 * @returns {ParsedChord}
 */
export function parseChord(chord) {
  const s = String(chord || '');
  if (!s) return { error: 'press needs a key in value (e.g. "Enter" or "Control+a")' };
  let parts;
  if (s === '+') parts = ['+'];
  else if (s.endsWith('++')) parts = [...s.slice(0, -2).split('+'), '+'];
  else parts = s.split('+');
  /** @type {Modifiers} */
  const mods = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
  /** @type {string[]} */
  const modKeys = [];
  for (const p of parts.slice(0, -1)) {
    const m = ALIASES[p.toLowerCase()] || p;
    const field = /** @type {Record<string, keyof Modifiers>} */ ({ Control: 'ctrlKey', Shift: 'shiftKey', Alt: 'altKey', Meta: 'metaKey' })[m];
    if (!field) return { error: `unknown modifier '${p}' in '${s}' (use Control, Shift, Alt or Meta)` };
    mods[field] = true;
    modKeys.push(m);
  }
  const info = keyInfo(parts[parts.length - 1], mods.shiftKey);
  if (!info) return { error: `unknown key '${parts[parts.length - 1]}' in '${s}'` };
  return { mods, modKeys, info };
}

const SHIFT_CHARS = new Set(Object.keys(SHIFTED));

/**
 * How a keyboard types text: one key per character a US keyboard has a key for ({kind: 'key', info,
 * shift}), and each run of other characters (é, 日本語, emoji) as an input method sends it, one
 * composition committed at once ({kind: 'compose', text}). A newline is the Enter key.
 * @param {string} text
 * @returns {TypingPart[]}
 */
export function typingPlan(text) {
  /** @type {TypingPart[]} */
  const plan = [];
  for (const ch of Array.from(String(text ?? ''))) {
    const cp = ch.codePointAt(0) || 0;
    if (ch === '\n' || ch === '\r') {
      plan.push({ kind: 'key', info: /** @type {KeyInfo} */ (keyInfo('Enter', false)), shift: false }); // a named key
    } else if (cp >= 32 && cp <= 126) {
      const shift = /[A-Z]/.test(ch) || SHIFT_CHARS.has(ch);
      const info = /** @type {KeyInfo} */ (keyInfo(ch === ' ' ? ' ' : ch, /[A-Z]/.test(ch)));
      plan.push({ kind: 'key', info, shift });
    } else {
      const last = plan[plan.length - 1];
      if (last && last.kind === 'compose') last.text += ch;
      else plan.push({ kind: 'compose', text: ch });
    }
  }
  return plan;
}
