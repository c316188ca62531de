// @ts-check
// Which tabs belong to a task: its task tab, tabs a task tab's page opened (closeTab may close those), and tabs
// the person already had that a step adopted (they stay the person's: closeTab refuses them). The sites of the
// task are the hosts its tabs have shown, so adoptTab only takes a tab on one of them. Each task of the studio
// (the `task` key of its requests, '' for the studio's own session) keeps its own; kept in chrome.storage.session.
import { currentTaskTabId, allTaskTabs, taskKey } from '../bridge/state.js';

const KEY = 'waymark.task_tabs';
/** @typedef {{opened: number[], adopted: number[], sites: string[], worked: number[]}} TaskTabs */
/** @type {Map<string, TaskTabs> | null} */
let cache = null;

/** @returns {TaskTabs} */
function empty() {
  return { opened: [], adopted: [], sites: [], worked: [] };
}

/** @returns {Promise<Map<string, TaskTabs>>} */
async function loadAll() {
  if (cache) return cache;
  const got = await chrome.storage.session.get(KEY);
  const stored = got[KEY] && typeof got[KEY] === 'object' ? got[KEY] : {};
  const map = new Map();
  for (const [task, v] of Object.entries(stored)) {
    const s = /** @type {Partial<TaskTabs>} */ (v || {});
    map.set(task, { opened: s.opened || [], adopted: s.adopted || [], sites: s.sites || [], worked: s.worked || [] });
  }
  cache = cache || map;
  return cache;
}

/** @returns {Promise<TaskTabs>} */
async function load(task = '') {
  const all = await loadAll();
  const key = taskKey(task);
  let s = all.get(key);
  if (!s) {
    s = empty();
    all.set(key, s);
  }
  return s;
}

function save() {
  return chrome.storage.session.set({ [KEY]: Object.fromEntries(cache || new Map()) }).catch(() => {});
}

/**
 * The site of a URL: its host without a leading www. (IP addresses and localhost as they are).
 * @param {string} url
 */
export function siteOf(url) {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * @param {string} host
 * @param {string} site
 */
function sameSite(host, site) {
  return host === site || host.endsWith(`.${site}`) || site.endsWith(`.${host}`);
}

/**
 * Whether url is on one of sites (the task's hosts): pure, so the tab view can be tested without a browser.
 * @param {string} url
 * @param {string[]} sites
 */
export function onSites(url, sites) {
  const host = siteOf(url);
  return !!host && sites.some((site) => sameSite(host, site));
}

/**
 * Whether tabId is one of the tabs of a task given its tab record and task tab: pure.
 * @param {TaskTabs} s
 * @param {number | null} current
 * @param {number} tabId
 */
export function holds(s, current, tabId) {
  return tabId === current || s.opened.includes(tabId) || s.adopted.includes(tabId) || s.worked.includes(tabId);
}

/**
 * The task (its key) that owns tabId, or null when it is no task's tab.
 * @param {number} tabId
 * @returns {Promise<string | null>}
 */
export async function taskOfTab(tabId) {
  const [all, current] = await Promise.all([loadAll(), allTaskTabs()]);
  for (const [task, tab] of current) if (tab === tabId) return task;
  for (const [task, s] of all) if (holds(s, current.get(task) ?? null, tabId)) return task;
  return null;
}

if (globalThis.chrome && chrome.webNavigation && chrome.webNavigation.onCreatedNavigationTarget) {
  // A tab a task page opened (window.open, a target=_blank link or form). Not tabs.onCreated's
  // openerTabId: Chrome also sets that for a tab the person opens while a task tab is active.
  chrome.webNavigation.onCreatedNavigationTarget.addListener(async (d) => {
    const task = await taskOfTab(d.sourceTabId);
    if (task === null) return;
    const s = await load(task);
    if (!s.opened.includes(d.tabId)) s.opened.push(d.tabId);
    await save();
  });
}
if (globalThis.chrome && chrome.tabs) {
  chrome.tabs.onRemoved.addListener(async (tabId) => {
    for (const s of (await loadAll()).values()) {
      s.opened = s.opened.filter((id) => id !== tabId);
      s.adopted = s.adopted.filter((id) => id !== tabId);
      s.worked = s.worked.filter((id) => id !== tabId);
    }
    await save();
  });
}
if (globalThis.chrome && chrome.webNavigation) {
  chrome.webNavigation.onCommitted.addListener(async (d) => {
    if (d.frameId !== 0) return;
    const site = siteOf(d.url);
    if (!site) return;
    const task = await taskOfTab(d.tabId);
    if (task === null) return;
    const s = await load(task);
    if (!s.sites.includes(site)) {
      s.sites.push(site);
      if (s.sites.length > 50) s.sites.shift();
      await save();
    }
  });
}

/** {opened, adopted, worked, sites} of `task` as now known (worked: tabs that have been its task tab). */
export async function taskTabs(task = '') {
  const s = await load(task);
  return { opened: [...s.opened], adopted: [...s.adopted], worked: [...s.worked], sites: [...s.sites] };
}

/**
 * Whether tabId belongs to a task other than `task` (a task never adopts or switches to another's tab).
 * @param {number} tabId
 */
export async function heldByAnotherTask(tabId, task = '') {
  const owner = await taskOfTab(tabId);
  return owner !== null && owner !== taskKey(task);
}

/**
 * Records that tabId is (or was) the task tab of `task`, so switchTab may come back to it.
 * @param {number} tabId
 */
export async function noteWorked(tabId, task = '') {
  const s = await load(task);
  if (s.worked.includes(tabId)) return;
  s.worked.push(tabId);
  if (s.worked.length > 50) s.worked.shift();
  await save();
}

/**
 * Records that `task` adopted tabId.
 * @param {number} tabId
 */
export async function noteAdopted(tabId, task = '') {
  const s = await load(task);
  if (!s.adopted.includes(tabId)) s.adopted.push(tabId);
  await save();
}

/**
 * Records a site of `task` (the task tab's page when control starts).
 * @param {string} url
 */
export async function noteSite(url, task = '') {
  const site = siteOf(url);
  if (!site) return;
  const s = await load(task);
  if (!s.sites.includes(site)) {
    s.sites.push(site);
    await save();
  }
}

/**
 * Whether url is on one of the sites of `task`.
 * @param {string} url
 */
export async function onTaskSite(url, task = '') {
  const s = await load(task);
  return onSites(url, s.sites);
}

/** Forgets the tabs and sites of `task` (its control ended). Adopted tabs are left as they are. */
export async function forgetTaskTabs(task = '') {
  (await loadAll()).set(taskKey(task), empty());
  await save();
}

/**
 * Whether tabId is `task`'s (its task tab, or one it opened, adopted or worked in).
 * @param {number} tabId
 */
export async function isTaskTab(tabId, task = '') {
  return holds(await load(task), await currentTaskTabId(task), tabId);
}
