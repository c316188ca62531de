// Two tasks at once from the TypeScript MCP SDK's own client, over Streamable HTTP:
// node tasks.mjs URL TOKEN START_URL_1 START_URL_2 EXPORT_1 EXPORT_2
// Each task types into its page's Message field and sends it (a submit: it waits for the person's answer, given in
// the side panel by the Java test), ends and exports its workflow to the path given. Prints one JSON line per step.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [url, token, start1, start2, export1, export2] = process.argv.slice(2);
const say = (what, o) => console.log(JSON.stringify({ what, ...o }));
const first = (r) => r.content.find((c) => c.type === 'text')?.text ?? '';
const refOf = (text, name) => new RegExp(`\\b(e\\d+) (?:[a-z:]+ )?"${name}"`).exec(text)?.[1];

const client = new Client({ name: 'ts-sdk-two-tasks', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
const call = (name, a) => client.callTool({ name, arguments: a }, undefined, { timeout: 180000, resetTimeoutOnProgress: true });
const generation = (r) => r.structuredContent?.interaction_generation;

async function task(n, startUrl, exportPath) {
  let r = await call('task_start', { goal: `TypeScript desk ${n}`, start_url: startUrl });
  const id = r.structuredContent?.task_id;
  say(`start-${n}`, { error: !!r.isError, task: id, head: first(r).split('\n')[0] });
  if (r.isError) return;
  r = await call('task_respond', { task_id: id, interaction_generation: generation(r), action: { kind: 'type', ref: refOf(first(r), 'Message'), text: `from TypeScript ${n}` } });
  say(`type-${n}`, { error: !!r.isError, head: first(r).split('\n')[0] });
  r = await call('task_respond', { task_id: id, interaction_generation: generation(r), action: { kind: 'click', ref: refOf(first(r), 'Send message') } });
  say(`send-${n}`, { error: !!r.isError, text: first(r).slice(0, 1500) });
  r = await call('task_respond', { task_id: id, interaction_generation: generation(r), action: { kind: 'done', summary: 'answered' } });
  say(`done-${n}`, { error: !!r.isError });
  r = await call('task_export', { task_id: id, path: exportPath });
  say(`export-${n}`, { error: !!r.isError, head: first(r).split('\n')[0] });
}

try {
  await Promise.all([task(1, start1, export1), task(2, start2, export2)]);
} finally {
  await client.close();
}
