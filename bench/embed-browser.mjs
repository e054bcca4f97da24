// Embed benchmark in Chromium (not a test): embed-example.html opened once cold, then N more
// times, each in a new page (a fresh document and fresh app instances) of the same browser
// context, so those find the app, its wasm (and V8's compiled code for it) in the HTTP cache,
// as a reader's second page would. (A new context would start with an empty cache.)
// Timed in the parent page's clock: for each widget, from its iframe's insertion (when its
// load starts) to its `ready` message; and from navigation to all three `ready`. Prints the
// medians of the warm loads against the budgets (an embed ready <= 400 ms after its iframe
// starts loading; three embeds <= 1 s) and the cold load apart. Needs a release build in
// dist/ (`node scripts/build-app.mjs`). Measured on two pages: the example as shipped, and the example
// with its three widgets only (see `measure`).
// Usage: node bench/embed-browser.mjs [warm runs, default 7]
import { readFileSync } from 'node:fs';
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

// Two pages: embed-example.html as shipped, where the hand-written iframe (the no-script form,
// a fourth app instance) loads alongside the widgets; and the same page with only its three
// widgets, the case the budgets name.
const example = readFileSync(new URL('../static/embed-example.html', import.meta.url), 'utf8');
const threeOnly = example.replace(/<iframe class="queuelab-plain"[\s\S]*?<\/iframe>/, '');
if (threeOnly === example) throw new Error('no hand-written iframe found in embed-example.html');

async function measure(path, body) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(clock);
  if (body) await context.route(`${server.url}${path}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
  const loads = [];
  for (let i = 0; i <= runs; i++) {
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
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
  return loads;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ms, budget) => `${ms} ms (budget ${budget} ms: ${ms <= budget ? 'ok' : 'OVER'})`;
function report(title, loads) {
  const [cold, ...warm] = loads;
  console.log(`== ${title}`);
  console.log(JSON.stringify(loads));
  console.log(`cold load: widgets ready ${JSON.stringify(cold.each)} ms after their iframes started loading; ` +
    `all three ${cold.all} ms after navigation (first iframe started at ${cold.inserted} ms)`);
  if (!warm.length) return;
  for (const [k, id] of ids.entries()) {
    console.log(`widget ${id}: ready ${verdict(median(warm.map((l) => l.each[k])), BUDGET_ONE)} after its iframe ` +
      `started loading, median of ${warm.length} warm loads`);
  }
  console.log(`all three ready: ${verdict(median(warm.map((l) => l.all)), BUDGET_ALL)} after navigation, median of ` +
    `${warm.length} warm loads (first iframe started at ${median(warm.map((l) => l.inserted))} ms)`);
}

report('embed-example.html (three widgets and the hand-written iframe)', await measure('embed-example.html'));
report('embed-example.html with its three widgets only', await measure('embed-three.html', threeOnly));
await browser.close();
await server.close();
