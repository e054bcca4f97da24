// Paste benchmark (not a test): a script of N statements (a table, then inserts, updates,
// selects and deletes, as a reader might paste a long article's worth) is pasted into the
// editor, and the time from the paste to the statement list showing all N statements is
// measured in the page, three times per size. Budget: 1,000 statements ready in 1 s.
// Needs a release build in dist/ (`node scripts/build-app.mjs`). Usage: node bench/paste-browser.mjs
import { serveDist, launch, openApp } from '../tests/e2e/harness.mjs';

function script(n) {
  const out = ['CREATE TABLE q (id int PRIMARY KEY, slot int, payload varchar(64), UNIQUE KEY (slot));'];
  for (let i = 1; out.length < n; i++) {
    out.push(
      `INSERT INTO q (id, slot, payload) VALUES (${i}, ${i} mod 5, 'job ${i}') ON DUPLICATE KEY UPDATE id = VALUES(id), payload = VALUES(payload);`,
      `UPDATE q SET payload = concat(payload, '!') WHERE id = ${i};`,
      `SELECT id, slot, payload FROM q WHERE slot = ${i} mod 5 ORDER BY id;`,
      `DELETE FROM q WHERE id < ${i - 10};`,
    );
  }
  return out.slice(0, n).join('\n');
}

const server = await serveDist();
const browser = await launch();
const { page, errors } = await openApp(browser, server.url);
const results = [];
for (const n of [1000, 2000]) {
  const text = script(n);
  for (let round = 0; round < 3; round++) {
    // Back to a short script first, so every round pastes the whole text anew.
    await page.fill('#editor', 'SELECT 1;');
    await page.waitForFunction(() => document.querySelectorAll('li.stmt').length === 1);
    const ms = await page.evaluate(async ([text, n]) => {
      const editor = document.querySelector('#editor');
      const listed = () => document.querySelectorAll('li.stmt').length === n;
      const t0 = performance.now();
      editor.value = text;
      editor.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((ok) => {
        const poll = () => (listed() ? ok() : requestAnimationFrame(poll));
        poll();
      });
      document.body.offsetHeight; // style and layout, forced
      return performance.now() - t0;
    }, [text, n]);
    results.push({ statements: n, round, ms: Math.round(ms) });
  }
}
await browser.close();
await server.close();
if (errors.length) throw new Error(`page errors: ${errors.join('\n')}`);
for (const r of results) console.log(`${r.statements} statements, round ${r.round + 1}: ready in ${r.ms} ms`);
const worst = (n) => Math.max(...results.filter((r) => r.statements === n).map((r) => r.ms));
console.log(`worst of 3: 1,000 statements ${worst(1000)} ms (budget 1,000 ms), 2,000 statements ${worst(2000)} ms`);
