// Service-worker side of performing a step. Placeholder until the executor lands.
export async function performStep(tabId, step, values, options) {
  return { ok: false, error: 'the executor is not built yet' };
}
