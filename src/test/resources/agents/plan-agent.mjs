#!/usr/bin/env node
// A decision program for tests (docs/decision-program.md): reads one prompt object per line on stdin and
// answers one decision per line on stdout, following a plan file. Each plan item names its element by the
// accessible name shown in the prompt's compact observation; the agent finds that element's ref there, as
// a model would. Every prompt line it receives is appended, as received, to the capture file.
//   node plan-agent.mjs PLAN.json CAPTURE.jsonl
// Plan items: {"type": "fill", "name": "Email", "value": "{{ email }}"}, {"type": "click", "name": "Sign in"},
// {"type": "extract", "name": "Order A-4711"} ("name" matches a name that starts with it), {"done": true},
// {"type": "click", "role": "checkbox", "in": "Walk the dog"} names a control the browser leaves unnamed by its role
// and its item's text (the compact form's `eN checkbox in "Walk the dog"`), as a person points at the box in that row.
// {"blocked": "why"}, {"handoff": "what"}, {"resolve": "happened"}. "ref" (e.g. a list's l1), "limit", "accept_dialog"
// and "allow_download" pass through to the step. "when": "text" holds an item until the prompt contains that text.
// {"type": "switchTab", "tab": "receipt.html"} takes as value the id of the first tab the prompt's "tabs:" or
// "open tabs" line lists whose entry contains that text.
import { readFileSync, appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { latestPage, basePage, refFor } from './prompt-pages.mjs';

const [planFile, captureFile] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
let next = 0;

// "e7 checkbox in "Walk the dog"", "e7 checkbox checked in "Walk the dog…"": the first control of that role whose
// item text starts with the words
function refIn(user, role, text) {
  const esc = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp('\\b(e\\d+) ' + role + '(?::[\\w-]+)?\\b[^\\n]*? in "' + esc);
  const m = re.exec(latestPage(user)) || re.exec(basePage(user)) || re.exec(user);
  return m ? m[1] : null;
}

function tabFor(user, text) {
  // the last tabs line: the changes below the base page say the tabs again when they changed
  for (const line of user.split('\n').reverse()) {
    const m = /^(?:tabs|open tabs[^:]*): (.*)$/.exec(line);
    if (!m) continue;
    for (const entry of m[1].split(' · ')) {
      const id = /^(\d+) /.exec(entry);
      if (id && entry.includes(text)) return id[1];
    }
  }
  return null;
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (captureFile) appendFileSync(captureFile, line + '\n');
  let prompt;
  try { prompt = JSON.parse(line); } catch { prompt = {}; }
  const user = String(prompt.user || '');
  let decision;
  const item = plan[next];
  if (!item) {
    decision = { reasoning: 'the plan has no more steps', done: false, blocked: 'the test plan ran out' };
  } else if (item.when && !user.includes(item.when)) {
    decision = { reasoning: 'waiting for the page to show ' + item.when, done: false,
      step: { type: 'wait', label: 'wait for ' + item.when, wait: { text: item.when, timeout_ms: 3000 } } };
  } else if (item.done) {
    next++;
    decision = { reasoning: item.reasoning || 'the goal is reached', done: true };
  } else if (item.resolve) {
    next++;
    decision = { reasoning: item.reasoning || 'checked the page', resolve: item.resolve };
  } else if (item.blocked || item.handoff) {
    next++;
    decision = item.blocked ? { reasoning: 'cannot go on', done: false, blocked: item.blocked }
      : { reasoning: 'the person continues', done: false, handoff: item.handoff };
  } else {
    next++;
    const step = { type: item.type, label: item.label || (item.type + ' ' + (item.name || (item.in ? (item.role || '') + ' in ' + item.in : ''))) };
    if (item.in) {
      const ref = refIn(user, item.role || '[\\w-]+', item.in);
      if (!ref) process.stderr.write('plan-agent: no ' + (item.role || 'control') + ' in "' + item.in + '" in turn ' + prompt.turn + '\n');
      step.ref = ref || 'e999';
    } else if (item.name) {
      const ref = refFor(user, item.name);
      if (!ref) process.stderr.write('plan-agent: no ref named "' + item.name + '" in turn ' + prompt.turn + '\n');
      step.ref = ref || 'e999';
    }
    if (item.tab) {
      const id = tabFor(user, item.tab);
      if (!id) process.stderr.write('plan-agent: no tab "' + item.tab + '" in turn ' + prompt.turn + '\n');
      step.value = id || '999999';
    }
    for (const k of ['ref', 'value', 'url', 'prompt', 'continue_on', 'limit', 'accept_dialog', 'allow_download', 'store']) {
      if (item[k] !== undefined) step[k] = item[k];
    }
    decision = { reasoning: item.reasoning || ('plan step ' + next), done: false, step };
  }
  process.stdout.write(JSON.stringify(decision) + '\n');
});
