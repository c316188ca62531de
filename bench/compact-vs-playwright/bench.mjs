// Waymark's compact observation against Playwright MCP's browser_snapshot, on the same pages in the same
// Chromium: tokens (o200k_base), time (Waymark: the observer's run measured in the page; Playwright: the
// browser_snapshot tool call as its MCP client sees it, median of 3) and completeness (every interactive control
// Playwright lists with a ref has a counterpart of the same role and name in Waymark's text, or sits in a list
// Waymark summarised). Prints the table and the two targets' verdicts; never fails on a missed target.
//
//   node bench.mjs [--only name,name] [--chromium /usr/bin/chromium] [--jar ../../target/waymark.jar]
//
// Raw texts of both sides go to results/<page>.playwright.txt and results/<page>.waymark.txt.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { startServer } from './server.mjs';
import { parsePlaywright, parseWaymark, completeness } from './compare.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const CHROMIUM = opt('--chromium', process.env.WAYMARK_CHROMIUM || '/usr/bin/chromium');
const JAR = path.resolve(here, opt('--jar', '../../target/waymark.jar'));
const ONLY = opt('--only', null)?.split(',');
const SETTLE_MS = 2000; // after Playwright's navigate, for pages that build themselves after load (Swagger, TinyMCE)
const SNAPSHOT_RUNS = 3;

const PAGES = [
  { name: 'swagger-ui', kind: 'API console', path: '/pages/swagger.html' },
  { name: 'tinymce', kind: 'rich-text editor in an iframe', path: '/pages/tinymce.html' },
  { name: 'cookieconsent', kind: 'consent wall', path: '/pages/consent.html' },
  { name: 'sweetalert2', kind: 'modal', path: '/pages/modal.html' },
  { name: 'tabulator', kind: 'paginated grid, 500 rows', path: '/pages/grid.html' },
  { name: 'todomvc-vanillajs', kind: 'TodoMVC, plain DOM', path: '/todomvc/examples/vanillajs/' },
  { name: 'todomvc-backbone', kind: 'TodoMVC, jQuery + Backbone', path: '/todomvc/examples/backbone/' },
  { name: 'todomvc-react', kind: 'TodoMVC, React', path: '/todomvc/examples/react/' },
].filter((p) => !ONLY || ONLY.includes(p.name));

if (!fs.existsSync(JAR)) {
  console.error(`${JAR} is missing: build it first (mvn -B -q -DskipTests package at the repository root)`);
  process.exit(2);
}
fs.mkdirSync(path.join(here, 'results'), { recursive: true });

const { server, base } = await startServer();

async function playwrightClient() {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(here, 'node_modules/@playwright/mcp/cli.js'), '--executable-path', CHROMIUM, '--headless', '--isolated', '--no-sandbox',
      '--viewport-size', '1280x720', '--output-dir', path.join(here, 'results', 'playwright-output')],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'waymark-bench', version: '0.1.0' });
  await client.connect(transport);
  return client;
}

const textOf = (result) => (result.content || []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

async function playwright(client, url) {
  const nav = await client.callTool({ name: 'browser_navigate', arguments: { url } });
  if (nav.isError) throw new Error(`browser_navigate: ${textOf(nav)}`);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const times = [];
  let text = '';
  for (let i = 0; i < SNAPSHOT_RUNS; i++) {
    const t0 = performance.now();
    const r = await client.callTool({ name: 'browser_snapshot', arguments: {} });
    times.push(performance.now() - t0);
    if (r.isError) throw new Error(`browser_snapshot: ${textOf(r)}`);
    text = textOf(r);
  }
  times.sort((a, b) => a - b);
  return { text, ms: times[Math.floor(times.length / 2)], times };
}

function waymark(url) {
  return new Promise((resolve, reject) => {
    const p = spawn('java', ['-jar', JAR, 'observe', url, '--text', '--chromium', CHROMIUM], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { err += d; });
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) { reject(new Error(`waymark observe exited ${code}: ${err.trim()}`)); return; }
      const m = /^observe_ms=([\d.]+)$/m.exec(err);
      resolve({ text: out, ms: m ? Number(m[1]) : NaN, stderr: err.trim() });
    });
  });
}

const rows = [];
const client = await playwrightClient();
try {
  for (const page of PAGES) {
    const url = base + page.path;
    process.stderr.write(`${page.name}: Playwright MCP… `);
    const pw = await playwright(client, url);
    process.stderr.write('Waymark… ');
    const wm = await waymark(url);
    process.stderr.write('done\n');
    fs.writeFileSync(path.join(here, 'results', `${page.name}.playwright.txt`), pw.text);
    fs.writeFileSync(path.join(here, 'results', `${page.name}.waymark.txt`), wm.text);
    const check = completeness(parsePlaywright(pw.text), parseWaymark(wm.text));
    rows.push({ ...page, pwTokens: countTokens(pw.text), wmTokens: countTokens(wm.text), pwMs: pw.ms, wmMs: wm.ms, check });
  }
} finally {
  await client.close().catch(() => {});
  server.close();
}

// the table
const pad = (s, n, right = false) => (right ? String(s).padStart(n) : String(s).padEnd(n));
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
const header = ['page', 'Playwright tok', 'Waymark tok', 'ratio', 'snapshot ms', 'observe ms', 'controls', 'misses'];
const widths = [20, 14, 12, 7, 12, 11, 9, 7];
const line = (cells) => cells.map((c, i) => pad(c, widths[i], i > 0)).join(' | ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
let pwSum = 0;
let wmSum = 0;
for (const r of rows) {
  pwSum += r.pwTokens;
  wmSum += r.wmTokens;
  console.log(line([r.name, r.pwTokens, r.wmTokens, (r.wmTokens / r.pwTokens).toFixed(2), f1(r.pwMs), f1(r.wmMs), r.check.total, r.check.misses.length]));
}
console.log(line(['total', pwSum, wmSum, (wmSum / pwSum).toFixed(2), '', '', rows.reduce((a, r) => a + r.check.total, 0),
  rows.reduce((a, r) => a + r.check.misses.length, 0)]));
console.log();
const slow = rows.filter((r) => !(r.wmMs <= r.pwMs));
console.log(`TARGET tokens: Waymark ${wmSum} ≤ ¼ of Playwright MCP ${pwSum} (${Math.floor(pwSum / 4)}): ${wmSum * 4 <= pwSum ? 'MET' : 'MISSED'}`);
console.log(`TARGET time: observe in-page ms ≤ browser_snapshot ms on every page: ${slow.length === 0 ? 'MET' : `MISSED on ${slow.map((r) => r.name).join(', ')}`}`);
const missed = rows.filter((r) => r.check.misses.length > 0);
console.log(`TARGET complete: every control Playwright lists has a counterpart in Waymark's text or sits in a summarised list: ${missed.length === 0 ? 'MET' : 'MISSED'}`);
console.log();
for (const r of rows) {
  const c = r.check;
  console.log(`${r.name} (${r.kind}): ${c.total} controls in Playwright's snapshot: ${c.matched} matched by role+name, ${c.byRole} unnamed matched by role, `
    + `${c.insideControl} inside a matched control, ${c.duplicates} same-item duplicates, ${c.inLists} in lists Waymark summarised, ${c.misses.length} missed`);
  for (const m of c.misses) console.log(`  miss: ${m.role} ${JSON.stringify(m.name)} [${m.ref}]${m.near ? `  (Waymark has ${m.near})` : ''}`);
}
fs.writeFileSync(path.join(here, 'results', 'results.json'), JSON.stringify({ date: new Date().toISOString(), base, rows }, null, 2));
