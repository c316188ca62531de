// @ts-check
// Per step_id record of what the executor did, so a step is never dispatched twice: a retry of
// the same step_id (after a reconnect, or a worker restart) gets the recorded result or an
// "uncertain" answer instead of acting again. Kept in memory and in chrome.storage.session,
// which survives a service-worker restart but not a browser restart.

/** @typedef {import('../wire.js').LedgerRecord} LedgerRecord */
/** @typedef {import('../wire.js').Performed} Performed */

/** @type {Map<string, LedgerRecord>} */
const live = new Map();
/** @param {string} id */
const KEY = (id) => `waymark.step.${id}`;
const ORDER_KEY = 'waymark.step.order';
const KEEP = 300;

/** @returns {chrome.storage.SessionStorageArea | null} */
function area() {
  return globalThis.chrome && chrome.storage && chrome.storage.session ? chrome.storage.session : null;
}

/**
 * The record for stepId: {state: 'running', promise?} | {state: 'done', result} | null.
 * @param {string} stepId
 * @returns {Promise<LedgerRecord | null>}
 */
export async function lookup(stepId) {
  if (live.has(stepId)) return /** @type {LedgerRecord} */ (live.get(stepId)); // has() said so
  const a = area();
  if (!a) return null;
  const got = await a.get(KEY(stepId));
  return /** @type {LedgerRecord | undefined} */ (got[KEY(stepId)]) || null;
}

/**
 * Claims stepId for this call, synchronously so two calls racing for one step id cannot both
 * act. Returns the record already held in memory (the step is running or done here), or null
 * when this call now owns it.
 * @param {string} stepId
 * @param {{promise?: Promise<Performed>}} holder
 * @returns {LedgerRecord | null}
 */
export function claim(stepId, holder) {
  if (!since) ledgerSince().catch(() => {});
  const had = live.get(stepId);
  if (had) return had;
  live.set(stepId, { state: 'running', holder });
  return null;
}

// The ids this browser session's ledger holds in storage, oldest first: read once per worker,
// then kept here, so a step needs no storage read before it runs (only a new worker asks).
/** @type {string[] | null} */
let order = null;
/** @type {Promise<string[]> | null} */
let orderLoad = null;

function loadOrder() {
  if (order) return Promise.resolve(order);
  if (!orderLoad) {
    const a = area();
    orderLoad = (a ? a.get(ORDER_KEY).then((got) => /** @type {string[] | undefined} */ (got[ORDER_KEY]) || [], () => []) : Promise.resolve([]))
      .then((ids) => { order = order || ids; return order; });
  }
  return orderLoad;
}

/**
 * What an earlier worker instance recorded for stepId (storage only), or null.
 * @param {string} stepId
 * @returns {Promise<LedgerRecord | null>}
 */
export async function persisted(stepId) {
  const a = area();
  if (!a) return null;
  const ids = await loadOrder();
  if (!ids.includes(stepId)) return null;
  const got = await a.get(KEY(stepId));
  return /** @type {LedgerRecord | undefined} */ (got[KEY(stepId)]) || null;
}

/**
 * Drops a claim that turned out to belong to an earlier worker's record.
 * @param {string} stepId
 * @param {LedgerRecord} record
 */
export function release(stepId, record) {
  live.set(stepId, record);
}

// Storage writes go out in order, one after another; a reply does not wait for the last one.
/** @type {Promise<unknown>} */
let writes = Promise.resolve();

/**
 * @template T
 * @param {() => Promise<T>} op
 * @returns {Promise<T>}
 */
function write(op) {
  const next = writes.then(op, op);
  writes = next.catch(() => {});
  return next;
}

/**
 * Persists stepId as running before anything is dispatched (one storage write).
 * @param {string} stepId
 */
export async function begin(stepId) {
  const a = area();
  if (!a) return;
  const ids = await loadOrder();
  const at = ids.indexOf(stepId);
  if (at >= 0) ids.splice(at, 1);
  ids.push(stepId);
  const evicted = ids.splice(0, Math.max(0, ids.length - KEEP));
  const snapshot = ids.slice();
  // Sent at once, not behind the finish of the step before (its key is another; the browser applies an extension's
  // writes in the order they were sent): a step waits for its own record only. Later writes queue behind it.
  const stored = a.set({ [KEY(stepId)]: { state: 'running', at: Date.now() }, [ORDER_KEY]: snapshot });
  const before = writes;
  writes = stored.then(() => before, () => before).catch(() => {});
  await stored;
  if (evicted.length) write(() => a.remove(evicted.map(KEY))).catch(() => {});
  for (const id of evicted) if (id !== stepId) live.delete(id);
}

/**
 * Records the final result of stepId: at once in memory (a repeat or a status is answered from
 * there), and in storage behind any earlier write. The returned promise settles when stored;
 * the reply need not wait for it (a worker that dies before then reports the step interrupted).
 * @param {string} stepId
 * @param {Performed} result
 * @returns {Promise<void>}
 */
export function finish(stepId, result) {
  live.set(stepId, { state: 'done', result });
  const a = area();
  if (!a) return Promise.resolve();
  return write(() => a.set({ [KEY(stepId)]: { state: 'done', result, at: Date.now() } }));
}

const SINCE_KEY = 'waymark.ledger.since';
/** @type {number | null} */
let since = null;

/**
 * When this browser session's ledger began (epoch ms): it cannot speak for older steps.
 * @returns {Promise<number>}
 */
export async function ledgerSince() {
  if (since) return since;
  const a = area();
  if (!a) return (since = Date.now());
  const got = await a.get(SINCE_KEY);
  if (got[SINCE_KEY]) return (since = /** @type {number} */ (got[SINCE_KEY]));
  since = Date.now();
  await a.set({ [SINCE_KEY]: since });
  return since;
}

/**
 * Status of a step for the `status` request: {state: 'done', result} | {state: 'running'} |
 * {state: 'interrupted'} (started by a worker that has since stopped: its effect is uncertain) |
 * {state: 'never_started'}; every answer carries ledger_since.
 * @param {string} stepId
 * @returns {Promise<import('../wire.js').StepStatus>}
 */
export async function stepStatus(stepId) {
  const ledger_since = await ledgerSince();
  const r = await lookup(stepId);
  if (!r) return { state: 'never_started', ledger_since };
  if (r.state === 'done') return { state: 'done', result: r.result, ledger_since };
  if (live.has(stepId)) return { state: 'running', ledger_since };
  return { state: 'interrupted', ledger_since };
}
