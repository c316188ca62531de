// @ts-check
// Conditions and waits, checked once per call: the service worker polls.
import { SelectorError, deepQueryAll } from './resolve.js';
import { isVisible } from './actionability.js';
import { normText } from './extract.js';
import { docId } from './common.js';
import { composedText, readableText, shownText } from '../readable-text.js';
import { shadowRoots, waymarksOwn } from '../shadow.js';

// ---- conditions and waits ----

function pageText() {
  return normText(document.body ? document.body.innerText : readableText(document.documentElement)).toLowerCase();
}


/**
 * Text without its whitespace, lower-cased: what shownText joins without a space between elements ("Total:" "$5") and
 * what the source breaks over lines still compares with what a person reads.
 * @param {string | null | undefined} s
 */
function squeeze(s) {
  return String(s ?? '').replace(/\s+/g, '').toLowerCase();
}

/**
 * Whether each frame el's document is drawn in, up to the top, is shown: what a hidden frame holds is not on the page,
 * though its own document draws it (a frame kept visibility:hidden, or inside a hidden frame, lays its content out).
 * @param {Element} el
 */
function framesShown(el) {
  for (let win = el.ownerDocument.defaultView, i = 0; win && i < 20; i++) {
    /** @type {Element | null} */
    let frame;
    try { frame = win.frameElement; } catch { return true; } // a parent of another origin: shown as far as it can be told
    if (!frame) return true;
    if (!isVisible(frame)) return false;
    win = frame.ownerDocument.defaultView;
  }
  return true;
}

/**
 * Whether the text drawn in body, through the shadow trees it holds, has the lower-cased words n. Finding the trees
 * walks the body's elements (1 ms for 10,000); reading the text drawn through them is paid only when every word is in
 * the raw text of the body or of its trees at all, and only through the trees that hold one of them.
 * @param {Element} body
 * @param {string} n
 */
function drawnInShadow(body, n) {
  const roots = shadowRoots(body);
  if (!roots.length) return false;
  // a word may be drawn from pieces in two trees ("$" in the tree, "19.99" in the light child its slot shows): its
  // letters and digits are what each piece holds
  const pieces = n.match(/[\p{L}\p{N}]+/gu) || [];
  const texts = roots.map((r) => (String(r.textContent) + ' ' + String(r.host.textContent)).toLowerCase());
  const raw = String(body.textContent).toLowerCase() + ' ' + texts.join(' ');
  if (!pieces.every((w) => raw.includes(w))) return false;
  // only the trees that hold a piece, in their own text or in the light text their slots show, are walked through:
  // what the others draw cannot be in the match
  const holding = pieces.length ? roots.filter((r, i) => pieces.some((w) => texts[i].includes(w))).map((r) => r.host) : roots.map((r) => r.host);
  return holding.length > 0 && normText(composedText(body, holding)).toLowerCase().includes(n);
}

/**
 * @param {string} needle
 * @param {Element[] | null} elements
 */
function textIn(needle, elements) {
  const n = normText(needle).toLowerCase();
  if (!elements) {
    if (pageText().includes(n)) return true;
    // innerText leaves out the same-origin frames, what web components draw in their shadow trees and what
    // content-visibility: auto has not rendered past the viewport: each shown frame's innerText, then the text drawn
    // through the shadow trees of each shown body, then its shown text, the page's own and its frames'. Never the raw
    // text: what the page hides (a toast drawn ahead with `hidden` or visibility:hidden, a closed menu) or only its
    // code holds is not on the page. The last walk is costly on a big page, polled: only when the raw text has the
    // words at all.
    const squeezed = squeeze(n);
    return deepQueryAll('body').some((b) => framesShown(b) && (
      (b !== document.body && normText(/** @type {HTMLElement} */ (b).innerText).toLowerCase().includes(n))
      || drawnInShadow(b, n)
      || (squeeze(b.textContent).includes(squeezed) && squeeze(shownText(b)).includes(squeezed))));
  }
  // A shown element's composed text: its innerText with what its web components draw in their shadow trees (an SVG
  // element, which has no innerText, its shown text). One not rendered: its readable text, as innerText would be its
  // whole text, scripts included.
  return elements.some((e) => normText(isVisible(e) ? composedText(e) : readableText(e)).toLowerCase().includes(n));
}

/** @param {string} css */
function deepMatches(css) {
  // CSS that is no selector throws a SelectorError (queryAll); anything else the page raised goes as it came
  return deepQueryAll(css);
}

/**
 * Evaluates a Condition. selector: an element matches (searched through shadow roots and
 * same-origin frames); text: the page contains it — or, with match "all" and a selector, one of
 * the matched elements does; url_includes: the URL contains it. match "all" (default) or
 * "any"; negate inverts; with opts.shown a selector holds only for a match that is shown (a userStep's continue_on
 * waits for an element to appear: one the page keeps hidden until then is no sign). Returns {ok, holds, detail} or
 * {ok:false, error}.
 * @type {import('../page-calls.js').PageCalls['checkCondition']}
 */
export function checkCondition(cond, opts = {}) {
  try {
    const any = String(cond.match || 'all').toLowerCase() === 'any';
    const results = [];
    let matched = null;
    /** @type {string | null} what a selector matched that is not shown, when that is all it matched */
    let unshown = null;
    if (cond.selector) {
      matched = deepMatches(cond.selector);
      if (opts.shown) {
        // (Waymark's own pointer to the side panel is no element of the page's)
        const all = matched.filter((e) => !waymarksOwn(e));
        matched = all.filter((e) => isVisible(e) && framesShown(e));
        if (!matched.length && all.length) unshown = `${all.length} match${all.length === 1 ? '' : 'es'}, none shown`;
      }
      results.push(['selector', matched.length > 0]);
    }
    if (cond.text) results.push(['text', textIn(cond.text, !any && matched ? matched : null)]);
    if (cond.url_includes) results.push(['url_includes', location.href.includes(cond.url_includes)]);
    let holds = results.length === 0 ? true : any ? results.some((r) => r[1]) : results.every((r) => r[1]);
    if (cond.negate) holds = !holds;
    const detail = results.map(([k, v]) => `${k} ${v ? 'holds' : 'does not hold'}${k === 'selector' && unshown ? ` (${unshown})` : ''}`).join(', ');
    return { ok: true, holds, detail, doc: docId };
  } catch (e) {
    // a SelectorError (CSS that is no selector) is the condition's own, and stays; anything else may pass
    return { ok: false, error: /** @type {Error} */ (e).message, ...(e instanceof SelectorError ? { fatal: true } : {}), doc: docId };
  }
}

/**
 * Checks a WaitConfig once: every set predicate must hold. selector waits for a visible match
 * (absent: for no visible match); text for the text on the page; url_includes for the URL.
 * Returns {ok, holds, pending} where pending says what has not happened yet.
 * @type {import('../page-calls.js').PageCalls['checkWait']}
 */
export function checkWait(wait) {
  try {
    const pending = [];
    if (wait.selector) {
      const visible = deepMatches(wait.selector).filter((e) => isVisible(e) && framesShown(e));
      if (wait.absent && visible.length) pending.push(`'${wait.selector}' is still on the page`);
      if (!wait.absent && !visible.length) pending.push(`no visible element matches '${wait.selector}'`);
    }
    if (wait.text && !textIn(wait.text, null)) pending.push(`text '${wait.text}' is not on the page`);
    if (wait.url_includes && !location.href.includes(wait.url_includes)) pending.push(`the URL does not contain '${wait.url_includes}' (it is ${location.href})`);
    return { ok: true, holds: pending.length === 0, pending: pending.join('; '), doc: docId, ready: document.readyState };
  } catch (e) {
    return { ok: false, error: /** @type {Error} */ (e).message, doc: docId }; // a SelectorError (deepMatches), or a DOMException
  }
}
