// Page dialogs (alert, confirm, prompt). A dialog blocks the page until someone answers it, so
// before a step acts, window.alert/confirm/prompt of the page's own world (top document and its
// same-origin frames) are replaced by functions that record the dialog and answer it at once:
// dismissed by default (confirm → false, prompt → null), accepted only when the step says
// accept_dialog (the studio asks a person first). The reply lists them under `dialogs`.
// The guard itself is executor/dialog-guard.js; once a document has it, the page script arms it
// and collects its dialogs inside the step's own page call (page/executor/dialog-link.js).
import { installDialogGuard } from './dialog-guard.js';

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
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', injectImmediately: true, func: installDialogGuard, args: [!!accept] });
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

const PREFIX = 'waymark-guard-';
let serial = 0;

function patternFor(url) {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.protocol}//${u.hostname}/*`;
  } catch {
    return null;
  }
}

/**
 * Guards the documents a navigation to `url` loads (MAIN world, document_start, every frame of
 * that host) until the returned function is called, so a dialog a page opens while loading
 * does not block it. Scoped to the host and to the step: another tab that loads a page of the
 * same host in that moment gets the guard too (its dialogs are then answered and not shown).
 */
export async function guardNavigation(url, accept) {
  const pattern = patternFor(url);
  if (!pattern || !chrome.scripting.registerContentScripts) return async () => {};
  const id = `${PREFIX}${Date.now()}-${serial++}`;
  try {
    await chrome.scripting.registerContentScripts([{
      id, js: [accept ? 'guard-accept.js' : 'guard-dismiss.js'], matches: [pattern], runAt: 'document_start',
      world: 'MAIN', allFrames: true, persistAcrossSessions: false,
    }]);
  } catch {
    return async () => {};
  }
  return async () => {
    try { await chrome.scripting.unregisterContentScripts({ ids: [id] }); } catch { /* already gone */ }
  };
}

/** Drops guards a stopped worker left registered. */
export async function dropStaleGuards() {
  try {
    const scripts = await chrome.scripting.getRegisteredContentScripts();
    const ids = scripts.map((s) => s.id).filter((id) => id.startsWith(PREFIX));
    if (ids.length) await chrome.scripting.unregisterContentScripts({ ids });
  } catch { /* nothing to drop */ }
}
