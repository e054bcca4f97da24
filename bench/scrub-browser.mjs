// Scrubbing benchmark (not a test): a 40-step scenario (two sessions of 20 steps on a
// 20-row table, some waits), run once; then the timeline's scrubber is moved to every
// position, back and forth, and each move is timed in the page from the input event to the
// next frame (the render done). Budget: each move rendered in 16 ms or less.
// Needs a release build in dist/ (`node scripts/build-app.mjs`). Usage: node bench/scrub-browser.mjs
import { serveDist, launch, openApp } from '../tests/e2e/harness.mjs';

const steps = 20;
const lines = ['# dialect: postgres',
  `setup { CREATE TABLE jobs (id int PRIMARY KEY, v int); INSERT INTO jobs SELECT g, 0 FROM generate_series(1, ${steps}) g; }`,
  'session c1'];
for (let i = 1; i <= steps; i++) {
  // Every fifth step opens a transaction and the next one commits it: c2 waits on those rows.
  const sql = i % 5 === 1 ? `BEGIN; UPDATE jobs SET v = v + 1 WHERE id = ${i};` : i % 5 === 2 ? `UPDATE jobs SET v = v + 1 WHERE id = ${i}; COMMIT;` : `UPDATE jobs SET v = v + 1 WHERE id = ${i};`;
  lines.push(`step a${i} { ${sql} }`);
}
lines.push('session c2');
for (let i = 1; i <= steps; i++) lines.push(`step b${i} { UPDATE jobs SET v = v + 10 WHERE id = ${i}; }`);
const order = [];
for (let i = 1; i <= steps; i++) order.push(`a${i}`, `b${i}`);
lines.push(`permutation ${order.join(' ')}`);

const server = await serveDist();
const browser = await launch();
const { page, errors } = await openApp(browser, server.url);
await page.fill('#editor', lines.join('\n'));
await page.click('#run-permutation');
await page.waitForSelector(`#scrub-at:text("${2 * steps} / ${2 * steps}")`);
const times = await page.evaluate(async (n) => {
  const input = document.querySelector('#scrubber');
  const frame = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
  const at = document.querySelector('#scrub-at');
  const rendered = (text) => new Promise((ok) => {
    if (at.textContent === text) return ok();
    const watch = new MutationObserver(() => {
      if (at.textContent === text) { watch.disconnect(); ok(); }
    });
    watch.observe(at, { childList: true, characterData: true, subtree: true });
  });
  const out = [];
  const positions = [...Array(n + 1).keys()];
  for (const k of [...positions, ...positions.reverse(), ...positions]) {
    const t0 = performance.now();
    input.value = String(k);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // yew renders in a task it schedules: wait for the DOM to show the move.
    await rendered(`${k} / ${n}`);
    const drawn = performance.now();
    document.body.offsetHeight; // style and layout, forced
    const laidOut = performance.now();
    await frame();
    out.push([laidOut - t0, drawn - t0]);
    if (document.querySelector('#scrub-at').textContent !== `${k} / ${n}`) throw new Error(`not at ${k}`);
  }
  return out;
}, 2 * steps);
await browser.close();
await server.close();
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const pct = (p) => s[Math.min(s.length - 1, Math.floor(s.length * p))].toFixed(1);
  return `median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${s.at(-1).toFixed(1)} ms`;
};
console.log(`scrubbing a ${2 * steps}-step scenario, ${times.length} moves:`);
console.log(`  render + style + layout: ${stats(times.map((t) => t[0]))}`);
console.log(`  render (yew) alone:      ${stats(times.map((t) => t[1]))}`);
if (errors.length) console.log('page errors:', errors);
