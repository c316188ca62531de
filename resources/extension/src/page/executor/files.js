// @ts-check
// The page halves of captureDownload (the click and the request it would make), capturePageFile (html)
// and captureUrl (a fetch in the page's session).
import { NEEDS, notActionable, scrollIntoViewIfNeeded, hitTarget } from './actionability.js';
import { clickAt } from './input.js';
import { docId, targets } from './common.js';

/** @import { DownloadPlan, PageCalls, PageStep, PageStepOptions, PageStepResult } from '../page-calls.js' */

// ---- captureDownload: the click, and the request the download would make ----

/**
 * @param {HTMLFormElement} form
 * @param {HTMLElement | null} submitter the button or input that submitted it (one with formaction is either)
 * @returns {DownloadPlan}
 */
function formPlan(form, submitter) {
  const method = String((submitter && submitter.getAttribute('formmethod')) || form.getAttribute('method') || 'get').toUpperCase();
  const action = (submitter && submitter.hasAttribute('formaction')) ? /** @type {HTMLButtonElement} */ (submitter).formAction : form.action;
  const enctype = String((submitter && submitter.getAttribute('formenctype')) || form.enctype || 'application/x-www-form-urlencoded').toLowerCase();
  let data;
  try { data = new FormData(form, submitter || undefined); } catch { data = new FormData(form); }
  /** @type {[string, string][]} */
  const fields = [];
  for (const [k, v] of data.entries()) if (typeof v === 'string') fields.push([k, v]);
  return { url: action || location.href, method: method === 'POST' ? 'POST' : 'GET', fields, enctype, replace_query: method !== 'POST' };
}

/**
 * Clicks the element like a click step; a link it follows or a form it submits is not left to
 * the browser: the request it would make comes back as `plan` ({url, method, fields, enctype})
 * for the service worker to send in the page's session. A click handled by the page's own
 * script downloads as it does, and the worker takes that download from chrome.downloads.
 * @param {PageStep} step
 * @param {PageStepOptions} options
 * @returns {Promise<PageStepResult>}
 */
export async function downloadClick(step, options) {
  const t = targets(step);
  if (t.error) return { ok: false, error: t.error, retry: !t.fatal };
  const el = /** @type {Element[]} */ (t.elements)[0]; // no error: the elements matched
  const not = notActionable(el, NEEDS.click);
  if (not) return { ok: false, error: not, retry: true };
  scrollIntoViewIfNeeded(el, options.attempt || 0);
  const hit = hitTarget(el);
  if (hit.error) return { ok: false, error: hit.error, retry: true };
  /** @type {DownloadPlan | null} */
  let plan = null;
  // Bubble phase on window: after the page's own handlers, so what they cancel stays cancelled
  // and what they add to the form is sent.
  const onSubmit = (/** @type {SubmitEvent} */ e) => {
    if (e.defaultPrevented || plan || !(e.target instanceof HTMLFormElement)) return;
    e.preventDefault();
    plan = formPlan(e.target, e.submitter);
  };
  const onClick = (/** @type {MouseEvent} */ e) => {
    if (e.defaultPrevented || plan) return;
    // a target with closest is an element; what it finds is a link (a or area)
    const a = e.target && /** @type {Element} */ (e.target).closest ? /** @type {HTMLAnchorElement | HTMLAreaElement | null} */ (/** @type {Element} */ (e.target).closest('a[href], area[href]')) : null;
    if (!a || /^javascript:/i.test(a.getAttribute('href') || '')) return;
    e.preventDefault();
    plan = { url: a.href, method: 'GET', fields: [], enctype: '', replace_query: false };
  };
  window.addEventListener('submit', onSubmit);
  window.addEventListener('click', onClick);
  try {
    // no error: the hit has its target and point
    clickAt(el, /** @type {Element} */ (hit.target), /** @type {import('./actionability.js').Point} */ (hit.point));
  } catch (e) {
    // an Error: index.js reads dispatched off it
    /** @type {Error & {dispatched?: boolean}} */ (e).dispatched = true;
    throw e;
  } finally {
    window.removeEventListener('submit', onSubmit);
    window.removeEventListener('click', onClick);
  }
  return { ok: true, dispatched: true, plan };
}

// ---- capturePageFile (html) ----

/** The page as HTML: its doctype and the serialized DOM as it is now. @type {PageCalls['pageHtml']} */
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

// ---- captureUrl ----

/**
 * Fetches url in the page's session (cookies of the page's site) and returns it as base64.
 * @type {PageCalls['fetchFile']}
 */
export async function fetchFile(req) {
  const maxBytes = req.max_bytes || 10 * 1024 * 1024;
  let url;
  try {
    url = new URL(req.url, location.href);
  } catch {
    return { ok: false, error: `invalid url '${req.url}'` };
  }
  const method = String(req.method || 'GET').toUpperCase();
  /** @type {RequestInit} */
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
    return { ok: false, error: `${method} ${url.origin}${url.pathname} failed: ${/** @type {Error} */ (e).message} (a cross-origin URL needs CORS)` }; // fetch rejects with a TypeError
  }
  if (!res.ok) return { ok: false, error: `${method} ${url.origin}${url.pathname} answered HTTP ${res.status}` };
  const declared = Number(res.headers.get('content-length') || 0);
  if (declared > maxBytes) return { ok: false, error: `the file is ${declared} bytes, over the ${maxBytes}-byte limit` };
  const buf = new Uint8Array(await res.arrayBuffer());
  if (buf.length > maxBytes) return { ok: false, error: `the file is ${buf.length} bytes, over the ${maxBytes}-byte limit` };
  let bin = '';
  // apply takes any array-like at run time; its declared type wants number[]
  for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode.apply(null, /** @type {number[]} */ (/** @type {unknown} */ (buf.subarray(i, i + 0x8000))));
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
