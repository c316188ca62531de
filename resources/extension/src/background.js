// @ts-check
// Service worker: the bridge to the Waymark studio (docs/protocol.md). Every listener is
// registered synchronously at the top level so any wake-up (alarm, startup, tab event, popup)
// finds them; a worker Chrome stopped comes back on the next one and reconnects.
import { connect, onRequest, reconnectNow, beat, onStudioEnded } from './bridge/connection.js';
import { releaseControl } from './executor/steps.js';
import { handleRequest } from './bridge/handlers.js';
import { registerEventListeners } from './bridge/events.js';
import { registerNetworkListeners } from './bridge/network.js';
import { dropStaleGuards } from './executor/dialogs.js';
import { registerPanelListener, clearPanel } from './bridge/panel.js';

const ALARM = 'waymark-reconnect';

function ensureAlarm() {
  chrome.alarms.get(ALARM, (alarm) => {
    if (!alarm) chrome.alarms.create(ALARM, { periodInMinutes: 0.5 });
  });
}

onRequest(handleRequest);
onStudioEnded(() => {
  clearPanel('The studio stopped; nothing waits for you.').catch(() => {});
  return releaseControl();
});
registerEventListeners();
registerPanelListener();
registerNetworkListeners();

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name !== ALARM) return;
  beat();
  connect();
});
chrome.runtime.onInstalled.addListener(() => {
  ensureAlarm();
  connect();
});
chrome.runtime.onStartup.addListener(() => {
  ensureAlarm();
  connect();
});
chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || !message) return false;
  // the popup opened: a worker the browser has not started yet says where it stands (connect keeps an open socket)
  const go = message.waymark === 'reconnect' ? reconnectNow : message.waymark === 'connect' ? connect : null;
  if (!go) return false;
  go().then(() => sendResponse({ ok: true }), (e) => sendResponse({ ok: false, error: String(e) }));
  return true;
});

ensureAlarm();
dropStaleGuards();
connect();
