// @ts-check
// What the studio (and so a model) may know of the browser's tabs (docs/decisions/0027): the task's own tabs
// by id, title and address; the person's tabs on the task's sites by id, title and address, so adoptTab can
// name one; every other tab of the person only as a count. Titles and addresses of unrelated tabs never leave
// the browser. Pure: the caller reads chrome.tabs and the task's tabs and sites.
import { onSites } from './task-tabs.js';

/**
 * @typedef {{id?: number, url?: string, pendingUrl?: string, title?: string}} RawTab
 * @typedef {{id: number, title: string, url: string, opened_by_task?: boolean, adopted?: boolean, current?: boolean}} ViewTab
 * @typedef {{task_tabs: ViewTab[], open_tabs: ViewTab[], other_open_tabs: number}} TabView
 */

/**
 * How the studio may know one tab: 'task' (one of the task's tabs), 'open' (the person's, on the task's sites) or
 * null (only counted, never named).
 * @param {RawTab} t
 * @param {{opened: number[], adopted: number[], worked: number[], sites: string[]}} mine
 * @param {number | null} current
 * @returns {'task' | 'open' | null}
 */
export function tabRole(t, mine, current) {
  const id = t.id;
  if (!Number.isInteger(id)) return null;
  if (id === current || mine.opened.includes(/** @type {number} */ (id)) || mine.adopted.includes(/** @type {number} */ (id))
    || mine.worked.includes(/** @type {number} */ (id))) return 'task';
  return onSites(t.url || t.pendingUrl || '', mine.sites) ? 'open' : null;
}

/**
 * @param {RawTab[]} tabs every tab the browser has (chrome.tabs.query({}))
 * @param {{opened: number[], adopted: number[], worked: number[], sites: string[]}} mine the task's tabs and sites
 * @param {number | null} current the task tab
 * @param {(s: string) => string} mask hides every known value in a string
 * @returns {TabView}
 */
export function tabView(tabs, mine, current, mask) {
  /** @type {ViewTab[]} */
  const taskTabs = [];
  /** @type {ViewTab[]} */
  const openTabs = [];
  let others = 0;
  for (const t of tabs) {
    const role = tabRole(t, mine, current);
    if (!Number.isInteger(t.id)) continue;
    const id = /** @type {number} */ (t.id);
    const named = { id, title: mask(t.title || ''), url: mask(t.url || t.pendingUrl || '') };
    if (role === 'task') {
      const opened = mine.opened.includes(id);
      const adopted = mine.adopted.includes(id);
      taskTabs.push({ ...named, opened_by_task: opened, adopted, current: id === current });
    } else if (role === 'open') {
      openTabs.push(named);
    } else {
      others++;
    }
  }
  return { task_tabs: taskTabs, open_tabs: openTabs, other_open_tabs: others };
}
