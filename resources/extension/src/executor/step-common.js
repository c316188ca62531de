// @ts-check
// What the step modules share: the step's failure type, timing helpers and value substitution.
import { substitute } from './values.js';

/**
 * What one step's handlers share while it runs (performStep builds it; finalize reads it).
 * @typedef {object} StepContext
 * @property {number} tabId the tab the step works in (switchTab and adoptTab move it)
 * @property {import('../wire.js').Step} step
 * @property {Record<string, unknown>} [values] name → real value for the step's {{ tokens }}
 * @property {string | null} stepId
 * @property {import('./values.js').Masker} mask masks every echo of a real value
 * @property {number} t0 when the step started (epoch ms)
 * @property {ReturnType<typeof import('./navigation.js').snapshot> | null} navSnap
 * @property {import('../wire.js').Dialog[]} [dialogs] dialogs the step's page calls collected
 * @property {Record<string, import('../wire.js').UploadFile>} [files]
 * @property {boolean} [trusted] clicks, keys and typing go through the debugger
 * @property {boolean} [identity] check the step's target before acting, heal to it (replay)
 * @property {string} [effectKey] the key the page call watches the step's effect under
 * @property {ReturnType<typeof import('./downloads.js').watchDownloads>} [downloads]
 * @property {number | null} [taskTabAtStart]
 * @property {string} [task] the studio's task the step belongs to ('' for its own session): whose task tab it moves
 * @property {number} [timeout]
 * @property {number} [deadline]
 * @property {{accept: boolean}} [inlineGuard] the page call arms the dialog guard itself
 * @property {boolean} [guarded] the dialog guard was armed by a call of its own
 * @property {boolean} [ownWait] the step's own wait (its `wait` after the action) ran
 * @property {boolean} [navGuard] a navigation guard was registered
 * @property {boolean} [flow] the page's input is a flow (a combobox select) that may ask for more
 * @property {import('../page/page-calls.js').ExpectInPage | null} [expectInPage] replay: the recorded effect the page
 *   checks with its answer (expect-wait.js)
 */

/**
 * A StepContext as execute() and run() have set it up (its time, where its dialogs and downloads go, the files it
 * may upload): what the handlers, conditions and waits get.
 * @typedef {StepContext & {
 *   timeout: number, deadline: number, navSnap: import('./navigation.js').NavCounters,
 *   dialogs: import('../wire.js').Dialog[], files: Record<string, import('../wire.js').UploadFile>,
 *   downloads: import('./downloads.js').DownloadWatch,
 * }} RunningStep
 */

/** The extension's own bound on extractList rows when the step's limit is 0. */
export const LIST_BOUND = 1000;
export const POLL_MS = 100;
// A retry comes soon at first (most pages are ready within a few ms), then every POLL_MS.
/** @param {number} attempt */
export const pollDelay = (attempt) => Math.min(POLL_MS, 5 * 2 ** Math.max(0, attempt - 1));
// How long a page may answer that the step's element itself is what keeps it (PageStepResult.lasting) before the
// step stops: long enough for an editor to start on a page that has just loaded, far less than a step's 10 s.
export const LASTING_MS = 2000;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A failure the step reports as its error text. */
export class StepFailure extends Error {}

/**
 * n when it is a positive number, else 0.
 * @param {number | undefined} n
 * @returns {number}
 */
export const positive = (n) => (Number.isFinite(n) && /** @type {number} */ (n) > 0 ? /** @type {number} */ (n) : 0);
/** @param {import('../wire.js').Condition} c */
export const isEmptyCondition = (c) => !c.selector && !c.text && !c.url_includes;
/** @param {import('../wire.js').WaitConfig} w */
export const isEmptyWait = (w) => !w.selector && !w.text && !w.url_includes && !positive(w.delay_ms);

/** @param {RunningStep} ctx */
export function remaining(ctx) {
  return Math.max(0, ctx.deadline - Date.now());
}

/**
 * ctx's values put into text; a StepFailure names the tokens that have none.
 * @param {StepContext} ctx
 * @param {string} text
 * @param {string} what
 * @returns {string}
 */
export function substituted(ctx, text, what) {
  const { text: out, missing } = substitute(text, ctx.values);
  if (missing.length) throw new StepFailure(`no value was given for ${missing.map((m) => `{{ ${m} }}`).join(', ')} in ${what}`);
  return out;
}
