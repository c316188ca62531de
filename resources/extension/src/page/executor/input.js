// @ts-check
// Input as a person's browser makes it: the full pointer/mouse/focus/click sequence, key events
// with legacy fields and their default actions, values set through the native setters so
// framework value trackers (React) see a change. Events from here are untrusted (isTrusted is
// false); see docs/protocol.md "Input fidelity" for why and what the default actions cover.
import { shadowOf } from '../shadow.js';
import { keyInfo } from './keys.js';

export { keyInfo, parseChord } from './keys.js';

const MOUSE_BASE = { bubbles: true, cancelable: true, composed: true, button: 0, detail: 1 };

function mouseInit(el, point, extra) {
  const win = el.ownerDocument.defaultView;
  return {
    ...MOUSE_BASE,
    view: win,
    clientX: point.x,
    clientY: point.y,
    screenX: point.x + (win.screenX || 0),
    screenY: point.y + (win.screenY || 0),
    ...extra,
  };
}

function pointer(type, target, init) {
  const P = target.ownerDocument.defaultView.PointerEvent || PointerEvent;
  return target.dispatchEvent(new P(type, { ...init, pointerId: 1, pointerType: 'mouse', isPrimary: true, width: 1, height: 1, pressure: init.buttons ? 0.5 : 0 }));
}

function mouse(type, target, init) {
  const M = target.ownerDocument.defaultView.MouseEvent || MouseEvent;
  return target.dispatchEvent(new M(type, init));
}

function focusableAncestor(el) {
  for (let n = el; n && n.nodeType === 1; n = n.parentElement || n.getRootNode()?.host) {
    if (n.matches('a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable=""], [contenteditable="true"]') && !n.matches(':disabled')) return n;
  }
  return null;
}

/**
 * Clicks: pointerover/enter, mouseover/enter, pointermove, mousemove, pointerdown, mousedown,
 * focus, pointerup, mouseup, click, dispatched on the element a pointer at the point would
 * hit. A synthetic click still runs activation behaviour (links follow, checkboxes toggle,
 * submit buttons submit).
 */
export function clickAt(el, target, point) {
  const over = mouseInit(target, point, { buttons: 0 });
  const nonBubbling = { ...over, bubbles: false, cancelable: false };
  pointer('pointerover', target, over);
  // enter/leave events do not bubble: a pointer entering the target enters each ancestor too.
  const chain = [];
  for (let n = target; n && n.nodeType === 1; n = n.parentElement || n.getRootNode()?.host) chain.unshift(n);
  for (const n of chain) pointer('pointerenter', n, nonBubbling);
  mouse('mouseover', target, over);
  for (const n of chain) mouse('mouseenter', n, nonBubbling);
  pointer('pointermove', target, over);
  mouse('mousemove', target, over);
  const down = mouseInit(target, point, { buttons: 1 });
  const pointerDownOk = pointer('pointerdown', target, down);
  let mouseDownOk = true;
  if (pointerDownOk) mouseDownOk = mouse('mousedown', target, down);
  if (mouseDownOk) {
    const f = focusableAncestor(target);
    if (f) focusElement(f);
    else if (target.ownerDocument.activeElement && target.ownerDocument.activeElement !== target.ownerDocument.body) target.ownerDocument.activeElement.blur();
  }
  const up = mouseInit(target, point, { buttons: 0 });
  pointer('pointerup', target, up);
  mouse('mouseup', target, up);
  if (target.isConnected) mouse('click', target, up);
  else if (el.isConnected) mouse('click', el, up);
}

/**
 * Focuses el. When the browser window does not have system focus (the person is looking at
 * the studio, or the browser is headless) focus() moves activeElement without firing focus
 * events, so they are dispatched here the way a focused window would fire them.
 */
export function focusElement(el) {
  const doc = el.ownerDocument;
  const prev = doc.activeElement;
  if (prev === el) return;
  el.focus({ preventScroll: true });
  if (doc.hasFocus() || doc.activeElement !== el) return;
  const F = doc.defaultView.FocusEvent || FocusEvent;
  if (prev && prev !== doc.body && prev !== el) {
    prev.dispatchEvent(new F('blur', { relatedTarget: el, composed: true }));
    prev.dispatchEvent(new F('focusout', { bubbles: true, relatedTarget: el, composed: true }));
  }
  el.dispatchEvent(new F('focus', { relatedTarget: prev, composed: true }));
  el.dispatchEvent(new F('focusin', { bubbles: true, relatedTarget: prev, composed: true }));
}

function nativeSetter(el, prop) {
  for (let proto = Object.getPrototypeOf(el); proto; proto = Object.getPrototypeOf(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, prop);
    if (d && d.set) return d.set;
  }
  return null;
}

/** Sets value through the prototype's native setter, bypassing an instance-level tracker. */
export function setNativeValue(el, value) {
  const set = nativeSetter(el, 'value');
  if (set) set.call(el, value);
  else el.value = value;
}

function inputEvent(el, type, data, inputType) {
  const I = el.ownerDocument.defaultView.InputEvent || InputEvent;
  return el.dispatchEvent(new I(type, { bubbles: true, cancelable: type === 'beforeinput', composed: true, data, inputType }));
}

function changeEvent(el) {
  const E = el.ownerDocument.defaultView.Event || Event;
  el.dispatchEvent(new E('change', { bubbles: true }));
}

const VALUE_TYPES = new Set(['date', 'datetime-local', 'month', 'week', 'time', 'color', 'range']);

/** Fills an input, textarea or contenteditable. Returns null or an error text. */
// Take-over recording (bridge/recorder.js, the same isolated world) learns what the executor typed, so a
// field it filled does not later read as the person's typing.
function noteFilled(el) {
  const hook = globalThis.__waymarkRecorderFilled;
  if (typeof hook === 'function') hook(el);
}

export function fillElement(el, value) {
  const error = fillInto(el, value);
  if (!error) noteFilled(el);
  return error;
}

function fillInto(el, value) {
  focusElement(el);
  if (el.isContentEditable) {
    const doc = el.ownerDocument;
    const sel = doc.getSelection();
    const range = doc.createRange();
    range.selectNodeContents(el);
    sel.removeAllRanges();
    sel.addRange(range);
    // execCommand goes through the editing pipeline, which fires beforeinput/input itself.
    const done = value === '' ? doc.execCommand('delete', false) : doc.execCommand('insertText', false, value);
    if (!done) {
      if (!inputEvent(el, 'beforeinput', value, 'insertReplacementText')) return 'the page refused the input (beforeinput was cancelled)';
      el.textContent = value;
      inputEvent(el, 'input', value, 'insertReplacementText');
    }
    return null;
  }
  const type = (el.type || '').toLowerCase();
  if (!VALUE_TYPES.has(type) && typeof el.select === 'function') {
    try { el.select(); } catch { /* number/email inputs have no selection API */ }
  }
  if (!inputEvent(el, 'beforeinput', value, 'insertText')) return 'the page refused the input (beforeinput was cancelled)';
  setNativeValue(el, value);
  inputEvent(el, 'input', value, 'insertText');
  changeEvent(el);
  if (el.value !== value && !(type === 'number' && Number(el.value) === Number(value))) {
    return el.value === '' ? 'the field rejected the value (it reads empty after typing)' : 'the field did not keep the typed value (the page changed or limited it)';
  }
  return null;
}

/** Chooses an option of a <select> by value, then by visible label. */
export function selectOption(el, wanted) {
  if (el.localName !== 'select') return `element is not a <select> (use fill or click for ${el.localName})`;
  const opts = Array.from(el.options);
  const norm = (s) => s.replace(/\s+/g, ' ').trim();
  let opt = opts.find((o) => o.value === wanted)
    || opts.find((o) => norm(o.label || o.text) === norm(wanted))
    || opts.find((o) => norm(o.label || o.text).toLowerCase() === norm(wanted).toLowerCase());
  if (!opt) {
    const list = opts.slice(0, 20).map((o) => `'${norm(o.label || o.text)}'`).join(', ');
    return `no option matches the value (options: ${list}${opts.length > 20 ? ', …' : ''})`;
  }
  if (opt.disabled) return `option '${norm(opt.label || opt.text)}' is disabled`;
  focusElement(el);
  setNativeValue(el, opt.value);
  if (el.multiple) opt.selected = true;
  inputEvent(el, 'input', null, undefined);
  changeEvent(el);
  return null;
}

function keyboard(type, target, info, mods) {
  const K = target.ownerDocument.defaultView.KeyboardEvent || KeyboardEvent;
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

/** The focused element, descending through shadow roots and same-origin frames. */
export function deepActiveElement(doc = document) {
  let a = doc.activeElement;
  for (let i = 0; a && i < 20; i++) {
    const sr = shadowOf(a);
    if (sr && sr.activeElement) { a = sr.activeElement; continue; }
    if (a.localName === 'iframe') {
      let d;
      try { d = /** @type {HTMLIFrameElement} */ (a).contentDocument; } catch { d = null; }
      if (d && d.activeElement) { a = d.activeElement; continue; }
    }
    break;
  }
  return a || doc.body;
}

function isTextField(el) {
  if (el.isContentEditable || el.localName === 'textarea') return true;
  if (el.localName !== 'input') return false;
  return !['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file', 'hidden', 'range', 'color'].includes((el.type || 'text').toLowerCase());
}

const TABBABLE = 'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable=""], [contenteditable="true"]';

function moveFocus(from, backwards) {
  const doc = from.ownerDocument;
  const all = Array.from(doc.querySelectorAll(TABBABLE)).filter((e) => e.tabIndex >= 0 && !e.matches(':disabled') && !(e.localName === 'input' && e.type === 'hidden') && e.getClientRects().length);
  const positive = all.filter((e) => e.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  const order = [...positive, ...all.filter((e) => e.tabIndex === 0)];
  if (!order.length) return;
  const i = order.indexOf(from);
  const next = i < 0 ? order[backwards ? order.length - 1 : 0] : order[(i + (backwards ? -1 : 1) + order.length) % order.length];
  focusElement(next);
}

function submitImplicitly(field) {
  const form = field.form;
  if (!form) return;
  const submitter = Array.from(form.elements).find((e) => (e.type === 'submit' || e.type === 'image') && e.form === form);
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
 */
export function pressOn(target, chord) {
  const { mods, modKeys, info } = chord;
  const held = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
  for (const m of modKeys) {
    held[{ Control: 'ctrlKey', Shift: 'shiftKey', Alt: 'altKey', Meta: 'metaKey' }[m]] = true;
    keyboard('keydown', target, keyInfo(m, false), { ...held });
  }
  const notCancelled = keyboard('keydown', target, info, mods);
  const typing = info.text && !mods.ctrlKey && !mods.metaKey && !mods.altKey;
  let pressOk = true;
  if (notCancelled && typing) pressOk = keyboard('keypress', target, info, mods);
  if (notCancelled && pressOk) defaultAction(target, info, mods);
  keyboard('keyup', target, info, mods);
  for (const m of [...modKeys].reverse()) {
    held[{ Control: 'ctrlKey', Shift: 'shiftKey', Alt: 'altKey', Meta: 'metaKey' }[m]] = false;
    keyboard('keyup', target, keyInfo(m, false), { ...held });
  }
}

function defaultAction(target, info, mods) {
  const doc = target.ownerDocument;
  const win = doc.defaultView;
  const text = isTextField(target);
  const k = info.key;
  if ((mods.ctrlKey || mods.metaKey) && k.toLowerCase() === 'a') {
    if (text && typeof target.select === 'function') target.select();
    else if (target.isContentEditable) doc.execCommand('selectAll');
    else doc.getSelection().selectAllChildren(doc.body);
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
    const dy = { ArrowDown: 40, ArrowUp: -40, PageDown: h * 0.875, PageUp: -h * 0.875, ' ': mods.shiftKey ? -h * 0.875 : h * 0.875 }[k];
    if (dy) win.scrollBy({ top: dy, behavior: 'instant' });
    else if (k === 'Home') win.scrollTo({ top: 0, behavior: 'instant' });
    else if (k === 'End') win.scrollTo({ top: doc.documentElement.scrollHeight, behavior: 'instant' });
  }
}

function insertText(target, text) {
  const doc = target.ownerDocument;
  if (doc.activeElement !== target && !target.isContentEditable) focusElement(target);
  // execCommand respects the caret and maxlength and fires beforeinput/input itself.
  if (doc.execCommand('insertText', false, text)) return;
  if (!inputEvent(target, 'beforeinput', text, 'insertText')) return;
  const v = target.value ?? '';
  const s = target.selectionStart ?? v.length;
  const e = target.selectionEnd ?? v.length;
  setNativeValue(target, v.slice(0, s) + text + v.slice(e));
  try { target.setSelectionRange(s + text.length, s + text.length); } catch { /* no selection API */ }
  inputEvent(target, 'input', text, 'insertText');
}

/** Scrolls the page or the nearest scrollable box of el. Returns where it ended. */
export function scrollBy(el, value) {
  const doc = el ? el.ownerDocument : document;
  const win = doc.defaultView;
  const box = el ? scrollableBox(el) : null;
  const v = String(value ?? '').trim().toLowerCase();
  const height = box ? box.clientHeight : win.innerHeight;
  const width = box ? box.clientWidth : win.innerWidth;
  const maxY = box ? box.scrollHeight : doc.documentElement.scrollHeight;
  let dx = 0;
  let dy = 0;
  let to = null;
  if (v === '' || v === 'down') dy = height * 0.8;
  else if (v === 'up') dy = -height * 0.8;
  else if (v === 'right') dx = width * 0.8;
  else if (v === 'left') dx = -width * 0.8;
  else if (v === 'bottom' || v === 'end') to = { top: maxY };
  else if (v === 'top' || v === 'start' || v === 'home') to = { top: 0 };
  else if (/^-?\d+(\.\d+)?(px)?$/.test(v)) dy = parseFloat(v);
  else if (/^-?\d+(px)?\s*,\s*-?\d+(px)?$/.test(v)) { const [a, b] = v.split(',').map((p) => parseFloat(p)); dx = a; dy = b; }
  else return { error: `unknown scroll value '${value}' (use down, up, left, right, top, bottom, or pixels like 400 or -400)` };
  const W = win.WheelEvent || WheelEvent;
  const wheelTarget = el || doc.documentElement;
  wheelTarget.dispatchEvent(new W('wheel', { bubbles: true, cancelable: true, composed: true, deltaX: dx, deltaY: to ? (to.top ? maxY : -maxY) : dy, deltaMode: 0, view: win }));
  const scroller = box || win;
  if (to) scroller.scrollTo({ top: to.top, behavior: 'instant' });
  else scroller.scrollBy({ left: dx, top: dy, behavior: 'instant' });
  const y = box ? box.scrollTop : win.scrollY;
  const x = box ? box.scrollLeft : win.scrollX;
  const fullH = box ? box.scrollHeight : doc.documentElement.scrollHeight;
  return { x: Math.round(x), y: Math.round(y), height: Math.round(fullH), viewport: Math.round(height), box: !!box };
}

function scrollableBox(el) {
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
    if (n === n.ownerDocument.documentElement || n === n.ownerDocument.body) return null;
    const cs = n.ownerDocument.defaultView.getComputedStyle(n);
    const scrollsY = /(auto|scroll|overlay)/.test(cs.overflowY) && n.scrollHeight > n.clientHeight;
    const scrollsX = /(auto|scroll|overlay)/.test(cs.overflowX) && n.scrollWidth > n.clientWidth;
    if (scrollsY || scrollsX) return n;
  }
  return null;
}
