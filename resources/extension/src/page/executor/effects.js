// @ts-check
// What a click or a key did to the page, seen from inside it: DOM changes, the address, where focus
// went, the checked state of a checkbox or radio. The service worker adds what only it sees (a new
// document, a new tab, a dialog) and turns it into the step's verdict (executor/effects.js).

import { workSince } from './pending-work.js';
import { shadowRoots, waymarksOwn } from '../shadow.js';
import { answerOnly, fieldAround } from './press-feedback.js';
import { containsDeep } from './resolve.js';
import { deepActiveElement } from './focus.js';

// A click that changed nothing yet waits for the page to settle: two frames with no change and none of the work
// the click started still running (short timers it set, requests it sent; the dialog guard counts them). This long
// at most, for a page that keeps working; a change that comes after the verdict is a late effect (below).
const QUIET_MS = 250;
// How long a click that changed nothing watches on: a change in that time is reported, as the step's late effect,
// with the next observation or step (takeLateEffects).
const LATE_MS = 5000;
// A hash route the click moved to, and a checkbox whose state only the page's script can take: the page's answer
// (its render) may come after the address or the box changed; at most this long for its first change, less once
// the page has settled with nothing the input started still to run.
const ANSWER_MS = 600;
// ...and at least this long: an answer may hang on work the guard does not count (a route's lazily loaded code).
const ANSWER_MIN_MS = 200;

// The roots el lives in: its document and each shadow root on the way up (a document's observer sees none of them).
function rootsOf(/** @type {Node} */ el) {
  const roots = [];
  for (let n = el; n; ) {
    const root = n.getRootNode ? n.getRootNode() : null;
    if (!root || root.nodeType !== 11 || !(/** @type {ShadowRoot} */ (root).host)) break;
    roots.push(root);
    n = /** @type {ShadowRoot} */ (root).host;
  }
  return roots;
}

// A row's checkbox that a component draws: clicked itself (a CSS-only toggle is clicked by its label), in no form
// and without a name (only the script reads it), inside a shadow root or a custom element (a polyfilled one draws
// into the page), in a row of a list of rows. Its app answers a tick in the page (the row, a count); ticked while
// the page changed nothing, the app did not take it. A lone box outside components ("remember me", read when the
// form is sent) changes nothing when ticked, and is not one.
function scriptRowBox(/** @type {HTMLInputElement} */ box) {
  if (String(box.type).toLowerCase() !== 'checkbox' || box.form || box.getAttribute('name')) return false;
  const inShadow = rootsOf(box).length > 0;
  let component = inShadow;
  let row = null;
  for (let n = /** @type {Element | null} */ (box); n && !(component && row); ) {
    if (n.localName.includes('-')) component = true;
    if (!row && (n.localName === 'li' || n.localName === 'tr' || /^(row|listitem)$/.test(n.getAttribute('role') || ''))) row = n;
    const parent = n.parentElement || (n.parentNode && /** @type {ShadowRoot} */ (n.parentNode).host) || null;
    n = parent;
  }
  if (!component || !row || !row.parentElement) return false;
  return [...row.parentElement.children].filter((c) => c !== row && c.localName === row.localName).length > 0;
}

// The hash route of an address ('#/active', '#!/x'), '' when it has none.
function routeOf(/** @type {string} */ href) {
  const h = href.includes('#') ? href.slice(href.indexOf('#')) : '';
  return h.startsWith('#/') || h.startsWith('#!') ? h : '';
}

/** @returns {HTMLInputElement | null} */
function toggle(/** @type {Element} */ el) {
  const c = el.closest ? el.closest('label') : null;
  // an input is looked for, and only one whose localName says so is kept
  const control = /** @type {HTMLInputElement | null} */ (el.localName === 'input' ? el : c && c.control ? c.control : el.closest ? el.closest('input') : null);
  if (!control || control.localName !== 'input') return null;
  const type = String(control.type || '').toLowerCase();
  return type === 'checkbox' || type === 'radio' ? control : null;
}

/**
 * @param {Element | null} el
 * @returns {string}
 */
function describe(el) {
  if (!el || el.nodeType !== 1) return 'nothing';
  const id = el.id ? `#${el.id}` : '';
  const name = el.getAttribute && el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : '';
  // an element in a shadow tree is told by its host first: <sl-input#name> <input>
  const root = el.getRootNode();
  const host = root.nodeType === 11 ? describe(/** @type {ShadowRoot} */ (root).host) + ' ' : '';
  return `${host}<${el.localName}${id}${name}>`;
}

// Two frames: what the click's handlers render is laid out by the second. A tab in the background runs no frames,
// so a short timer stands in.
function twoFrames() {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, 50);
    requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(t); resolve(undefined); }));
  });
}

// A change Waymark itself makes (the studio's highlight, the person's gate, the replay's ready mark) is not the page's.
function ownChange(/** @type {MutationRecord} */ m) {
  const t = /** @type {Element} */ (m.target);
  if (m.type === 'attributes' && String(m.attributeName).startsWith('data-waymark')) return true;
  const mine = (/** @type {Node} */ n) => n.nodeType === 1 && waymarksOwn(/** @type {Element} */ (n));
  if (m.type === 'childList') return [...m.addedNodes, ...m.removedNodes].every(mine) && m.addedNodes.length + m.removedNodes.length > 0;
  return !!(t && t.closest && t.closest('waymark-highlight, #waymark-gate-host'));
}

/**
 * @typedef {{stepId: string, at: number, mutations: number, first: number, url: string, observers: MutationObserver[],
 *   timer: any, seen: (list: MutationRecord[]) => void, endUrl?: string}} LateWatch
 * @typedef {import('../../wire.js').LateEffect} LateEffect
 */

/**
 * The late watches of the clicks whose verdict saw no change, not yet taken: the last one may still be watching
 * (until the next step begins, at most LATE_MS); the ones before it are done.
 * @type {LateWatch[]}
 */
const lateWatches = [];

/**
 * Stops a late watch, keeping what it saw, and the address as it was then, until it is taken: what a later step does
 * to the page or the address is not this click's.
 * @param {LateWatch} l
 */
function stopWatching(l) {
  if (l.endUrl !== undefined) return;
  for (const o of l.observers) l.seen(o.takeRecords());
  for (const o of l.observers) o.disconnect();
  clearTimeout(l.timer);
  l.endUrl = location.href;
}

// Stops the live late watch (a step begins).
function endLateWatch() {
  const l = lateWatches[lateWatches.length - 1];
  if (l) stopWatching(l);
}

/**
 * Takes the late effects seen so far: for each click whose verdict saw no change, what changed after it (until the
 * next step began, at most LATE_MS). Those that saw nothing are dropped; `except` (the step now running) stays.
 * @param {string | null} [except]
 * @returns {LateEffect[]}
 */
export function takeLateEffects(except) {
  /** @type {LateEffect[]} */
  const out = [];
  /** @type {LateWatch[]} */
  const kept = [];
  for (const l of lateWatches.splice(0)) {
    if (l.stepId === except) { kept.push(l); continue; }
    if (l.endUrl === undefined) for (const o of l.observers) l.seen(o.takeRecords());
    const moved = (l.endUrl ?? location.href) !== l.url;
    if (!l.mutations && !moved) {
      // one still watching may yet see its change; one that ended with none is done
      if (l.endUrl === undefined) kept.push(l);
      continue;
    }
    stopWatching(l);
    const parts = [];
    if (moved) parts.push('the address changed');
    if (l.mutations) parts.push(`the page changed (${l.mutations} DOM change${l.mutations === 1 ? '' : 's'})`);
    out.push({ step_id: l.stepId, effect: parts.join('; '), after_ms: Math.max(0, Math.round(l.first - l.at)) });
  }
  lateWatches.push(...kept);
  return out;
}

/**
 * Watches on after a verdict that saw no change (see LATE_MS).
 * @param {string} stepId
 * @param {Set<Node>} docs
 * @param {(records: MutationRecord[]) => number} counts how many of a batch of changes are the page's answer (watchEffect)
 */
function startLateWatch(stepId, docs, counts) {
  endLateWatch();
  // only the last few are kept: an agent that never observes leaves nothing behind
  while (lateWatches.length >= 3) lateWatches.shift();
  const at = Date.now();
  /** @type {LateWatch} */
  const l = { stepId, at, mutations: 0, first: at, url: location.href, observers: [], timer: null,
    seen: (list) => {
      const n = counts(list.filter((m) => !ownChange(m)));
      if (n && !l.mutations) l.first = Date.now();
      l.mutations += n;
    } };
  const o = new MutationObserver(l.seen);
  for (const d of docs) o.observe(d, { subtree: true, childList: true, attributes: true, characterData: true });
  l.observers = [o];
  l.timer = setTimeout(() => stopWatching(l), LATE_MS);
  lateWatches.push(l);
}

/**
 * Starts watching before a dispatch on el (null: a key on the page). settle() stops and returns
 * {mutations, url_changed, focus, toggle, link, leaving, route}: `toggle` the checkbox/radio with checked before and
 * after (script_only: a formless, nameless checkbox clicked itself); `link` when el is (inside) a link; `route` the
 * hash route the address moved to within this document.
 * @param {Element | null} el
 */
export function watchEffect(el) {
  // what the step before saw after its verdict is counted until now: changes from here on are this step's
  endLateWatch();
  const mark = Date.now();
  // A document's observer sees nothing inside a shadow root: every shadow tree of the page is watched, since what a
  // click changes is often drawn by another web component (a cart badge, a toast, a Lit app's sibling view).
  /** @type {Set<Node>} */
  const docs = new Set([document, ...shadowRoots(document)]);
  if (el && el.ownerDocument && el.ownerDocument !== document) {
    docs.add(el.ownerDocument);
    for (const r of shadowRoots(el.ownerDocument)) docs.add(r);
  }
  if (el) for (const r of rootsOf(el)) docs.add(r);
  // Inside the component the input lands in (a key's: the focused element's), a tree that holds no words of its own
  // is where it draws its press feedback: a ripple's surface and empty spans, a focus ring. There only a change a
  // person reads counts. Every change counts anywhere else, as a class that shows a sibling's panel is an answer.
  // the focused element itself, inside shadow trees: the document names only the outermost host (a whole Lit app)
  const focusBefore = deepActiveElement(el ? el.ownerDocument : document);
  const anchor = el || focusBefore;
  const ownTree = anchor ? /** @type {ShadowRoot | undefined} */ (rootsOf(anchor)[0]) : undefined;
  const component = ownTree ? ownTree.host : anchor && anchor !== document.body && anchor !== document.documentElement ? anchor : null;
  const field = fieldAround(focusBefore);
  const counts = answerOnly(component, ownTree, field && !(el && containsDeep(field, el)) ? field : null);
  let mutations = 0;
  /** @type {(() => void) | null} */
  let wake = null;
  const observer = new MutationObserver((list) => {
    const n = counts(list);
    mutations += n;
    if (n && wake) wake();
  });
  for (const d of docs) observer.observe(d, { subtree: true, childList: true, attributes: true, characterData: true });
  const observers = [observer];
  // The address of the element's own document too: a hash link inside a same-origin frame moves the frame.
  const frameWin = el && el.ownerDocument && el.ownerDocument.defaultView && el.ownerDocument.defaultView !== window
    ? el.ownerDocument.defaultView : null;
  const address = () => location.href + (frameWin ? ` ${frameWin.location.href}` : '');
  const url = address();
  const topBefore = location.href;
  const box = el ? toggle(el) : null;
  const checkedBefore = box ? /** @type {HTMLInputElement} */ (box).checked : null;
  const scriptOnly = !!(box && box === el && scriptRowBox(/** @type {HTMLInputElement} */ (box)));
  const link = el && el.closest ? el.closest('a[href], area[href]') : null;
  // A navigation that starts while the watch waits ends the wait at once: the document is about to go,
  // and the worker follows the navigation (settleNavigation) instead.
  let leaving = false;
  const nav = /** @type {any} */ (globalThis).navigation;
  // (a move within the document, a hash route, leaves nothing: the page answers it where it is)
  const onLeave = (/** @type {any} */ e) => {
    if (e && e.destination && e.destination.sameDocument) return;
    leaving = true;
    if (wake) wake();
  };
  if (nav && typeof nav.addEventListener === 'function') nav.addEventListener('navigate', onLeave);
  window.addEventListener('beforeunload', onLeave);
  const unlisten = () => {
    if (nav && typeof nav.removeEventListener === 'function') nav.removeEventListener('navigate', onLeave);
    window.removeEventListener('beforeunload', onLeave);
  };
  const count = () => mutations + observers.reduce((n, o) => n + counts(o.takeRecords()), 0);
  return {
    /**
     * @param {{quiet?: boolean, stepId?: string | null}} [opts] quiet: when nothing changed yet, wait for the page to
     * settle (at most QUIET_MS); stepId: when it still changed nothing, watch on for a late effect of that step
     * @returns {Promise<import('../page-calls.js').PageEffect>}
     */
    async settle(opts = {}) {
      mutations = count();
      const unchanged = () => !leaving && mutations === 0 && address() === url && (!box || /** @type {HTMLInputElement} */ (box).checked === checkedBefore);
      const ticked = () => !!box && /** @type {HTMLInputElement} */ (box).checked !== checkedBefore;
      const rerouted = () => routeOf(location.href) !== routeOf(topBefore) && location.href.split('#')[0] === topBefore.split('#')[0];
      const answerDue = () => !leaving && mutations === 0 && ((scriptOnly && ticked()) || rerouted());
      // until `waiting` ends or a change or a navigation wakes it
      const woken = (/** @type {Promise<unknown>} */ waiting) => new Promise((resolve) => {
        wake = () => resolve(undefined);
        waiting.then(resolve);
      }).finally(() => { wake = null; });
      /**
       * Waits two frames at a time while `holds()`, until nothing the input started is still to run (no short timer
       * or request counted since the watch began) and at least floorMs have passed, or ms run out. A timer still to
       * run is waited for; a request is looked at again after the next two frames.
       * @param {() => boolean} holds
       * @param {number} ms
       * @param {number} floorMs
       */
      const settleWhile = async (holds, ms, floorMs) => {
        const until = Date.now() + ms;
        const floor = Date.now() + floorMs;
        for (;;) {
          await woken(twoFrames());
          mutations = count();
          const left = until - Date.now();
          if (!holds() || left <= 0) return;
          const work = workSince(mark);
          if (work && !work.ms && !work.requests) {
            if (Date.now() >= floor) return;
            await woken(new Promise((r) => setTimeout(r, Math.min(floor - Date.now(), left))));
          } else if (!work || work.ms) {
            await woken(new Promise((r) => setTimeout(r, work ? Math.min(work.ms + 1, left) : left)));
          }
          mutations = count();
          if (!holds()) return;
        }
      };
      if (opts.quiet && unchanged()) {
        // settled: two frames without a change, and nothing the click started still running
        await settleWhile(unchanged, QUIET_MS, 0);
      } else if (answerDue()) {
        // the page has had its say once two frames passed and nothing the input started is still to run
        await settleWhile(() => !leaving && mutations === 0, ANSWER_MS, ANSWER_MIN_MS);
      }
      // a verdict of no change may be early (a timer longer than the wait, a slow server): watch on
      // (a change that late is no blur: the field that held focus counts as the rest of the page)
      if (unchanged() && opts.stepId) startLateWatch(opts.stepId, docs, answerOnly(component, ownTree));
      for (const o of observers) o.disconnect();
      unlisten();
      const focusAfter = deepActiveElement(el ? el.ownerDocument : document);
      return {
        mutations,
        url_changed: address() !== url,
        // focus landing on what was clicked (in it, or on the host whose tree holds it) is the click itself
        focus: focusAfter !== focusBefore && !(el && focusAfter && (containsDeep(el, focusAfter) || containsDeep(focusAfter, el))) ? describe(focusAfter) : null,
        // (with a box, checkedBefore is what it read: a boolean)
        ...(box ? { toggle: { type: String(/** @type {HTMLInputElement} */ (box).type).toLowerCase(), before: /** @type {boolean} */ (checkedBefore), after: /** @type {HTMLInputElement} */ (box).checked, ...(scriptOnly ? { script_only: true } : {}) } } : {}),
        ...(rerouted() ? { route: routeOf(location.href) } : {}),
        ...(link ? { link: true } : {}),
        ...(leaving ? { leaving: true } : {}),
      };
    },
    stop() { for (const o of observers) o.disconnect(); unlisten(); },
  };
}

/**
 * What a trusted fill read before the worker types (index.js actOn): the field, the text to type, and the reading
 * judgeFill completes with what the field holds after the typing.
 * @typedef {{el: import('./input.js').Field, text: string, reading: Omit<import('./verdicts.js').FillReading, 'typed' | 'after'>}} FillArm
 * @typedef {AsyncGenerator<import('./flows.js').FlowInput, import('./flows.js').FlowResult, {error?: string} | undefined>} Flow
 * @typedef {ReturnType<typeof import('./navigation-watch.js').watchNavigation>} NavigationWatch
 */

// Watches armed for a trusted dispatch (the worker sends the input, then asks here what it did).
// A flow (a combobox select) waits there for its next input instead. focus: the element that had focus before the
// input (missed-focus.js).
// nav: whether a click or key leaves the page (navigation-watch.js).
/** @typedef {{watch: ReturnType<typeof watchEffect>, fill?: FillArm, nav?: NavigationWatch, flow?: undefined, focus: Element | null} | {flow: Flow, watch?: undefined, fill?: undefined, nav?: undefined, focus: Element | null}} Armed */
/** @type {Map<string, Armed>} */
export const armed = new Map();

/**
 * Arms stepId's trusted input here. One step's input at a time goes to a tab: what another step (or this one's
 * earlier attempt, whose answer was lost) left armed is stopped, so its watches do not listen on for good when the
 * worker never came back to finish it (the input failed before anything went out).
 * @param {string} stepId
 * @param {Armed} entry
 */
export function arm(stepId, entry) {
  for (const [id, a] of armed) {
    if (a.watch) a.watch.stop();
    if (a.nav) a.nav.stop();
    armed.delete(id);
  }
  armed.set(stepId, entry);
}
