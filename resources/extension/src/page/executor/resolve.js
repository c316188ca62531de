// @ts-check
// Resolves a Selector (css | path, indexes, index, all, enter) to elements, and describes
// selectors and elements in the words an error message needs.
import { shadowOf } from '../shadow.js';

/** @typedef {import('../../wire.js').Selector} Selector */
/** Where a selector's css and path are looked up: the document, a shadow root entered, or a frame's document. @typedef {Document | ShadowRoot} QueryRoot */

/**
 * Short text for a Selector, e.g. "css '#save' inside 'my-form' > 'iframe#pay'".
 * @param {Selector | null | undefined} sel
 */
export function describeSelector(sel) {
  if (!sel) return 'no selector';
  let what = sel.css ? `css '${sel.css}'` : sel.path ? `path '${sel.path}'` : 'an empty selector';
  if (Array.isArray(sel.indexes) && sel.indexes.length) what += ` at positions [${sel.indexes.join(', ')}]`;
  if (Number.isInteger(sel.index)) what += ` at position ${sel.index}`;
  if (Array.isArray(sel.enter) && sel.enter.length) what += ` inside ${sel.enter.map((e) => `'${e}'`).join(' > ')}`;
  return what;
}

/**
 * One-line description of an element: <div id=x class="a b"> 'text'.
 * @param {Element | null | undefined} el
 */
export function describeElement(el) {
  if (!el || el.nodeType !== 1) return String(el);
  let s = `<${el.localName}`;
  if (el.id) s += ` id=${el.id}`;
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean).slice(0, 3) : [];
  if (cls.length) s += cls.length === 1 ? ` class=${cls[0]}` : ` class="${cls.join(' ')}"`;
  const role = el.getAttribute('role');
  if (role) s += ` role=${role}`;
  s += '>';
  const text = shortText(el, 40);
  if (text) s += ` '${text}'`;
  return s;
}

/**
 * @param {Element} el
 * @param {number} max
 */
export function shortText(el, max) {
  // an element without innerText (SVG) reads its textContent
  const raw = (/** @type {HTMLElement} */ (el).innerText ?? el.textContent ?? '') || el.getAttribute?.('aria-label') || el.getAttribute?.('value') || '';
  const t = String(raw).replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** Thrown for a selector that can never match as written (bad CSS, cross-origin frame). */
export class SelectorError extends Error {}

/**
 * Resolves sel against the top document. Returns the matched elements after indexes/index/all
 * narrowing; an empty array when nothing matches (yet). Throws SelectorError when the selector
 * itself is unusable, and returns {missing} text through the error message otherwise.
 * @param {Selector} sel
 * @param {Document} [doc]
 */
export function resolveSelector(sel, doc = document) {
  const { root, error } = enterRoots(sel.enter || [], doc);
  if (error) return { elements: [], error };
  /** @type {Element[]} */
  let found;
  if (sel.css) found = queryAll(root, sel.css);
  else if (sel.path) found = evalPath(root, sel.path);
  else throw new SelectorError('the selector has neither css nor path');
  if (sel.css && sel.path && !found.length) {
    // The css no longer matches (a class renamed, an id made unique per load): the structural path the
    // observer wrote for this very element is the next way to it. It names one element, so the css's
    // positions (indexes, index) do not apply to it.
    const byPath = evalPath(root, sel.path);
    if (byPath.length) return { elements: sel.all ? byPath : [byPath[0]], total: byPath.length, via: 'path' };
  }
  const total = found.length;
  if (Array.isArray(sel.indexes) && sel.indexes.length) {
    found = sel.indexes.map((i) => found[i < 0 ? total + i : i]).filter(Boolean);
    if (total && !found.length) {
      return { elements: [], total, error: `${describeSelector(sel)} matched ${total} element(s), none at those positions` };
    }
  }
  if (Number.isInteger(sel.index)) {
    const index = /** @type {number} */ (sel.index); // an integer: checked just above
    const i = index < 0 ? found.length + index : index;
    const one = found[i];
    if (!one) {
      return { elements: [], total, error: total ? `${describeSelector(sel)}: only ${found.length} element(s) matched, position ${sel.index} is out of range` : null };
    }
    found = [one];
  }
  // indexes names the positions to act on, so every one of them is kept; otherwise a
  // multi-match selector acts on its first match unless all is set.
  const listed = Array.isArray(sel.indexes) && sel.indexes.length > 0 && !Number.isInteger(sel.index);
  if (!sel.all && !listed && found.length > 1) found = [found[0]];
  return { elements: found, total };
}

/**
 * @param {string[]} enter
 * @param {Document} doc
 * @returns {{root: QueryRoot, error?: string}}
 */
function enterRoots(enter, doc) {
  /** @type {QueryRoot} */
  let root = doc;
  for (const entry of enter) {
    /** @type {Element | undefined} */
    const host = queryAll(root, entry)[0];
    if (!host) return { root, error: `no element matches '${entry}' to enter` };
    const sr = shadowOf(host);
    if (sr) { root = sr; continue; }
    if (host.localName === 'iframe' || host.localName === 'frame') {
      let inner;
      try { inner = /** @type {HTMLIFrameElement} */ (host).contentDocument; } catch { inner = null; }
      if (!inner) throw new SelectorError(`cannot enter '${entry}': the frame is cross-origin or not loaded`);
      root = inner;
      continue;
    }
    throw new SelectorError(`cannot enter '${entry}': it is neither a shadow host nor a same-origin iframe`);
  }
  return { root };
}

/**
 * @param {ParentNode} root
 * @param {string} css
 * @returns {Element[]}
 */
export function queryAll(root, css) {
  try {
    return Array.from(root.querySelectorAll(css));
  } catch {
    throw new SelectorError(`invalid css '${css}'`);
  }
}

/**
 * Evaluates a structural path. The form the observer writes is "/html/body/div[2]/span"
 * (tag steps, 1-based positions among same-tag siblings), which works inside shadow roots
 * too; any other XPath is evaluated with document.evaluate against the root's document.
 * @param {QueryRoot} root
 * @param {string} path
 * @returns {Element[]}
 */
export function evalPath(root, path) {
  const simple = /^\/?(\/?[a-zA-Z][\w-]*(\[\d+\])?)+$/.test(path) && !path.startsWith('//');
  if (simple) {
    /** @type {ParentNode[]} */
    let nodes = [root];
    const steps = path.split('/').filter(Boolean);
    for (const stepText of steps) {
      // every step has this form: the whole path matched the simple form above
      const m = /** @type {RegExpExecArray} */ (/^([a-zA-Z][\w-]*)(?:\[(\d+)\])?$/.exec(stepText));
      const tag = m[1].toLowerCase();
      const pos = m[2] ? Number(m[2]) : 0;
      /** @type {Element[]} */
      const next = [];
      for (const n of nodes) {
        // A document's only element child is <html>; let "/html/..." start from either.
        const kids = Array.from(n.children || []).filter((c) => c.localName === tag);
        if (pos) { if (kids[pos - 1]) next.push(kids[pos - 1]); } else next.push(...kids);
      }
      nodes = next;
      if (!nodes.length) return [];
    }
    return /** @type {Element[]} */ (nodes.filter((n) => n.nodeType === 1));
  }
  // root is a document (nodeType 9) or else a shadow root, which always belongs to one
  const d = /** @type {Document} */ (root.nodeType === 9 ? root : root.ownerDocument);
  const ctx = root.nodeType === 9 ? root : /** @type {ShadowRoot} */ (root).host || d;
  let res;
  try {
    res = d.evaluate(path, ctx, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  } catch {
    throw new SelectorError(`invalid path '${path}'`);
  }
  const out = [];
  // i is below snapshotLength: an item is there
  for (let i = 0; i < res.snapshotLength; i++) if (/** @type {Node} */ (res.snapshotItem(i)).nodeType === 1) out.push(/** @type {Element} */ (res.snapshotItem(i)));
  return out;
}

/**
 * querySelectorAll that also looks into shadow roots (open, and closed ones on custom elements) and same-origin frames.
 * @param {string} css
 * @param {QueryRoot} [root]
 * @param {Element[]} [out]
 * @param {number} [depth]
 */
export function deepQueryAll(css, root = document, out = [], depth = 0) {
  out.push(...queryAll(root, css));
  if (depth > 8) return out;
  // a document has no ownerDocument and is its own; a shadow root's is its host's
  const walker = /** @type {Document} */ (root.ownerDocument || root).createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  // SHOW_ELEMENT: every node the walker yields is an Element
  for (let n = /** @type {Element | null} */ (walker.nextNode()); n; n = /** @type {Element | null} */ (walker.nextNode())) {
    const sr = shadowOf(n);
    if (sr) deepQueryAll(css, sr, out, depth + 1);
    if (n.localName === 'iframe' || n.localName === 'frame') {
      let d;
      try { d = /** @type {HTMLIFrameElement} */ (n).contentDocument; } catch { d = null; }
      if (d) deepQueryAll(css, d, out, depth + 1);
    }
  }
  return out;
}

/**
 * The shadow-including, frame-crossing parent of a node.
 * @param {Node} n
 * @returns {Element | null}
 */
export function composedParent(n) {
  // a fragment (nodeType 11) with a host is a shadow root, a parent of nodeType 9 a document; a fragment that is
  // no shadow root has no host (undefined, then null)
  if (n.parentNode && n.parentNode.nodeType === 11 && /** @type {ShadowRoot} */ (n.parentNode).host) return /** @type {ShadowRoot} */ (n.parentNode).host;
  if (n.parentNode && n.parentNode.nodeType === 9) {
    try { return /** @type {Document} */ (n.parentNode).defaultView?.frameElement || null; } catch { return null; }
  }
  return n.parentElement || (n.parentNode && /** @type {ShadowRoot} */ (n.parentNode).host) || null;
}

/**
 * The parent a node is drawn in (the flat tree, within its document): the slot it is assigned to, else its parent, or
 * its shadow root's host. What a pointer over it is also over, and where a press looks for what to focus.
 * @param {Node} n
 * @returns {Element | null}
 */
export function drawnParent(n) {
  const slot = /** @type {Element} */ (n).assignedSlot;
  if (slot) return slot;
  const p = n.parentNode;
  // a fragment (nodeType 11) with a host is a shadow root; one without (undefined) ends the climb, as a document does
  if (p && p.nodeType === 11) return /** @type {ShadowRoot} */ (p).host || null;
  return p && p.nodeType === 1 ? /** @type {Element} */ (p) : null;
}

/**
 * True when inner is outer or sits inside it, across shadow roots (not frames).
 * @param {Node} outer
 * @param {Node | null} inner
 */
export function containsDeep(outer, inner) {
  // a parent of nodeType 11 is a shadow root (a detached fragment has no host: the climb ends there)
  for (let n = inner; n; n = n.parentNode && n.parentNode.nodeType === 11 ? /** @type {ShadowRoot} */ (n.parentNode).host : n.parentNode) {
    if (n === outer) return true;
  }
  return false;
}
