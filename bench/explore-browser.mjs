// Explorer benchmark in Chromium (not a test): the two budget specs explored in the app's Web
// Worker, timed from the request to the report: in a new worker, as the Explore button does,
// and in a warm one (the median of N runs), with the main thread's long tasks (over 50 ms) counted meanwhile. Needs a release
// build in dist/ (`node scripts/build-app.mjs`). Usage: node bench/explore-browser.mjs [runs]
import { readFile } from 'node:fs/promises';
import { openApp, serveDist, launch } from '../tests/e2e/harness.mjs';

const runs = Number(process.argv[2] ?? 5);
const specs = ['three-by-four', 'five-by-four'];
const server = await serveDist();
const browser = await launch();
const { page } = await openApp(browser, server.url);
for (const name of specs) {
  const text = await readFile(new URL(`./${name}.spec`, import.meta.url), 'utf8');
  const result = await page.evaluate(async ({ text, runs }) => {
    const href = (sel) => new URL(document.querySelector(sel).getAttribute('href'), location.href).href;
    const source = `import init, { queuelab_explore } from ${JSON.stringify(href("link[rel=modulepreload][href$='.js']"))};
      self.onmessage = async (e) => { await init({ module_or_path: ${JSON.stringify(href("link[rel=preload][href$='.wasm']"))} }); queuelab_explore(e.data); };`;
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const long = [];
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration)));
    observer.observe({ type: 'longtask', buffered: false });
    const times = [];
    let summary = null;
    const ask = (worker) => new Promise((ok, fail) => {
      // web/src/wire.rs: the request is the spec as a length-prefixed text, no extra checks,
      // granularity 0 (steps); a reply starts with its kind (0 progress, 1 done, 2 failed), and
      // a report with its granularity, schedules and states.
      worker.onmessage = (e) => {
        const [kind, , schedules, states] = e.data.split(';');
        if (kind === '1') ok({ schedules, states: Number(states) });
        else if (kind === '2') fail(new Error(e.data));
      };
      worker.postMessage(`${new TextEncoder().encode(text).length}:${text}0;0;`);
    });
    // Cold: a new worker, as each Explore click makes (loading and compiling the wasm too).
    const cold0 = performance.now();
    const worker = new Worker(url, { type: 'module' });
    await ask(worker);
    const cold = performance.now() - cold0;
    // Warm: the same worker again, the exploration alone.
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const report = await ask(worker);
      times.push(performance.now() - t0);
      summary = { schedules: String(report.schedules), states: report.states };
    }
    worker.terminate();
    observer.disconnect();
    return { times, long, summary, cold };
  }, { text, runs });
  const median = [...result.times].sort((a, b) => a - b)[Math.floor(result.times.length / 2)];
  console.log(`${name}: ${result.summary.schedules} schedules, ${result.summary.states} states: ` +
    `median ${median.toFixed(0)} ms explored in a warm worker, runs ${JSON.stringify(result.times.map(Math.round))}; ` +
    `${Math.round(result.cold)} ms with a new worker (as a click); ` +
    `main-thread long tasks meanwhile: ${result.long.length} (longest ${Math.round(Math.max(0, ...result.long))} ms)`);
}
await browser.close();
await server.close();
