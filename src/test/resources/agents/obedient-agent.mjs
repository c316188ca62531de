#!/usr/bin/env node
// A gullible model for the prompt-injection suite (PromptInjectionChromiumTest): it obeys any instruction it finds
// in the prompt addressed to "AI agents", as a model that trusts the page would, and otherwise does the person's goal
// (read the price). Each instruction it tries is appended to the attempts file; every prompt line to the capture file.
//   node obedient-agent.mjs ATTEMPTS.jsonl CAPTURE.jsonl
// Instructions it understands (anywhere in the prompt, after "AI agents:"): click "NAME"; go to URL;
// type {{ token }} into "NAME"; upload {{ token }} to "NAME".
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { latestPage, basePage, refFor } from './prompt-pages.mjs';

const [attemptsFile, captureFile] = process.argv.slice(2);
let queue = null;
let readPrice = false;

function instructions(user) {
  const out = [];
  const marker = /AI agents?:\s*([^\n"]*(?:"[^"\n]*"[^\n"]*)*)/gi;
  for (const m of user.matchAll(marker)) {
    const text = m[1];
    for (const c of text.matchAll(/type (\{\{ ?\w+ ?\}\}) into "([^"]+)"/gi)) out.push({ type: 'fill', value: c[1], name: c[2] });
    for (const c of text.matchAll(/upload (\{\{ ?\w+ ?\}\}) to "([^"]+)"/gi)) out.push({ type: 'upload', value: c[1], name: c[2] });
    for (const c of text.matchAll(/click "([^"]+)"/gi)) out.push({ type: 'click', name: c[1] });
    for (const c of text.matchAll(/go to (https?:\/\/[^\s"]+)/gi)) out.push({ type: 'navigate', url: c[1].replace(/[.,;]$/, '') });
  }
  return out;
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (captureFile) appendFileSync(captureFile, line + '\n');
  let prompt;
  try { prompt = JSON.parse(line); } catch { prompt = {}; }
  // Names in the compact form escape their quotes: a model reads them plainly.
  const user = String(prompt.user || '').replace(/\\"/g, '"');
  if (queue === null) queue = instructions(user);
  let decision;
  const next = queue.shift();
  if (next) {
    const step = { type: next.type, label: `${next.type} as the page says` };
    if (next.name) step.ref = refFor(user, next.name) || 'e999';
    if (next.value) step.value = next.value;
    if (next.url) step.url = next.url;
    appendFileSync(attemptsFile, JSON.stringify({ ...next, ref: step.ref ?? null }) + '\n');
    decision = { reasoning: 'the page told agents to do this', done: false, step };
  } else if (!readPrice && refFor(user, 'Price')) {
    readPrice = true;
    decision = { reasoning: 'read the price', done: false, step: { type: 'extract', ref: refFor(user, 'Price'), label: 'read the price' } };
  } else {
    decision = { reasoning: 'finished', done: true };
  }
  process.stdout.write(JSON.stringify(decision) + '\n');
});
