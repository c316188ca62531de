// Page dialogs (alert, confirm, prompt). A dialog blocks the page until someone answers it, so
// before a step acts, window.alert/confirm/prompt of the page's own world (top document and its
// same-origin frames) are replaced by functions that record the dialog and answer it at once:
// dismissed by default (confirm → false, prompt → null), accepted only when the step says
// accept_dialog (the studio asks a person first). The reply lists them under `dialogs`.

function install(accept) {
  const patch = (w) => {
    let state;
    try {
      state = w.__waymarkDialogs;
      if (!state) {
        state = { accept: false, seen: [] };
        const record = (kind, message) => {
          state.seen.push({ kind, message: String(message ?? '').slice(0, 500), handled: state.accept ? 'accepted' : 'dismissed' });
          if (state.seen.length > 20) state.seen.shift();
        };
        w.alert = function alert(message) { record('alert', message); };
        w.confirm = function confirm(message) { record('confirm', message); return state.accept; };
        w.prompt = function prompt(message, value) { record('prompt', message); return state.accept ? String(value ?? '') : null; };
        Object.defineProperty(w, '__waymarkDialogs', { value: state, enumerable: false, configurable: true });
      }
      state.accept = accept;
    } catch { /* a cross-origin frame: not ours to patch */ }
  };
  patch(window);
  for (let i = 0; i < window.frames.length; i++) patch(window.frames[i]);
  return true;
}

function collect() {
  const out = [];
  const take = (w) => {
    try { if (w.__waymarkDialogs) out.push(...w.__waymarkDialogs.seen.splice(0)); } catch { /* cross-origin */ }
  };
  take(window);
  for (let i = 0; i < window.frames.length; i++) take(window.frames[i]);
  return out;
}

/** Installs (or re-arms) the dialog guard in the tab's top document. Never throws. */
export async function guardDialogs(tabId, accept) {
  try {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', injectImmediately: true, func: install, args: [!!accept] });
  } catch { /* a page the extension cannot script; the step itself reports that */ }
}

/** The dialogs answered in the tab's current document since the last call. */
export async function takeDialogs(tabId) {
  try {
    const [r] = await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', injectImmediately: true, func: collect });
    return Array.isArray(r?.result) ? r.result : [];
  } catch {
    return [];
  }
}
