// @ts-check
// Input as a person's browser makes it: the full pointer/mouse/focus/click sequence, key events
// with legacy fields and their default actions, values set through the native setters so
// framework value trackers (React) see a change. Events from here are untrusted (isTrusted is
// false); see docs/protocol.md "Input fidelity" for why and what the default actions cover.
// The click sequence is pointer.js and focus movement focus.js; both are re-exported here, so
// callers still take all page input from this module.
import { focusElement, moveFocus } from './focus.js';
import { keyInfo, typingPlan } from './keys.js';
import { judgeFill } from './verdicts.js';

export { focusElement, deepActiveElement } from './focus.js';
export { clickAt } from './pointer.js';
export { keyInfo, parseChord } from './keys.js';
export { scrollBy } from './scroll.js';

/** @typedef {import('./keys.js').KeyInfo} KeyInfo */
/** @typedef {import('./keys.js').Modifiers} Modifiers */
/** @typedef {import('./keys.js').Chord} Chord */
/** @typedef {import('./keys.js').ParsedChord} ParsedChord */
/**
 * What text goes into: an input, a textarea or a contenteditable element. Typed as an input: on an editor what only
 * a field has (value, selection, maxLength, select) is undefined, and the code reads it with a fallback or in a try.
 * @typedef {HTMLInputElement} Field
 */

// An element input goes to is in a document a window shows (the page's or a frame's): its defaultView and its
// selection are not null.

function nativeSetter(/** @type {object} */ el, /** @type {string} */ prop) {
  for (let proto = Object.getPrototypeOf(el); proto; proto = Object.getPrototypeOf(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, prop);
    if (d && d.set) return d.set;
  }
  return null;
}

/**
 * Sets value through the prototype's native setter, bypassing an instance-level tracker.
 * @param {Element} el an input, textarea or select (without a setter of its own, the property is set)
 * @param {string} value
 */
export function setNativeValue(el, value) {
  const set = nativeSetter(el, 'value');
  if (set) set.call(el, value);
  else /** @type {HTMLInputElement} */ (el).value = value;
}

/**
 * @param {Element} el
 * @param {string} type
 * @param {string | null} data
 * @param {string | undefined} inputType
 * @param {boolean} [isComposing]
 */
export function inputEvent(el, type, data, inputType, isComposing = false) {
  const I = /** @type {Window & typeof globalThis} */ (el.ownerDocument.defaultView).InputEvent || InputEvent;
  return el.dispatchEvent(new I(type, { bubbles: true, cancelable: type === 'beforeinput', composed: true, data, inputType, isComposing }));
}

/** @param {Element} el */
export function changeEvent(el) {
  const E = /** @type {Window & typeof globalThis} */ (el.ownerDocument.defaultView).Event || Event;
  el.dispatchEvent(new E('change', { bubbles: true }));
}

const VALUE_TYPES = new Set(['date', 'datetime-local', 'month', 'week', 'time', 'color', 'range']);
const NO_MODS = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };

// Take-over recording (bridge/recorder.js, the same isolated world) learns what the executor typed, so a
// field it filled does not later read as the person's typing.
/** @param {Element} el */
export function noteFilled(el) {
  // set by bridge/recorder.js while it records, else absent
  const hook = /** @type {{__waymarkRecorderFilled?: unknown}} */ (globalThis).__waymarkRecorderFilled;
  if (typeof hook === 'function') hook(el);
}

/**
 * What a field or editor holds, as a fill compares it (an editor's text with its spaces collapsed).
 * @param {Field} el
 */
export function fieldText(el) {
  if (el.isContentEditable) return String(el.innerText ?? el.textContent ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
  return String(el.value ?? '');
}

/**
 * A single-line field drops line breaks from what is typed into it, as the browser sanitizes a value.
 * @param {HTMLElement} el
 * @param {string} value
 */
export function typable(el, value) {
  return el.isContentEditable || el.localName === 'textarea' ? value : value.replace(/[\r\n]+/g, '');
}

/**
 * Focuses el and selects what it holds, so what is typed next replaces it. Returns what it held.
 * A field without a selection API (number, email) is emptied instead, as select-all and Delete would.
 * @param {Field} el
 */
export function prepareField(el) {
  focusElement(el);
  const before = fieldText(el);
  if (el.isContentEditable) {
    const doc = el.ownerDocument;
    const range = doc.createRange();
    range.selectNodeContents(el);
    const sel = /** @type {Selection} */ (doc.getSelection());
    sel.removeAllRanges();
    sel.addRange(range);
    return before;
  }
  let selected = false;
  try {
    el.select();
    selected = el.selectionStart === 0 && el.selectionEnd === String(el.value).length;
  } catch { /* no selection API */ }
  if (!selected && el.value !== '') {
    if (inputEvent(el, 'beforeinput', null, 'deleteContentBackward')) {
      setNativeValue(el, '');
      inputEvent(el, 'input', null, 'deleteContentBackward');
    }
  }
  return before;
}

/**
 * Fills an input, textarea or contenteditable the way a keyboard types: per character keydown,
 * keypress, beforeinput, input and keyup, each run of characters a keyboard has no key for as one
 * input-method composition; then change. Returns {error} or {effect} (verdicts.js). opts.echo false:
 * the value comes from a {{ token }} and no message may quote it.
 * @param {Field} el
 * @param {string} value
 * @param {{echo?: boolean}} [opts]
 */
export function fillElement(el, value, opts = {}) {
  const r = fillInto(el, value, opts);
  if (!r.error) noteFilled(el);
  return r;
}

function fillInto(/** @type {Field} */ el, /** @type {string} */ value, /** @type {{echo?: boolean}} */ opts) {
  const echo = opts.echo !== false;
  const type = (el.type || '').toLowerCase();
  if (!el.isContentEditable && VALUE_TYPES.has(type)) {
    // A picker, not a keyboard, sets these: the value goes in at once.
    focusElement(el);
    const before = el.value;
    if (!inputEvent(el, 'beforeinput', value, 'insertReplacementText')) return { error: 'the page refused the input (beforeinput was cancelled)' };
    setNativeValue(el, value);
    inputEvent(el, 'input', value, 'insertReplacementText');
    const typed = el.value;
    changeEvent(el);
    return judgeFill({ wanted: value, before, typed, after: el.value, echo });
  }
  const text = typable(el, value);
  const before = prepareField(el);
  if (text === '') deleteSelection(el);
  else typeText(el, text);
  const typed = fieldText(el);
  if (!el.isContentEditable) changeEvent(el);
  const editor = el.isContentEditable;
  return judgeFill({
    wanted: editor ? text.replace(/\s+/g, ' ').trim() : text, before, typed, after: fieldText(el),
    maxLength: editor ? -1 : el.maxLength, number: type === 'number', echo, what: editor ? 'editor' : 'field',
  });
}

/** @param {Field} el */
function deleteSelection(el) {
  const doc = el.ownerDocument;
  if (doc.execCommand('delete', false)) return;
  if (!inputEvent(el, 'beforeinput', null, 'deleteContentBackward')) return;
  if (el.isContentEditable) el.textContent = '';
  else setNativeValue(el, '');
  inputEvent(el, 'input', null, 'deleteContentBackward');
}

/**
 * Types text into the focused el (typingPlan: keys, and compositions for what has no key).
 * @param {Field} el
 * @param {string} text
 */
export function typeText(el, text) {
  for (const part of typingPlan(text)) {
    if (part.kind === 'key') typeKey(el, part.info, part.shift);
    else compose(el, part.text);
  }
}

function typeKey(/** @type {Field} */ el, /** @type {KeyInfo} */ info, /** @type {boolean} */ shift) {
  const mods = { ...NO_MODS, shiftKey: shift };
  const shiftKey = /** @type {KeyInfo} */ (keyInfo('Shift', false)); // a named key
  if (shift) keyboard('keydown', el, shiftKey, mods);
  if (keyboard('keydown', el, info, mods) && keyboard('keypress', el, info, mods)) {
    if (info.key === 'Enter') defaultAction(el, info, mods);
    else insertText(el, info.text);
  }
  keyboard('keyup', el, info, mods);
  if (shift) keyboard('keyup', el, shiftKey, NO_MODS);
}

// An input method's commit, as Chrome reports it: keydown "Process" (keyCode 229), compositionstart,
// compositionupdate, beforeinput/input of type insertCompositionText while composing, compositionend.
function compose(/** @type {Field} */ el, /** @type {string} */ text) {
  const win = /** @type {Window & typeof globalThis} */ (el.ownerDocument.defaultView);
  const processKey = { key: 'Process', code: '', keyCode: 229, text: '' };
  const C = win.CompositionEvent || CompositionEvent;
  keyboard('keydown', el, processKey, NO_MODS);
  el.dispatchEvent(new C('compositionstart', { bubbles: true, cancelable: true, composed: true, data: '' }));
  el.dispatchEvent(new C('compositionupdate', { bubbles: true, cancelable: true, composed: true, data: text }));
  if (inputEvent(el, 'beforeinput', text, 'insertCompositionText', true)) {
    insertRaw(el, text);
    inputEvent(el, 'input', text, 'insertCompositionText', true);
  }
  el.dispatchEvent(new C('compositionend', { bubbles: true, cancelable: true, composed: true, data: text }));
  keyboard('keyup', el, processKey, NO_MODS);
}

// Puts text at the caret without events of its own (the caller fires them), within maxlength.
function insertRaw(/** @type {Field} */ el, /** @type {string} */ text) {
  const doc = el.ownerDocument;
  if (el.isContentEditable) {
    const sel = /** @type {Selection} */ (doc.getSelection());
    if (!sel.rangeCount) return;
    const range = sel.getRangeAt(0);
    range.deleteContents();
    const node = doc.createTextNode(text);
    range.insertNode(node);
    range.setStartAfter(node);
    range.collapse(true);
    sel.removeAllRanges();
    sel.addRange(range);
    return;
  }
  const v = String(el.value ?? '');
  let s = v.length;
  let e = v.length;
  try { s = el.selectionStart ?? v.length; e = el.selectionEnd ?? v.length; } catch { /* no selection API */ }
  const max = el.maxLength;
  let chars = Array.from(text);
  if (Number.isInteger(max) && max >= 0) chars = chars.slice(0, Math.max(0, max - Array.from(v.slice(0, s) + v.slice(e)).length));
  const add = chars.join('');
  setNativeValue(el, v.slice(0, s) + add + v.slice(e));
  try { el.setSelectionRange(s + add.length, s + add.length); } catch { /* no selection API */ }
}

/**
 * @param {string} type
 * @param {Element} target
 * @param {KeyInfo} info
 * @param {Modifiers} mods
 */
function keyboard(type, target, info, mods) {
  const K = /** @type {Window & typeof globalThis} */ (target.ownerDocument.defaultView).KeyboardEvent || KeyboardEvent;
  const charCode = type === 'keypress' ? (info.text || '').charCodeAt(0) || 0 : 0;
  const kc = type === 'keypress' ? charCode : info.keyCode;
  // Chrome takes the legacy keyCode/which/charCode in the init dictionary; a property defined
  // on the event here would be invisible to the page, which sees its own wrapper of it.
  const ev = new K(type, {
    key: info.key, code: info.code, bubbles: true, cancelable: true, composed: true, view: target.ownerDocument.defaultView,
    ...mods, repeat: false, location: 0, keyCode: kc, which: kc, charCode,
  });
  return target.dispatchEvent(ev);
}

/** @param {Field} el */
function isTextField(el) {
  if (el.isContentEditable || el.localName === 'textarea') return true;
  if (el.localName !== 'input') return false;
  return !['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file', 'hidden', 'range', 'color'].includes((el.type || 'text').toLowerCase());
}

/** @param {Field} field */
function submitImplicitly(field) {
  const form = field.form;
  if (!form) return;
  // a form's controls: buttons, inputs and the rest, each with a type and a form
  const submitter = /** @type {(HTMLInputElement | HTMLButtonElement)[]} */ (Array.from(form.elements)).find((e) => (e.type === 'submit' || e.type === 'image') && e.form === form);
  if (submitter) {
    if (!submitter.matches(':disabled')) submitter.click();
    return;
  }
  form.requestSubmit();
}

/**
 * Presses a chord on target: modifier keydowns, keydown, keypress (for keys that type),
 * the key's default action when the page did not cancel keydown, keyup, modifier keyups.
 * Default actions covered: typing a character into a text field, Backspace/Delete, Enter
 * (implicit form submission, newline in a textarea, activating a button or link), Space on a
 * button/checkbox, Tab/Shift+Tab focus movement, Control/Meta+A select all, and page scrolling
 * keys when no field has focus.
 * @param {Element} target
 * @param {ParsedChord} chord as parseChord returned it, known to have parsed (the caller checked, or named a key)
 */
export function pressOn(target, chord) {
  const { mods, modKeys, info } = /** @type {Chord} */ (chord);
  const held = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
  // modKeys are the modifiers parseChord knew: each has its flag and is a named key
  for (const m of modKeys) {
    held[/** @type {Record<string, keyof Modifiers>} */ ({ Control: 'ctrlKey', Shift: 'shiftKey', Alt: 'altKey', Meta: 'metaKey' })[m]] = true;
    keyboard('keydown', target, /** @type {KeyInfo} */ (keyInfo(m, false)), { ...held });
  }
  const notCancelled = keyboard('keydown', target, info, mods);
  const typing = info.text && !mods.ctrlKey && !mods.metaKey && !mods.altKey;
  let pressOk = true;
  if (notCancelled && typing) pressOk = keyboard('keypress', target, info, mods);
  // the focused element: what only a field has is read where it is one (isTextField, a select API check)
  if (notCancelled && pressOk) defaultAction(/** @type {Field} */ (target), info, mods);
  keyboard('keyup', target, info, mods);
  for (const m of [...modKeys].reverse()) {
    held[/** @type {Record<string, keyof Modifiers>} */ ({ Control: 'ctrlKey', Shift: 'shiftKey', Alt: 'altKey', Meta: 'metaKey' })[m]] = false;
    keyboard('keyup', target, /** @type {KeyInfo} */ (keyInfo(m, false)), { ...held });
  }
}

/**
 * @param {Field} target
 * @param {KeyInfo} info
 * @param {Modifiers} mods
 */
function defaultAction(target, info, mods) {
  const doc = target.ownerDocument;
  const win = /** @type {Window & typeof globalThis} */ (doc.defaultView);
  const text = isTextField(target);
  const k = info.key;
  if ((mods.ctrlKey || mods.metaKey) && k.toLowerCase() === 'a') {
    if (text && typeof target.select === 'function') target.select();
    else if (target.isContentEditable) doc.execCommand('selectAll');
    else /** @type {Selection} */ (doc.getSelection()).selectAllChildren(doc.body);
    return;
  }
  if (mods.ctrlKey || mods.metaKey || mods.altKey) return;
  if (k === 'Tab') { moveFocus(target, mods.shiftKey); return; }
  if (k === 'Enter') {
    if (target.localName === 'textarea' || target.isContentEditable) { insertText(target, '\n'); return; }
    if (target.localName === 'input' && text) { submitImplicitly(target); return; }
    if (target.matches('a[href], button, input[type=submit], input[type=button], input[type=reset], summary, [role=button], [role=link]')) target.click();
    return;
  }
  if (k === ' ' && !text) {
    if (target.matches('button, input[type=checkbox], input[type=radio], input[type=submit], input[type=button], summary, [role=button], [role=checkbox]')) { target.click(); return; }
  }
  if (k === 'Backspace' || k === 'Delete') {
    if (text) {
      if (!doc.execCommand(k === 'Backspace' ? 'delete' : 'forwardDelete', false)) {
        // Fallback for fields the editing commands cannot reach.
        const v = target.value ?? '';
        const s = target.selectionStart ?? v.length;
        const e = target.selectionEnd ?? v.length;
        const [a, b] = s !== e ? [s, e] : k === 'Backspace' ? [Math.max(0, s - 1), s] : [s, Math.min(v.length, s + 1)];
        setNativeValue(target, v.slice(0, a) + v.slice(b));
        inputEvent(target, 'input', null, k === 'Backspace' ? 'deleteContentBackward' : 'deleteContentForward');
      }
    }
    return;
  }
  if (info.text && text) { insertText(target, info.text); return; }
  if (!text && target.localName !== 'select') {
    const h = win.innerHeight;
    const dy = /** @type {Record<string, number>} */ ({ ArrowDown: 40, ArrowUp: -40, PageDown: h * 0.875, PageUp: -h * 0.875, ' ': mods.shiftKey ? -h * 0.875 : h * 0.875 })[k];
    if (dy) win.scrollBy({ top: dy, behavior: 'instant' });
    else if (k === 'Home') win.scrollTo({ top: 0, behavior: 'instant' });
    else if (k === 'End') win.scrollTo({ top: doc.documentElement.scrollHeight, behavior: 'instant' });
  }
}

function insertText(/** @type {Field} */ target, /** @type {string} */ text) {
  const doc = target.ownerDocument;
  if (doc.activeElement !== target && !target.isContentEditable) focusElement(target);
  // beforeinput as a keyboard fires it (execCommand does not); execCommand then respects the caret and
  // maxlength and fires input itself.
  if (!inputEvent(target, 'beforeinput', text, 'insertText')) return;
  if (doc.execCommand('insertText', false, text)) return;
  insertRaw(target, text);
  inputEvent(target, 'input', text, 'insertText');
}
