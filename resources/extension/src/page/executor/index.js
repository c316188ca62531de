// Placeholder until the executor lands: see docs/protocol.md (perform).
export async function performInPage(step, values, options) {
  return { ok: false, error: 'the executor is not built yet' };
}
export function checkCondition(condition) { return { ok: true, holds: true }; }
export function checkWait(wait) { return { ok: true, holds: true }; }
export function highlight(selector) { return { ok: true }; }
