// @ts-check
// Which tabs belong to the task: the task tab, tabs a task tab's page opened (closeTab may
// close those), and tabs the person already had that a step adopted
// (they stay the person's: closeTab refuses them). The sites of the task are the hosts its tabs
// have shown, so adoptTab only takes a tab on one of them. Kept in chrome.storage.session.
import { currentTaskTabId } from '../bridge/state.js';

const KEY = 'waymark.task_tabs';
/** @typedef {{opened: number[], adopted: number[], sites: string[], worked: number[]}} TaskTabs */
/** @type {TaskTabs | null} */
let cache = null;

/** @returns {Promise<TaskTabs>} */
async function load() {
  if (cache) return cache;
  const got = await chrome.storage.session.get(KEY);
  const s = /** @type {Partial<TaskTabs>} */ (got[KEY] || {});
  cache = cache || { opened: s.opened || [], adopted: s.adopted || [], sites: s.sites || [], worked: s.worked || [] };
  return cache;
}

function save() {
  return chrome.storage.session.set({ [KEY]: cache }).catch(() => {});
}

/** The site of a URL: its host without a leading www. (IP addresses and localhost as they are). */
export function siteOf(url) {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

function sameSite(host, site) {
  return host === site || host.endsWith(`.${site}`) || site.endsWith(`.${host}`);
}

/** Whether url is on one of sites (the task's hosts): pure, so the tab view can be tested without a browser. */
export function onSites(url, sites) {
  const host = siteOf(url);
  return !!host && sites.some((site) => sameSite(host, site));
}

async function isTaskTab(tabId) {
  const s = await load();
  return tabId === (await currentTaskTabId()) || s.opened.includes(tabId) || s.adopted.includes(tabId) || s.worked.includes(tabId);
}

if (globalThis.chrome && chrome.webNavigation && chrome.webNavigation.onCreatedNavigationTarget) {
  // A tab a task page opened (window.open, a target=_blank link or form). Not tabs.onCreated's
  // openerTabId: Chrome also sets that for a tab the person opens while a task tab is active.
  chrome.webNavigation.onCreatedNavigationTarget.addListener(async (d) => {
    if (!(await isTaskTab(d.sourceTabId))) return;
    const s = await load();
    if (!s.opened.includes(d.tabId)) s.opened.push(d.tabId);
    await save();
  });
}
if (globalThis.chrome && chrome.tabs) {
  chrome.tabs.onRemoved.addListener(async (tabId) => {
    const s = await load();
    s.opened = s.opened.filter((id) => id !== tabId);
    s.adopted = s.adopted.filter((id) => id !== tabId);
    s.worked = s.worked.filter((id) => id !== tabId);
    await save();
  });
}
if (globalThis.chrome && chrome.webNavigation) {
  chrome.webNavigation.onCommitted.addListener(async (d) => {
    if (d.frameId !== 0) return;
    const site = siteOf(d.url);
    if (!site || !(await isTaskTab(d.tabId))) return;
    const s = await load();
    if (!s.sites.includes(site)) {
      s.sites.push(site);
      if (s.sites.length > 50) s.sites.shift();
      await save();
    }
  });
}

/** {opened, adopted, worked, sites} as now known (worked: tabs that have been the task tab). */
export async function taskTabs() {
  const s = await load();
  return { opened: [...s.opened], adopted: [...s.adopted], worked: [...s.worked], sites: [...s.sites] };
}

/** Records that tabId is (or was) the task tab, so switchTab may come back to it. */
export async function noteWorked(tabId) {
  const s = await load();
  if (s.worked.includes(tabId)) return;
  s.worked.push(tabId);
  if (s.worked.length > 50) s.worked.shift();
  await save();
}

/** Records that the task adopted tabId. */
export async function noteAdopted(tabId) {
  const s = await load();
  if (!s.adopted.includes(tabId)) s.adopted.push(tabId);
  await save();
}

/** Records a site of the task (the task tab's page when control starts). */
export async function noteSite(url) {
  const site = siteOf(url);
  if (!site) return;
  const s = await load();
  if (!s.sites.includes(site)) {
    s.sites.push(site);
    await save();
  }
}

/** Whether url is on one of the task's sites. */
export async function onTaskSite(url) {
  const s = await load();
  return onSites(url, s.sites);
}

/** Forgets tabs and sites (control ended). Adopted tabs are left as they are. */
export async function forgetTaskTabs() {
  cache = { opened: [], adopted: [], sites: [], worked: [] };
  await save();
}
