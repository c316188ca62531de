// @ts-check
// Tab and take-over events to the studio. Listeners are registered at the top level of the
// worker, so a tab event also wakes a stopped worker (which then reconnects).
import { sendEvent, isPaired } from './connection.js';
import { maskKnown } from './handlers.js';
import { isRecording, recordingTask, currentTaskTabId, allTaskTabs } from './state.js';
import { applyRecording } from './recorder.js';
import { tokenFor } from './record-tokens.js';
import { onUnclaimedDownload } from '../executor/downloads.js';
import { taskTabs } from '../executor/task-tabs.js';
import { tabRole } from '../executor/tab-view.js';

/**
 * url and title of a tab for an event, or nothing for a tab of the person's off the task (decision 0027).
 * @param {chrome.tabs.Tab} tab
 * @returns {Promise<import('../wire.js').NamedTab>}
 */
async function namedTab(tab) {
  const keys = new Set(['', ...(await allTaskTabs()).keys()]);
  for (const key of keys) {
    const [mine, task] = await Promise.all([taskTabs(key), currentTaskTabId(key)]);
    if (tabRole(tab, mine, task) !== null) return { url: maskKnown(tab.pendingUrl || tab.url || ''), title: maskKnown(tab.title || '') };
  }
  return {};
}

/** The tab being recorded (the task tab of the task that asked to record), or null. */
async function recordedTab() {
  const task = await recordingTask();
  return task === null ? null : currentTaskTabId(task);
}

let actionQueue = Promise.resolve();

export function registerEventListeners() {
  // A download no step started: blocked and reported when the task tab's page started it.
  onUnclaimedDownload(async (/** @type {chrome.downloads.DownloadItem} */ item) => {
    if (!item.referrer) return false;
    let task = null;
    for (const [key, id] of await allTaskTabs()) {
      let tab;
      try { tab = await chrome.tabs.get(id); } catch { continue; }
      if ((tab.url || '') === item.referrer) task = key;
    }
    if (task === null) return false;
    const url = item.finalUrl || item.url;
    let filename = String(item.filename || '').split(/[\\/]/).pop() || null;
    if (!filename) {
      try { filename = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() || '') || null; } catch { filename = null; }
    }
    sendEvent('download_blocked', { url: maskKnown(url), filename: filename && maskKnown(filename), ...(task ? { task } : {}) });
    return true;
  });
  chrome.tabs.onCreated.addListener(async (tab) => {
    sendEvent('tab_opened', { tab: tab.id, ...(await namedTab(tab)), opener: tab.openerTabId ?? null });
  });
  chrome.tabs.onRemoved.addListener((tabId) => {
    sendEvent('tab_closed', { tab: tabId });
  });
  chrome.tabs.onUpdated.addListener(async (tabId, change, tab) => {
    if (!('url' in change) && !('title' in change) && change.status !== 'complete') return;
    sendEvent('tab_changed', { tab: tabId, ...(await namedTab(tab)), status: tab.status || null });
  });
  chrome.webNavigation.onCommitted.addListener(async (d) => {
    if (d.frameId !== 0 || !isPaired() || !(await isRecording())) return;
    if ((await recordedTab()) !== d.tabId) return;
    if (d.transitionType === 'typed' || d.transitionType === 'auto_bookmark' || (d.transitionQualifiers || []).includes('forward_back')) {
      sendEvent('user_action', { action: 'navigate', url: maskKnown(d.url) });
    }
  });
  chrome.webNavigation.onCompleted.addListener(async (d) => {
    if (d.frameId !== 0 || !(await isRecording())) return;
    if ((await recordedTab()) !== d.tabId) return;
    applyRecording(d.tabId, true).catch(() => {});
  });
  chrome.runtime.onMessage.addListener((message, sender) => {
    // what the recorder reports (bridge/recorder.js); taken only from this extension's own script in a tab
    const action = /** @type {import('./recorder.js').RecordedAction | undefined} */ (message && message.waymark_user_action);
    if (!action || !sender.tab || sender.id !== chrome.runtime.id) return;
    // one at a time, in the order the page sent them: a fill whose value is being hashed must not be
    // overtaken by the click that followed it
    actionQueue = actionQueue.then(() => recordedTab()).then(async (task) => {
      if (task !== /** @type {chrome.tabs.Tab} */ (sender.tab).id) return; // checked above: the message came from a tab
      let value = null;
      if (action.value !== undefined && action.value !== null) {
        const name = await tokenFor(String(action.value));
        // a password's own text never leaves: its token when it is a declared value, else the mask
        value = name ? `{{ ${name} }}` : action.secret ? '••••••••' : maskKnown(String(action.value));
      }
      sendEvent('user_action', {
        action: String(action.action),
        selector: action.selector || null,
        value,
        key: action.key || null,
        url: maskKnown(String(action.url || '')),
      });
    }).catch(() => { /* one lost action must not hold up the ones after it */ });
  });
}
