// Where startup time goes (a benchmark tool, not a test): a V8 CPU profile of one cold load in
// headless Chromium, from navigation to the app's first render (or, for another page such as
// embed-example.html, its first 2.5 s), printed as self and inclusive milliseconds by function.
// The shipped wasm has no function names, so profile a copy of dist/ whose wasm keeps them:
//   cargo build --target wasm32-unknown-unknown --profile wasm-release -p queuelab-web
//   wasm-bindgen --target web --out-dir /tmp/wb target/wasm32-unknown-unknown/wasm-release/queuelab-web.wasm
//   cp -r dist /tmp/pdist && cp /tmp/wb/queuelab-web_bg.wasm /tmp/pdist/<the *_bg.wasm name in dist>
// (its code is not wasm-opt'ed, so it runs a little slower than the shipped one).
// Usage: node bench/startup-profile.mjs /tmp/pdist [page, e.g. embed-example.html]
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const dir = process.argv[2] ?? '/tmp/pdist';
const target = process.argv[3] ?? '';
const server = await serveDist({ dir });
const browser = await launch();
const context = await browser.newContext();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); // microseconds
await cdp.send('Profiler.start');
await page.goto(server.url + target);
let readyAt = 2500;
if (target) {
  await page.waitForTimeout(readyAt);
} else {
  const handle = await page.waitForFunction(
    () => document.querySelector('#app[data-ready="true"]') && Math.round(performance.now()),
    null, { polling: 'raf', timeout: 30000 });
  readyAt = await handle.jsonValue();
}
const { profile } = await cdp.send('Profiler.stop');
const fetched = await page.evaluate(() => performance.getEntriesByType('resource')
  .map((e) => [e.name.split('/').pop().slice(0, 30), Math.round(e.startTime), Math.round(e.responseEnd)]));
console.log(`ready at ${readyAt} ms; fetched [name, start, end]: ${JSON.stringify(fetched)}`);

// Sampled microseconds per profile node, then per function: self (the node itself) and
// inclusive (the node and every caller above it, each function counted once per sample).
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const perNode = new Map();
profile.samples.forEach((id, i) => perNode.set(id, (perNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const name = (n) => n.callFrame.functionName || `(${n.callFrame.url.split('/').pop() || 'anonymous'})`;
const self = new Map();
const inclusive = new Map();
const add = (m, k, us) => m.set(k, (m.get(k) ?? 0) + us);
for (const [id, us] of perNode) {
  add(self, name(byId.get(id)), us);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = name(byId.get(cur));
    if (!seen.has(k)) add(inclusive, k, us);
    seen.add(k);
  }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)
  .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(7)} ms  ${k.slice(0, 140)}`).join('\n');
console.log(`--- self\n${top(self, 30)}`);
console.log(`--- inclusive\n${top(inclusive, 60)}`);
await browser.close();
await server.close();
