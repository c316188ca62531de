// @ts-check
// Runs in the page's own world at document_start, in every frame (manifest content_scripts, world MAIN; the WebDriver
// driver installs the same file as a preload script of the page's realm). A web component can say its role, name and
// states through ElementInternals (Material Web's tabs, radios and select options; Lit's and FAST's form controls):
// browsers read them into the accessibility tree, but nothing in the DOM shows them, and the page script runs in
// another world. So the first attachInternals of each element is kept here, and the page script asks for what they
// say (page/internals.js): one event asks, one event per element answers, its detail a JSON string (decision 0080).
import { FIELDS } from './page/internals.js';

(() => {
  const proto = globalThis.HTMLElement && HTMLElement.prototype;
  const attach = proto && proto.attachInternals;
  if (!attach || /** @type {any} */ (attach).waymarkKept) return;
  /** @type {Set<WeakRef<HTMLElement>>} */
  const kept = new Set();
  // a page that keeps making components and is never asked: gone elements are let go each time the set doubles
  let sweepAt = 1024;
  /** @type {WeakMap<HTMLElement, ElementInternals>} */
  const internalsOf = new WeakMap();
  const keep = {
    /** @this {HTMLElement} */
    attachInternals() {
      const internals = attach.call(this);
      internalsOf.set(this, internals);
      kept.add(new WeakRef(this));
      if (kept.size >= sweepAt) {
        for (const ref of kept) if (!ref.deref()) kept.delete(ref);
        sweepAt = Math.max(1024, kept.size * 2);
      }
      return internals;
    },
  }.attachInternals;
  Object.defineProperty(keep, 'waymarkKept', { value: true });
  Object.defineProperty(proto, 'attachInternals', { value: keep, writable: true, configurable: true, enumerable: false });
  document.addEventListener('waymark:internals-ask', () => {
    for (const ref of kept) {
      const el = ref.deref();
      if (!el) { kept.delete(ref); continue; }
      const internals = el.isConnected ? internalsOf.get(el) : null;
      if (!internals) continue;
      /** @type {Record<string, string>} */
      const said = {};
      let any = false;
      for (const f of FIELDS) {
        const v = /** @type {any} */ (internals)[f];
        if (typeof v === 'string') { said[f] = v; any = true; }
      }
      if (!any) continue;
      // the element's tag goes along: an element in a closed tree reaches the asker as its host, which it must not
      // take for the element
      said.tag = el.localName;
      el.dispatchEvent(new CustomEvent('waymark:internals', { detail: JSON.stringify(said), composed: true }));
    }
  });
})();
