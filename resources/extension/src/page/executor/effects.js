// @ts-check
// What a click or a key did to the page, seen from inside it: DOM changes, the address, where focus
// went, the checked state of a checkbox or radio. The service worker adds what only it sees (a new
// document, a new tab, a dialog) and turns it into the step's verdict (executor/effects.js).

// Long enough for a handler that answers after a frame or a short timer, short enough not to slow
// down the clicks that changed nothing (the only ones that wait for it).
const QUIET_MS = 250;
// A hash route the click moved to, and a checkbox whose state only the page's script can take: the page's answer
// (its render) may come after the address or the box changed; this long for its first change.
const ANSWER_MS = 600;

// The roots el lives in: its document and each shadow root on the way up (a document's observer sees none of them).
function rootsOf(el) {
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
function scriptRowBox(box) {
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
function routeOf(href) {
  const h = href.includes('#') ? href.slice(href.indexOf('#')) : '';
  return h.startsWith('#/') || h.startsWith('#!') ? h : '';
}

function toggle(el) {
  const c = el.closest ? el.closest('label') : null;
  const control = el.localName === 'input' ? el : c && c.control ? c.control : el.closest ? el.closest('input') : null;
  if (!control || control.localName !== 'input') return null;
  const type = String(control.type || '').toLowerCase();
  return type === 'checkbox' || type === 'radio' ? control : null;
}

function describe(el) {
  if (!el || el.nodeType !== 1) return 'nothing';
  const id = el.id ? `#${el.id}` : '';
  const name = el.getAttribute && el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : '';
  return `<${el.localName}${id}${name}>`;
}

/**
 * Starts watching before a dispatch on el (null: a key on the page). settle() stops and returns
 * {mutations, url_changed, focus, toggle, link, leaving, route}: `toggle` the checkbox/radio with checked before and
 * after (script_only: a formless, nameless checkbox clicked itself); `link` when el is (inside) a link; `route` the
 * hash route the address moved to within this document.
 * @param {Element | null} el
 */
export function watchEffect(el) {
  /** @type {Set<Node>} */
  const docs = new Set([document]);
  if (el && el.ownerDocument) docs.add(el.ownerDocument);
  if (el) for (const r of rootsOf(el)) docs.add(r);
  let mutations = 0;
  /** @type {(() => void) | null} */
  let wake = null;
  const observers = [...docs].map((d) => {
    const o = new MutationObserver((list) => { mutations += list.length; if (wake) wake(); });
    o.observe(d, { subtree: true, childList: true, attributes: true, characterData: true });
    return o;
  });
  // The address of the element's own document too: a hash link inside a same-origin frame moves the frame.
  const frameWin = el && el.ownerDocument && el.ownerDocument.defaultView && el.ownerDocument.defaultView !== window
    ? el.ownerDocument.defaultView : null;
  const address = () => location.href + (frameWin ? ` ${frameWin.location.href}` : '');
  const url = address();
  const topBefore = location.href;
  const focusBefore = el ? el.ownerDocument.activeElement : document.activeElement;
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
  const count = () => mutations + observers.reduce((n, o) => n + o.takeRecords().length, 0);
  return {
    /**
     * @param {{quiet?: boolean}} [opts] quiet: wait up to QUIET_MS for a first change when none came yet
     */
    async settle(opts = {}) {
      mutations = count();
      const unchanged = () => !leaving && mutations === 0 && address() === url && (!box || /** @type {HTMLInputElement} */ (box).checked === checkedBefore);
      const ticked = () => !!box && /** @type {HTMLInputElement} */ (box).checked !== checkedBefore;
      const rerouted = () => routeOf(location.href) !== routeOf(topBefore) && location.href.split('#')[0] === topBefore.split('#')[0];
      const answerDue = () => !leaving && mutations === 0 && ((scriptOnly && ticked()) || rerouted());
      const wait = opts.quiet && unchanged() ? QUIET_MS : answerDue() ? ANSWER_MS : 0;
      if (wait) {
        await new Promise((resolve) => {
          const t = setTimeout(resolve, wait);
          wake = () => { clearTimeout(t); resolve(undefined); };
        });
        mutations = count();
      }
      for (const o of observers) o.disconnect();
      unlisten();
      const focusAfter = el ? el.ownerDocument.activeElement : document.activeElement;
      return {
        mutations,
        url_changed: address() !== url,
        // focus landing on what was clicked is the click itself, not an effect of it
        focus: focusAfter !== focusBefore && !(el && focusAfter && (focusAfter === el || focusAfter.contains(el))) ? describe(focusAfter) : null,
        ...(box ? { toggle: { type: String(/** @type {HTMLInputElement} */ (box).type).toLowerCase(), before: checkedBefore, after: /** @type {HTMLInputElement} */ (box).checked, ...(scriptOnly ? { script_only: true } : {}) } } : {}),
        ...(rerouted() ? { route: routeOf(location.href) } : {}),
        ...(link ? { link: true } : {}),
        ...(leaving ? { leaving: true } : {}),
      };
    },
    stop() { for (const o of observers) o.disconnect(); unlisten(); },
  };
}

// Watches armed for a trusted dispatch (the worker sends the input, then asks here what it did).
// A flow (a combobox select) waits there for its next input instead. focus: the element that had focus before the
// input (missed-focus.js).
/** @type {Map<string, {watch?: ReturnType<typeof watchEffect>, fill?: any, flow?: AsyncGenerator<any, any, any>, focus?: Element | null}>} */
export const armed = new Map();
