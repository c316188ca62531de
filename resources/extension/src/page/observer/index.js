// @ts-check
// The observer: turns the live page into a PageObservation (spec names, see
// /work/shared/spec/extension-apply.md and docs/protocol.md). Runs in the task tab's top frame,
// isolated world. One walk over the page, then per-node work only for the nodes that are kept.
import { getRole } from 'dom-accessibility-api';
import { walkPage } from './walk.js';
import { selectorFor, enterOf, VERIFY_BUDGET } from './selector.js';
import { findModal, insideModal, composedContains } from './modal.js';
import { findLists, attachPagination } from './lists.js';
import { blockText, headingWords, makeSectionOf } from './sections.js';
import { dropDuplicates } from './duplicates.js';
import { comboboxState, widgetOf, formStepOf, notForPeople } from './widgets.js';
import { NAME_CAP, clean, accnameOptions, accessibleName, nameAndText, patchLabels } from './names.js';
import { composedStart } from '../readable-text.js';
import { internalsOf } from '../internals.js';
import { linkTarget } from './links.js';

export const DEFAULTS = {
  max_nodes: 400,
  max_text: 20000,
  include_text: false,
  similar_keep: 20, // members of a same-shaped run kept before the rest are collapsed
  max_elements: 300000, // elements walked at most: a bound on the time a pathological page can take
};
const VALUE_CAP = 200;
const OPTIONS_CAP = 30;
const CONTEXT_CAP = 80;
const CONTEXT_PIECES = 3; // pieces of text a context is made of, at most
const CONTEXT_ENOUGH = 12; // characters after which a context says enough
const HEADING_CAP = 120;
const MAX_HEADINGS = 200;
const INPUT_ROLES = /** @type {Record<string, string>} */ ({ password: 'textbox', date: 'textbox', time: 'textbox', 'datetime-local': 'textbox',
  month: 'textbox', week: 'textbox', file: 'button', color: 'button' });
// a column header's own words tell a control in it (a grid's header filter) apart from those of other columns
const CONTEXT_TAGS = new Set(['LI', 'TR', 'ARTICLE', 'TH']);
const CONTEXT_ROLES = new Set(['row', 'listitem', 'article', 'option', 'treeitem', 'columnheader']);

/** A getComputedStyle that asks each element once; the page does not change during one observe. */
export function styleCache() {
  const plain = /** @type {Map<Element, CSSStyleDeclaration>} */ (new Map());
  const pseudo = /** @type {Map<Element, Map<string, CSSStyleDeclaration>>} */ (new Map());
  const fn = (/** @type {Element} */ el, /** @type {string | null | undefined} */ p) => {
    if (p) {
      const k = p;
      let m = pseudo.get(el);
      if (!m) { m = new Map(); pseudo.set(el, m); }
      let s = m.get(k);
      if (!s) { s = /** @type {Window} */ (el.ownerDocument.defaultView).getComputedStyle(el, p); m.set(k, s); }
      return s;
    }
    let s = plain.get(el);
    if (!s) { s = /** @type {Window} */ (el.ownerDocument.defaultView).getComputedStyle(el); plain.set(el, s); } // (a shown document has a window)
    return s;
  };
  return fn;
}

export function visible(/** @type {Element} */ el) {
  // opacity 0 stays in: visually hidden native inputs under a styled label are still the control
  return el.checkVisibility({ checkVisibilityCSS: true });
}

export function roleOf(/** @type {import('./walk-records.js').WalkInfo} */ info) {
  // ARIA's conflict rule: a focusable element keeps no presentation role (Chrome makes it generic)
  if ((info.role === 'presentation' || info.role === 'none') && info.el.hasAttribute('tabindex')) return 'generic';
  if (info.role) return info.role;
  if (info.standIn) return info.standIn.type; // checkbox or radio, as the control it stands in for
  const el = info.el;
  if (el.tagName === 'SUMMARY') return 'button';
  if (info.kind === 'editable') return 'textbox';
  // html-aam maps some input types to no role; a reader needs to know what using them means:
  // password and the date/time pickers are typed into, file and colour inputs are pressed
  if (el.tagName === 'INPUT' && INPUT_ROLES[/** @type {HTMLInputElement} */ (el).type]) return INPUT_ROLES[/** @type {HTMLInputElement} */ (el).type];
  const r = getRole(el);
  return r || 'generic';
}

function boolAttr(/** @type {Element} */ el, /** @type {string} */ name) {
  const v = el.getAttribute(name);
  return v === 'true' ? true : v === 'false' ? false : null;
}

/** The node's state fields (type, value, placeholder, disabled, checked, expanded, options), as its tag's control. */
export function stateOf(/** @type {Element} */ el, /** @type {string} */ role, /** @type {import('./observation.js').ObservedNode} */ node) {
  const tag = el.tagName;
  if (tag === 'INPUT') {
    const type = (/** @type {HTMLInputElement} */ (el).type || 'text').toLowerCase();
    node.type = type;
    if (type === 'checkbox' || type === 'radio') node.checked = /** @type {HTMLInputElement} */ (el).checked;
    // a password's value never leaves the page; button-like inputs carry their label in value
    else if (type !== 'password' && type !== 'submit' && type !== 'button' && type !== 'reset' && type !== 'image' && /** @type {HTMLInputElement} */ (el).value) {
      node.value = clean(/** @type {HTMLInputElement} */ (el).value, VALUE_CAP);
    }
  } else if (tag === 'TEXTAREA') {
    const area = /** @type {HTMLTextAreaElement} */ (el);
    if (area.value) node.value = area.value.length > VALUE_CAP ? area.value.slice(0, VALUE_CAP - 1) + '…' : area.value;
  } else if (tag === 'SELECT') {
    const select = /** @type {HTMLSelectElement} */ (el);
    const opts = select.options;
    const list = [];
    for (let i = 0; i < opts.length && i < OPTIONS_CAP; i++) list.push(opts[i].value);
    node.options = list;
    if (select.selectedIndex >= 0 && opts[select.selectedIndex]) node.value = clean(opts[select.selectedIndex].value, VALUE_CAP);
  } else if (tag === 'BUTTON') {
    node.type = (el.getAttribute('type') || 'submit').toLowerCase();
  } else if (/** @type {HTMLElement} */ (el).isContentEditable) {
    const t = clean(el.textContent, VALUE_CAP);
    if (t) node.value = t;
  }
  if (role === 'combobox' && tag !== 'SELECT') comboboxState(el, node, { value: VALUE_CAP, options: OPTIONS_CAP, name: NAME_CAP });
  const said = internalsOf(el);
  if (node.value === undefined && (role === 'slider' || role === 'spinbutton' || role === 'progressbar')) {
    const v = (el.getAttribute('aria-valuetext') ?? said?.ariaValueText) || (el.getAttribute('aria-valuenow') ?? said?.ariaValueNow);
    if (v) node.value = clean(v, VALUE_CAP);
  }
  const ph = el.getAttribute('placeholder') || el.getAttribute('aria-placeholder');
  if (ph) node.placeholder = clean(ph, NAME_CAP);
  // inert content is drawn but takes no input: to a reader that is a control that rejects interaction (a
  // form-associated web component's disabled property lives in the page's world: its :disabled is read instead)
  const disabled = ((typeof /** @type {{disabled?: unknown}} */ (el).disabled === 'boolean' || el.localName.includes('-')) && el.matches(':disabled'))
    || (el.getAttribute('aria-disabled') ?? said?.ariaDisabled) === 'true' || el.closest('[inert]') !== null;
  if (disabled) node.disabled = true;
  if (node.checked === undefined) {
    const c = el.getAttribute('aria-checked') ?? (role === 'switch' ? el.getAttribute('aria-pressed') : null)
      ?? (said ? said.ariaChecked ?? (role === 'switch' ? said.ariaPressed : null) : null);
    if (c === 'true') node.checked = true;
    else if (c === 'false') node.checked = false;
  }
  const expanded = expandedOf(el);
  if (expanded !== null) node.expanded = expanded;
}

/** Whether el is open (aria-expanded, or a details' summary), null when it neither opens nor closes. @param {Element} el */
export function expandedOf(el) {
  const expanded = boolAttr(el, 'aria-expanded');
  if (expanded === null && el.tagName === 'SUMMARY' && el.parentElement && el.parentElement.tagName === 'DETAILS') return /** @type {HTMLDetailsElement} */ (el.parentElement).open;
  return expanded;
}

/**
 * What tells the control's row, card or item apart: the first few pieces of visible text in it, other
 * than the control's own, until they say enough (the title and price of a tile, the first cells of a
 * row). Not the whole card: the rest is the list's business.
 */
export function contextOf(/** @type {import('./walk-records.js').WalkInfo} */ info, /** @type {string | undefined} */ name) {
  let depth = 0;
  for (let cur = /** @type {import('./walk-records.js').WalkNode | null} */ (info.parent); cur && cur.el && depth < 10; cur = cur.parent, depth++) {
    const el = cur.el;
    if (el === el.ownerDocument.body) break;
    const r = el.getAttribute('role');
    if (!(CONTEXT_TAGS.has(el.tagName) || (r && CONTEXT_ROLES.has(r)) || cur.repeated)) continue;
    const text = leadingText(el, info.el, name);
    // a cell that holds only the control says nothing: climb to its row
    if (text) return text;
  }
  return null;
}

function leadingText(/** @type {Element} */ container, /** @type {Element} */ control, /** @type {string | undefined} */ name) {
  const doc = container.ownerDocument;
  const walker = doc.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const parts = [];
  let length = 0;
  const seenParents = /** @type {Map<Element, boolean>} */ (new Map());
  for (let t = /** @type {Text | null} */ (walker.nextNode()); t && parts.length < CONTEXT_PIECES && length < CONTEXT_ENOUGH; t = /** @type {Text | null} */ (walker.nextNode())) {
    const s = clean(t.data, 40);
    if (!s) continue;
    const p = t.parentElement;
    if (!p || control.contains(p)) continue;
    let shown = seenParents.get(p);
    if (shown === undefined) { shown = p.checkVisibility({ checkVisibilityCSS: true }); seenParents.set(p, shown); }
    if (!shown || s === name) continue;
    parts.push(s);
    length += s.length;
  }
  const text = parts.join(' ');
  return text ? clean(text, CONTEXT_CAP) : null;
}

/**
 * The page's text as a person reads it, the words web components draw in their shadow trees included.
 * @param {Document} doc @param {number} cap @param {Element[]} hosts the shadow hosts the walk met in doc
 */
function topVisibleText(doc, cap, hosts) {
  // the walk stops well past what is kept (whitespace is squeezed out after it): a page of thousands of components
  // pays for the start of its text only
  const start = doc.body ? composedStart(doc.body, hosts, cap * 3) : { text: '', stopped: false };
  const t = start.text.replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n').trim();
  return { text: t.length > cap ? t.slice(0, cap) : t, clipped: t.length > cap || start.stopped };
}

/** Observes the page. Options: max_nodes, max_text, include_text (docs/protocol.md), similar_keep. */
export function observePage(/** @type {import('./observation.js').ObserveOptions | undefined} */ options) {
  const t0 = performance.now();
  const opt = /** @type {import('./observation.js').ObserveSettings & Record<string, unknown>} */ (Object.assign({}, DEFAULTS));
  const given = /** @type {Record<string, unknown>} */ (options); // (any key given is taken; there when it has keys)
  for (const k of Object.keys(options || {})) if (given[k] !== undefined && given[k] !== null) opt[k] = given[k];
  const doc = document;
  const win = window;
  const styleOf = styleCache();
  const P = opt.profile ? { name: 0, selector: 0, section: 0, geometry: 0, context: 0 } : null;
  const walk = walkPage(doc, styleOf, opt.max_elements);
  const tWalk = performance.now();

  // visible candidates, then collapse runs of same-shaped siblings, then the node cap
  // a <select> a widget hides and stands in for is not what a person uses: the widget is (combobox.js)
  const all = walk.candidates.filter((c) => visible(c.el) && !notForPeople(c.el));
  const groupSize = new Map();
  for (const c of all) { const k = walk.keyOf(c); groupSize.set(k, (groupSize.get(k) || 0) + 1); }
  const seen = new Map();
  const lastKept = new Map();
  const kept = [];
  let collapsed = 0;
  let capped = 0;
  for (const c of all) {
    const size = groupSize.get(c.key);
    const n = (seen.get(c.key) || 0) + 1;
    seen.set(c.key, n);
    if (size > opt.similar_keep && n > opt.similar_keep) { collapsed++; continue; }
    if (kept.length >= opt.max_nodes) { capped++; continue; }
    kept.push(c);
    if (size > opt.similar_keep) lastKept.set(c.key, c);
  }

  const sectionOf = makeSectionOf(walk, styleOf);
  let modal = findModal(doc, walk.dialogs, styleOf);
  // a fixed layer with every control inside it covers nothing: it is the page's own frame
  if (modal && modal.overlay && !modal.frame && !all.some((c) => !insideModal(/** @type {import('./modal.js').Modal} */ (modal), c.el))) modal = null;
  if (modal) modal.above = [];
  const budget = { left: VERIFY_BUDGET };
  const vw = win.innerWidth;
  const vh = win.innerHeight;

  const labels = patchLabels(walk, kept);
  const naming = accnameOptions(styleOf);
  let nodes = [];
  const nameKey = new Map();
  try {
    for (let i = 0; i < kept.length; i++) {
      const info = kept[i];
      const el = info.el;
      const role = roleOf(info);
      const node = /** @type {import('./observation.js').ObservedNodeDraft} */ ({ ref: 'e' + (i + 1), role }); // the rest follows
      let tp = P ? performance.now() : 0;
      const said = nameAndText(info, naming, labels.labelMap);
      if (said.name) node.name = said.name;
      else if (said.text) node.text = said.text;
      node.tag = el.localName;
      if (info.standIn) node.checked = info.standIn.checked;
      const href = linkTarget(el);
      if (href) node.href = href;
      if (P) { P.name += performance.now() - tp; tp = performance.now(); }
      stateOf(el, role, node);
      const widget = widgetOf(el, role, info);
      if (widget) node.widget = widget;
      if (!opt.lean) {
        const sel = selectorFor(info, budget);
        node.selector = sel.selector;
        if (sel.path) node.path = sel.path;
        if (sel.indexes) node.indexes = sel.indexes;
        if (sel.positional) node.positional = true;
        if (info.tree.parent) node.enter = enterOf(info.tree, budget);
      }
      if (P) { P.selector += performance.now() - tp; tp = performance.now(); }
      const section = sectionOf(info);
      if (section) node.section = section;
      if (P) { P.section += performance.now() - tp; tp = performance.now(); }
      // (a lean reading, for the identity check, asks no geometry)
      if (!opt.lean) {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const gx = x + info.tree.ox;
        const gy = y + info.tree.oy;
        const hasBox = r.width > 0 || r.height > 0;
        if (hasBox && (r.bottom + info.tree.oy <= 0 || r.top + info.tree.oy >= vh || r.right + info.tree.ox <= 0 || r.left + info.tree.ox >= vw)) {
          node.offscreen = true;
        }
        const inside = modal && insideModal(modal, el);
        if (modal && !modal.overlay && !inside) node.obscured = true;
        else if (hasBox && !node.offscreen && gx >= 0 && gy >= 0 && gx < vw && gy < vh) {
          const hitRoot = info.tree.root;
          const hit = hitRoot.elementFromPoint(x, y);
          if (hit && !covers(el, hit)) node.obscured = true;
          // a consent box is often a sibling stacked over the backdrop rather than inside it: what
          // the hit test reaches above the wall belongs to the wall
          else if (modal && modal.overlay && !inside) /** @type {Element[]} */ (modal.above).push(el); // (set above)
        } else if (modal && !inside) node.obscured = true;
      }
      if (P) { P.geometry += performance.now() - tp; }
      if (lastKept.get(info.key) === info) node.similar = groupSize.get(info.key) - opt.similar_keep;
      node._info = info;
      info._node = node;
      nodes.push(node);
    }
  } finally {
    labels.restore();
  }
  nodes = dropDuplicates(nodes);
  for (const info of kept) delete info._node;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    node.ref = 'e' + (i + 1);
    const k = node.role + '\u0000' + (node.name || node.text || '');
    nameKey.set(k, (nameKey.get(k) || 0) + 1);
  }
  const infos = nodes.map((n) => n._info);
  const elements = infos.map((info) => info.el);
  const tCtx = performance.now();
  // context only where the name does not already tell the node apart
  for (const node of nodes) {
    // (a clickable's shown text tells it apart as a name would)
    const said = node.name || node.text;
    const k = node.role + '\u0000' + (said || '');
    // a grid cell's own text is its value, which says nothing of whose it is: its row's key cells do
    if (nameKey.get(k) > 1 || !said || node.role === 'gridcell' || node.role === 'cell') {
      const ctx = contextOf(node._info, said);
      if (ctx && ctx !== said) node.context = ctx;
    }
    delete /** @type {{_info?: unknown}} */ (node)._info; // (what is returned is an ObservedNode)
  }
  const tNodes = performance.now();
  if (P) P.context = tNodes - tCtx;

  const headings = [];
  for (let i = 0; i < walk.headings.length && headings.length < MAX_HEADINGS; i++) {
    const h = walk.headings[i];
    if (!visible(h.el)) continue;
    const text = clean(headingWords(h.el, styleOf), HEADING_CAP);
    if (text) headings.push({ level: h.level, text });
  }
  const lists = opt.lean ? [] : findLists(walk, budget, sectionOf, styleOf);
  if (!opt.lean) attachPagination(lists, walk.candidates.filter((c) => !c.tree.parent), walk.infinite, budget);
  for (const l of lists) delete /** @type {{_parent?: unknown}} */ (l)._parent;

  const obs = /** @type {import('./observation.js').PageObservation} */ ({ url: location.href, title: doc.title, nodes, headings });
  let truncated = capped > 0 || walk.clipped;
  if (opt.include_text) {
    // the walk met every shadow host of the page (its frames' hosts are in their own documents)
    const hosts = walk.trees.filter((tr) => tr.root.nodeType === 11 && tr.doc === doc && tr.host).map((tr) => /** @type {Element} */ (tr.host));
    const t = topVisibleText(doc, opt.max_text, hosts);
    obs.text = t.text;
    if (t.clipped) truncated = true;
  }
  obs.truncated = truncated;
  if (modal) {
    obs.modal = modalName(modal, styleOf);
    if (modal.frame) obs.modal_frame = true;
  }
  if (formStepOf(doc)) obs.form_step = /** @type {string} */ (formStepOf(doc)); // (the same as just asked)
  obs.omitted = collapsed + capped;
  obs.frames = walk.frames;
  obs.lists = lists;
  const t1 = performance.now();
  // the elements behind the nodes (for in-page checks) and the phase timings (for the benchmark) ride
  // along non-enumerable, so they never reach the wire
  Object.defineProperty(obs, '_elements', { value: elements, enumerable: false });
  // and, for the identity check's lean reading, the walk's reading of each (a heal makes its selector from it,
  // without walking the page again)
  if (opt.lean) Object.defineProperty(obs, '_infos', { value: infos, enumerable: false });
  Object.defineProperty(obs, '_timing', { value: { walk_ms: tWalk - t0, nodes_ms: tNodes - tWalk, total_ms: t1 - t0,
    elements: walk.trees.reduce((a, t) => a + t.elements, 0), candidates: all.length, lists_ms: t1 - tNodes, profile: P }, enumerable: false });
  return obs;
}

function covers(/** @type {Element & {labels?: Iterable<HTMLLabelElement> | null}} */ el, /** @type {Element} */ hit) {
  if (hit === el || el.contains(hit)) return true;
  // a label stacked over a visually hidden input is how custom checkboxes are drawn: clicking it reaches the input
  if (el.labels) for (const l of el.labels) if (l === hit || l.contains(hit)) return true;
  // a shadow host or frame seen from outside stands for what it holds
  if (composedContains(hit, el)) return true;
  return false;
}

function modalName(/** @type {import('./modal.js').Modal} */ modal, /** @type {import('./walk-records.js').StyleOf} */ styleOf) {
  if (modal.overlay && !modal.frame && /** @type {Element[]} */ (modal.above).length) { // (set by the observer; an overlay has its wall)
    // name the box the reachable controls sit in: their highest ancestor that is not the page
    let box = /** @type {Element[]} */ (modal.above)[0];
    const body = box.ownerDocument.body;
    while (box.parentElement && box.parentElement !== body && !box.parentElement.contains(/** @type {Element} */ (modal.wall))) box = box.parentElement;
    modal.roots = [box].concat(modal.roots);
    modal.label = box;
  }
  const el = modal.label;
  let n = accessibleName(el, accnameOptions(styleOf), 80);
  if (!n && el.tagName === 'IFRAME') n = clean(el.getAttribute('title') || el.getAttribute('name') || '', 80) || ('frame ' + safeOrigin(/** @type {HTMLIFrameElement} */ (el).src));
  if (!n) {
    for (const r of modal.roots) {
      const h = r.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]');
      if (h) { n = clean(blockText(h, styleOf), 80); break; }
    }
  }
  if (!n) n = clean(/** @type {HTMLElement} */ (modal.roots[0]).innerText, 80); // (no innerText on an SVG root: clean reads '')
  return n || 'dialog';
}

function safeOrigin(/** @type {string} */ src) {
  try { return new URL(src).origin; } catch { return 'cross-origin'; }
}
