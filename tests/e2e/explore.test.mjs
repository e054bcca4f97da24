// End to end: the Explore panel runs every schedule in a Web Worker, reports each check,
// and replays the shortest counterexample into the session view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openApp, root, shots, useApp, pickExample } from './harness.mjs';

const app = useApp({ before, after });

test('reading without locks: the explorer finds the double delivery and replays it', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-no-locks');
  await page.waitForSelector('#explore');
  assert.match(await page.textContent('#explore'), /unique-results c1get c2get/);
  await page.click('#explore-run');
  await page.waitForSelector('#explore-results');
  const verdicts = await page.$$eval('.explore-verdicts li', (lis) =>
    lis.map((li) => [li.querySelector('code').textContent, li.dataset.violated]));
  assert.deepEqual(verdicts, [['unique-results c1get c2get', 'true'], ['no-wait', 'false']]);
  assert.match(await page.textContent('.explore-verdicts li[data-violated="true"]'), /in 4 of 6 schedules/);
  assert.match(await page.textContent('.explore-summary'), /^6 schedules/);
  assert.equal(await page.locator('.explore-outcomes tbody tr').count(), 3);
  await page.screenshot({ path: join(shots, 'explore-results.png'), fullPage: true });

  // Replay stops where the check first fails: both reads have returned job 1.
  await page.click('.explore-verdicts li[data-violated="true"] button.replay');
  await page.waitForSelector('ol.event-log li');
  assert.match(await page.textContent('#scenario-status'), /^2 steps chosen/);
  const results = await page.$$eval('.session-col .session-result', (els) => els.map((e) => e.textContent));
  assert.equal(results.length, 2);
  for (const r of results) assert.match(r, /\b1\b/, r);
  // The job delivered twice is marked in the table.
  const atFault = await page.$$eval('table.table-view[data-table="jobs"] tr[data-at-fault="true"] td:first-child',
    (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(atFault, ['1']);
  await page.screenshot({ path: join(shots, 'explore-replay.png'), fullPage: true });

  // Share carries the replayed moves: the link opens on the same two steps.
  await page.click('#share');
  const link = page.url();
  assert.match(link, /moves=c1get%20c2get/);
  const { page: again, errors: errors2 } = await openApp(app.browser, link);
  await again.waitForSelector('ol.event-log li');
  assert.match(await again.textContent('#scenario-status'), /^2 steps chosen/);
  assert.deepEqual(errors2, []);
  await again.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test('claims with a foreign key: the explorer finds the deadlock on the job and replays it', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'mysql-claim-foreign-key');
  await page.waitForSelector('#explore');
  await page.click('#explore-run');
  await page.waitForSelector('#explore-results');
  const verdicts = await page.$$eval('.explore-verdicts li', (lis) =>
    lis.map((li) => [li.querySelector('code').textContent, li.dataset.violated]));
  assert.deepEqual(verdicts, [['no-deadlock', 'true']]);
  assert.match(await page.textContent('.explore-verdicts li[data-violated="true"]'), /in 8 of 12 schedules/);
  await page.click('.explore-verdicts li[data-violated="true"] button.replay');
  await page.waitForSelector('ol.event-log li');
  // Both claims, then both updates: the second closes the cycle through the job's shared locks.
  assert.match(await page.textContent('#scenario-status'), /^4 steps chosen/);
  assert.match(await page.textContent('#wait-graph'), /X on jobs id=1/);
  await page.screenshot({ path: join(shots, 'explore-foreign-key-deadlock.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a built-in check can be ticked, and Cancel stops a run', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-deadlock');
  await page.waitForSelector('#explore');
  await page.check('input[data-check="no-error"]');
  await page.click('#explore-run');
  await page.waitForSelector('#explore-results');
  const texts = await page.$$eval('.explore-verdicts li > code', (cs) => cs.map((c) => c.textContent));
  assert.deepEqual(texts, ['no-deadlock', 'no-error']);
  assert.equal(await page.locator('.explore-verdicts li[data-violated="true"]').count(), 2);
  // A new run can be cancelled (if it has not already ended): the panel can run again.
  await page.click('#explore-run');
  await page.click('#explore-cancel', { force: true });
  await page.waitForSelector('#explore-run:not([disabled])');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Cancel ends a long exploration: no report arrives afterwards', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  // The 5 x 4 budget spec takes about a second in the worker: long enough to cancel.
  await page.fill('#editor', await readFile(join(root, 'bench', 'five-by-four.spec'), 'utf8'));
  await page.waitForSelector('#explore');
  await page.click('#explore-run');
  await page.waitForSelector('#explore-cancel:not([disabled])');
  await page.click('#explore-cancel');
  await page.waitForSelector('#explore-run:not([disabled])');
  assert.equal(await page.locator('#explore-progress').count(), 0, 'the progress bar is gone');
  await page.waitForTimeout(3000); // longer than the whole exploration takes
  assert.equal(await page.locator('#explore-results').count(), 0, 'the worker was ended');
  assert.deepEqual(errors, []);
  await page.close();
});
