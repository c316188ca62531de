// The TypeScript MCP SDK's own client against Waymark: node check.mjs stdio JAVA CLASSPATH PAGE_URL
// or node check.mjs http URL TOKEN START_URL. Prints one JSON object per step; the Java test reads them.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [mode, ...args] = process.argv.slice(2);
const say = (what, o) => console.log(JSON.stringify({ what, ...o }));
const first = (r) => r.content.find((c) => c.type === 'text')?.text ?? '';
const refOf = (text, name) => new RegExp(`\\b(e\\d+) (?:[a-z:]+ )?"${name}"`).exec(text)?.[1];

let transport;
if (mode === 'stdio') {
  const [java, cp] = args;
  transport = new StdioClientTransport({ command: java, args: ['-cp', cp, 'dev.waymark.Main', 'mcp', '--headless', '--approve', 'deny'], stderr: 'inherit' });
} else {
  const [url, token] = args;
  const refused = new Client({ name: 'no-token', version: '1' });
  try {
    await refused.connect(new StreamableHTTPClientTransport(new URL(url)));
    say('without-token', { connected: true });
  } catch (e) {
    say('without-token', { connected: false, message: String(e.message).slice(0, 200) });
  }
  transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
}
const startUrl = mode === 'stdio' ? args[2] : args[2];
const client = new Client({ name: 'ts-sdk-agent', version: '1.0.0' });
await client.connect(transport);
say('tools', { names: (await client.listTools()).tools.map((t) => t.name) });
const call = (name, a) => client.callTool({ name, arguments: a }, undefined, { timeout: 120000, resetTimeoutOnProgress: true });
let r = await call('task_start', { goal: 'Send the support message', start_url: startUrl });
const task = r.structuredContent.task_id;
say('start', { error: !!r.isError, generation: r.structuredContent.interaction_generation });
const text = first(r);
const field = refOf(text, 'Message') ?? refOf(text, 'Street');
const button = refOf(text, 'Send message') ?? refOf(text, 'Place order');
r = await call('task_respond', { task_id: task, interaction_generation: 1, action: { kind: 'type', ref: field, text: 'hello from TypeScript' } });
say('type', { error: !!r.isError, generation: r.structuredContent.interaction_generation, head: first(r).split('\n')[0] });
r = await call('task_respond', { task_id: task, interaction_generation: 1, action: { kind: 'click', ref: button } });
say('stale', { error: !!r.isError, head: first(r).split('\n')[0] });
r = await call('task_respond', { task_id: task, interaction_generation: 2, action: { kind: 'click', ref: button } });
say('risky', { error: !!r.isError, head: first(r).split('\n')[0] });
r = await call('task_respond', { task_id: task, interaction_generation: 2, action: { kind: 'done', summary: 'typed' } });
say('done', { error: !!r.isError });
r = await call('task_export', { task_id: task });
say('export', { error: !!r.isError, yaml: r.structuredContent.yaml });
await client.close();
