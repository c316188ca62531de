// @ts-check
// The take-over's side of the dialog guard (dialog-guard.js), run in the page's MAIN world by executeScript as `func`,
// so it is one self-contained function: while the person has the page, the dialogs are theirs.
/** @typedef {import('./guard-window.js').GuardWindow} GuardWindow */

/** Take-over: the guard of this document and its frames lets dialogs through to the person. */
export function letDialogsThrough() {
  const set = (/** @type {GuardWindow} */ w) => {
    try { if (w.__waymarkDialogs) w.__waymarkDialogs.passthrough = true; } catch { /* cross-origin */ }
  };
  set(window);
  for (let i = 0; i < window.frames.length; i++) set(window.frames[i]);
  return true;
}
