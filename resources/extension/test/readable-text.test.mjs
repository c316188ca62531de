import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';

test('readable text leaves out what scripts, styles, templates and noscript notices hold, and keeps inline text joined', async () => {
  const { document } = page(`<body><p id="p">Hel<b>lo</b> <script>var t = "Order placed";</script><style>.a{color:red}</style>
    <template><i>later</i></template><noscript>Enable scripts</noscript>world <svg><style>.st0{fill:#fff}</style><text>map</text></svg></p></body>`);
  const { readableText } = await import('../src/page/readable-text.js');
  assert.equal(readableText(document.getElementById('p')).replace(/\s+/g, ' ').trim(), 'Hello world map');
});

test('an icon-only control a script handles is not named by its inline SVG\'s style rules', async () => {
  const { document } = page(`<body><main><h1>Files</h1>
    <div id="trash" onclick="void 0" style="cursor: pointer"><svg viewBox="0 0 10 10"><style>.st0{fill:#c00}</style><path class="st0" d="M0 0h10v10H0z"/></svg></div>
    <div id="save" onclick="void 0" style="cursor: pointer">Save</div></main></body>`, 'https://files.test/', { runScripts: 'dangerously' });
  // no layout in jsdom: nothing is stacked over anything
  document.elementsFromPoint = () => [];
  document.elementFromPoint = () => null;
  globalThis.location = document.defaultView.location;
  const { observePage } = await import('../src/page/observer/index.js');
  const o = observePage({ max_nodes: 1000, similar_keep: 100, include_text: false, lean: true });
  const said = JSON.stringify(o.nodes.map((n) => [n.name, n.text]));
  assert.ok(!said.includes('fill'), `no node is named by style rules: ${said}`);
  assert.ok(o.nodes.some((n) => (n.name || n.text) === 'Save'), `the worded control keeps its words: ${said}`);
});

test('shown text leaves out what is hidden, invisible or a replaced element\'s fallback, and keeps a visible child of an invisible box', async () => {
  const { document } = page(`<body><main id="m"><p>Order</p><div hidden>placed</div><div style="visibility: hidden">Invisible
    <span style="visibility: visible">shown again</span></div><textarea>draft text</textarea><video>No video support</video>
    <div style="display: contents"><b>contents</b></div><script>var s = "code";</script></main></body>`);
  const { shownText } = await import('../src/page/readable-text.js');
  assert.equal(shownText(document.getElementById('m')).replace(/\s+/g, ''), 'Ordershownagaincontents');
});
