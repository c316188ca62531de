// @ts-check
// A click as a mouse makes it: pointer and mouse events in a person's order, with the focus change
// mousedown brings. Apart from input.js because a click shares nothing with keys and text entry but
// focus (focus.js); input.js re-exports clickAt for its callers.
import { focusElement, focusableAncestor } from './focus.js';
import { drawnParent } from './resolve.js';

const MOUSE_BASE = { bubbles: true, cancelable: true, composed: true, button: 0, detail: 1 };

/** @typedef {import('./actionability.js').Point} Point */

// An element clicked is in a document a window shows (the page's or a frame's): its defaultView is not null.

/**
 * @param {Element} el
 * @param {Point} point
 * @param {MouseEventInit} extra
 * @returns {MouseEventInit}
 */
function mouseInit(el, point, extra) {
  const win = /** @type {Window & typeof globalThis} */ (el.ownerDocument.defaultView);
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

/**
 * @param {string} type
 * @param {Element} target
 * @param {MouseEventInit} init
 */
function pointer(type, target, init) {
  const P = /** @type {Window & typeof globalThis} */ (target.ownerDocument.defaultView).PointerEvent || PointerEvent;
  return target.dispatchEvent(new P(type, { ...init, pointerId: 1, pointerType: 'mouse', isPrimary: true, width: 1, height: 1, pressure: init.buttons ? 0.5 : 0 }));
}

/**
 * @param {string} type
 * @param {Element} target
 * @param {MouseEventInit} init
 */
function mouse(type, target, init) {
  const M = /** @type {Window & typeof globalThis} */ (target.ownerDocument.defaultView).MouseEvent || MouseEvent;
  return target.dispatchEvent(new M(type, init));
}

/**
 * Clicks: pointerover/enter, mouseover/enter, pointermove, mousemove, pointerdown, mousedown,
 * focus, pointerup, mouseup, click, dispatched on the element a pointer at the point would
 * hit. A synthetic click still runs activation behaviour (links follow, checkboxes toggle,
 * submit buttons submit).
 * @param {Element} el the element the step names
 * @param {Element} target the element a pointer at point hits (el or inside it)
 * @param {Point} point
 */
export function clickAt(el, target, point) {
  const over = mouseInit(target, point, { buttons: 0 });
  const nonBubbling = { ...over, bubbles: false, cancelable: false };
  pointer('pointerover', target, over);
  // enter/leave events do not bubble: a pointer entering the target enters each ancestor too.
  const chain = [];
  // (what the target is drawn in: a slotted node's slot and its tree, past the top of a shadow tree its host)
  for (let n = /** @type {Element | null} */ (target); n; n = drawnParent(n)) chain.unshift(n);
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
    if (f) focusElement(f, { pointer: true });
    else if (target.ownerDocument.activeElement && target.ownerDocument.activeElement !== target.ownerDocument.body) /** @type {HTMLElement} */ (target.ownerDocument.activeElement).blur(); // HTML or SVG: both blur
  }
  const up = mouseInit(target, point, { buttons: 0 });
  pointer('pointerup', target, up);
  mouse('mouseup', target, up);
  if (target.isConnected) mouse('click', target, up);
  else if (el.isConnected) mouse('click', el, up);
}
