// @ts-check
// Answers the studio's requests (docs/protocol.md). The verb set is closed: anything else is an error.
import { performStep, stepStatus, highlightInTab, releaseControl } from '../executor/steps.js';
import { masker } from '../executor/values.js';
import { taskTabs, onSites, taskOfTab } from '../executor/task-tabs.js';
import { tabView } from '../executor/tab-view.js';
import { pauseGuards } from '../executor/dialogs.js';
import { taskTab, currentTaskTabId, setRecording, launchedByWaymark, taskKey } from './state.js';
import { trustedInputDone } from '../executor/trusted-input.js';
import { callPageWhenReady } from '../executor/page-call.js';
import { networkState, quietIn, networkMark } from './network.js';
import { runGate } from './gate.js';
import { showWaiting, endWaiting, setActivity, clearPanel } from './panel.js';
import { applyRecording } from './recorder.js';
import { setRecordTokens } from './record-tokens.js';
import { screenshotTab, captureTab } from '../executor/screenshot.js';
import { cancel as cancelStep, onProgress } from '../executor/long-steps.js';
import { sendEvent } from './connection.js';
import { onFirefox } from '../engine.js';

/** @typedef {import('../wire.js').StudioRequest} StudioRequest */
/** @typedef {import('../wire.js').Reply} Reply */

// A long extractList reports how far it has got after each page: counts only, never what the rows hold.
onProgress((/** @type {import('../wire.js').Progress} */ p) => sendEvent('progress', p));

// Real values the studio sent in this worker's lifetime, kept in memory only, so an event that
// echoes one (a URL after a search) is masked like the executor's replies.
/** @type {Record<string, string>} */
const knownValues = {};

/**
 * Masks any echo of a known value in s.
 * @overload
 * @param {string} s
 * @returns {string}
 */
/**
 * @overload
 * @param {string | null | undefined} s
 * @returns {string | null | undefined}
 */
/** @param {string | null | undefined} s */
export function maskKnown(s) {
  return masker(knownValues)(s);
}

/**
 * Masks known values in every string of a JSON-like value (an observation echoes what a fill typed).
 * @param {unknown} v
 * @param {import('../executor/values.js').Masker} mask
 * @returns {unknown} a value of v's shape, its strings masked
 */
function maskDeep(v, mask) {
  if (typeof v === 'string') return mask(v);
  if (Array.isArray(v)) return v.map((x) => maskDeep(x, mask));
  if (v && typeof v === 'object') {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = maskDeep(x, mask);
    return out;
  }
  return v;
}

// how long a settled reading waits for a quiet network unless the studio says (decision 0062), and at most
const SETTLE_LIMIT_MS = 2000;
const MAX_SETTLE_LIMIT_MS = 10_000;
/** @param {number | undefined} n as the request carried it */
const positive = (n) => (Number.isFinite(n) && /** @type {number} */ (n) > 0 ? n : undefined); // finite: a number

/**
 * The tab a request names, else its task's tab.
 * @param {StudioRequest} msg
 * @returns {Promise<number>}
 */
async function tabFor(msg) {
  return Number.isInteger(msg.tab) ? /** @type {number} */ (msg.tab) : taskTab(taskKey(msg.task)); // an integer: a tab id
}

/**
 * The tabs as the studio's task `key` may see them (its task tabs, open tabs on its sites, a count of the rest);
 * another task's tabs are only counted, never named to this one.
 * @param {number | null} fallbackCurrent
 * @param {string} [key]
 */
async function visibleTabs(fallbackCurrent, key = '') {
  const [every, mine, task] = await Promise.all([chrome.tabs.query({}), taskTabs(key), currentTaskTabId(key)]);
  const owners = await Promise.all(every.map((t) => (Number.isInteger(t.id) ? taskOfTab(/** @type {number} */ (t.id)) : Promise.resolve(null))));
  const all = every.filter((t, i) => owners[i] === null || owners[i] === key);
  const hidden = every.length - all.length;
  const view = tabView(all, mine, task ?? fallbackCurrent ?? null, maskKnown);
  return { all, mine, view: { ...view, other_open_tabs: view.other_open_tabs + hidden } };
}

/**
 * One handler per verb; the request is as parsed (only type and id checked), so each checks what it reads.
 * @type {Record<string, (msg: StudioRequest) => Promise<Reply>>}
 */
const HANDLERS = {
  async observe(msg) {
    const tab = await tabFor(msg);
    // settle_ms: read the page once its network is quiet (no request open, none of its own work for that long, a
    // loaded page past its load), for at most settle_limit_ms; a page whose requests never stop is read as it is.
    const quietMs = positive(msg.settle_ms);
    const until = Date.now() + Math.min(positive(msg.settle_limit_ms) ?? SETTLE_LIMIT_MS, MAX_SETTLE_LIMIT_MS);
    try {
      const read = () => callPageWhenReady(tab, 'observePageTimed', [{
        max_nodes: positive(msg.max_nodes), max_text: positive(msg.max_text), include_text: !!msg.include_text,
      }]).then((t) => ({ timed: t, loadedAt: t.loaded_ms === null ? null : Date.now() - t.loaded_ms }));
      let { timed, loadedAt } = await read();
      // each reading takes the late effects the page kept: those of a reading waited past are kept for the last one
      const late = [...(timed.late_effects ?? [])];
      let settled = true;
      let reads = 1;
      while (quietMs && quietIn(tab, quietMs, loadedAt) > 0) {
        if (Date.now() >= until) { settled = false; break; }
        // only the load's grace left: a page that asks for nothing in it is as it was read
        const graceOnly = quietIn(tab, quietMs, loadedAt, 0) === 0;
        const mark = networkMark(tab);
        // wait without reading: a request that starts meanwhile moves the end; only a quiet page is read again
        for (let wait; (wait = quietIn(tab, quietMs, loadedAt)) > 0 && Date.now() < until;) {
          await new Promise((r) => setTimeout(r, Math.min(wait, until - Date.now())));
        }
        if (graceOnly && networkMark(tab) === mark) { settled = quietIn(tab, quietMs, loadedAt) === 0; break; }
        try {
          ({ timed, loadedAt } = await read());
          reads++;
        } catch {
          settled = false; // the page went away while it was waited on: answer with the reading there is
          break;
        }
        late.push(...(timed.late_effects ?? []));
      }
      // the observation's own shape (an object), its strings masked; a change the last click made after its verdict
      // rides along (page/executor/effects.js)
      const observation = /** @type {Record<string, unknown>} */ (maskDeep(late.length
        ? { ...timed.observation, late_effects: late } : timed.observation, masker(knownValues)));
      // The tabs the model may name in switchTab, closeTab and adoptTab (already masked).
      Object.assign(observation, (await visibleTabs(tab, taskKey(msg.task))).view);
      return { type: 'observation', ok: true, observation, tab, network: networkState(tab, loadedAt),
        observe_ms: timed.observe_ms, ...(quietMs ? { settled, reads } : {}) };
    } catch (e) {
      return { type: 'observation', ok: false, error: `cannot observe tab ${tab}: ${/** @type {Error} */ (e).message}`, tab };
    }
  },

  async perform(msg) {
    const tab = await tabFor(msg);
    const values = msg.values && typeof msg.values === 'object' ? msg.values : {};
    for (const [k, v] of Object.entries(values)) if (typeof v === 'string') knownValues[k] = v;
    const files = msg.files && typeof msg.files === 'object' ? msg.files : {};
    // input: the connection's switch when the studio sends one, else trusted in a browser Waymark launched. Firefox
    // gives add-ons no debugger: only a Firefox Waymark launched has trusted input (the studio sends it over BiDi).
    const launched = await launchedByWaymark();
    const input = onFirefox && !launched ? 'page'
      : msg.input === 'trusted' || msg.input === 'page' ? msg.input : launched ? 'trusted' : 'page';
    // identity: check the step's target before acting and heal to it (replay); see page/executor/identity.js.
    // a perform carries its step (docs/protocol.md); performStep answers one without as failed ('the step has no type')
    const step = /** @type {import('../wire.js').Step} */ (msg.step);
    const result = await performStep(tab, step, values, { step_id: msg.step_id, timeout_ms: msg.timeout_ms, files, input, identity: msg.identity === true, task: taskKey(msg.task) });
    // workflow_id: the inline run the step travels in, echoed so both ends agree which run a reply belongs to.
    const workflow = typeof msg.workflow_id === 'string' && msg.workflow_id ? { workflow_id: msg.workflow_id } : {};
    return { ...result, ...workflow, type: 'performed', step_id: msg.step_id };
  },

  // A Firefox Waymark launched: the studio sent (or could not send) the trusted input a step asked for.
  async trusted_input_done(msg) {
    return { type: 'trusted_input_taken', ok: trustedInputDone(msg) };
  },

  // The person's Stop for a long extractList: it ends at its next check with the rows read so far (long-steps.js).
  async cancel(msg) {
    const stepId = String(msg.step_id);
    const r = cancelStep(stepId);
    return { type: 'cancelled', ok: r.running, step_id: msg.step_id, running: r.running, error: r.error };
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

  // The page beside the studio's tree: the task tab's picture with the observed elements' boxes; fields that hold
  // a variable's value and password fields are blurred in the page while it is taken (page/executor/picture.js).
  async picture(msg) {
    const tab = await tabFor(msg);
    const refs = Array.isArray(msg.refs) ? msg.refs : [];
    const secret = Array.isArray(msg.blur) ? msg.blur : [];
    /** @type {import('../wire.js').PictureLayout} */
    let laid;
    try {
      laid = /** @type {import('../wire.js').PictureLayout} */ (await callPageWhenReady(tab, 'pictureBoxes', [refs, secret]));
    } catch (e) {
      return { type: 'picture', ok: false, error: maskKnown(`cannot read the page of tab ${tab}: ${/** @type {Error} */ (e).message}`) };
    }
    try {
      const image = await captureTab(tab);
      return { type: 'picture', ok: true, image, format: 'jpeg', boxes: laid.boxes, viewport: laid.viewport, blurred: laid.blurred };
    } catch (e) {
      const err = /** @type {Error} */ (e); // anything may be thrown: what has no message is told whole
      return { type: 'picture', ok: false, error: maskKnown(`no picture of tab ${tab}: ${err && err.message ? err.message : err}`) };
    } finally {
      try {
        await callPageWhenReady(tab, 'pictureRestore', []);
      } catch {
        // the page went away while it was taken: nothing is left blurred
      }
    }
  },

  // A picture of the task tab for run's report, the element outlined (executor/screenshot.js).
  async screenshot(msg) {
    const tab = await tabFor(msg);
    const r = await screenshotTab(tab, msg.selector ?? null);
    return { type: 'screenshot', ...r, error: r.error ? maskKnown(r.error) : null };
  },

  async tabs(msg) {
    // The tabs are told relative to the task tab, so one is chosen now if none was yet (as any request would).
    const key = taskKey(msg.task);
    const { all, mine, view } = await visibleTabs(await taskTab(key).catch(() => null), key);
    const active = new Set(all.filter((t) => t.active).map((t) => t.id));
    return {
      type: 'tab_list',
      tabs: [
        ...view.task_tabs.map((t) => ({ id: t.id, url: t.url, title: t.title, active: active.has(t.id), task: !!t.current,
          opened_by_task: !!t.opened_by_task, adopted: !!t.adopted, on_task_site: onSites(t.url, mine.sites) })),
        ...view.open_tabs.map((t) => ({ id: t.id, url: t.url, title: t.title, active: active.has(t.id), task: false,
          opened_by_task: false, adopted: false, on_task_site: true })),
      ],
      other_tabs: view.other_open_tabs,
    };
  },

  async record(msg) {
    const on = !!msg.on;
    await setRecordTokens(on ? msg.tokens : null);
    await setRecording(on, taskKey(msg.task));
    const tab = await taskTab(taskKey(msg.task));
    await pauseGuards(tab, on);
    try {
      await applyRecording(tab, on);
      return { type: 'recording', ok: true, on };
    } catch (e) {
      return { type: 'recording', ok: false, on, error: `cannot record in tab ${tab}: ${/** @type {Error} */ (e).message}` };
    }
  },

  // Without a task: the studio lets go of the browser. With one: that task ended; its tab stays, the person's now.
  async release(msg) {
    if (typeof msg.task === 'string' && msg.task) {
      const r = await releaseControl(taskKey(msg.task));
      return { type: 'released', ok: true, ...r };
    }
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
    const shown = await showWaiting(msg.item, taskKey(msg.task));
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

/**
 * The reply body for one request.
 * @param {StudioRequest} msg
 * @returns {Promise<Reply>}
 */
export async function handleRequest(msg) {
  const handler = Object.prototype.hasOwnProperty.call(HANDLERS, msg.type) ? HANDLERS[msg.type] : null;
  if (!handler) return { type: 'error', error: `unknown request type '${msg.type}'` };
  try {
    return await handler(msg);
  } catch (e) {
    const err = /** @type {Error} */ (e); // anything may be thrown: what has no message is told whole
    return { type: 'error', error: maskKnown(String(err && err.message ? err.message : err)) };
  }
}
