// The hand-written Playwright script for ReplaySpeedBenchmark: the same 100 steps (fill field i, click "Add i", ten rows,
// five rounds) on the
// same page, with the same Chromium, timed from the first step to the last. Prints {"ms": …, "steps": 100}.
//   node replay-steps.mjs URL CHROMIUM
import { chromium } from 'playwright-core';

const [url, executablePath] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.goto(url);
  const t0 = performance.now();
  for (let round = 1; round <= 5; round++) {
    for (let i = 1; i <= 10; i++) {
      await page.fill(`#f${i}`, `value ${round}-${i}`);
      await page.click(`#b${i}`);
    }
  }
  const ms = performance.now() - t0;
  const got = await page.evaluate(() => window.got);
  if (got.added !== 50) throw new Error(`the page counted ${got.added} clicks`);
  process.stdout.write(JSON.stringify({ ms, steps: 100 }) + '\n');
} finally {
  await browser.close();
}
