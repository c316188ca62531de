// Page half of the executor. Each call is one attempt: it either acts (dispatched: true) or says
// why it cannot yet (retry: true, error), and the service worker polls until the step's
// timeout. Checks and dispatch run without an await between them, so what was checked is what
// is acted on.
import { resolveSelector, describeSelector, describeElement, SelectorError, deepQueryAll } from './resolve.js';
import { NEEDS, notActionable, scrollIntoViewIfNeeded, hitTarget, isVisible } from './actionability.js';
import { clickAt, focusElement, fillElement, selectOption, parseChord, pressOn, deepActiveElement, scrollBy } from './input.js';
import { readOne, extractItems, nextControl, normText, TEXT_CAP } from './extract.js';
import { dialogLink } from './dialog-link.js';

// step_id → the result of a step that dispatched in this document, so a repeated call for the
// same step reports instead of acting again.
const dispatched = new Map();
const docId = Math.random().toString(36).slice(2);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Performs one attempt of an element or page action. See docs/protocol.md (perform). */
export async function performInPage(step, values, options = {}) {
  const id = options.step_id;
  if (id && dispatched.has(id)) return { ...dispatched.get(id), repeated: true };
  // Dialogs: arm this document's guard before acting; without one the worker installs it
  // (a MAIN-world call) and calls again, once per document.
  if (options.guard && !dialogLink({ accept: !!options.guard.accept })) return { ok: false, guard_missing: true, doc: docId };
  let result;
  try {
    result = await attempt(step, options);
  } catch (e) {
    if (e instanceof SelectorError) result = { ok: false, error: e.message };
    else result = { ok: false, error: `the page raised an error: ${e && e.message ? e.message : e}`, dispatched: !!e?.dispatched };
  }
  if (id && result.dispatched) {
    dispatched.set(id, result);
    if (dispatched.size > 200) dispatched.delete(dispatched.keys().next().value);
  }
  const dialogs = options.guard ? (dialogLink({ take: true }) || { dialogs: [] }).dialogs : undefined;
  return { ...result, doc: docId, ...(dialogs && dialogs.length ? { dialogs } : {}) };
}

/** What this document knows about a step: {known, result, doc}. */
export function stepRecord(stepId) {
  return dispatched.has(stepId) ? { known: true, result: dispatched.get(stepId), doc: docId } : { known: false, doc: docId };
}

async function attempt(step, options) {
  switch (step.type) {
    case 'click':
    case 'fill':
    case 'select':
      return elementAction(step, options);
    case 'press':
      return step.selector && (step.selector.css || step.selector.path) ? elementAction(step, options) : pressPage(step);
    case 'scroll':
      return scrollStep(step);
    case 'extract':
      return extractStep(step);
    case 'upload':
      return uploadStep(step, options);
    case 'captureDownload':
      return downloadClick(step, options);
    default:
      return { ok: false, error: `the page cannot perform a '${step.type}' step` };
  }
}

function targets(step) {
  const sel = step.selector;
  if (!sel || (!sel.css && !sel.path)) return { error: `a ${step.type} step needs a selector with css or path`, fatal: true };
  const r = resolveSelector(sel);
  if (r.error) return { error: r.error };
  if (!r.elements.length) return { error: `no element matches ${describeSelector(sel)}` };
  return { elements: r.elements };
}

async function elementAction(step, options) {
  const t = targets(step);
  if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
  let chord = null;
  if (step.type === 'press') {
    chord = parseChord(step.value);
    if (chord.error) return { ok: false, error: chord.error };
  }
  const kind = step.type === 'fill' && t.elements[0].localName === 'select' ? 'select' : step.type;
  if (options.trusted && kind === 'click' && t.elements.length === 1) {
    // The worker clicks through the debugger at the point found here; nothing is dispatched from the page.
    const r = await actOn(t.elements[0], kind, null, { ...options, prepareOnly: true });
    if (r.notReady) return { ok: false, error: r.notReady, retry: true };
    return { ok: false, retry: false, trusted_point: r.point };
  }
  const watch = watchNavigation();
  try {
    let done = 0;
    for (const el of t.elements) {
      const r = await actOn(el, kind, chord, options);
      if (r.notReady) return partial(done, r.notReady);
      done++;
      // A select with no matching option or a wrong element type is not worth waiting for.
      if (r.error) return { ok: false, error: r.error, dispatched: kind === 'fill', retry: false, navigating: watch.seen() };
    }
    return { ok: true, dispatched: true, count: done, ...(await watch.settled()) };
  } finally {
    watch.stop();
  }
}

// One element: {notReady} when it is not actionable yet, else acts and returns {error?}.
async function actOn(el, kind, chord, options) {
  const needs = NEEDS[kind];
  const not = notActionable(el, needs);
  if (not) return { notReady: not };
  scrollIntoViewIfNeeded(el, options.attempt || 0);
  let hit = null;
  if (needs.hit) {
    // Stable: while an animation runs on the element or an ancestor, its box must not move
    // between two looks (an animating element is not hit where it is drawn now). Without one
    // nothing moves it between here and the dispatch, which runs without a pause.
    if (animated(el)) {
      const before = el.getBoundingClientRect();
      await sleep(20);
      const after = el.getBoundingClientRect();
      if (before.x !== after.x || before.y !== after.y || before.width !== after.width || before.height !== after.height) {
        return { notReady: 'element is still moving (animating)' };
      }
      const again = notActionable(el, needs);
      if (again) return { notReady: again };
    }
    hit = hitTarget(el);
    if (hit.error) return { notReady: hit.error };
  }
  if (options.prepareOnly) return { point: hit.top };
  try {
    if (kind === 'click') clickAt(el, hit.target, hit.point);
    else if (kind === 'fill') return { error: fillElement(el, options.value ?? '') };
    else if (kind === 'select') return { error: selectOption(el, options.value ?? '') };
    else if (kind === 'press') {
      focusElement(el);
      pressOn(el, chord);
    }
  } catch (e) {
    e.dispatched = true;
    throw e;
  }
  return {};
}

// True when a running animation or transition targets el or an ancestor (through shadow
// hosts and frame elements).
function animated(el) {
  const chain = new Set();
  for (let n = el; n; ) {
    chain.add(n);
    if (n.parentElement) n = n.parentElement;
    else if (n.getRootNode && n.getRootNode().host) n = n.getRootNode().host;
    else {
      let f = null;
      try { f = n.ownerDocument.defaultView.frameElement; } catch { f = null; }
      n = f;
    }
  }
  const docs = new Set([...chain].map((n) => n.ownerDocument));
  for (const d of docs) {
    let list = [];
    try { list = d.getAnimations(); } catch { list = []; }
    for (const a of list) {
      const target = a.effect && a.effect.target;
      if (a.playState === 'running' && target && chain.has(target)) return true;
    }
  }
  return false;
}

/**
 * Notices a navigation of the top document that input starts (a link, a form submission, a
 * location change in a handler) and a link or form that opens a new tab, so the service worker
 * waits for a new page or tab only when one is coming instead of pausing after every input.
 * The Navigation API fires `navigate` synchronously for links and location changes; a form
 * submission is seen by its `submit` event not being cancelled (its navigation is planned in a
 * task of its own), and form.submit() from a handler by one turn of the event loop.
 */
function watchNavigation() {
  const nav = globalThis.navigation;
  let seen = false;
  let submits = [];
  let clicks = [];
  const on = () => { seen = true; };
  const onSubmit = (e) => { submits.push(e); };
  const onClick = (e) => { clicks.push(e); };
  if (nav && typeof nav.addEventListener === 'function') nav.addEventListener('navigate', on);
  window.addEventListener('submit', onSubmit, true);
  window.addEventListener('click', onClick, true);
  const opensTab = (target) => {
    const t = String(target || '').trim().toLowerCase();
    return t !== '' && t !== '_self' && t !== '_parent' && t !== '_top' && !(t === window.name);
  };
  return {
    seen: () => seen,
    settled: async () => {
      let newTab = false;
      for (const e of submits) {
        if (e.defaultPrevented) continue;
        const form = e.target;
        const target = (e.submitter && e.submitter.getAttribute && e.submitter.getAttribute('formtarget')) || (form && form.target);
        if (opensTab(target)) newTab = true;
        else if (!(form && String(form.method).toLowerCase() === 'dialog') && form && form.ownerDocument === document) seen = true;
      }
      for (const e of clicks) {
        if (e.defaultPrevented) continue;
        const a = e.target && e.target.closest ? e.target.closest('a[href], area[href]') : null;
        if (a && opensTab(a.target)) newTab = true;
      }
      if (!seen && !newTab) {
        // form.submit() from a handler plans a navigation without an event: one turn shows it.
        await new Promise((r) => setTimeout(r, 0));
      }
      return { navigating: seen, new_tab: newTab };
    },
    stop: () => {
      if (nav && typeof nav.removeEventListener === 'function') nav.removeEventListener('navigate', on);
      window.removeEventListener('submit', onSubmit, true);
      window.removeEventListener('click', onClick, true);
      submits = [];
      clicks = [];
    },
  };
}

// Nothing dispatched yet → the worker may retry; some matches already acted on → it must not.
function partial(done, error) {
  return done ? { ok: false, error: `${error} (after acting on ${done} earlier match(es))`, dispatched: true } : { ok: false, error, retry: true };
}

async function pressPage(step) {
  const chord = parseChord(step.value);
  if (chord.error) return { ok: false, error: chord.error };
  const target = deepActiveElement(document);
  const watch = watchNavigation();
  try {
    pressOn(target, chord);
    return { ok: true, dispatched: true, ...(await watch.settled()) };
  } finally {
    watch.stop();
  }
}

function scrollStep(step) {
  let el = null;
  if (step.selector && (step.selector.css || step.selector.path)) {
    const t = targets(step);
    if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
    el = t.elements[0];
    if (!step.value) {
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      return { ok: true, dispatched: true, data: `scrolled ${describeSelector(step.selector)} into view` };
    }
  }
  const r = scrollBy(el, step.value);
  if (r.error) return { ok: false, error: r.error };
  const where = r.box ? 'the box' : 'the page';
  const atEnd = r.y + r.viewport >= r.height - 2 ? ' (at the bottom)' : r.y === 0 ? ' (at the top)' : '';
  return { ok: true, dispatched: true, data: `scrolled ${where} to y=${r.y} of ${r.height}${atEnd}` };
}

function extractStep(step) {
  const t = targets(step);
  if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
  const out = [];
  for (const el of t.elements) {
    const v = readOne(el, step);
    if (v.error) return { ok: false, error: v.error };
    out.push(v.value);
  }
  const many = step.selector.all || (Array.isArray(step.selector.indexes) && step.selector.indexes.length > 0) || (step.format || '').toLowerCase() === 'json';
  let data = many ? JSON.stringify(out) : out[0];
  let truncated = false;
  if (data.length > TEXT_CAP && !many) { data = data.slice(0, TEXT_CAP); truncated = true; }
  return { ok: true, data, count: out.length, ...(truncated ? { truncated } : {}) };
}

// ---- upload ----

function b64ToBytes(b64) {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/**
 * The file input an upload goes into: the element itself, the control of a label, a file input
 * inside the element, or the file input that goes with a button that opens the chooser (in the
 * same form or the same parent, searched outwards), else the page's only file input.
 */
function fileInputFor(el) {
  const isFile = (e) => e && e.localName === 'input' && (e.type || '').toLowerCase() === 'file';
  if (isFile(el)) return el;
  if (el.localName === 'label' && isFile(el.control)) return el.control;
  const inside = el.querySelector && el.querySelector('input[type=file]');
  if (inside) return inside;
  const label = el.closest && el.closest('label');
  if (label && isFile(label.control)) return label.control;
  const forId = el.getAttribute && (el.getAttribute('for') || el.getAttribute('aria-controls'));
  if (forId) {
    const t = el.ownerDocument.getElementById(forId);
    if (isFile(t)) return t;
  }
  for (let n = el.parentElement; n; n = n.parentElement) {
    const inputs = n.querySelectorAll('input[type=file]');
    if (inputs.length === 1) return inputs[0];
    if (inputs.length > 1) break;
  }
  const all = deepQueryAll('input[type=file]');
  return all.length === 1 ? all[0] : null;
}

function uploadStep(step, options) {
  const t = targets(step);
  if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
  const el = t.elements[0];
  const input = fileInputFor(el);
  if (!input) return { ok: false, error: `no file field goes with ${describeSelector(step.selector)} (not an input type=file, its label, or a button next to one)` };
  if (input.matches(':disabled')) return { ok: false, error: `the file field is disabled: ${describeElement(input)}`, retry: true };
  const files = options.files || [];
  if (files.length > 1 && !input.multiple) return { ok: false, error: `the file field takes one file and the step gives ${files.length}` };
  if (input.accept) {
    const accepted = input.accept.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean);
    for (const f of files) {
      const name = f.filename.toLowerCase();
      const mime = (f.mime || '').toLowerCase();
      const fits = accepted.some((a) => (a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? mime.startsWith(a.slice(0, -1)) : mime === a));
      if (!fits) return { ok: false, error: `the file field accepts ${input.accept}; ${f.filename} (${f.mime}) is not one of them` };
    }
  }
  const W = input.ownerDocument.defaultView;
  const dt = new (W.DataTransfer || DataTransfer)();
  for (const f of files) dt.items.add(new (W.File || File)([b64ToBytes(f.base64)], f.filename, { type: f.mime || 'application/octet-stream' }));
  try {
    input.files = dt.files;
  } catch (e) {
    e.dispatched = false;
    throw e;
  }
  const E = W.Event || Event;
  input.dispatchEvent(new E('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new E('change', { bubbles: true }));
  const names = Array.from(input.files).map((f) => `${f.name} (${f.size} bytes)`);
  return { ok: true, dispatched: true, count: input.files.length, data: `put ${names.join(', ')} into ${describeElement(input)}` };
}

// ---- captureDownload: the click, and the request the download would make ----

function formPlan(form, submitter) {
  const method = String((submitter && submitter.getAttribute('formmethod')) || form.getAttribute('method') || 'get').toUpperCase();
  const action = (submitter && submitter.hasAttribute('formaction')) ? submitter.formAction : form.action;
  const enctype = String((submitter && submitter.getAttribute('formenctype')) || form.enctype || 'application/x-www-form-urlencoded').toLowerCase();
  let data;
  try { data = new FormData(form, submitter || undefined); } catch { data = new FormData(form); }
  const fields = [];
  for (const [k, v] of data.entries()) if (typeof v === 'string') fields.push([k, v]);
  return { url: action || location.href, method: method === 'POST' ? 'POST' : 'GET', fields, enctype, replace_query: method !== 'POST' };
}

/**
 * Clicks the element like a click step; a link it follows or a form it submits is not left to
 * the browser: the request it would make comes back as `plan` ({url, method, fields, enctype})
 * for the service worker to send in the page's session. A click handled by the page's own
 * script downloads as it does, and the worker takes that download from chrome.downloads.
 */
async function downloadClick(step, options) {
  const t = targets(step);
  if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
  const el = t.elements[0];
  const not = notActionable(el, NEEDS.click);
  if (not) return { ok: false, error: not, retry: true };
  scrollIntoViewIfNeeded(el, options.attempt || 0);
  const hit = hitTarget(el);
  if (hit.error) return { ok: false, error: hit.error, retry: true };
  let plan = null;
  // Bubble phase on window: after the page's own handlers, so what they cancel stays cancelled
  // and what they add to the form is sent.
  const onSubmit = (e) => {
    if (e.defaultPrevented || plan || !(e.target instanceof HTMLFormElement)) return;
    e.preventDefault();
    plan = formPlan(e.target, e.submitter);
  };
  const onClick = (e) => {
    if (e.defaultPrevented || plan) return;
    const a = e.target && e.target.closest ? e.target.closest('a[href], area[href]') : null;
    if (!a || /^javascript:/i.test(a.getAttribute('href') || '')) return;
    e.preventDefault();
    plan = { url: a.href, method: 'GET', fields: [], enctype: '', replace_query: false };
  };
  window.addEventListener('submit', onSubmit);
  window.addEventListener('click', onClick);
  try {
    clickAt(el, hit.target, hit.point);
  } catch (e) {
    e.dispatched = true;
    throw e;
  } finally {
    window.removeEventListener('submit', onSubmit);
    window.removeEventListener('click', onClick);
  }
  return { ok: true, dispatched: true, plan };
}

// ---- capturePageFile (html) ----

/** The page as HTML: its doctype and the serialized DOM as it is now. */
export function pageHtml() {
  const dt = document.doctype;
  const doctype = dt ? `<!DOCTYPE ${dt.name}${dt.publicId ? ` PUBLIC "${dt.publicId}"` : ''}${dt.systemId ? ` "${dt.systemId}"` : ''}>\n` : '';
  let html = document.documentElement.outerHTML;
  // Our own overlays (the highlight, the userStep gate) are not part of the page.
  for (const el of document.querySelectorAll('waymark-highlight, #waymark-gate-host')) {
    const own = el.outerHTML;
    const at = html.indexOf(own);
    if (at >= 0) html = html.slice(0, at) + html.slice(at + own.length);
  }
  return { html: doctype + html, title: document.title, url: location.href, doc: docId };
}

// ---- extractList page half ----

/** Rows of the items not read before in this document, and how the list continues. */
export function listItems(step) {
  try {
    return { ...extractItems(step), doc: docId };
  } catch (e) {
    return { error: e.message, doc: docId };
  }
}

/** Clicks the list's next-batch control once it is actionable. */
export async function listNext(step) {
  const el = nextControl(step);
  if (!el) return { ok: false, error: 'no next control', retry: false };
  const not = notActionable(el, NEEDS.click);
  if (not) return { ok: false, error: not, retry: true };
  scrollIntoViewIfNeeded(el);
  await sleep(20);
  const hit = hitTarget(el);
  if (hit.error) return { ok: false, error: hit.error, retry: true };
  clickAt(el, hit.target, hit.point);
  return { ok: true, dispatched: true, doc: docId };
}

/** Scrolls to the bottom for an infinite list; returns the new scroll height. */
export function listScroll() {
  const r = scrollBy(null, 'bottom');
  return { height: r.height, y: r.y, doc: docId };
}

// ---- conditions and waits ----

function pageText() {
  return normText(document.body ? document.body.innerText : document.documentElement.textContent).toLowerCase();
}

function textIn(needle, elements) {
  const n = normText(needle).toLowerCase();
  if (!elements) {
    if (pageText().includes(n)) return true;
    // innerText skips closed details, shadow content in some layouts and same-origin frames.
    return deepQueryAll('body').some((b) => normText(b.textContent).toLowerCase().includes(n));
  }
  return elements.some((e) => normText(e.innerText || e.textContent).toLowerCase().includes(n));
}

function deepMatches(css) {
  try {
    return deepQueryAll(css);
  } catch (e) {
    throw new SelectorError(e.message);
  }
}

/**
 * Evaluates a Condition. selector: an element matches (searched through shadow roots and
 * same-origin frames); text: the page contains it — or, with match "all" and a selector, one of
 * the matched elements does; url_includes: the URL contains it. match "all" (default) or
 * "any"; negate inverts. Returns {ok, holds, detail} or {ok:false, error}.
 */
export function checkCondition(cond) {
  try {
    const any = String(cond.match || 'all').toLowerCase() === 'any';
    const results = [];
    let matched = null;
    if (cond.selector) {
      matched = deepMatches(cond.selector);
      results.push(['selector', matched.length > 0]);
    }
    if (cond.text) results.push(['text', textIn(cond.text, !any && matched ? matched : null)]);
    if (cond.url_includes) results.push(['url_includes', location.href.includes(cond.url_includes)]);
    let holds = results.length === 0 ? true : any ? results.some((r) => r[1]) : results.every((r) => r[1]);
    if (cond.negate) holds = !holds;
    return { ok: true, holds, detail: results.map(([k, v]) => `${k} ${v ? 'holds' : 'does not hold'}`).join(', '), doc: docId };
  } catch (e) {
    return { ok: false, error: e.message, doc: docId };
  }
}

/**
 * Checks a WaitConfig once: every set predicate must hold. selector waits for a visible match
 * (absent: for no visible match); text for the text on the page; url_includes for the URL.
 * Returns {ok, holds, pending} where pending says what has not happened yet.
 */
export function checkWait(wait) {
  try {
    const pending = [];
    if (wait.selector) {
      const visible = deepMatches(wait.selector).filter((e) => isVisible(e));
      if (wait.absent && visible.length) pending.push(`'${wait.selector}' is still on the page`);
      if (!wait.absent && !visible.length) pending.push(`no visible element matches '${wait.selector}'`);
    }
    if (wait.text && !textIn(wait.text, null)) pending.push(`text '${wait.text}' is not on the page`);
    if (wait.url_includes && !location.href.includes(wait.url_includes)) pending.push(`the URL does not contain '${wait.url_includes}' (it is ${location.href})`);
    return { ok: true, holds: pending.length === 0, pending: pending.join('; '), doc: docId, ready: document.readyState };
  } catch (e) {
    return { ok: false, error: e.message, doc: docId };
  }
}

// ---- captureUrl ----

/** Fetches url in the page's session (cookies of the page's site) and returns it as base64. */
export async function fetchFile(req) {
  const maxBytes = req.max_bytes || 10 * 1024 * 1024;
  let url;
  try {
    url = new URL(req.url, location.href);
  } catch {
    return { ok: false, error: `invalid url '${req.url}'` };
  }
  const method = String(req.method || 'GET').toUpperCase();
  const init = { method, credentials: 'include', redirect: 'follow' };
  // fields: [name, value] pairs in form order (a form's own); body_params override by name.
  const pairs = Array.isArray(req.fields) ? req.fields.map(([k, v]) => [String(k), String(v)]) : [];
  for (const [k, v] of Object.entries(req.body_params || {})) {
    const at = pairs.findIndex(([n]) => n === k);
    if (at < 0) {
      pairs.push([k, String(v)]);
      continue;
    }
    pairs[at] = [k, String(v)];
    for (let i = pairs.length - 1; i > at; i--) if (pairs[i][0] === k) pairs.splice(i, 1);
  }
  if (method === 'GET' || method === 'HEAD') {
    if (req.replace_query) url.search = '';
    for (const [k, v] of pairs) {
      if (req.replace_query) url.searchParams.append(k, v);
      else url.searchParams.set(k, v);
    }
  } else if (pairs.length) {
    if (String(req.enctype || '').startsWith('multipart/')) {
      const fd = new FormData();
      for (const [k, v] of pairs) fd.append(k, v);
      init.body = fd;
    } else {
      init.body = new URLSearchParams(pairs);
    }
  }
  let res;
  try {
    res = await fetch(url.href, init);
  } catch (e) {
    return { ok: false, error: `${method} ${url.origin}${url.pathname} failed: ${e.message} (a cross-origin URL needs CORS)` };
  }
  if (!res.ok) return { ok: false, error: `${method} ${url.origin}${url.pathname} answered HTTP ${res.status}` };
  const declared = Number(res.headers.get('content-length') || 0);
  if (declared > maxBytes) return { ok: false, error: `the file is ${declared} bytes, over the ${maxBytes}-byte limit` };
  const buf = new Uint8Array(await res.arrayBuffer());
  if (buf.length > maxBytes) return { ok: false, error: `the file is ${buf.length} bytes, over the ${maxBytes}-byte limit` };
  let bin = '';
  for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode.apply(null, buf.subarray(i, i + 0x8000));
  return {
    ok: true,
    status: res.status,
    mime: (res.headers.get('content-type') || 'application/octet-stream').split(';')[0].trim(),
    disposition: res.headers.get('content-disposition') || '',
    final_url: res.url,
    size: buf.length,
    base64: btoa(bin),
  };
}

// ---- highlight ----

let overlay = null;
let tracked = [];
let raf = 0;

/** Outlines the elements a Selector matches (null clears). Returns {ok, count} or {ok:false, error}. */
export function highlight(selector) {
  tracked = [];
  if (!selector) {
    if (overlay) overlay.host.remove();
    overlay = null;
    return { ok: true, count: 0 };
  }
  let r;
  try {
    r = resolveSelector({ ...selector, all: selector.all ?? true });
  } catch (e) {
    return { ok: false, error: e.message };
  }
  if (r.error) return { ok: false, error: r.error };
  if (!r.elements.length) return { ok: false, error: `no element matches ${describeSelector(selector)}` };
  tracked = r.elements;
  if (!overlay) {
    const host = document.createElement('waymark-highlight');
    host.style.cssText = 'all: initial; position: fixed; inset: 0; pointer-events: none; z-index: 2147483647;';
    const root = host.attachShadow({ mode: 'closed' });
    overlay = { host, root };
  }
  if (!overlay.host.isConnected) document.documentElement.appendChild(overlay.host);
  drawHighlight();
  return { ok: true, count: tracked.length };
}

function frameOffset(el) {
  let x = 0;
  let y = 0;
  let f = null;
  try { f = el.ownerDocument.defaultView.frameElement; } catch { f = null; }
  while (f) {
    const r = f.getBoundingClientRect();
    x += r.left + f.clientLeft;
    y += r.top + f.clientTop;
    try { f = f.ownerDocument.defaultView.frameElement; } catch { f = null; }
  }
  return { x, y };
}

function drawHighlight() {
  cancelAnimationFrame(raf);
  if (!overlay || !tracked.length) return;
  overlay.root.replaceChildren(...tracked.filter((e) => e.isConnected).map((el) => {
    const r = el.getBoundingClientRect();
    const o = frameOffset(el);
    const box = document.createElement('div');
    box.style.cssText = `position: fixed; left: ${r.left + o.x - 2}px; top: ${r.top + o.y - 2}px; width: ${r.width + 4}px; height: ${r.height + 4}px; outline: 2px solid #e8590c; background: rgba(232, 89, 12, 0.12); border-radius: 3px;`;
    return box;
  }));
  raf = requestAnimationFrame(drawHighlight);
}

/** Where the page stands: URL, title, document id and ready state. */
export function pageState() {
  return { url: location.href, title: document.title, doc: docId, ready: document.readyState, viewport: `${window.innerWidth}x${window.innerHeight}` };
}
