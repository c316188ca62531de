// Reading both texts and checking completeness.
//
// Playwright MCP's snapshot is an indented YAML list of `- role "name" [attrs] [ref=eN]` lines (a line with
// quotes or colons in it may be wrapped in single quotes). Waymark's compact text has a control per line,
// `e7 button "Save" …`, or a run of plain controls of one role on one line, `e2 link "Mugs", e3 "Cups"`; its lists
// are `l1 ×20 in …` lines under `lists:`.

/** Roles a person acts on: the controls the completeness check asks Waymark to account for. */
export const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'slider',
  'spinbutton', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem']);

const unquote = (s) => s.replace(/\\(.)/g, '$1');

/** Playwright's snapshot as nodes {role, name, ref, depth, parent, line}. Only the YAML part is read. */
export function parsePlaywright(text) {
  const nodes = [];
  const stack = [];
  for (const raw of text.split('\n')) {
    const m = /^(\s*)- (.*)$/.exec(raw);
    if (!m) continue;
    const depth = m[1].length / 2;
    let body = m[2];
    if (body.startsWith("'")) {
      const end = body.lastIndexOf("'");
      body = body.slice(1, end > 0 ? end : undefined).replace(/''/g, "'");
    } else if (body.endsWith(':')) body = body.slice(0, -1);
    const e = /^([a-z]+)(?: "((?:[^"\\]|\\.)*)")?(.*)$/.exec(body);
    if (!e) continue;
    const ref = /\[ref=([^\]]+)\]/.exec(e[3]);
    // `- button [ref=e4]: Upload`: no name, but its text (what a person reads on it) follows the colon
    const inline = /\]: (.+)$/.exec(e[3]);
    let text = inline ? inline[1].trim() : '';
    if (/^".*"$/.test(text)) text = unquote(text.slice(1, -1));
    while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
    const node = { role: e[1], name: e[2] === undefined ? '' : unquote(e[2]), text, ref: ref ? ref[1] : null, depth,
      parent: stack.length ? stack[stack.length - 1] : null, children: [], line: raw.trim() };
    if (node.parent) node.parent.children.push(node);
    nodes.push(node);
    stack.push(node);
  }
  return nodes;
}

/** Waymark's compact text as {controls: [{ref, role, name}], lists: [{ref, count}]}. */
export function parseWaymark(text) {
  const controls = [];
  const lists = [];
  for (const line of text.split('\n')) {
    const l = /^(l\d+) ×(\d+)/.exec(line);
    if (l) { lists.push({ ref: l[1], count: Number(l[2]) }); continue; }
    const first = /^(e\d+) ([a-z]+)(?::[\w-]+)?/.exec(line);
    if (!first) continue;
    let role = first[2];
    let i = first[0].length;
    let ref = first[1];
    for (;;) {
      let name = '';
      const q = /^ "((?:[^"\\]|\\.)*)"/.exec(line.slice(i));
      if (q) { name = unquote(q[1]); i += q[0].length; }
      controls.push({ ref, role, name });
      // a run of plain controls: `, e3 "Cups"` shares the first one's role
      const next = /^, (e\d+)/.exec(line.slice(i));
      if (!next) break;
      ref = next[1];
      i += next[0].length;
    }
  }
  return { controls, lists };
}

const norm = (s) => s.replace(/\s+/g, ' ').trim().toLowerCase();
// roles one side may call by a near name of the other's (a search field is a textbox to some)
const SAME = { searchbox: 'textbox', listbox: 'combobox', menuitemcheckbox: 'menuitem', menuitemradio: 'menuitem', switch: 'checkbox' };
const canon = (r) => SAME[r] || r;

function namesMatch(a, b) {
  if (a === b) return true;
  // a name cut short on one side ("Long title…")
  const cut = (x, y) => x.endsWith('…') && y.startsWith(x.slice(0, -1).trimEnd());
  return cut(a, b) || cut(b, a);
}

/**
 * Each interactive control of Playwright's snapshot (one with a ref) is accounted for, in this order:
 * - matched: Waymark lists a control of the same role (or a generic "clickable") with the same name, or with the
 *   control's text when Playwright gives it no name (`- button [ref=e4]: Upload`);
 * - by role: it has neither name nor text, and Waymark lists a control of that role;
 * - inside a control: it sits inside another control that is matched (a link inside a button: the button is
 *   the thing to click);
 * - duplicate: in the same item, a matched control's name contains its name (Swagger's `get /pets` arrow beside
 *   the `GET /pets List pets` summary: Waymark lists such a pair once);
 * - in a list: it sits in a listitem or row whose siblings number about as many as the items of a list Waymark
 *   reports;
 * and is a miss otherwise.
 */
export function completeness(pwNodes, wm) {
  const byName = new Map();
  for (const c of wm.controls) {
    const k = norm(c.name);
    if (!byName.has(k)) byName.set(k, []);
    byName.get(k).push(c);
  }
  const wmAll = [...byName.entries()];
  const wmRoles = new Set(wm.controls.map((c) => canon(c.role)));
  const result = { total: 0, matched: 0, byRole: 0, insideControl: 0, duplicates: 0, inLists: 0, misses: [] };
  const controls = pwNodes.filter((n) => n.ref && INTERACTIVE.has(n.role));
  const matched = new Set();
  const candidatesOf = (n) => {
    const name = norm(n.name || n.text);
    const out = [];
    for (const [k, cs] of wmAll) if (namesMatch(k, name)) out.push(...cs);
    return out;
  };
  for (const n of controls) {
    const cs = candidatesOf(n);
    if ((n.name || n.text) && cs.some((c) => canon(c.role) === canon(n.role) || c.role === 'clickable')) matched.add(n);
  }
  for (const n of controls) {
    result.total++;
    if (matched.has(n)) { result.matched++; continue; }
    if (!n.name && !n.text && wmRoles.has(canon(n.role))) { result.byRole++; continue; }
    if (ancestors(n).some((a) => matched.has(a))) { result.insideControl++; continue; }
    const name = norm(n.name || n.text);
    if (name && n.parent && descendants(n.parent).some((m) => m !== n && matched.has(m) && norm(m.name || m.text).includes(name))) {
      result.duplicates++;
      continue;
    }
    if (inSummarisedList(n, pwNodes, wm.lists)) { result.inLists++; continue; }
    const cs = candidatesOf(n);
    result.misses.push({ role: n.role, name: n.name || n.text, ref: n.ref, near: cs.length ? cs.map((c) => `${c.ref} ${c.role}`).join(', ') : null });
  }
  return result;
}

function ancestors(n) {
  const out = [];
  for (let p = n.parent; p; p = p.parent) out.push(p);
  return out;
}

function descendants(n) {
  const out = [];
  const stack = [...n.children];
  while (stack.length) {
    const x = stack.pop();
    out.push(x);
    stack.push(...x.children);
  }
  return out;
}

function inSummarisedList(node, all, lists) {
  if (!lists.length) return false;
  for (let p = node.parent; p; p = p.parent) {
    if (p.role !== 'listitem' && p.role !== 'row' && p.role !== 'article') continue;
    const siblings = p.parent ? p.parent.children.filter((x) => x.role === p.role).length : 1;
    if (lists.some((l) => Math.abs(l.count - siblings) <= 1)) return true;
  }
  return false;
}
