// @ts-check
// A task's tabs as a tab group of their own, named after the task, so the person sees which tabs which task works
// in. Only in a browser Waymark launched: the tabGroups permission is one of its launched-only grants
// (ChromiumLauncher.LAUNCHED_ONLY_PERMISSIONS); in the person's own browser the tab strip is left as they keep it.
// Groups are found by their title, so a restarted worker finds the ones it made.

const PREFIX = 'Waymark';
/** @type {`${chrome.tabGroups.Color}`[]} */
const COLORS = ['blue', 'purple', 'cyan', 'green', 'orange', 'pink', 'yellow', 'red'];

function available() {
  return !!(globalThis.chrome && chrome.tabGroups && chrome.tabs && typeof chrome.tabs.group === 'function');
}

/**
 * The title of a task's group: "Waymark" for the studio's own session (key ''), "Waymark · t2" for a task.
 * @param {string} key
 */
export function groupTitle(key) {
  return key ? `${PREFIX} · ${key}` : PREFIX;
}

/** @param {string} key */
function colorOf(key) {
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return COLORS[h % COLORS.length];
}

// Chrome refuses to edit the tabs of a window for a moment after it opened it ("Tabs cannot be edited right now"):
// asked again, a few times, a little later.
const BUSY = /cannot be edited right now/i;
const BUSY_TRIES = 10;
const BUSY_WAIT_MS = 50;

/**
 * @template T
 * @param {() => Promise<T>} edit
 * @returns {Promise<T>}
 */
async function whenEditable(edit) {
  for (let n = 1; ; n++) {
    try {
      return await edit();
    } catch (e) {
      if (n >= BUSY_TRIES || !BUSY.test(String(e && /** @type {Error} */ (e).message))) throw e;
      await new Promise((r) => setTimeout(r, BUSY_WAIT_MS));
    }
  }
}

/**
 * Puts tabId in the group of task `key` in its window, made with its first tab there. Best effort, never in the way
 * of a step: a tab already in a group of the person's, a popup window (which holds no groups) or a browser without
 * tab groups leaves the tab where it is.
 * @param {number} tabId
 * @param {string} key the task key (taskKey)
 */
export async function groupTaskTab(tabId, key) {
  if (!available()) return;
  try {
    const title = groupTitle(key);
    const tab = await chrome.tabs.get(tabId);
    if (tab.groupId !== chrome.tabGroups.TAB_GROUP_ID_NONE) return;
    const mine = (await chrome.tabGroups.query({ windowId: tab.windowId })).find((g) => g.title === title);
    if (mine) {
      await whenEditable(() => chrome.tabs.group({ groupId: mine.id, tabIds: [tabId] }));
      return;
    }
    const groupId = await whenEditable(() => chrome.tabs.group({ tabIds: [tabId], createProperties: { windowId: tab.windowId } }));
    await whenEditable(() => chrome.tabGroups.update(groupId, { title, color: colorOf(key), collapsed: false }));
  } catch { /* a tab that closed meanwhile, a window that takes no groups: the tab stays as it is */ }
}

/**
 * The task ended (key), or every task did (null): its tabs stay open, the person's now, and leave its group.
 * @param {string | null} key
 */
export async function ungroupTasks(key) {
  if (!available()) return;
  try {
    const groups = (await chrome.tabGroups.query({})).filter((g) => (key === null
      ? g.title === PREFIX || (g.title || '').startsWith(`${PREFIX} · `) : g.title === groupTitle(key)));
    for (const g of groups) {
      const ids = (await chrome.tabs.query({ groupId: g.id })).map((t) => t.id).filter((id) => Number.isInteger(id));
      if (ids.length) await whenEditable(() => chrome.tabs.ungroup(/** @type {[number, ...number[]]} */ (ids)));
    }
  } catch { /* best effort: the tabs work the same in a group */ }
}
