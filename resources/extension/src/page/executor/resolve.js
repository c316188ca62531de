// @ts-check
// Resolves a Selector (css | path, indexes, index, all, enter) to elements, and describes
// selectors and elements in the words an error message needs.
import { shadowOf } from '../shadow.js';

/** Short text for a Selector, e.g. "css '#save' inside 'my-form' > 'iframe#pay'". */
export function describeSelector(sel) {
  if (!sel) return 'no selector';
  let what = sel.css ? `css '${sel.css}'` : sel.path ? `path '${sel.path}'` : 'an empty selector';
  if (Array.isArray(sel.indexes) && sel.indexes.length) what += ` at positions [${sel.indexes.join(', ')}]`;
  if (Number.isInteger(sel.index)) what += ` at position ${sel.index}`;
  if (Array.isArray(sel.enter) && sel.enter.length) what += ` inside ${sel.enter.map((e) => `'${e}'`).join(' > ')}`;
  return what;
}

/** One-line description of an element: <div id=x class="a b"> 'text'. */
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

export function shortText(el, max) {
  const raw = (el.innerText ?? el.textContent ?? '') || el.getAttribute?.('aria-label') || el.getAttribute?.('value') || '';
  const t = String(raw).replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** Thrown for a selector that can never match as written (bad CSS, cross-origin frame). */
export class SelectorError extends Error {}

/**
 * Resolves sel against the top document. Returns the matched elements after indexes/index/all
 * narrowing; an empty array when nothing matches (yet). Throws SelectorError when the selector
 * itself is unusable, and returns {missing} text through the error message otherwise.
 */
export function resolveSelector(sel, doc = document) {
  const { root, error } = enterRoots(sel.enter || [], doc);
  if (error) return { elements: [], error };
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
    const i = sel.index < 0 ? found.length + sel.index : sel.index;
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

function enterRoots(enter, doc) {
  let root = doc;
  for (const entry of enter) {
    const host = queryAll(root, entry)[0];
    if (!host) return { root, error: `no element matches '${entry}' to enter` };
    const sr = shadowOf(host);
    if (sr) { root = sr; continue; }
    if (host.localName === 'iframe' || host.localName === 'frame') {
      let inner;
      try { inner = host.contentDocument; } catch { inner = null; }
      if (!inner) throw new SelectorError(`cannot enter '${entry}': the frame is cross-origin or not loaded`);
      root = inner;
      continue;
    }
    throw new SelectorError(`cannot enter '${entry}': it is neither a shadow host nor a same-origin iframe`);
  }
  return { root };
}

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
 */
export function evalPath(root, path) {
  const simple = /^\/?(\/?[a-zA-Z][\w-]*(\[\d+\])?)+$/.test(path) && !path.startsWith('//');
  if (simple) {
    let nodes = [root];
    const steps = path.split('/').filter(Boolean);
    for (const stepText of steps) {
      const m = /^([a-zA-Z][\w-]*)(?:\[(\d+)\])?$/.exec(stepText);
      const tag = m[1].toLowerCase();
      const pos = m[2] ? Number(m[2]) : 0;
      const next = [];
      for (const n of nodes) {
        // A document's only element child is <html>; let "/html/..." start from either.
        const kids = Array.from(n.children || []).filter((c) => c.localName === tag);
        if (pos) { if (kids[pos - 1]) next.push(kids[pos - 1]); } else next.push(...kids);
      }
      nodes = next;
      if (!nodes.length) return [];
    }
    return nodes.filter((n) => n.nodeType === 1);
  }
  const d = root.nodeType === 9 ? root : root.ownerDocument;
  const ctx = root.nodeType === 9 ? root : root.host || d;
  let res;
  try {
    res = d.evaluate(path, ctx, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  } catch {
    throw new SelectorError(`invalid path '${path}'`);
  }
  const out = [];
  for (let i = 0; i < res.snapshotLength; i++) if (res.snapshotItem(i).nodeType === 1) out.push(res.snapshotItem(i));
  return out;
}

/** querySelectorAll that also looks into shadow roots (open, and closed ones on custom elements) and same-origin frames. */
export function deepQueryAll(css, root = document, out = [], depth = 0) {
  out.push(...queryAll(root, css));
  if (depth > 8) return out;
  const walker = (root.ownerDocument || root).createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
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

/** The shadow-including, frame-crossing parent of a node. */
export function composedParent(n) {
  if (n.parentNode && n.parentNode.nodeType === 11 && n.parentNode.host) return n.parentNode.host;
  if (n.parentNode && n.parentNode.nodeType === 9) {
    try { return n.parentNode.defaultView?.frameElement || null; } catch { return null; }
  }
  return n.parentElement || (n.parentNode && n.parentNode.host) || null;
}

/** True when inner is outer or sits inside it, across shadow roots (not frames). */
export function containsDeep(outer, inner) {
  for (let n = inner; n; n = n.parentNode && n.parentNode.nodeType === 11 ? n.parentNode.host : n.parentNode) {
    if (n === outer) return true;
  }
  return false;
}
