// Builds the unpacked extension: bundles the scripts with esbuild and copies the static files.
// Usage: node build.mjs [--out=DIR]   (default: dist/)
import { build } from 'esbuild';
import { cpSync, mkdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firefoxManifest } from './firefox-manifest.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outArg = process.argv.find((a) => a.startsWith('--out='));
const out = resolve(here, outArg ? outArg.slice('--out='.length) : 'dist');
mkdirSync(out, { recursive: true });

const entries = {
  background: 'src/background.js',
  page: 'src/page.js',
  popup: 'src/popup.js',
  sidepanel: 'src/sidepanel.js',
  'guard-dismiss': 'src/guard-dismiss.js',
  'guard-accept': 'src/guard-accept.js',
  'internals-recorder': 'src/internals-recorder.js',
};
await build({
  entryPoints: Object.fromEntries(Object.entries(entries)
    .filter(([, file]) => existsSync(resolve(here, file)))
    .map(([name, file]) => [name, resolve(here, file)])),
  bundle: true,
  format: 'iife',
  target: 'chrome116',
  outdir: out,
  logLevel: 'warning',
});
// The eval call as plain text for the WebDriver driver (dev.waymark.webdriver), which sends it to the page itself.
writeFileSync(resolve(out, 'named-call.txt'), readFileSync(resolve(here, 'src/executor/named-call.js'), 'utf8')
  .replace(/^\/\/.*$/gm, '').replace(/^export /m, ''));
for (const file of ['manifest.json', 'popup.html', 'popup.css', 'sidepanel.html', 'sidepanel.css']) {
  if (existsSync(resolve(here, file))) cpSync(resolve(here, file), resolve(out, file));
}
if (existsSync(resolve(here, 'icons'))) cpSync(resolve(here, 'icons'), resolve(out, 'icons'), { recursive: true });
console.log(`extension built into ${out}`);

// The Firefox package beside it, from the same bundles: only the manifest differs (firefox-manifest.mjs).
const firefoxOut = `${out}-firefox`;
cpSync(out, firefoxOut, { recursive: true });
writeFileSync(resolve(firefoxOut, 'manifest.json'),
  `${JSON.stringify(firefoxManifest(JSON.parse(readFileSync(resolve(here, 'manifest.json'), 'utf8'))), null, 2)}\n`);
console.log(`Firefox extension built into ${firefoxOut}`);
