// @ts-check
// The page half of an upload step: the file field that goes with the element, and the files put into it.
import { describeSelector, describeElement, deepQueryAll } from './resolve.js';
import { targets } from './common.js';

// ---- upload ----

/** @param {string} b64 */
function b64ToBytes(b64) {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/**
 * The file input an upload goes into: the element itself, the control of a label, a file input
 * inside the element, or the file input that goes with a button that opens the chooser (in the
 * same form or the same parent, searched outwards), else the page's only file input.
 * Each element returned is a file input: isFile said so, or input[type=file] matched it.
 * @param {Element} el
 * @returns {HTMLInputElement | null}
 */
function fileInputFor(el) {
  const isFile = (/** @type {Element | null | undefined} */ e) => e && e.localName === 'input' && (/** @type {HTMLInputElement} */ (e).type || '').toLowerCase() === 'file';
  if (isFile(el)) return /** @type {HTMLInputElement} */ (el);
  if (el.localName === 'label' && isFile(/** @type {HTMLLabelElement} */ (el).control)) return /** @type {HTMLInputElement} */ (/** @type {HTMLLabelElement} */ (el).control);
  const inside = el.querySelector && el.querySelector('input[type=file]');
  if (inside) return /** @type {HTMLInputElement} */ (inside);
  const label = el.closest && el.closest('label');
  if (label && isFile(label.control)) return /** @type {HTMLInputElement} */ (label.control);
  const forId = el.getAttribute && (el.getAttribute('for') || el.getAttribute('aria-controls'));
  if (forId) {
    const t = el.ownerDocument.getElementById(forId);
    if (isFile(t)) return /** @type {HTMLInputElement} */ (t);
  }
  for (let n = el.parentElement; n; n = n.parentElement) {
    const inputs = n.querySelectorAll('input[type=file]');
    if (inputs.length === 1) return /** @type {HTMLInputElement} */ (inputs[0]);
    if (inputs.length > 1) break;
  }
  const all = deepQueryAll('input[type=file]');
  return all.length === 1 ? /** @type {HTMLInputElement} */ (all[0]) : null;
}

/**
 * Puts the step's files into the file field that goes with its element.
 * @param {import('../page-calls.js').PageStep} step
 * @param {import('../page-calls.js').PageStepOptions} options
 * @returns {import('../page-calls.js').PageStepResult}
 */
export function uploadStep(step, options) {
  const t = targets(step);
  if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
  const el = /** @type {Element[]} */ (t.elements)[0]; // no error: the elements matched
  const input = fileInputFor(el);
  if (!input) return { ok: false, error: `no file field goes with ${describeSelector(step.selector)} (not an input type=file, its label, or a button next to one)` };
  if (input.matches(':disabled')) return { ok: false, error: `the file field is disabled: ${describeElement(input)}`, retry: true };
  const files = options.files || [];
  if (files.length > 1 && !input.multiple) return { ok: false, error: `the file field takes one file and the step gives ${files.length}` };
  if (input.accept) {
    const accepted = input.accept.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean);
    for (const f of files) {
      const name = f.filename.toLowerCase();
      const mime = (f.mime || '').toLowerCase();
      const fits = accepted.some((a) => (a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? mime.startsWith(a.slice(0, -1)) : mime === a));
      if (!fits) return { ok: false, error: `the file field accepts ${input.accept}; ${f.filename} (${f.mime}) is not one of them` };
    }
  }
  const W = /** @type {Window & typeof globalThis} */ (input.ownerDocument.defaultView); // a field on a page a window shows
  const dt = new (W.DataTransfer || DataTransfer)();
  for (const f of files) dt.items.add(new (W.File || File)([b64ToBytes(f.base64)], f.filename, { type: f.mime || 'application/octet-stream' }));
  try {
    input.files = dt.files;
  } catch (e) {
    // an Error (a DOMException): index.js reads dispatched off it
    /** @type {Error & {dispatched?: boolean}} */ (e).dispatched = false;
    throw e;
  }
  const E = W.Event || Event;
  input.dispatchEvent(new E('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new E('change', { bubbles: true }));
  const names = Array.from(input.files).map((f) => `${f.name} (${f.size} bytes)`);
  return { ok: true, dispatched: true, count: input.files.length, data: `put ${names.join(', ')} into ${describeElement(input)}` };
}
