// Where startup time goes (a benchmark tool, not a test): a V8 CPU profile of one cold load in
// headless Chromium, from navigation to the app's first render (or, for another page such as
// embed-example.html, its first 2.5 s), printed as self and inclusive milliseconds by function.
// The shipped wasm has no function names, so profile a copy of dist/ whose wasm keeps them:
//   cargo build --target wasm32-unknown-unknown --profile wasm-release -p queuelab-web
//   wasm-bindgen --target web --out-dir /tmp/wb target/wasm32-unknown-unknown/wasm-release/queuelab-web.wasm
//   cp -r dist /tmp/pdist && cp /tmp/wb/queuelab-web_bg.wasm /tmp/pdist/<the *_bg.wasm name in dist>
// (its code is not wasm-opt'ed, so it runs a little slower than the shipped one).
// Usage: node bench/startup-profile.mjs /tmp/pdist [page, e.g. embed-example.html]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { launch } from '../tests/e2e/harness.mjs';
const dir = process.argv[2] ?? '/tmp/pdist';
const target = process.argv[3] ?? '';
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const server = createServer(async (req, res) => {
  let p = new URL(req.url, 'http://x').pathname; if (p.endsWith('/')) p += 'index.html';
  try { const b = await readFile(join(dir, p)); res.writeHead(200, { 'content-type': types[extname(p)] ?? 'application/octet-stream' }); res.end(b); }
  catch { res.writeHead(404).end(); }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/${target}`;
const browser = await launch();
const context = await browser.newContext();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(url);
const t = target ? (await page.waitForTimeout(2500), 2500) : await (await page.waitForFunction(() => document.querySelector('#app[data-ready="true"]') && Math.round(performance.now()), null, { polling: 'raf', timeout: 30000 })).jsonValue();
const { profile } = await cdp.send('Profiler.stop');
const res = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => [e.name.split('/').pop().slice(0, 30), Math.round(e.startTime), Math.round(e.responseEnd)]));
console.log('ready at', t, 'ms', JSON.stringify(res));
const self = new Map(); const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas; const counts = new Map();
profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
for (const [id, us] of counts) { const n = byId.get(id); const k = n.callFrame.functionName || `(${n.callFrame.url.split('/').pop()})`; self.set(k, (self.get(k) ?? 0) + us); }
// inclusive time per function
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, us] of counts) { const seen = new Set(); let cur = id; while (cur) { const n = byId.get(cur); const k = n.callFrame.functionName || '(anon)'; if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + us); seen.add(k); } cur = parent.get(cur); } }
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(1).padStart(7)} ms  ${k.slice(0, 140)}`).join('\n');
console.log('--- self\n' + top(self, 30));
console.log('--- inclusive\n' + top(incl, 60));
await browser.close(); server.close();
