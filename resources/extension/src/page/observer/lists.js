// @ts-check
// Repeated content blocks (product tiles, result rows, review cards, table rows) and the control
// that reaches their next batch. Works on the sibling runs the walk already counted.
import { selectorFor, quote } from './selector.js';
import { columnNamer, columnCss, isGridRow, cellOf } from './grid.js';
import { blockText } from './sections.js';
/** @typedef {import('./walk-records.js').WalkInfo} WalkInfo @typedef {import('./walk-records.js').StyleOf} StyleOf */
/** @typedef {import('./observation.js').ObservedListDraft} ObservedListDraft */
/** @typedef {import('./selector.js').ScanBudget} ScanBudget */
/** A link or button of the top document with the short label it shows. @typedef {{c: WalkInfo, el: Element, text: string, shown: string}} PagerControl */
/**
 * What advances a listing: `at` is where it sits (the list it follows is the last that starts before it), `ctl`
 * its control (none for an infinite-scroll sentinel, whose own record is `info`).
 * @typedef {{at: Element, kind: import('./observation.js').ListPagination['kind'], ctl: WalkInfo | null, pages?: number, info?: WalkInfo}} Pager
 */

const MAX_LISTS = 12;
const MAX_FIELDS = 8;
const SAMPLE_CAP = 80;
const FIELD_SCAN = 300; // elements looked at inside the first member
const SKIP_FIELD_TAGS = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SCRIPT', 'STYLE', 'SVG', 'TEMPLATE']);
const NEXT_TEXT = /^(next|next page|older|older posts|more results|›|»|→|>|>>)$/i;
const MORE_TEXT = /^(load|show|view|see) more\b|^more results$|^load more$/i;

/**
 * @param {string | null | undefined} s
 * @param {number} cap
 */
function clean(s, cap) {
  const t = (s || '').replace(/\s+/g, ' ').trim();
  return t.length > cap ? t.slice(0, cap - 1) + '…' : t;
}

/** @param {Element} el */
function ownText(el) {
  let t = '';
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) t += /** @type {Text} */ (c).data;
  return t.trim();
}

/**
 * @param {Element} el
 * @param {Element} item
 * @param {ReturnType<typeof columnNamer>} column
 */
function fieldName(el, item, column) {
  // a grid's cell is named by the header a person reads over its column
  const h = column ? column(el) : null;
  if (h) return h;
  const ip = el.getAttribute('itemprop') || el.getAttribute('data-field') || el.getAttribute('data-name');
  if (ip) return ip;
  for (const c of el.classList || []) {
    if (/\d{3,}|^[a-z]{1,2}$/i.test(c)) continue; // hashed or utility-sized class names say nothing
    const parts = c.split(/__|--|[-_]/).filter(Boolean);
    return parts[parts.length - 1] || c;
  }
  return null;
}

/**
 * A selector for `el` relative to `item`, unique inside the first member.
 * @param {Element} el
 * @param {Element} item
 */
function relativeCss(el, item) {
  const col = columnCss(el, item);
  if (col) return col;
  const tag = CSS.escape(el.localName);
  for (const c of el.classList || []) {
    const s = tag + '.' + CSS.escape(c);
    if (item.querySelectorAll(s).length === 1) return s;
  }
  const a = el.getAttribute('itemprop');
  if (a) { const s = '[itemprop=' + quote(a) + ']'; if (item.querySelectorAll(s).length === 1) return s; }
  if (item.querySelectorAll(tag).length === 1) return tag;
  const parts = [];
  for (let cur = /** @type {Element | null} */ (el); cur && cur !== item; cur = cur.parentElement) {
    let n = 1; let same = 0;
    // (below item: it has a parent)
    for (let s = /** @type {Element} */ (cur.parentElement).firstElementChild; s; s = s.nextElementSibling) {
      if (s.localName === cur.localName) { same++; if (s === cur) n = same; }
    }
    parts.push(CSS.escape(cur.localName) + (same > 1 ? ':nth-of-type(' + n + ')' : ''));
  }
  return ':scope > ' + parts.reverse().join(' > ');
}

/**
 * @param {Element} item
 * @param {StyleOf} styleOf
 */
function fieldsOf(item, styleOf) {
  /** @type {import('./observation.js').ListField[]} */
  const fields = [];
  const names = new Set();
  const headers = columnNamer(item);
  /** @type {(el: Element, name: string | null | undefined, attribute: string | null, sample: string | null) => void} */
  const add = (el, name, attribute, sample) => {
    if (fields.length >= MAX_FIELDS || !sample) return;
    let n = (name || (attribute === 'href' ? 'link' : attribute === 'src' ? 'image' : 'text'))
      .toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'field';
    let base = n; let i = 2;
    while (names.has(n)) n = base + '_' + i++;
    names.add(n);
    /** @type {import('./observation.js').ListField} */
    const f = { name: n, css: relativeCss(el, item), sample: clean(sample, SAMPLE_CAP) };
    if (attribute) f.attribute = attribute;
    fields.push(f);
  };
  /** @type {Set<Element>} */
  const taken = new Set();
  const all = item.getElementsByTagName('*');
  const scan = [item];
  for (let i = 0; i < all.length && i < FIELD_SCAN; i++) scan.push(all[i]);
  for (const el of scan) {
    if (fields.length >= MAX_FIELDS) break;
    if (SKIP_FIELD_TAGS.has(el.tagName.toUpperCase())) continue;
    if (el !== item && el.closest('button,select,textarea')) continue;
    if (el.tagName === 'IMG' && el.getAttribute('src')) {
      add(el, fieldName(el, item, headers) || 'image', 'src', el.getAttribute('src'));
      continue;
    }
    if (el.tagName === 'A' && el.getAttribute('href')) {
      const text = clean(el.textContent, SAMPLE_CAP);
      if (text && el !== item) { add(el, fieldName(el, item, headers) || (el.closest('h1,h2,h3,h4,h5,h6') ? 'title' : 'link'), null, text); taken.add(el); }
      add(el, (fieldName(el, item, headers) || 'link') + '_url', 'href', /** @type {HTMLAnchorElement} */ (el).href);
      continue;
    }
    if (el === item) continue;
    const t = ownText(el);
    if (!t) continue;
    let inside = false;
    for (const k of taken) if (k.contains(el)) { inside = true; break; }
    if (inside) continue;
    // in a grid the column is the field: the text inside a cell is read as the cell's
    const cell = headers ? cellOf(el, item) : null;
    const at = cell && !taken.has(cell) ? cell : el;
    // a cell or a leaf carries the whole of its text; a wrapper with its own text too
    const text = at.firstElementChild ? blockText(at, styleOf) : t;
    add(at, fieldName(at, item, headers) || (/^H[1-6]$/.test(at.tagName) ? 'title' : null), null, text);
    taken.add(at);
  }
  return fields;
}

/** @param {Element} item */
function rich(item) {
  // members that carry at least two pieces of text or a link and a text: records, not menu entries
  if (item.tagName === 'TR') return /** @type {HTMLTableRowElement} */ (item).cells && /** @type {HTMLTableRowElement} */ (item).cells.length >= 2;
  if (isGridRow(item)) return item.querySelectorAll('[role=gridcell],[role=cell]').length >= 2;
  let pieces = 0;
  const all = item.getElementsByTagName('*');
  if (ownText(item)) pieces++;
  for (let i = 0; i < all.length && i < FIELD_SCAN; i++) {
    const el = all[i];
    if (el.tagName === 'IMG') pieces++;
    else if (ownText(el) && !el.closest('button')) pieces++;
    if (pieces >= 2) return true;
  }
  return false;
}

// Ancestor walk rather than contains() over every accepted member: a page of 5,000 cards with a run of
// star icons in each would otherwise make millions of checks.
/**
 * @param {Element} el
 * @param {Set<Element>} accepted
 */
function insideAccepted(el, accepted) {
  for (let cur = /** @type {Element | null} */ (el); cur; cur = cur.parentElement) if (accepted.has(cur)) return true;
  return false;
}

/**
 * How many items the whole list has when the page draws only some of them (a virtualized grid or list): an ARIA
 * grid's aria-rowcount less its header rows, or an item's aria-setsize. Null when it says nothing more than count.
 * @param {Element} item
 * @param {number} count
 */
function totalOf(item, count) {
  const setSize = parseInt(item.getAttribute('aria-setsize') || '', 10);
  if (setSize > count) return setSize;
  const grid = item.closest('[role=grid], [role=treegrid], [role=table], table');
  if (!grid) return null;
  const rows = parseInt(grid.getAttribute('aria-rowcount') || '', 10);
  if (!(rows > 0)) return null;
  // aria-rowcount counts the header rows too
  const headers = Array.from(grid.querySelectorAll('[role=row], tr')).filter((r) => r.querySelector('[role=columnheader], th')
    && !r.querySelector('[role=gridcell], td')).length;
  const total = rows - headers;
  return total > count ? total : null;
}

/**
 * Detects lists among the walk's sibling runs (top document only: a list has no `enter`).
 * @param {import('./walk-records.js').PageWalk} walk
 * @param {ScanBudget} budget
 * @param {(info: WalkInfo) => string | null} sectionOf
 * @param {StyleOf} [styleOf] by default the window's own (the walked document is shown in one)
 * @returns {ObservedListDraft[]}
 */
export function findLists(walk, budget, sectionOf, styleOf = (el) => /** @type {Window} */ (el.ownerDocument.defaultView).getComputedStyle(el)) {
  /** @type {ObservedListDraft[]} */
  const lists = [];
  /** @type {Set<Element>} */
  const accepted = new Set();
  const top = walk.trees[0];
  for (const g of walk.groups) {
    if (lists.length >= MAX_LISTS) break;
    if (g.tree !== top || !g.parent.el) continue;
    const first = g.items[0];
    if (first.tagName === 'OPTION' || first.tagName === 'BR' || first.tagName === 'TD' || first.tagName === 'TH') continue;
    const r = first.getAttribute('role');
    if (r === 'columnheader' || r === 'rowheader' || r === 'gridcell' || r === 'cell') continue; // a grid's header or a row's cells
    if (insideAccepted(g.parent.el, accepted)) continue; // nested in a member of a list already taken
    if (!first.textContent.trim() && !first.querySelector('img')) continue;
    if (!rich(first)) continue;
    if (!first.checkVisibility({ checkVisibilityCSS: true })) continue;
    const fields = fieldsOf(first, styleOf);
    if (fields.length < 2 && !isGridRow(first)) continue;
    // (an element's record: a tree's root record, without one, is skipped above)
    const parentSel = selectorFor(/** @type {WalkInfo} */ (g.parent), budget);
    if (parentSel.indexes || parentSel.path) continue;
    const cls = first.classList.length ? '.' + CSS.escape(first.classList[0]) : '';
    const selector = parentSel.selector + ' > ' + CSS.escape(first.localName) + cls;
    let count;
    try { count = top.root.querySelectorAll(selector).length; } catch { continue; }
    const list = /** @type {ObservedListDraft} */ ({ ref: 'l' + (lists.length + 1), selector, count, fields }); // _parent follows
    const total = totalOf(first, count);
    if (total) list.total = total;
    const section = sectionOf(/** @type {WalkInfo} */ (g.parent));
    if (section) list.section = section;
    list._parent = /** @type {Element} */ (g.parent.el);
    lists.push(list);
    for (const i of g.items) accepted.add(i);
  }
  return lists;
}

/**
 * Finds the controls that advance a listing and attaches each to the list it follows.
 * `controls` are the walk's candidates (all of them, collapsed or not) in document order.
 * @param {ObservedListDraft[]} lists
 * @param {WalkInfo[]} controls
 * @param {WalkInfo[]} infinite
 * @param {ScanBudget} budget
 */
export function attachPagination(lists, controls, infinite, budget) {
  if (!lists.length) return;
  /** @type {Pager[]} */
  const pagers = [];
  // one pass over the controls of the top document: the short label of each link or button
  /** @type {PagerControl[]} */
  const labelled = [];
  for (const c of controls) {
    if (c.tree.parent) continue;
    const el = c.el;
    const role = c.role;
    if (!(el.tagName === 'A' || el.tagName === 'BUTTON' || role === 'link' || role === 'button')) continue;
    const shown = (el.textContent || '').replace(/\s+/g, ' ').trim();
    const aria = (el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
    if (shown.length > 80 || aria.length > 80) continue; // a pager's controls say little
    // what it says: the label when there is one, but a page number as it is drawn ("3", not "Show Page 3")
    const text = /^\d{1,4}$/.test(shown) ? shown : aria || shown;
    labelled.push({ c, el, text, shown });
  }
  // numbered: two or more controls whose text is a page number, under one container
  /** @type {Map<Element, PagerControl[]>} */
  const byContainer = new Map();
  for (const x of labelled) {
    if (!/^\d{1,4}$/.test(x.text)) continue;
    // (from the parent: Tabulator's page buttons are themselves of class tabulator-page; a control of the top
    // document has one, the document element being no link or button)
    const up = /** @type {Element} */ (x.el.parentElement);
    const container = (up && up.closest('nav,ul,ol,[class*="pag" i],[aria-label*="pag" i]')) || up;
    if (!byContainer.has(container)) byContainer.set(container, []);
    /** @type {PagerControl[]} */ (byContainer.get(container)).push(x); // (set just above)
  }
  /** @type {Set<PagerControl>} */
  const claimed = new Set();
  const isNext = (/** @type {PagerControl} */ x) => x.el.getAttribute('rel') === 'next' || NEXT_TEXT.test(x.text) || /^next/i.test(x.text)
    || NEXT_TEXT.test(x.shown) || /^next/i.test(x.shown);
  for (const [container, nums] of byContainer) {
    if (nums.length < 2) continue;
    // the numbers often sit in a box of their own beside First/Prev/Next/Last (Tabulator's pages span)
    let box = container;
    if (!labelled.some((x) => box.contains(x.el) && isNext(x))) {
      let up = container.parentElement;
      for (let i = 0; i < 2 && up; i++, up = up.parentElement) {
        const around = up;
        if (labelled.some((x) => around.contains(x.el) && isNext(x))) { box = around; break; }
      }
    }
    const inside = labelled.filter((x) => box.contains(x.el));
    let next = inside.find(isNext);
    if (!next) {
      const cur = nums.findIndex((x) => x.el.getAttribute('aria-current') || x.el.getAttribute('aria-pressed') === 'true'
        || x.el.classList.contains('active') || x.el.classList.contains('current'));
      next = nums[cur + 1] || nums[1];
    }
    for (const x of inside) claimed.add(x);
    pagers.push({ at: box, kind: 'numbered', ctl: next.c, pages: nums.length });
  }
  for (const x of labelled) {
    if (claimed.has(x)) continue;
    const el = x.el;
    const label = x.text.length > 40 ? x.text.slice(0, 40) : x.text;
    if (el.tagName === 'A' && (el.getAttribute('rel') === 'next' || NEXT_TEXT.test(label))) {
      pagers.push({ at: el, kind: 'link', ctl: x.c });
    } else if (MORE_TEXT.test(label)) {
      pagers.push({ at: el, kind: 'more', ctl: x.c });
    }
  }
  for (const info of infinite) if (!info.tree.parent) pagers.push({ at: info.el, kind: 'infinite', ctl: null, info });

  for (const p of pagers) {
    // the pager belongs to the last list that starts before it
    let owner = null;
    for (const l of lists) {
      const pos = l._parent.compareDocumentPosition(p.at);
      if (pos & Node.DOCUMENT_POSITION_FOLLOWING || pos & Node.DOCUMENT_POSITION_CONTAINED_BY) owner = l;
    }
    if (!owner || owner.pagination) continue;
    const pg = /** @type {import('./observation.js').ListPagination} */ ({ kind: p.kind }); // the selector follows
    if (p.ctl) {
      const sel = selectorFor(p.ctl, budget);
      pg.selector = sel.selector;
      const label = clean(p.ctl.el.textContent, 40) || clean(p.ctl.el.getAttribute('aria-label'), 40);
      if (label) pg.label = label;
      // (the href is there: asked just before)
      if (p.ctl.el.tagName === 'A' && p.ctl.el.getAttribute('href') && !/** @type {string} */ (p.ctl.el.getAttribute('href')).startsWith('#')) {
        pg.url = /** @type {HTMLAnchorElement} */ (p.ctl.el).href;
      }
    } else {
      pg.selector = selectorFor(/** @type {WalkInfo} */ (p.info), budget).selector; // (a pager without a control is a sentinel, with its info)
    }
    if (p.pages) pg.pages = p.pages;
    owner.pagination = pg;
  }
}
