// Startup benchmark (not a test): time from navigation to the editor being usable
// (#app[data-ready]) in headless Chromium on localhost, over 5 fresh loads; prints the median.
// Needs a release build in dist/ (`node scripts/build-app.mjs`). Usage: node bench/startup.mjs [runs]
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const runs = Number(process.argv[2] ?? 5);
const server = await serveDist();
const browser = await launch();
const times = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext(); // a cold cache each time
  const page = await context.newPage();
  const start = Date.now();
  await page.goto(server.url);
  // Polled every animation frame, in the page: the page clock when the editor became usable.
  const handle = await page.waitForFunction(
    () => document.querySelector('#app[data-ready="true"] #editor') && Math.round(performance.now()),
    null, { polling: 'raf', timeout: 20000 });
  const nav = await handle.jsonValue();
  const wall = Date.now() - start;
  times.push({ wall, nav });
  await context.close();
}
await browser.close();
await server.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify(times));
console.log(`startup to usable editor: median ${median(times.map((t) => t.nav))} ms after navigation start (page clock), ` +
  `median ${median(times.map((t) => t.wall))} ms wall, ${runs} cold loads`);
