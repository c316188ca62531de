// @ts-check
// The page half of an upload step: the file field that goes with the element, and the files put into it.
import { describeSelector, describeElement, deepQueryAll } from './resolve.js';
import { targets } from './common.js';

// ---- upload ----

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
 */
function fileInputFor(el) {
  const isFile = (e) => e && e.localName === 'input' && (e.type || '').toLowerCase() === 'file';
  if (isFile(el)) return el;
  if (el.localName === 'label' && isFile(el.control)) return el.control;
  const inside = el.querySelector && el.querySelector('input[type=file]');
  if (inside) return inside;
  const label = el.closest && el.closest('label');
  if (label && isFile(label.control)) return label.control;
  const forId = el.getAttribute && (el.getAttribute('for') || el.getAttribute('aria-controls'));
  if (forId) {
    const t = el.ownerDocument.getElementById(forId);
    if (isFile(t)) return t;
  }
  for (let n = el.parentElement; n; n = n.parentElement) {
    const inputs = n.querySelectorAll('input[type=file]');
    if (inputs.length === 1) return inputs[0];
    if (inputs.length > 1) break;
  }
  const all = deepQueryAll('input[type=file]');
  return all.length === 1 ? all[0] : null;
}

export function uploadStep(step, options) {
  const t = targets(step);
  if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
  const el = t.elements[0];
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
  const W = input.ownerDocument.defaultView;
  const dt = new (W.DataTransfer || DataTransfer)();
  for (const f of files) dt.items.add(new (W.File || File)([b64ToBytes(f.base64)], f.filename, { type: f.mime || 'application/octet-stream' }));
  try {
    input.files = dt.files;
  } catch (e) {
    e.dispatched = false;
    throw e;
  }
  const E = W.Event || Event;
  input.dispatchEvent(new E('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new E('change', { bubbles: true }));
  const names = Array.from(input.files).map((f) => `${f.name} (${f.size} bytes)`);
  return { ok: true, dispatched: true, count: input.files.length, data: `put ${names.join(', ')} into ${describeElement(input)}` };
}
