// @ts-check
// Take-over recording: while on, the person's clicks, field changes and key presses in the task
// tab come to the studio as user_action events. Password fields are never sent in clear: the worker
// turns a typed declared value into its {{ token }} (record-tokens.js) and masks anything else.

/** @typedef {import('../page.js').PageGlobals} PageGlobals */

/**
 * An action the person took, as the page reports it to the worker (runtime message `waymark_user_action`); secret:
 * the value is a password field's, which the worker never sends as it is.
 * @typedef {{action: string, selector?: import('../wire.js').Selector | null, value?: string, secret?: boolean, key?: string, url: string}} RecordedAction
 */

/**
 * The element an event happened on: an HTML element, with a form field's type, value and labels when it has them
 * (an element of a frame's document is not an instance of this one's classes, so fields are told by their tag).
 * @typedef {HTMLElement & Partial<Pick<HTMLInputElement, 'type' | 'value' | 'labels'>>} Target
 */

/**
 * Installed in the page (isolated world); reports actions through runtime messages.
 * @param {boolean} on
 */
function installRecorder(on) {
  const KEY = '__waymarkRecorder';
  const old = /** @type {PageGlobals} */ (globalThis)[KEY];
  if (old) {
    old.stop();
    delete (/** @type {PageGlobals} */ (globalThis))[KEY];
    delete (/** @type {PageGlobals} */ (globalThis)).__waymarkRecorderFilled;
  }
  if (!on) return { on: false };
  /** @param {string} s */
  const cssEscape = (s) => (globalThis.CSS && CSS.escape ? CSS.escape(s) : s);
  // The observer's selector (page.js, injected first), so a recorded step names its element as the
  // observation does; a position chain only for what the observer lists as no control at all.
  /** @param {Element} el */
  const selectorOf = (el) => {
    const w = /** @type {PageGlobals} */ (globalThis).__waymark;
    const s = w && typeof w.targetSelector === 'function' ? w.targetSelector(el) : null;
    return s || { css: chainOf(el) };
  };
  /** @param {Element} el */
  const chainOf = (el) => {
    const document = el.ownerDocument;
    if (el.id && document.querySelectorAll(`#${cssEscape(el.id)}`).length === 1) return `#${cssEscape(el.id)}`;
    const parts = [];
    /** @type {Element | null} */
    let node = el;
    while (node && node.nodeType === 1 && node !== document.documentElement) {
      if (node.id && document.querySelectorAll(`#${cssEscape(node.id)}`).length === 1) {
        parts.unshift(`#${cssEscape(node.id)}`);
        break;
      }
      const tag = node.tagName.toLowerCase();
      // node is this turn's element (not null inside the loop)
      const same = node.parentElement ? Array.from(node.parentElement.children).filter((c) => c.tagName === /** @type {Element} */ (node).tagName) : [node];
      parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(node) + 1})` : tag);
      node = node.parentElement;
    }
    return parts.join(' > ');
  };
  const TEXT_INPUTS = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number']);
  /** @param {Target} el */
  const isText = (el) => el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && TEXT_INPUTS.has((el.type || 'text').toLowerCase()));
  // A rich-text editor is typed into like a field: its editing host holds the text.
  /** @param {Target} el */
  const isEditor = (el) => el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable);
  /** @param {Target} el */
  const isTyped = (el) => isText(el) || isEditor(el);
  /** @param {Target} el */
  const textOf = (el) => (isEditor(el) ? el.innerText.replace(/\n$/, '') : String(el.value ?? ''));
  // What each text field held when its text was last reported (or last set by the executor), so one
  // edit is reported once, whether Enter, Tab or leaving the field commits it.
  /** @type {WeakMap<Target, string>} */
  const committed = new WeakMap();
  /** @param {Target} el */
  const commitFill = (el) => {
    const value = textOf(el);
    if (committed.get(el) === value || (!committed.has(el) && value === '')) return;
    committed.set(el, value);
    // A password goes to this extension's own worker only, which sends the studio its token or a mask.
    report({ action: 'fill', selector: selectorOf(el), value, secret: el.type === 'password' });
  };
  // not instanceof Element: a node of a frame's document is an instance of that frame's Element
  /** @type {(n: EventTarget | null) => n is Target} */
  const isElement = (n) => !!n && /** @type {Node} */ (n).nodeType === 1;
  /**
   * @param {Target} el
   * @returns {ShadowRoot | null}
   */
  const rootOf = (el) => {
    if (el.shadowRoot) return el.shadowRoot;
    if (!el.localName.includes('-')) return null;
    // Chrome: chrome.dom; Firefox: the element's own openOrClosedShadowRoot in a content script.
    if (!globalThis.chrome || !chrome.dom || !chrome.dom.openOrClosedShadowRoot) return /** @type {Target & {openOrClosedShadowRoot?: ShadowRoot | null}} */ (el).openOrClosedShadowRoot || null;
    try { return chrome.dom.openOrClosedShadowRoot(el); } catch { return null; }
  };
  // The element an event happened on, inside shadow roots too: composedPath() stops at a closed root's
  // host, where the focused element inside (what is typed in, what a key goes to) is what acted.
  /** @param {Event} e */
  const deepTarget = (e) => {
    const first = e.composedPath()[0];
    let el = isElement(first) ? first : isElement(e.target) ? e.target : null;
    for (let i = 0; el && i < 20; i++) {
      const sr = rootOf(el);
      if (!sr || !sr.activeElement) break;
      el = /** @type {Target} */ (sr.activeElement); // what has focus: what is typed in, what a key goes to
    }
    return el;
  };
  /** @param {Omit<RecordedAction, 'url'>} action */
  const report = (action) => {
    try { chrome.runtime.sendMessage({ waymark_user_action: { ...action, url: location.href } }); } catch { /* extension reloaded */ }
  };
  // Each handler takes the event of its type; addEventListener takes them as plain listeners.
  /** @type {[string, (e: never) => void][]} */
  const handlers = [
    ['focusin', /** @param {FocusEvent} e */ (e) => {
      const el = deepTarget(e);
      if (el && isTyped(el) && !committed.has(el)) committed.set(el, textOf(el));
    }],
    // change is not composed, so a field inside a shadow root never reports it here; input and
    // focusout are. The executor's own typing (untrusted input) is what such a field holds, not the
    // person's; the person leaving the field commits what they typed, as change would.
    ['input', /** @param {Event} e */ (e) => {
      if (e.isTrusted) return;
      const el = deepTarget(e);
      if (el && isText(el)) committed.set(el, textOf(el));
    }],
    ['focusout', /** @param {FocusEvent} e */ (e) => {
      if (!e.isTrusted) return;
      const el = deepTarget(e);
      if (el && isTyped(el)) commitFill(el);
    }],
    ['click', /** @param {MouseEvent} e */ (e) => {
      if (!e.isTrusted) return; // the executor's own clicks are not the person's
      const first = e.composedPath()[0];
      let el = isElement(first) ? first : isElement(e.target) ? e.target : null;
      // retargeted to a closed root's host: the point the person clicked, hit-tested through the
      // roots, finds what they clicked
      for (let i = 0; el && i < 20; i++) {
        const sr = rootOf(el);
        const inner = /** @type {Target | null} */ (sr ? sr.elementFromPoint(e.clientX, e.clientY) : null);
        if (!inner || inner === el) break;
        el = inner;
      }
      // a click into a text field only puts the caret there, and one on a drop-down only opens it: the
      // fill or select that follows is the step
      if (!el || isText(el) || el.isContentEditable || el.closest('select')) return;
      // A click on a label makes the browser click its control too, as a second trusted click: one of
      // the two is the step. A rendered control's own click is; for a control that is not rendered (a
      // hidden checkbox under a styled label) the label's is, since a replay cannot click the hidden one.
      /** @param {Element} c */
      const rendered = (c) => c.checkVisibility({ checkVisibilityCSS: true });
      const label = el.closest ? el.closest('label') : null;
      if (label && label.control && label.control !== el && !label.control.contains(el)) {
        if (rendered(label.control)) return;
        el = label;
      } else if (el.localName === 'input' && !rendered(el) && el.labels && el.labels.length) {
        return;
      }
      report({ action: 'click', selector: selectorOf(el) });
    }],
    ['change', /** @param {Event} e */ (e) => {
      const el = deepTarget(e);
      if (!el) return;
      if (!e.isTrusted) {
        // the executor's own fill: what the field holds now is not the person's to report
        if (isText(el)) committed.set(el, String(el.value ?? ''));
        return;
      }
      if (el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio')) return; // the click is the step
      if (isText(el)) { commitFill(el); return; }
      report({ action: el.tagName === 'SELECT' ? 'select' : 'fill', selector: selectorOf(el), value: String(el.value ?? '') });
    }],
    ['keydown', /** @param {KeyboardEvent} e */ (e) => {
      if (!e.isTrusted) return;
      if (!['Enter', 'Escape', 'Tab'].includes(e.key) && !(e.ctrlKey || e.metaKey)) return;
      const el = deepTarget(e);
      // Enter in an editor is a line of the text, which the fill carries
      if (el && isEditor(el) && e.key === 'Enter' && !(e.ctrlKey || e.metaKey || e.altKey)) return;
      // Enter or Tab in a field commits what was typed before the key acts (Chrome fires change after
      // keydown): the fill must come first in the workflow
      if (el && isText(el)) commitFill(el);
      const mods = [e.ctrlKey && 'Control', e.metaKey && 'Meta', e.altKey && 'Alt', e.shiftKey && 'Shift'].filter(Boolean);
      report({ action: 'press', key: [...mods, e.key].join('+'), selector: el && el !== el.ownerDocument.body ? selectorOf(el) : null });
    }],
  ];
  // The top document and every same-origin frame in it, now and as frames load or are added (an editor
  // in an iframe, an old admin page in frames): events inside a frame never reach the top document.
  /** @type {Set<Document>} */
  const docs = new Set();
  /** @type {MutationObserver[]} */
  const observers = [];
  let stopped = false;
  /** @param {Document | null} doc */
  const listenIn = (doc) => {
    if (stopped || !doc || docs.has(doc)) return;
    docs.add(doc);
    for (const [type, fn] of handlers) doc.addEventListener(type, /** @type {EventListener} */ (fn), true);
    for (const f of doc.querySelectorAll('iframe, frame')) watchFrame(f);
    const mo = new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeType !== 1) continue;
          const added = /** @type {Element} */ (n);
          if (added.localName === 'iframe' || added.localName === 'frame') watchFrame(added);
          else for (const f of added.querySelectorAll('iframe, frame')) watchFrame(f);
        }
      }
    });
    mo.observe(doc, { childList: true, subtree: true });
    observers.push(mo);
  };
  /** @type {WeakSet<Element>} */
  const frames = new WeakSet();
  /** @param {Element} f an iframe or a frame */
  const watchFrame = (f) => {
    const enter = () => {
      try { listenIn(/** @type {HTMLIFrameElement} */ (f).contentDocument); } catch { /* cross-origin: not ours to read */ }
    };
    enter();
    if (!frames.has(f)) {
      frames.add(f);
      f.addEventListener('load', enter);
    }
  };
  listenIn(document);
  /** @type {PageGlobals} */ (globalThis)[KEY] = {
    stop() {
      stopped = true;
      for (const doc of docs) for (const [type, fn] of handlers) doc.removeEventListener(type, /** @type {EventListener} */ (fn), true);
      for (const mo of observers) mo.disconnect();
    },
  };
  /** @type {PageGlobals} */ (globalThis).__waymarkRecorderFilled = (el) => { if (isTyped(el)) committed.set(el, textOf(el)); };
  return { on: true };
}

/**
 * Turns recording on or off in tabId.
 * @param {number} tabId
 * @param {boolean} on
 */
export async function applyRecording(tabId, on) {
  // at once, not at document idle: a person may act on a page that is still loading
  if (on) await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, injectImmediately: true, files: ['page.js'] });
  const [r] = await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, injectImmediately: true, func: installRecorder, args: [!!on] });
  return r ? r.result : { on: false };
}
