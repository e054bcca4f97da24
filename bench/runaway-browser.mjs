// Runaway SQL benchmark (not a test): scripts that would never end on their own are typed into
// the editor and run with Run all; the time from the click to the error that stops them is
// measured in the page, three times each. Budget: stopped within 1 s in Chromium.
// Needs a release build in dist/ (`node scripts/build-app.mjs`). Usage: node bench/runaway-browser.mjs
import { serveDist, launch, openApp } from '../tests/e2e/harness.mjs';

const CASES = [
  {
    name: 'endless recursive CTE (MySQL)',
    text: '-- dialect: mysql\nWITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT count(*) FROM c;',
    stop: /step budget/,
  },
  {
    name: 'cross join of 10^8 rows (PostgreSQL)',
    text: '-- dialect: postgres\nCREATE TABLE t (id int PRIMARY KEY);\nINSERT INTO t SELECT g FROM generate_series(1, 100) AS g;\n'
      + 'SELECT count(*) FROM t a, t b, t c, t d;',
    stop: /step budget/,
  },
  {
    name: 'WHILE 1 = 1 without BREAK (T-SQL)',
    text: '-- dialect: mssql\nDECLARE @i int = 0\nWHILE 1 = 1\n  SET @i = @i + 1\n',
    stop: /stopped after/,
  },
];

const server = await serveDist();
const browser = await launch();
const { page, errors } = await openApp(browser, server.url);
const results = [];
for (const c of CASES) {
  for (let round = 0; round < 3; round++) {
    await page.fill('#editor', 'SELECT 1;');
    await page.waitForFunction(() => document.querySelectorAll('li.stmt').length === 1);
    await page.fill('#editor', c.text);
    await page.waitForFunction(() => !document.querySelector('#run')?.disabled);
    const ms = await page.evaluate(async (pattern) => {
      const stop = new RegExp(pattern);
      const said = () => stop.test(document.querySelector('#result')?.textContent ?? '');
      const t0 = performance.now();
      document.querySelector('#run').click();
      await new Promise((ok) => {
        const poll = () => (said() ? ok() : requestAnimationFrame(poll));
        poll();
      });
      return performance.now() - t0;
    }, c.stop.source);
    results.push({ name: c.name, round, ms: Math.round(ms) });
  }
}
await browser.close();
await server.close();
if (errors.length) throw new Error(`page errors: ${errors.join('\n')}`);
for (const r of results) console.log(`${r.name}, round ${r.round + 1}: stopped in ${r.ms} ms`);
for (const c of CASES) {
  const worst = Math.max(...results.filter((r) => r.name === c.name).map((r) => r.ms));
  console.log(`worst of 3: ${c.name} ${worst} ms (budget 1,000 ms)`);
}
