// Serves the bench pages on 127.0.0.1 from the npm packages in node_modules (nothing from the network).
//   /nm/<package>/...          a file of an installed package
//   /pages/<name>.html         the pages in ./pages (they load the packages from /nm/)
//   /todomvc/...               the todomvc package (its examples ship their own bower_components);
//                              the three example index pages get a script that seeds a few todos first
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const NM = path.join(here, 'node_modules');
const PAGES = path.join(here, 'pages');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.jsx': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf',
  '.gif': 'image/gif', '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.map': 'application/json',
};

const TODOS = ['Buy milk', 'Call the plumber', 'Book train tickets', 'Water the plants', 'Renew passport'];
// Each implementation keeps its todos under its own localStorage key and shape.
const SEEDS = {
  vanillajs: `if (!localStorage['todos-vanillajs']) localStorage['todos-vanillajs'] = JSON.stringify({ todos: T.map((t, i) => ({ id: 1000 + i, title: t, completed: i === 1 })) });`,
  backbone: `if (!localStorage.getItem('todos-backbone')) { const ids = T.map((t, i) => 'b' + i);
    localStorage.setItem('todos-backbone', ids.join(','));
    T.forEach((t, i) => localStorage.setItem('todos-backbone-' + ids[i], JSON.stringify({ id: ids[i], title: t, completed: i === 1, order: i + 1 }))); }`,
  react: `if (!localStorage.getItem('react-todos')) localStorage.setItem('react-todos', JSON.stringify(T.map((t, i) => ({ id: 'r' + i, title: t, completed: i === 1 }))));`,
};

function resolve(urlPath) {
  let p = decodeURIComponent(urlPath.split('?')[0]);
  let root;
  if (p.startsWith('/nm/')) { root = NM; p = p.slice(4); }
  else if (p.startsWith('/pages/')) { root = PAGES; p = p.slice(7); }
  else if (p.startsWith('/todomvc/')) { root = path.join(NM, 'todomvc'); p = p.slice(9); }
  else return null;
  const file = path.normalize(path.join(root, p));
  if (!file.startsWith(root)) return null;
  return file;
}

export function startServer() {
  const server = http.createServer((req, res) => {
    let file = resolve(req.url);
    if (file && fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!file || !fs.existsSync(file)) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not found'); return; }
    const ext = path.extname(file);
    let body = fs.readFileSync(file);
    const m = /^\/todomvc\/examples\/(vanillajs|backbone|react)\/(index\.html)?$/.exec(req.url.split('?')[0]);
    if (m) {
      const seed = `<script>(function(){ var T = ${JSON.stringify(TODOS)}; ${SEEDS[m[1]]} })();</script>`;
      body = Buffer.from(body.toString('utf8').replace(/<head>/i, (h) => h + seed));
    }
    res.writeHead(200, { 'content-type': TYPES[ext] || 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, base: `http://127.0.0.1:${server.address().port}` })));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { base } = await startServer();
  console.log(`serving on ${base}`);
}
