// @ts-check
// Answers the studio's requests (docs/protocol.md). The verb set is closed: anything else is an error.
import { performStep, stepStatus, highlightInTab, releaseControl } from '../executor/steps.js';
import { masker } from '../executor/values.js';
import { taskTabs, onTaskSite } from '../executor/task-tabs.js';
import { pauseGuards } from '../executor/dialogs.js';
import { taskTab, currentTaskTabId, setRecording, launchedByWaymark } from './state.js';
import { callPageWhenReady } from '../executor/page-call.js';
import { networkState } from './network.js';
import { runGate } from './gate.js';
import { showWaiting, endWaiting, setActivity, clearPanel } from './panel.js';
import { applyRecording } from './recorder.js';
import { setRecordTokens } from './record-tokens.js';

// Real values the studio sent in this worker's lifetime, kept in memory only, so an event that
// echoes one (a URL after a search) is masked like the executor's replies.
/** @type {Record<string, string>} */
const knownValues = {};

/** Masks any echo of a known value in s. */
export function maskKnown(s) {
  return masker(knownValues)(s);
}

/** Masks known values in every string of a JSON-like value (an observation echoes what a fill typed). */
function maskDeep(v, mask) {
  if (typeof v === 'string') return mask(v);
  if (Array.isArray(v)) return v.map((x) => maskDeep(x, mask));
  if (v && typeof v === 'object') {
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = maskDeep(x, mask);
    return out;
  }
  return v;
}

const positive = (n) => (Number.isFinite(n) && n > 0 ? n : undefined);

async function tabFor(msg) {
  return Number.isInteger(msg.tab) ? msg.tab : taskTab();
}

const HANDLERS = {
  async observe(msg) {
    const tab = await tabFor(msg);
    try {
      const timed = await callPageWhenReady(tab, 'observePageTimed', [{
        max_nodes: positive(msg.max_nodes), max_text: positive(msg.max_text), include_text: !!msg.include_text,
      }]);
      return { type: 'observation', ok: true, observation: maskDeep(timed.observation, masker(knownValues)), tab, network: networkState(tab),
        observe_ms: timed.observe_ms };
    } catch (e) {
      return { type: 'observation', ok: false, error: `cannot observe tab ${tab}: ${e.message}`, tab };
    }
  },

  async perform(msg) {
    const tab = await tabFor(msg);
    const values = msg.values && typeof msg.values === 'object' ? msg.values : {};
    for (const [k, v] of Object.entries(values)) if (typeof v === 'string') knownValues[k] = v;
    const files = msg.files && typeof msg.files === 'object' ? msg.files : {};
    // input: the connection's switch when the studio sends one, else trusted in a browser Waymark launched.
    const input = msg.input === 'trusted' || msg.input === 'page' ? msg.input : (await launchedByWaymark()) ? 'trusted' : 'page';
    const result = await performStep(tab, msg.step, values, { step_id: msg.step_id, timeout_ms: msg.timeout_ms, files, input });
    // workflow_id: the inline run the step travels in, echoed so both ends agree which run a reply belongs to.
    const workflow = typeof msg.workflow_id === 'string' && msg.workflow_id ? { workflow_id: msg.workflow_id } : {};
    return { ...result, ...workflow, type: 'performed', step_id: msg.step_id };
  },

  async status(msg) {
    const s = await stepStatus(String(msg.step_id));
    return { ...s, type: 'step_status', step_id: msg.step_id };
  },

  async highlight(msg) {
    const tab = await tabFor(msg);
    const r = await highlightInTab(tab, msg.selector ?? null);
    return { type: 'highlighted', ok: !!(r && r.ok !== false), error: r && r.ok === false ? r.error : null };
  },

  async tabs() {
    const task = await currentTaskTabId();
    const tabs = await chrome.tabs.query({});
    const mine = await taskTabs();
    const onSite = await Promise.all(tabs.map((t) => onTaskSite(t.url || t.pendingUrl || '')));
    return {
      type: 'tab_list',
      tabs: tabs.map((t, i) => ({
        id: t.id, url: maskKnown(t.url || t.pendingUrl || ''), title: maskKnown(t.title || ''), active: !!t.active, task: t.id === task,
        opened_by_task: mine.opened.includes(t.id), adopted: mine.adopted.includes(t.id), on_task_site: onSite[i],
      })),
    };
  },

  async record(msg) {
    const on = !!msg.on;
    await setRecordTokens(on ? msg.tokens : null);
    await setRecording(on);
    const tab = await taskTab();
    await pauseGuards(tab, on);
    try {
      await applyRecording(tab, on);
      return { type: 'recording', ok: true, on };
    } catch (e) {
      return { type: 'recording', ok: false, on, error: `cannot record in tab ${tab}: ${e.message}` };
    }
  },

  async release() {
    await clearPanel('Waymark let go of this browser: it does not act here any more.');
    const r = await releaseControl();
    return { type: 'released', ok: true, ...r };
  },

  async gate(msg) {
    const tab = await tabFor(msg);
    const r = await runGate(tab, msg.step_id || msg.id, msg);
    return { type: 'gate_cleared', ...r };
  },

  // The side panel (panel.js): what waits for the person, when it stops waiting, what Waymark is doing now.
  async waiting(msg) {
    const shown = await showWaiting(msg.item);
    return { type: 'panel_updated', ok: true, shown };
  },

  async waiting_ended(msg) {
    await endWaiting(String(msg.item_id), typeof msg.answered_by === 'string' ? msg.answered_by : null);
    return { type: 'panel_updated', ok: true };
  },

  async activity(msg) {
    await setActivity(typeof msg.text === 'string' ? maskKnown(msg.text) : null);
    return { type: 'panel_updated', ok: true };
  },
};

/** The reply body for one request. */
export async function handleRequest(msg) {
  const handler = Object.prototype.hasOwnProperty.call(HANDLERS, msg.type) ? HANDLERS[msg.type] : null;
  if (!handler) return { type: 'error', error: `unknown request type '${msg.type}'` };
  try {
    return await handler(msg);
  } catch (e) {
    return { type: 'error', error: maskKnown(String(e && e.message ? e.message : e)) };
  }
}
