import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { VirtualConsole } from 'jsdom';
import { page } from './dom.mjs';

// The test pages of the studio's browser tests: forms, lists, tables, dialogs, widgets, shadow roots, frames, API docs.
const PAGES = new URL('../../../src/test/resources/pages/', import.meta.url).pathname;
// What the identity check scores a node on (page/executor/identity.js WEIGHTS and role).
const FACTS = ['role', 'name', 'text', 'tag', 'type', 'href', 'section', 'context'];
const SAMPLES = 6; // listed controls read alone per page, spread over it (jsdom walks a page slowly)
const MAX_ELEMENTS = 3000;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? htmlFiles(p) : p.endsWith('.html') ? [p] : [];
  });
}

const facts = (n) => JSON.stringify(FACTS.map((k) => n[k] ?? null));

test('an element read alone has the facts the whole reading gives its node, or is not read alone; its selector finds it', async () => {
  const { observePage } = await import('../src/page/observer/index.js');
  const { readOne } = await import('../src/page/observer/one.js');
  const { selectorOfInfo } = await import('../src/page/observer/selector.js');
  const { resolveSelector } = await import('../src/page/executor/resolve.js');
  let pages = 0;
  let read = 0;
  let alone = 0;
  let settled = 0;
  for (const file of htmlFiles(PAGES)) {
    const { window } = page(readFileSync(file, 'utf8'), `https://pages.test/${file.slice(PAGES.length)}`,
      {
        runScripts: 'dangerously', virtualConsole: new VirtualConsole(),
        // a page that loads its rows waits for them here: the reading is of the page as it first stands
        beforeParse: (w) => { w.fetch = () => new Promise(() => {}); },
      });
    try {
      if (window.document.getElementsByTagName('*').length > MAX_ELEMENTS) continue;
      // no layout in jsdom: nothing is stacked over anything (a lean reading asks no other geometry)
      window.document.elementsFromPoint = () => [];
      window.document.elementFromPoint = () => null;
      globalThis.location = window.location;
      const whole = observePage({ max_nodes: 100000, similar_keep: 100000, include_text: false, lean: true });
      pages++;
      const listed = whole._elements;
      const every = Math.max(1, Math.ceil(listed.length / SAMPLES));
      for (let i = 0, n = 0; i < listed.length; i += every, n++) {
        // every other one settled: its context named by the other controls, one reading
        // a heal acts through the selector the reading's own walk gives the element: it finds that element and no other
        const selector = selectorOfInfo(whole._infos[i]);
        assert.deepEqual(resolveSelector(selector).elements, [listed[i]], `${file}: ${JSON.stringify(selector)}`);
        const one = readOne(listed[i], { settle: n % 2 === 0 });
        read++;
        if (!one) continue;
        alone++;
        if (n % 2 === 0 && one.length === 1 && whole.nodes[i].context) settled++;
        assert.ok(one.map(facts).includes(facts(whole.nodes[i])),
          `${file}: <${listed[i].localName}> read alone as ${one.map(facts).join(' or ')}, in the whole reading ${facts(whole.nodes[i])}`);
      }
      // what the whole reading does not list (hidden, dropped as a twin, no control at all) is never read alone
      let controls = 0;
      let others = 0;
      for (const el of window.document.querySelectorAll('a, button, input, select, textarea, summary, [role], [aria-expanded], div, span, label, li, td')) {
        if (listed.includes(el)) continue;
        const control = el.matches('a, button, input, select, textarea, summary, [role], [aria-expanded]');
        if (control ? controls >= 6 : others >= 3) continue;
        if (control) controls++;
        else others++;
        assert.equal(readOne(el), null, `${file}: an unlisted <${el.localName}> was read alone`);
      }
    } finally {
      window.close();
    }
  }
  assert.ok(pages >= 100, `${pages} pages read`);
  // most controls are read alone; a possible twin (a toggle beside its panel's other toggle) is read whole
  assert.ok(alone >= read * 0.8, `${alone} of ${read} controls read alone`);
  // and a control whose name repeats is given its context as the whole reading gives it
  assert.ok(settled >= 5, `${settled} contexts settled`);
});

// Two toggles of one panel, the first shallower: the whole reading drops the second as the first's twin (redundant asks
// near() of whichever comes first). Read alone, the second is refused, and the check heals to the first as before.
test('a control the whole reading drops as a twin is never read alone, whichever comes first', async () => {
  for (const [html, dropped] of [
    ['<main><div><button aria-expanded="false">Filters</button><div><div><button id="q" aria-expanded="false">Filters</button></div></div></div></main>', true],
    ['<main><div><div><div><button id="q" aria-expanded="false">Filters</button></div></div><button aria-expanded="false">Filters</button></div></main>', false],
  ]) {
    const { window } = page(`<body>${html}</body>`, 'https://pages.test/toggles.html');
    window.document.elementsFromPoint = () => [];
    window.document.elementFromPoint = () => null;
    globalThis.location = window.location;
    const { observePage } = await import('../src/page/observer/index.js');
    const { readOne } = await import('../src/page/observer/one.js');
    const { identify } = await import('../src/page/executor/identity.js');
    const q = window.document.getElementById('q');
    const whole = observePage({ max_nodes: 100000, similar_keep: 100000, include_text: false, lean: true });
    assert.equal(whole._elements.includes(q), !dropped);
    assert.equal(readOne(q), null);
    const id = identify({ type: 'click', selector: { css: '#q' }, target: { role: 'button', name: 'Filters', tag: 'button', type: 'submit' } });
    if (dropped) assert.ok(id.heal, JSON.stringify(id));
    window.close();
  }
});
