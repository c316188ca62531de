// A stand-in for chrome.storage.session (get/set/remove with the callback-less promise API), installed
// as globalThis.chrome before a module under test is imported.

export function installFakeSession() {
  const data = new Map();
  const session = {
    data,
    async get(keys) {
      const list = keys == null ? [...data.keys()] : Array.isArray(keys) ? keys : [keys];
      const out = {};
      for (const k of list) if (data.has(k)) out[k] = structuredClone(data.get(k));
      return out;
    },
    async set(items) {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
    async remove(keys) {
      for (const k of Array.isArray(keys) ? keys : [keys]) data.delete(k);
    },
  };
  globalThis.chrome = { storage: { session } };
  return session;
}
