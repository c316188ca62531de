// @ts-check
import { shadowOf, wordsInItsControl } from '../shadow.js';
import { readInternals, internalsRole } from '../internals.js';
/** @typedef {import('./walk-records.js').WalkTree} WalkTree @typedef {import('./walk-records.js').WalkInfo} WalkInfo */
/** @typedef {import('./walk-records.js').WalkNode} WalkNode @typedef {import('./walk-records.js').StyleOf} StyleOf */
// Phase one of an observation: a single pass over the page in document order, through open
// shadow roots and same-origin frames. It touches every element once and does only cheap work
// there (tag, a few attributes, per-tree counts for selector uniqueness, sibling signatures);
// everything that costs (names, rects, hit tests, selectors) is done later and only for the
// nodes that survive the caps.

const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'HEAD', 'META', 'LINK', 'BASE', 'TITLE']);
export const TEST_ATTRS = ['data-testid', 'data-test', 'data-test-id', 'data-qa', 'data-cy'];
// the attributes a record's element carries its own id in (TodoMVC's data-id, AG Grid's row-id)
export const ITEM_ATTRS = ['data-id', 'data-key', 'data-item-id', 'data-row-id', 'row-id', 'data-record-id', 'data-uid'];

export const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'option', 'textbox', 'searchbox', 'combobox', 'listbox', 'slider',
  'spinbutton', 'treeitem', 'scrollbar',
]);
const NON_INTERACTIVE_INPUTS = new Set(['hidden']);
// Landmarks and dialogs that give a control its "section". header/footer only count as
// banner/contentinfo outside sectioning content, as html-aam maps them.
/** @type {Record<string, string>} */
const LANDMARK_TAGS = { NAV: 'navigation', MAIN: 'main', ASIDE: 'complementary', SEARCH: 'search', DIALOG: 'dialog' };
const LANDMARK_ROLES = new Set(['banner', 'navigation', 'main', 'complementary', 'contentinfo', 'region',
  'search', 'form', 'dialog', 'alertdialog']);
const SECTIONING = new Set(['ARTICLE', 'ASIDE', 'MAIN', 'NAV', 'SECTION']);
const INFINITE_HINT = /(^|[\s_-])(sentinel|infinite|infinite-scroll|scroll-trigger)([\s_-]|$)/i;

/**
 * A tree is a document or shadow root with its own selector namespace.
 * @param {Document | ShadowRoot} root @param {WalkTree | null} parentTree @param {Element | null} hostEl
 * @param {{x: number, y: number} | null} offset @returns {WalkTree}
 */
export function makeTree(root, parentTree, hostEl, offset) {
  // (a shadow root's ownerDocument is the document it lives in)
  const doc = /** @type {Document} */ (root.nodeType === 9 ? root : root.ownerDocument);
  return {
    root, doc, win: doc.defaultView, parent: parentTree, host: hostEl,
    ox: offset ? offset.x : 0, oy: offset ? offset.y : 0,
    counts: new Map(), // selector-part -> how many elements in this tree carry it
    elements: 0,
    enter: parentTree ? null : [],
    isFrame: root.nodeType === 9 && !!parentTree,
  };
}

/** @param {Map<string, number>} map @param {string} key */
function bump(map, key) { map.set(key, (map.get(key) || 0) + 1); }

// The same keys ownSelector looks up: how many elements of the tree carry each candidate part.
/** @param {Element} el @param {Map<string, number>} tc */
function countForSelectors(el, tc) {
  if (!el.hasAttributes()) return;
  const id = el.id;
  if (id) bump(tc, '#' + id);
  for (let i = 0; i < TEST_ATTRS.length; i++) {
    const v = el.getAttribute(TEST_ATTRS[i]);
    if (v !== null) bump(tc, TEST_ATTRS[i] + '\u0000' + v);
  }
  const nm = el.getAttribute('name');
  if (nm !== null) bump(tc, el.localName + '\u0000name\u0000' + nm);
  for (const a of ['aria-label', 'placeholder', 'title']) {
    const v = el.getAttribute(a);
    if (v !== null) bump(tc, el.localName + '\u0000' + a + '\u0000' + v);
  }
  for (let i = 0; i < ITEM_ATTRS.length; i++) {
    const v = el.getAttribute(ITEM_ATTRS[i]);
    if (v !== null) bump(tc, ITEM_ATTRS[i] + '\u0000' + v);
  }
  if (el.localName === 'a') { const h = el.getAttribute('href'); if (h !== null) bump(tc, 'a\u0000href\u0000' + h); }
}

/** Tag plus first class: what makes siblings "the same shape". @param {Element} el */
export function signature(el) {
  const cn = el.className;
  const c = typeof cn === 'string' ? cn : el.getAttribute('class'); // SVG: an animated string
  if (!c) return el.localName;
  const t = c.trim();
  if (!t) return el.localName;
  const sp = t.search(/\s/);
  return el.localName + '.' + (sp < 0 ? t : t.slice(0, sp));
}

/** @param {string | null} r */
function explicitRole(r) {
  if (!r) return null;
  const first = r.trim().split(/\s+/)[0];
  return first ? first.toLowerCase() : null;
}

/**
 * Whether an element is a control by its markup alone (tag, role, contenteditable).
 * Returns 'native', 'role', 'editable', or null.
 * @param {Element} el @param {string} tag @param {string | null} role @param {boolean} href
 * @param {string | null} ce the contenteditable attribute @returns {import('./walk-records.js').ControlKind | null}
 */
function nativeKind(el, tag, role, href, ce) {
  switch (tag) {
    case 'A': case 'AREA': if (href) return 'native'; break;
    case 'BUTTON': case 'SELECT': case 'TEXTAREA': case 'SUMMARY': return 'native';
    case 'INPUT': return NON_INTERACTIVE_INPUTS.has((el.getAttribute('type') || '').toLowerCase()) ? null : 'native';
    default: break;
  }
  if (role && INTERACTIVE_ROLES.has(role)) return 'role';
  if (ce !== null && ce !== 'false') {
    // only the editing host, not every element inside it
    const p = el.parentElement;
    if (!p || !p.isContentEditable) return 'editable';
  }
  return null;
}

/**
 * Whether a column header sorts its grid when clicked: a grid library's sortable class (Tabulator, AG Grid, MUI's
 * data grid all write one), or an aria-sort on a header that takes focus or shows a pointer.
 * @param {Element} el @param {string | null} cls @param {string | null} tabindex @param {StyleOf} styleOf
 */
function sortableHeader(el, cls, tabindex, styleOf) {
  if (el.querySelector('button, a[href], [role=button]')) return false;
  if (cls && /(^|[\s_-])sortable/i.test(cls) && !/unsortable|nosort|not-sortable/i.test(cls)) return true;
  if (!el.hasAttribute('aria-sort')) return false;
  return (tabindex !== null && parseInt(tabindex, 10) >= 0) || styleOf(el).cursor === 'pointer';
}

/** @param {Element} el */
function hasOwnText(el) {
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3 && /** @type {Text} */ (c).data.trim()) return true;
  }
  return false;
}

/**
 * Walks the page. Returns { candidates, headings, trees, frames, groups, dialogs, infinite }.
 * Every candidate is an info object { el, tree, parent, depth, key, sig, nth, sameTag, landmark,
 * headingIndex, kind, role, order }.
 * @param {Document} doc @param {StyleOf} styleOf @param {number} [maxElements]
 * @returns {import('./walk-records.js').PageWalk}
 */
export function walkPage(doc, styleOf, maxElements = Infinity) {
  readInternals(doc);
  const top = makeTree(doc, null, null, null);
  const trees = [top];
  const candidates = /** @type {WalkInfo[]} */ ([]);
  const headings = /** @type {import('./walk-records.js').WalkHeading[]} */ ([]);
  const groups = /** @type {import('./walk-records.js').WalkGroup[]} */ ([]); // repeated sibling runs: { parent, sig, items, tree }
  const dialogs = /** @type {Element[]} */ ([]);
  const infinite = /** @type {WalkInfo[]} */ ([]);
  const labels = /** @type {HTMLLabelElement[]} */ ([]);
  let frames = 0;
  let order = 0;
  const keyIds = /** @type {Map<string, number>} */ (new Map());
  let nextKey = 1;
  const intern = (/** @type {string} */ s) => { let k = keyIds.get(s); if (!k) { k = nextKey++; keyIds.set(s, k); } return k; };

  // A stack of pending elements. Each entry is an info object; children are pushed in reverse so
  // pops come out in document order.
  const stack = /** @type {WalkInfo[]} */ ([]);
  /** @type {import('./walk-records.js').WalkRoot} */
  const root = { el: null, tree: top, parent: null, depth: 0, key: 0, landmark: null, sectioning: false,
    inControl: false, repeated: false, item: null };

  // The key names an element's position with repeated steps generalised: two controls share a
  // key exactly when they sit at the same place inside different members of a run. Computed on
  // demand (only candidates and their ancestors need one), interned to a number.
  /** @param {WalkNode} info @returns {number} */
  function keyOf(info) {
    if (info.key !== undefined) return info.key;
    // iterative: a script can nest elements deeper than the JS stack goes
    const chain = /** @type {WalkInfo[]} */ ([]);
    let cur = info;
    // (a record without a key is an element's: a tree's root record has one from the start)
    for (; cur.key === undefined; cur = /** @type {WalkInfo} */ (cur).parent) chain.push(/** @type {WalkInfo} */ (cur));
    let key = cur.key;
    for (let i = chain.length - 1; i >= 0; i--) {
      key = intern(key + chain[i].step);
      chain[i].key = key;
    }
    return key;
  }

  /**
   * @param {WalkNode} parentInfo @param {Element} el @param {WalkTree} tree @param {number} nth @param {number} sameTag
   * @param {string} sig @param {boolean} repeated @returns {WalkInfo}
   */
  function child(parentInfo, el, tree, nth, sameTag, sig, repeated) {
    return { el, tree, parent: parentInfo, depth: parentInfo.depth + 1, key: undefined,
      step: repeated ? '/*' + sig : '/' + sig + ':' + nth, sig, nth, sameTag, repeated,
      landmark: parentInfo.landmark, sectioning: parentInfo.sectioning, inControl: parentInfo.inControl,
      item: repeated ? 'self' : parentInfo.item };
  }

  /** @param {WalkNode} parentInfo @param {Element | null} firstChild @param {WalkTree} tree */
  function pushChildren(parentInfo, firstChild, tree) {
    if (!firstChild) return;
    if (firstChild.nextElementSibling === null) {
      // an only child (most elements): nothing to count
      if (!SKIP_TAGS.has(firstChild.tagName)) stack.push(child(parentInfo, firstChild, tree, 1, 1, signature(firstChild), false));
      return;
    }
    // count same-tag and same-signature siblings once per parent: nth-of-type for selectors,
    // repeated runs for `similar` and for lists
    const kids = /** @type {(Element | number | string)[]} */ ([]); // (element, nth, signature) triples
    const tagCount = /** @type {Map<string, number>} */ (new Map());
    const sigMap = /** @type {Map<string, Element[]>} */ (new Map());
    for (let c = /** @type {Element | null} */ (firstChild); c; c = c.nextElementSibling) {
      if (SKIP_TAGS.has(c.tagName)) {
        bump(tagCount, c.localName); // still counts for nth-of-type
        continue;
      }
      const tag = c.localName;
      const nth = (tagCount.get(tag) || 0) + 1;
      tagCount.set(tag, nth);
      const sig = signature(c);
      let arr = sigMap.get(sig);
      if (!arr) { arr = []; sigMap.set(sig, arr); }
      arr.push(c);
      kids.push(c, nth, sig);
    }
    let repeatedSigs = /** @type {Set<string> | null} */ (null);
    for (const [sig, arr] of sigMap) {
      if (arr.length >= 3) {
        if (!repeatedSigs) repeatedSigs = new Set();
        repeatedSigs.add(sig);
        groups.push({ parent: parentInfo, sig, items: arr, tree });
      }
    }
    for (let i = kids.length - 3; i >= 0; i -= 3) {
      const c = /** @type {Element} */ (kids[i]);
      const sig = /** @type {string} */ (kids[i + 2]);
      // (every child's tag is counted above)
      stack.push(child(parentInfo, c, tree, /** @type {number} */ (kids[i + 1]), /** @type {number} */ (tagCount.get(c.localName)), sig,
        repeatedSigs !== null && repeatedSigs.has(sig)));
    }
  }

  pushChildren(root, doc.documentElement, top);
  let visited = 0;
  let clipped = false;
  while (stack.length) {
    if (++visited > maxElements) { clipped = true; break; }
    const info = /** @type {WalkInfo} */ (stack.pop()); // (the loop runs while the stack holds one)
    const el = info.el;
    const tree = info.tree;
    if (info.item === 'self') info.item = info; // nearest repeated ancestor-or-self (or null)
    const tag = el.tagName;
    tree.elements++;
    // one look at the attribute names instead of a dozen getAttribute calls on every element
    let id = '';
    let roleAttr = null;
    let hidden = false;
    let ce = null;
    let onclick = false;
    let tabindex = null;
    let labelled = false;
    let href = false;
    let cls = null;
    if (el.hasAttributes()) {
      const names = el.getAttributeNames();
      const tc = tree.counts;
      for (let i = 0; i < names.length; i++) {
        const n = names[i];
        switch (n) {
          case 'id': id = el.id; if (id) bump(tc, '#' + id); break;
          case 'class': cls = el.getAttribute('class'); break;
          case 'role': roleAttr = el.getAttribute('role'); break;
          case 'hidden': hidden = true; break;
          case 'contenteditable': ce = el.getAttribute('contenteditable'); break;
          case 'onclick': onclick = true; break;
          case 'tabindex': tabindex = el.getAttribute('tabindex'); break;
          case 'aria-labelledby': labelled = true; break;
          case 'aria-label': labelled = true; bump(tc, el.localName + '\u0000aria-label\u0000' + el.getAttribute(n)); break;
          case 'name': case 'placeholder': case 'title':
            bump(tc, el.localName + '\u0000' + n + '\u0000' + el.getAttribute(n)); break;
          case 'href': href = true; if (el.localName === 'a') bump(tc, 'a\u0000href\u0000' + el.getAttribute(n)); break;
          case 'data-testid': case 'data-test': case 'data-test-id': case 'data-qa': case 'data-cy':
          case 'data-id': case 'data-key': case 'data-item-id': case 'data-row-id': case 'row-id': case 'data-record-id': case 'data-uid':
            bump(tc, n + '\u0000' + el.getAttribute(n)); break;
          default: break;
        }
      }
    }
    // a web component's role said through its internals (Material's tabs and radios), when its markup says none
    if (roleAttr === null && tag.includes('-')) roleAttr = internalsRole(el);
    if (hidden && tag !== 'DIALOG') {
      // a hidden subtree holds no control we list, but its attributes still collide with the
      // selectors of visible ones
      const all = el.getElementsByTagName('*');
      for (let i = 0; i < all.length; i++) countForSelectors(all[i], tree.counts);
      // a hidden <label for> still names its visible control (TodoMVC's "Mark all as complete")
      if (tag === 'LABEL') labels.push(/** @type {HTMLLabelElement} */ (el));
      for (const l of el.getElementsByTagName('label')) labels.push(l);
      tree.elements += all.length;
      continue;
    }

    if (tag === 'LABEL') labels.push(/** @type {HTMLLabelElement} */ (el));
    const role = explicitRole(roleAttr);
    // landmark and heading tracking for `section`
    let landmarkRole = role && LANDMARK_ROLES.has(role) ? role : LANDMARK_TAGS[tag] || null;
    if (!landmarkRole && !role && !info.sectioning) {
      if (tag === 'HEADER') landmarkRole = 'banner';
      else if (tag === 'FOOTER') landmarkRole = 'contentinfo';
    }
    if (!landmarkRole && !role && (tag === 'SECTION' || tag === 'FORM') && labelled) landmarkRole = tag === 'SECTION' ? 'region' : 'form';
    if (landmarkRole) {
      info.landmark = { el, role: landmarkRole, tree, headingStart: headings.length, parent: info.landmark };
      if (landmarkRole === 'dialog' || landmarkRole === 'alertdialog') dialogs.push(el);
    }
    if (SECTIONING.has(tag)) info.sectioning = true;

    const isHeading = (tag.length === 2 && tag[0] === 'H' && tag[1] >= '1' && tag[1] <= '6') || role === 'heading';
    if (isHeading) {
      // (without aria-level parseInt reads "null", NaN, and the level is 2)
      headings.push({ el, info, level: role === 'heading' ? (parseInt(/** @type {string} */ (el.getAttribute('aria-level')), 10) || 2) : +tag[1], tree });
    }
    info.headingIndex = headings.length;

    let kind = nativeKind(el, tag, role, href, ce);
    // a column header a person clicks to sort the grid by (its own button or link, when it has one, is the control)
    if (!kind && (role === 'columnheader' || (tag === 'TH' && !role)) && sortableHeader(el, cls, tabindex, styleOf)) kind = 'sortable';
    // A label with a control is that control's: clicking any of it clicks the control, which is a node
    // of its own, so neither the label nor the text inside it is a clickable apart from it. When the
    // control is not rendered at all (a display:none checkbox or radio under a styled label, the CSS
    // toggle of a menu), the label is what a person clicks: it stands in for the control.
    if (tag === 'LABEL' && /** @type {HTMLLabelElement} */ (el).control) {
      info.inControl = true;
      // (there, by the test above; read as an input only once its localName says it is one)
      const ctl = /** @type {HTMLInputElement} */ (/** @type {HTMLLabelElement} */ (el).control);
      if (!kind && ctl.localName === 'input' && (ctl.type === 'checkbox' || ctl.type === 'radio')
          && !ctl.checkVisibility({ checkVisibilityCSS: true })) {
        kind = 'standin';
        info.standIn = ctl;
      }
    }
    if (!kind && !info.inControl && tag !== 'BODY' && tag !== 'HTML') {
      // Listeners added with addEventListener are invisible both to the page's own scripts and to
      // this isolated world (getEventListeners is DevTools-only), so a clickable <div> can only be
      // inferred from what pages set alongside a handler: an onclick attribute (the property is
      // visible only in the page's own world, checked too in case we run there), tabindex >= 0
      // (someone made it focusable for keyboard users), or a pointer cursor on a leaf that shows
      // text (the pointer is what tells a sighted user it is clickable; only leaves, because the
      // cursor is inherited and every descendant of a clickable card would match).
      if (onclick || typeof /** @type {Partial<GlobalEventHandlers>} */ (el).onclick === 'function') kind = 'handler';
      // (a focusable box around a grid's rows is there to scroll it by keyboard, not to be clicked)
      else if (tabindex !== null && parseInt(tabindex, 10) >= 0 && tag !== 'IFRAME' && !el.querySelector('[role=row],tr')) kind = 'handler';
      // (a host that draws a control of its own around its words, <sl-button>Save</sl-button>, is that control)
      else if (el.firstElementChild === null && hasOwnText(el)
               && styleOf(el).cursor === 'pointer' && !wordsInItsControl(el)) kind = 'handler';
    }
    if (kind) {
      info.kind = kind;
      info.role = role;
      info.order = order++;
      candidates.push(info);
      info.inControl = true;
    }
    if (!kind && (cls || id) && INFINITE_HINT.test((cls || '') + ' ' + id)) {
      infinite.push(info);
    }

    // descend: shadow tree first, then light children (slotted content renders inside it)
    if (tag === 'IFRAME' || tag === 'FRAME') {
      let fdoc;
      try { fdoc = /** @type {HTMLIFrameElement} */ (el).contentDocument; } catch { fdoc = null; }
      if (!fdoc || !fdoc.documentElement) { frames++; continue; }
      readInternals(fdoc, false);
      const r = el.getBoundingClientRect();
      const cs = styleOf(el);
      const ft = makeTree(fdoc, tree, el, {
        x: tree.ox + r.left + el.clientLeft + (parseFloat(cs.paddingLeft) || 0),
        y: tree.oy + r.top + el.clientTop + (parseFloat(cs.paddingTop) || 0),
      });
      ft.hostInfo = info;
      trees.push(ft);
      /** @type {import('./walk-records.js').WalkRoot} */
      const frameRoot = { el: null, tree: ft, parent: info, depth: info.depth + 1, key: intern(keyOf(info) + '/f'),
        landmark: info.landmark, sectioning: false, inControl: false, repeated: false, item: info.item };
      pushChildren(frameRoot, fdoc.documentElement, ft);
      continue;
    }
    if (el.firstElementChild) pushChildren(info, el.firstElementChild, tree);
    const sr = shadowOf(el);
    if (sr) {
      const st = makeTree(sr, tree, el, { x: tree.ox, y: tree.oy });
      st.hostInfo = info;
      trees.push(st);
      /** @type {import('./walk-records.js').WalkRoot} */
      const shadowRootInfo = { el: null, tree: st, parent: info, depth: info.depth + 1, key: intern(keyOf(info) + '/s'),
        landmark: info.landmark, sectioning: info.sectioning, inControl: info.inControl, repeated: false,
        item: info.item };
      pushChildren(shadowRootInfo, sr.firstElementChild, st);
    }
  }
  return { candidates, headings, trees, frames, groups, dialogs, infinite, labels, keyOf, clipped };
}
