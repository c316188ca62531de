// Per step_id record of what the executor did, so a step is never dispatched twice: a retry of
// the same step_id (after a reconnect, or a worker restart) gets the recorded result or an
// "uncertain" answer instead of acting again. Kept in memory and in chrome.storage.session,
// which survives a service-worker restart but not a browser restart.

const live = new Map();
const KEY = (id) => `waymark.step.${id}`;
const ORDER_KEY = 'waymark.step.order';
const KEEP = 300;

function area() {
  return globalThis.chrome && chrome.storage && chrome.storage.session ? chrome.storage.session : null;
}

/** The record for stepId: {state: 'running', promise?} | {state: 'done', result} | null. */
export async function lookup(stepId) {
  if (live.has(stepId)) return live.get(stepId);
  const a = area();
  if (!a) return null;
  const got = await a.get(KEY(stepId));
  return got[KEY(stepId)] || null;
}

/**
 * Claims stepId for this call, synchronously so two calls racing for one step id cannot both
 * act. Returns the record already held in memory (the step is running or done here), or null
 * when this call now owns it.
 */
export function claim(stepId, holder) {
  if (!since) ledgerSince().catch(() => {});
  const had = live.get(stepId);
  if (had) return had;
  live.set(stepId, { state: 'running', holder });
  return null;
}

/** What an earlier worker instance recorded for stepId (storage only), or null. */
export async function persisted(stepId) {
  const a = area();
  if (!a) return null;
  const got = await a.get(KEY(stepId));
  return got[KEY(stepId)] || null;
}

/** Drops a claim that turned out to belong to an earlier worker's record. */
export function release(stepId, record) {
  live.set(stepId, record);
}

/** Persists stepId as running before anything is dispatched. */
export async function begin(stepId) {
  const a = area();
  if (!a) return;
  const got = await a.get(ORDER_KEY);
  const order = (got[ORDER_KEY] || []).filter((id) => id !== stepId);
  order.push(stepId);
  const evicted = order.splice(0, Math.max(0, order.length - KEEP));
  await a.set({ [KEY(stepId)]: { state: 'running', at: Date.now() }, [ORDER_KEY]: order });
  if (evicted.length) await a.remove(evicted.map(KEY));
  for (const id of evicted) if (id !== stepId) live.delete(id);
}

/** Records the final result of stepId. */
export async function finish(stepId, result) {
  live.set(stepId, { state: 'done', result });
  const a = area();
  if (a) await a.set({ [KEY(stepId)]: { state: 'done', result, at: Date.now() } });
}

const SINCE_KEY = 'waymark.ledger.since';
let since = null;

/** When this browser session's ledger began (epoch ms): it cannot speak for older steps. */
export async function ledgerSince() {
  if (since) return since;
  const a = area();
  if (!a) return (since = Date.now());
  const got = await a.get(SINCE_KEY);
  if (got[SINCE_KEY]) return (since = got[SINCE_KEY]);
  since = Date.now();
  await a.set({ [SINCE_KEY]: since });
  return since;
}

/**
 * Status of a step for the `status` request: {state: 'done', result} | {state: 'running'} |
 * {state: 'interrupted'} (started by a worker that has since stopped: its effect is uncertain) |
 * {state: 'never_started'}; every answer carries ledger_since.
 */
export async function stepStatus(stepId) {
  const ledger_since = await ledgerSince();
  const r = await lookup(stepId);
  if (!r) return { state: 'never_started', ledger_since };
  if (r.state === 'done') return { state: 'done', result: r.result, ledger_since };
  if (live.has(stepId)) return { state: 'running', ledger_since };
  return { state: 'interrupted', ledger_since };
}
