// Embed benchmark in Chromium (not a test): embed-example.html opened once cold, then N more
// times, each in a new page (a fresh document and fresh app instances) of the same browser
// context, so those find the app, its wasm (and V8's compiled code for it) in the HTTP cache,
// as a reader's second page would. (A new context would start with an empty cache.)
// Timed in the parent page's clock: for each widget, from its iframe's insertion (when its
// load starts) to its `ready` message; and from navigation to all three `ready`. Prints the
// medians of the warm loads against the budgets (an embed ready <= 400 ms after its iframe
// starts loading; three embeds <= 1 s) and the cold load apart. Needs a release build in
// dist/ (`trunk build --release`). Usage: node bench/embed-browser.mjs [warm runs, default 7]
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const runs = Number(process.argv[2] ?? 7);
const BUDGET_ONE = 400;
const BUDGET_ALL = 1000;
const ids = ['0', '1', '2'];

// In the parent page, before its scripts: when each iframe was inserted and when each widget
// said ready, both as performance.now() (milliseconds since navigation start). Init scripts
// run in child frames too; those return at once.
function clock() {
  if (window !== window.top) return;
  const t = (window.__embedTimes = { inserted: {}, ready: {} });
  // An iframe starts loading when it is in the page with a src: embed.js inserts each at once
  // and gives it its src when its turn comes.
  const started = (node, now) => {
    if (node.tagName === 'IFRAME' && node.getAttribute('src')) t.inserted[node.dataset.queuelabId ?? 'plain'] ??= now;
  };
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      started(r.target, now);
      for (const node of r.addedNodes) started(node, now);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
  window.addEventListener('message', (event) => {
    const d = event.data;
    if (d && typeof d === 'object' && d.source === 'queuelab' && d.type === 'ready') t.ready[d.id] ??= performance.now();
  });
}

const server = await serveDist({ maxAge: 3600 });
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
await context.addInitScript(clock);
const loads = [];
for (let i = 0; i <= runs; i++) {
  const page = await context.newPage();
  await page.goto(`${server.url}embed-example.html`);
  const handle = await page.waitForFunction(
    (ids) => ids.every((id) => window.__embedTimes.ready[id] !== undefined) && window.__embedTimes,
    ids, { timeout: 60000 });
  const t = await handle.jsonValue();
  loads.push({
    // Per widget: ready after its iframe started loading.
    each: ids.map((id) => Math.round(t.ready[id] - t.inserted[id])),
    all: Math.round(Math.max(...ids.map((id) => t.ready[id]))),
    inserted: Math.round(Math.min(...ids.map((id) => t.inserted[id]))),
    plainReady: t.ready.plain !== undefined,
  });
  await page.close();
}
await context.close();
await browser.close();
await server.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ms, budget) => `${ms} ms (budget ${budget} ms: ${ms <= budget ? 'ok' : 'OVER'})`;
const [cold, ...warm] = loads;
console.log(JSON.stringify(loads));
console.log(`cold load: widgets ready ${JSON.stringify(cold.each)} ms after their iframes started loading; ` +
  `all three ${cold.all} ms after navigation (iframes inserted at ${cold.inserted} ms)`);
if (warm.length) {
  for (const [k, id] of ids.entries()) {
    console.log(`widget ${id}: ready ${verdict(median(warm.map((l) => l.each[k])), BUDGET_ONE)} after its iframe ` +
      `started loading, median of ${warm.length} warm loads`);
  }
  console.log(`all three ready: ${verdict(median(warm.map((l) => l.all)), BUDGET_ALL)} after navigation, median of ` +
    `${warm.length} warm loads (iframes inserted at ${median(warm.map((l) => l.inserted))} ms; ` +
    `the page's lazy hand-written iframe was ready by then in ${warm.filter((l) => l.plainReady).length} of them)`);
}
