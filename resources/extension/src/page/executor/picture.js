// @ts-check
// What the studio draws over a picture of the page (docs/protocol.md, `picture`): each observed element's box in the
// top viewport's CSS pixels, and the fields that hold a variable's value (plus every password field) blurred while
// the picture is taken, so a value never leaves the browser in pixels either. pictureRestore takes the blur off.
import { resolveSelector } from './resolve.js';
import { frameOffset } from './highlight.js';

const BLUR = 'blur(9px)';
/** @type {{el: any, filter: string, priority: string}[]} */
let blurred = [];

/** @param {any} sel */
function first(sel) {
  try {
    const r = resolveSelector({ ...sel, all: false });
    return r.elements && r.elements.length ? r.elements[0] : null;
  } catch {
    return null;
  }
}

/** @param {Element} el */
function box(el) {
  const r = el.getBoundingClientRect();
  const o = frameOffset(el);
  return { x: r.left + o.x, y: r.top + o.y, w: r.width, h: r.height };
}

/** @param {any} el */
function blur(el) {
  // Duck-typed: an element of a same-origin frame has that frame's HTMLElement, not this one's.
  if (!el || !el.style || typeof el.style.setProperty !== 'function' || blurred.some((b) => b.el === el)) return;
  blurred.push({ el, filter: el.style.getPropertyValue('filter'), priority: el.style.getPropertyPriority('filter') });
  el.style.setProperty('filter', BLUR, 'important');
}

/**
 * Boxes of `refs` ([{ref, selector}]) that are on screen, and the blur put on `secret` selectors and password fields.
 * `{boxes: [{ref, x, y, w, h}], viewport: {w, h, dpr}, blurred}`.
 * @type {import('../page-calls.js').PageCalls['pictureBoxes']}
 */
export function pictureBoxes(refs, secret) {
  pictureRestore();
  for (const sel of secret || []) {
    const el = first(sel);
    if (el) blur(el);
  }
  for (const el of Array.from(document.querySelectorAll('input[type="password"]'))) blur(el);
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const boxes = [];
  for (const { ref, selector } of refs || []) {
    const el = selector ? first(selector) : null;
    if (!el) continue;
    const b = box(el);
    if (b.w <= 0 || b.h <= 0 || b.x + b.w <= 0 || b.y + b.h <= 0 || b.x >= vw || b.y >= vh) continue;
    boxes.push({ ref, x: Math.round(b.x), y: Math.round(b.y), w: Math.round(b.w), h: Math.round(b.h) });
  }
  return { boxes, viewport: { w: vw, h: vh, dpr: window.devicePixelRatio || 1 }, blurred: blurred.length };
}

/** Takes the picture's blur off again, leaving each field's own filter as it was. @type {import('../page-calls.js').PageCalls['pictureRestore']} */
export function pictureRestore() {
  for (const { el, filter, priority } of blurred) {
    if (filter) el.style.setProperty('filter', filter, priority);
    else el.style.removeProperty('filter');
  }
  const n = blurred.length;
  blurred = [];
  return { restored: n };
}
