// End to end: stepping into a procedure one statement at a time in the multi-session view.
// c1 stops inside usp_Request_Pop right after its cursor's FETCH, holding an X lock on the
// oldest request; c2's pop waits for that lock and, once c1 has finished, gets the next one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, shots, useApp, pickExample } from './harness.mjs';

const app = useApp({ before, after });

const col = (session) => `#scenario .session-col[data-session="${session}"]`;
const button = (page, session, name) =>
  page.locator(col(session)).getByRole('button', { name, exact: true });

/** The RequestsQueue row whose request is `request`. */
const queueRow = (page, request) => page
  .locator('table.table-view[data-table="RequestsQueue"] tbody tr')
  .filter({ has: page.locator('td', { hasText: new RegExp(`^${request}$`) }) });

test('c1 stops after its FETCH with an X lock, c2 waits for it and then pops "second"', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'mssql-cursor-pop');
  await page.waitForSelector('#scenario');
  assert.equal(await page.locator('.gutter .ln.error').count(), 0, 'the spec reads cleanly');
  assert.equal(await button(page, 'c2', 'Step 1 statement').count(), 1, 'every session has one');
  const inside = page.locator(`${col('c1')} .inside-badge`);
  const firstLock = queueRow(page, 'first').locator('span.lock-badge[data-session="c1"][data-mode="X"]');

  // Seven statements (EXEC .. OPEN): inside the procedure, the cursor open, nothing locked yet.
  for (let i = 1; i <= 7; i++) {
    await button(page, 'c1', 'Step 1 statement').click();
    await inside.filter({ hasText: new RegExp(`^inside c1pop · ${i} statements? run$`) }).waitFor();
  }
  assert.equal(await page.locator('table.table-view span.lock-badge').count(), 0, 'OPEN locks no row');

  // The eighth is the FETCH: c1 holds an X lock on the oldest request.
  await button(page, 'c1', 'Step 1 statement').click();
  await inside.filter({ hasText: 'inside c1pop · 8 statements run' }).waitFor();
  assert.equal(await firstLock.count(), 1, 'c1 holds X on "first"');
  assert.equal(await page.locator('table.table-view span.lock-badge').count(), 1);
  assert.match(await page.textContent(`${col('c1')} .tx-state`), /in transaction/);
  assert.match(await page.getAttribute(`${col('c1')} li[data-step="c1pop"]`, 'class'), /\binside\b/);
  assert.equal(await button(page, 'c1', 'Step rest of c1pop').count(), 1);
  assert.match(await page.textContent(`${col('c1')} .session-result`), /Nothing printed yet/);
  assert.match(await page.textContent('#scenario-status'), /last: c1pop\(statements 1\)/);
  const partial = await page.$$eval('ol.event-log li', (lis) => lis.map((li) => li.dataset.partial));
  assert.deepEqual(partial, Array(8).fill('true'));
  // Each of those log lines says which statement it ran: the EXEC first, the FETCH last.
  const ran = await page.$$eval('ol.event-log li .ev-statement', (cs) => cs.map((c) => c.textContent));
  assert.equal(ran.length, 8);
  assert.match(ran[0], /^line \d+: EXEC/i);
  assert.match(ran[7], /^line \d+: FETCH/i);

  // c2's pop reads the same row first: it waits for c1, and can step in neither way.
  await button(page, 'c2', 'Step c2pop').click();
  await page.waitForSelector(`${col('c2')}[data-waiting="true"]`);
  assert.match(await page.textContent(`${col('c2')} .waiting-badge`), /^waiting for c1$/);
  assert.equal(await button(page, 'c2', 'Step 1 statement').isDisabled(), true);
  assert.equal(await button(page, 'c1', 'Step 1 statement').isEnabled(), true);
  await page.screenshot({ path: join(shots, 'cursor-pop-inside.png'), fullPage: true });

  // c1's Step runs the rest of its pop: it deletes "first", commits and returns it.
  await button(page, 'c1', 'Step rest of c1pop').click();
  await page.waitForSelector(`${col('c2')}[data-waiting="false"]`);
  assert.equal(await inside.count(), 0, 'c1 is out of its pop');
  const c1 = await page.textContent(`${col('c1')} .session-result pre.client`);
  assert.match(c1, /^[0-9A-F-]{36}\s+first\s/m, c1);
  const c2 = await page.textContent(`${col('c2')} .session-result pre.client`);
  assert.match(c2, /^[0-9A-F-]{36}\s+second\s/m, c2);
  // Both pops deleted their row in this step: the table shows them marked deleted.
  assert.equal(await queueRow(page, 'first').getAttribute('data-mark'), 'deleted');
  assert.equal(await queueRow(page, 'second').getAttribute('data-mark'), 'deleted');
  assert.notEqual(await queueRow(page, 'third').getAttribute('data-mark'), 'deleted');
  assert.equal(await page.locator('table.table-view span.lock-badge').count(), 0, 'both committed');
  const pops = await page.$$eval('ol.event-log li', (lis) => lis.slice(8)
    .map((li) => [li.querySelector('.ev-step').textContent, li.dataset.event]));
  assert.deepEqual(pops, [['c2pop', 'waiting'], ['c1pop', 'ok'], ['c2pop', 'completed']]);
  await page.screenshot({ path: join(shots, 'cursor-pop-done.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('Step 1 statement on a PostgreSQL spec runs a one-statement step whole', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-for-update-wait');
  await page.waitForSelector('#scenario');
  await button(page, 'c1', 'Step 1 statement').click();
  await page.locator(`${col('c1')} li.ran[data-step="c1pop"]`).waitFor();
  assert.equal(await page.locator(`${col('c1')} .inside-badge`).count(), 0);
  assert.equal(await button(page, 'c1', 'Step c1c').count(), 1, 'c1 moves on to its next step');
  assert.match(await page.textContent(`${col('c1')} .session-result`), /^\s*1\s*$/m);
  assert.deepEqual(errors, []);
  await page.close();
});
