// @ts-check
// Whether input a step sent leaves the page: a navigation of the top document or a new tab (used by index.js).
import { dialogLink } from './dialog-link.js';

/**
 * Notices a navigation of the top document that input starts (a link, a form submission, a
 * location change in a handler) and a link, form or window.open that opens a new tab, so the service worker
 * waits for a new page or tab only when one is coming instead of pausing after every input.
 * The Navigation API fires `navigate` synchronously for links and location changes; a form
 * submission is seen by its `submit` event not being cancelled (its navigation is planned in a
 * task of its own), and form.submit() from a handler by one turn of the event loop.
 */
export function watchNavigation() {
  const mark = Date.now();
  const nav = /** @type {{navigation?: EventTarget}} */ (globalThis).navigation; // the Navigation API, where there is one
  let seen = false;
  let submits = /** @type {SubmitEvent[]} */ ([]);
  let clicks = /** @type {MouseEvent[]} */ ([]);
  const on = () => { seen = true; };
  const onSubmit = (/** @type {SubmitEvent} */ e) => { submits.push(e); };
  const onClick = (/** @type {MouseEvent} */ e) => { clicks.push(e); };
  if (nav && typeof nav.addEventListener === 'function') nav.addEventListener('navigate', on);
  window.addEventListener('submit', onSubmit, true);
  window.addEventListener('click', onClick, true);
  const opensTab = (/** @type {string | null | undefined} */ target) => {
    const t = String(target || '').trim().toLowerCase();
    return t !== '' && t !== '_self' && t !== '_parent' && t !== '_top' && !(t === window.name);
  };
  return {
    seen: () => seen,
    settled: async () => {
      let newTab = false;
      for (const e of submits) {
        if (e.defaultPrevented) continue;
        const form = /** @type {HTMLFormElement | null} */ (e.target); // a submit event's target is its form
        const target = (e.submitter && e.submitter.getAttribute && e.submitter.getAttribute('formtarget')) || (form && form.target);
        if (opensTab(target)) newTab = true;
        else if (!(form && String(form.method).toLowerCase() === 'dialog') && form && form.ownerDocument === document) seen = true;
      }
      for (const e of clicks) {
        if (e.defaultPrevented) continue;
        // a target with closest is an element; what it finds is a link (a or area)
        const a = e.target && /** @type {Element} */ (e.target).closest ? /** @type {HTMLAnchorElement | HTMLAreaElement | null} */ (/** @type {Element} */ (e.target).closest('a[href], area[href]')) : null;
        if (a && opensTab(a.target)) newTab = true;
      }
      // a handler's window.open (the dialog guard counts them; a trusted click is not blocked as a popup)
      const guard = dialogLink({ opens: true, since: mark });
      if (guard && guard.opens) newTab = true;
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
