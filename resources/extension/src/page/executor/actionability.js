// @ts-check
// Actionability: the checks a person's browser would make implicitly before input lands on an
// element (attached, visible, enabled, editable, stable, not covered). Each check returns the
// reason text for the error, or null; the service worker retries until the step's timeout.
import { describeElement, containsDeep, drawnParent, deepQueryAll } from './resolve.js';
import { nextFrame } from './common.js';
import { shadowOf } from '../shadow.js';
import { comboboxLike, COMBOBOX_CANDIDATES } from '../combobox.js';
import { isAriaRange } from './slider.js';

/**
 * The checks an action needs (NEEDS).
 * @typedef {{visible?: boolean, enabled?: boolean, editable?: boolean, hit?: boolean}} Needs
 */
/** A point in CSS pixels of a viewport. @typedef {{x: number, y: number}} Point */

// An element acted on is in a document a window shows (the page's or a frame's): its defaultView is not null.

/** @param {Element} el */
export function isVisible(el) {
  if (!el.isConnected) return false;
  const style = /** @type {Window & typeof globalThis} */ (el.ownerDocument.defaultView).getComputedStyle(el);
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return false;
  if (typeof el.checkVisibility === 'function' && !el.checkVisibility()) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

/** @param {Element} el */
export function isDisabled(el) {
  try { if (el.matches(':disabled')) return true; } catch { /* not a form control */ }
  for (let n = /** @type {Element | null} */ (el); n && n.nodeType === 1; n = n.parentElement) {
    if (n.getAttribute('aria-disabled') === 'true') return true;
  }
  return false;
}

/** @param {Element} el */
export function isEditable(el) {
  // isContentEditable is undefined on an element that is not HTML (SVG)
  if (/** @type {HTMLElement} */ (el).isContentEditable) return true;
  if (el.localName === 'textarea') return !(/** @type {HTMLTextAreaElement} */ (el).readOnly);
  if (el.localName === 'input') {
    const t = (/** @type {HTMLInputElement} */ (el).type || 'text').toLowerCase();
    if (['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file', 'hidden'].includes(t)) return false;
    return !(/** @type {HTMLInputElement} */ (el).readOnly);
  }
  return false;
}

// Roles a component's element may say of itself and still be no control of its own: a wrapper's.
const WRAPPER_ROLES = new Set(['presentation', 'none', 'group', 'generic']);

/**
 * What a fill or a select on a component's own element acts on (a hand-written `#country` for Material's
 * md-outlined-select, `#name` for Shoelace's sl-input): the one field a person types in (for a fill without one, the
 * one native select or slider), or the one combobox or select, its shadow trees hold (not those of frames inside it)
 * or it shows through a slot from its own children;
 * el itself when it is no component, holds none or holds several (the step must say which), or says a role of its own.
 * @param {Element} el
 * @param {'fill' | 'select'} kind
 * @returns {Element}
 */
export function componentControl(el, kind) {
  const role = el.getAttribute('role');
  if ((role && !WRAPPER_ROLES.has(role)) || /** @type {HTMLElement} */ (el).isContentEditable) return el;
  const tree = el.localName.includes('-') ? shadowOf(el) : null;
  if (!tree) return el;
  const own = (/** @type {string} */ css) => deepQueryAll(css, tree).filter((c) => c.ownerDocument === el.ownerDocument);
  // not a control the component keeps out of reach (hidden, aria-hidden, out of the tab order: Shoelace's select keeps
  // its value in such an input beside its readonly combobox)
  const reachable = (/** @type {Element} */ c) => c.getAttribute('aria-hidden') !== 'true' && /** @type {HTMLElement} */ (c).tabIndex >= 0
    && c.checkVisibility({ visibilityProperty: true });
  const isBox = (/** @type {Element} */ c) => c.localName === 'select' || comboboxLike(c);
  const boxes = own(`${COMBOBOX_CANDIDATES}, select`).filter(isBox);
  if (kind === 'select') {
    if (boxes.length) return boxes.length === 1 ? boxes[0] : el;
    // none in its tree: a child of its own it draws through one of its slots (Fluent's dropdown keeps its combobox
    // button in the page, slotted, so that its ARIA references reach the listbox)
    const slotted = [...el.children].filter((c) => c.assignedSlot && tree.contains(c.assignedSlot) && c.matches(`${COMBOBOX_CANDIDATES}, select`)
      && isBox(c) && reachable(c));
    return slotted.length === 1 ? slotted[0] : el;
  }
  // a field a person types in, reachable, and no select's
  const fields = own('input, textarea, [contenteditable=""], [contenteditable=true]').filter((c) => isEditable(c) && reachable(c));
  if (fields.length) return fields.length === 1 && boxes.every((b) => b === fields[0]) ? fields[0] : el;
  // No field to type in: the one native select (a fill of a select chooses in it, as on the page) or the one slider
  // or spin button drawn without an input (a fill sets its number), when the tree holds no other control to fill.
  const others = own('select, [role=slider], [role=spinbutton]').filter((c) => (c.localName === 'select' || isAriaRange(c)) && reachable(c));
  return others.length === 1 && boxes.every((b) => b === others[0]) ? others[0] : el;
}

/** Which checks an action needs. */
export const NEEDS = {
  click: { visible: true, enabled: true, hit: true },
  fill: { visible: true, enabled: true, editable: true },
  select: { visible: true, enabled: true },
  press: { visible: true, enabled: true },
};

/**
 * Reason the element is not ready for the action yet, or null. Scrolls it into view.
 * @param {Element} el
 * @param {Needs} needs
 */
export function notActionable(el, needs) {
  if (!el.isConnected) return 'element was detached from the page';
  if (needs.visible && !isVisible(el)) return `element is not visible: ${describeElement(el)}`;
  if (needs.enabled && isDisabled(el)) return `element is disabled: ${describeElement(el)}`;
  if (needs.editable && !isEditable(el)) {
    // readOnly is undefined on an element that is not an input or textarea
    const ro = /** @type {HTMLInputElement} */ (el).readOnly || el.getAttribute('aria-readonly') === 'true';
    return ro ? `element is read-only: ${describeElement(el)}` : `element is not editable (not an input, textarea or contenteditable): ${describeElement(el)}`;
  }
  return null;
}

/**
 * Whether what keeps el from the action is el itself, not a state it may leave soon: a fill's element is shown,
 * enabled and no text field at all (not an input, a textarea or an editor, nor one made read-only: an editor's
 * contenteditable=false is its read-only mode; no component still to be defined, nor one whose tree holds a field in
 * any state), in documents that have all loaded, up to the top. An editor that makes its element editable as it starts
 * does so soon after its script ran, which a loaded page has done; a component is defined when its module arrives,
 * which may be later; a component's field read-only or kept out of reach while its form loads is a state.
 * @param {Element} el
 * @param {Needs} needs
 */
export function lastingReason(el, needs) {
  if (!needs.editable || !el.isConnected || !loadedUpToTheTop(el)) return false;
  // a component not defined yet has not drawn its field: a design system's loader defines it when its module arrives
  if (!el.matches(':defined') || el.closest('[contenteditable]')) return false;
  const tree = shadowOf(el);
  if (tree && deepQueryAll('input, textarea, select, [contenteditable]', tree).length) return false;
  const ro = /** @type {HTMLInputElement} */ (el).readOnly || el.getAttribute('aria-readonly') === 'true';
  return !ro && !isEditable(el) && isVisible(el) && !isDisabled(el);
}

/**
 * Whether el's document and each same-origin document around it have loaded (a frame a script wrote is complete at
 * once, while the page around it, and the editor that will start in it, still load).
 * @param {Element} el
 */
function loadedUpToTheTop(el) {
  for (let win = el.ownerDocument.defaultView, i = 0; win && i < 20; i++) {
    if (win.document.readyState !== 'complete') return false;
    /** @type {Element | null} */
    let frame;
    try { frame = win.frameElement; } catch { return true; } // a parent of another origin: as far as it can be told
    if (!frame) return true;
    win = frame.ownerDocument.defaultView;
  }
  return true;
}

/** @type {ScrollLogicalPosition[]} */
const ALIGNMENTS = ['center', 'end', 'start', 'nearest'];

/**
 * Scrolls el into view when it is outside the viewport. On a retry (attempt > 0) it scrolls
 * anyway, cycling through alignments, so an element under a sticky header or a fixed footer
 * is brought out from under it, as Playwright does.
 * @param {Element} el
 * @param {number} [attempt]
 */
export function scrollIntoViewIfNeeded(el, attempt = 0) {
  const r = el.getBoundingClientRect();
  const win = /** @type {Window & typeof globalThis} */ (el.ownerDocument.defaultView);
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= win.innerHeight && r.right <= win.innerWidth;
  if (!inside || attempt > 0) {
    const block = ALIGNMENTS[attempt % ALIGNMENTS.length];
    el.scrollIntoView({ block, inline: block === 'nearest' ? 'nearest' : 'center', behavior: 'instant' });
  }
}

/**
 * Deepest element at (x, y) of doc, descending into shadow roots.
 * @param {Document} doc
 * @param {number} x
 * @param {number} y
 * @returns {Element | null}
 */
export function deepElementFromPoint(doc, x, y) {
  let hit = doc.elementFromPoint(x, y);
  for (let i = 0, sr = hit && shadowOf(hit); hit && sr && i < 20; i++, sr = shadowOf(hit)) {
    let inner = sr.elementFromPoint(x, y);
    // Over light text a slot shows (a design system's button: <sl-button>Save</sl-button>) the root answers with its
    // host, the text's parent in the page; the list of hits starts with the slot that draws it.
    if (!inner || inner === hit) {
      const first = sr.elementsFromPoint(x, y)[0] || null;
      inner = first && sr.contains(first) ? first : null;
    }
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

// What a label does not pass its click on from: a click on one of these inside a label is that element's own.
const OWN_CLICKS = 'a[href],button,input,select,textarea,[contenteditable=""],[contenteditable=true],[role=button],[role=link],[role=checkbox],[role=radio],[role=switch]';

/**
 * Whether a pointer on hit activates el through a label: a design system's checkbox or switch draws its box over the
 * input it hides (opacity 0, no pointer events), inside the label of that input, and a click on the drawing is a click
 * on the label, which the browser passes to the label's control. Only to its control (a label holding two inputs
 * passes it to the first), and not from a control of its own inside it.
 * @param {Element} el
 * @param {Element} hit
 */
function labelFor(el, hit) {
  const label = hit.closest('label');
  if (!label || /** @type {HTMLLabelElement} */ (label).control !== el) return false;
  const own = hit.closest(OWN_CLICKS);
  return !own || !label.contains(own) || own === el;
}

/**
 * Whether hit is drawn inside el: in it, or light content a slot in el's tree shows (an option or a menu item whose
 * words are the page's, drawn where the component puts its slot: Material's md-select-option in a popover menu).
 * @param {Element} el
 * @param {Element} hit
 */
function drawnInside(el, hit) {
  for (let n = /** @type {Element | null} */ (hit), i = 0; n && i < 200; n = drawnParent(n), i++) if (n === el) return true;
  return false;
}

/**
 * Hit test at the element's centre, frame by frame up to the top document. Returns
 * {point, target} where target is the element a pointer there would hit (el or inside it),
 * or {error} naming what covers it.
 * @param {Element} el
 */
export function hitTarget(el) {
  const doc = el.ownerDocument;
  const win = /** @type {Window & typeof globalThis} */ (doc.defaultView);
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > win.innerWidth || y > win.innerHeight) {
    return { error: `element is outside the viewport (clipped or scrolled away): ${describeElement(el)}` };
  }
  const hit = deepElementFromPoint(doc, x, y);
  if (!hit) return { error: `nothing is rendered at the centre of ${describeElement(el)}` };
  if (!containsDeep(el, hit) && !drawnInside(el, hit) && !labelFor(el, hit)) return { error: `element is covered by ${describeElement(coveringRoot(hit, el))}` };
  // An element inside a same-origin frame is only reachable when the frame itself is not covered.
  let frame;
  try { frame = win.frameElement; } catch { frame = null; }
  let fx = x;
  let fy = y;
  for (let f = frame; f; ) {
    const fr = f.getBoundingClientRect();
    const cs = /** @type {Window & typeof globalThis} */ (f.ownerDocument.defaultView).getComputedStyle(f);
    fx += fr.left + f.clientLeft + parseFloat(cs.paddingLeft || '0');
    fy += fr.top + f.clientTop + parseFloat(cs.paddingTop || '0');
    const outer = deepElementFromPoint(f.ownerDocument, fx, fy);
    if (outer !== f) return { error: `element's frame is covered by ${describeElement(outer ? coveringRoot(outer, f) : f)}` };
    try { f = /** @type {Window & typeof globalThis} */ (f.ownerDocument.defaultView).frameElement; } catch { f = null; }
  }
  return { point: { x, y }, target: hit, top: { x: fx, y: fy } };
}

// Climbs from the covering element to the outermost ancestor that still does not contain the
// target, so the error names the overlay (the cookie wall) rather than a paragraph inside it.
/**
 * @param {Element} hit
 * @param {Element} el
 */
function coveringRoot(hit, el) {
  let n = hit;
  while (n.parentElement && !containsDeep(n.parentElement, el) && n.parentElement !== n.ownerDocument.body) {
    n = n.parentElement;
  }
  return n;
}

/**
 * Whether a running animation or transition moves el: one on el or anything that draws it — its ancestors, through
 * the slot that shows it (a menu's surface that grows around its options), its shadow host and its frame element.
 * @param {Element} el
 */
export function animated(el) {
  return runningAnimations(el).length > 0;
}

/**
 * The running animations and transitions on el and on what draws it (see animated).
 * @param {Element} el
 * @returns {Animation[]}
 */
export function runningAnimations(el) {
  const chain = /** @type {Set<Element>} */ (new Set());
  /** @type {Set<Document | ShadowRoot>} the documents and shadow trees the chain passes through, each asked once */
  const roots = new Set();
  for (let n = /** @type {Element | null} */ (el), i = 0; n && i < 200; i++) {
    chain.add(n);
    roots.add(n.ownerDocument);
    if (n.parentNode && n.parentNode.nodeType === 11) roots.add(/** @type {ShadowRoot} */ (n.parentNode));
    const up = drawnParent(n);
    if (up) n = up;
    else {
      // past the top of a document, its frame element (a document without a window throws, and is caught)
      try { n = /** @type {Window} */ (n.ownerDocument.defaultView).frameElement; } catch { n = null; }
    }
  }
  /** @type {Animation[]} */
  const out = [];
  for (const r of roots) {
    /** @type {Animation[]} */ let list;
    try { list = r.getAnimations(); } catch { list = []; }
    for (const a of list) {
      const target = a.effect && /** @type {KeyframeEffect} */ (a.effect).target;
      if (a.playState === 'running' && target && chain.has(target)) out.push(a);
    }
  }
  return out;
}

/**
 * Whether el's box held still from now over the next two frames: the page's animations, whether the browser runs them
 * or a script moves an element once a frame, move it between frames (an element that moves is not hit where it is
 * drawn now). Two, as an animation (a CSS one on an element just shown, a script's spring begun in the frame after it
 * opened) often starts only in the frame after the one that first draws it. Frames, not a time: a busy page's frames
 * come late, and without one nothing has moved. A hidden document draws nothing (and its timers run late): it stands.
 * @param {Element} el
 */
export async function holdsStill(el) {
  const doc = el.ownerDocument;
  if (doc.visibilityState === 'hidden') return true;
  // An animation the browser has made but not started yet (its start time is set a frame or more after it was made,
  // later still when the compositor runs it) holds its first keyframe until then: no standing while one is. (Only on
  // the document's timeline: one a scroll drives waits for no frame, and may never start.)
  const starting = () => runningAnimations(el).some((a) => a.pending && a.timeline === doc.timeline);
  const same = (/** @type {DOMRect} */ a, /** @type {DOMRect} */ b) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  const before = el.getBoundingClientRect();
  const wasStarting = starting();
  await nextFrame();
  const between = el.getBoundingClientRect();
  if (wasStarting || !same(before, between)) return false;
  await nextFrame();
  return same(between, el.getBoundingClientRect()) && !starting();
}
