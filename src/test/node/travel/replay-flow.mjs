// Replays a Chrome DevTools Recorder flow with @puppeteer/replay in the system Chromium (puppeteer-core, no browser
// download), then prints one JSON line: {ok, error, url, log} where log is the page's own window.__log.
// Usage: node replay-flow.mjs FLOW.json [CHROMIUM]
import { readFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { createRunner, parse, PuppeteerRunnerExtension } from '@puppeteer/replay';

const [file, chromium = '/usr/bin/chromium', stateScript] = process.argv.slice(2);
const flow = parse(JSON.parse(readFileSync(file, 'utf8')));
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--headless=new'],
});
let result;
try {
  const page = await browser.newPage();
  const runner = await createRunner(flow, new PuppeteerRunnerExtension(browser, page, { timeout: 10_000 }));
  let error = null;
  try {
    await runner.run();
  } catch (e) {
    error = String(e && e.message ? e.message : e);
  }
  const log = await page.evaluate(() => window.__log ?? null).catch(() => null);
  // eslint-disable-next-line no-eval -- the caller's page script, read in the page
  const state = stateScript ? await page.evaluate((s) => (0, eval)(s), stateScript).catch((e) => `error: ${e.message}`) : null;
  result = { ok: error === null, error, url: page.url(), log, state };
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));
