// End to end: SQL Server scripts as a user runs them: GO batches, procedures stepped into after
// EXEC, and a two-session spec where READPAST lets the second consumer pass a locked row.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { openApp, shots, useApp, root, pickExample } from './harness.mjs';

const app = useApp({ before, after });

/** The editor lines the current-statement band covers, as text. */
async function highlightedLines(page) {
  const numbers = await page.$$eval('.gutter .ln.current', (ls) => ls.map((l) => Number(l.textContent)));
  const text = (await page.inputValue('#editor')).split('\n');
  return numbers.map((n) => ({ n, text: text[n - 1] }));
}

/** 1-based line of the first editor line matching `re`. */
async function lineOf(page, re) {
  const i = (await page.inputValue('#editor')).split('\n').findIndex((l) => re.test(l));
  assert.ok(i >= 0, `no line matches ${re}`);
  return i + 1;
}

test('seed 004: EXEC steps into the procedure, the DELETE hands back the payload', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'tsql-heap-fifo');
  assert.equal(await page.inputValue('#dialect'), 'mssql');
  assert.match(await page.textContent('#status'), /statement 0 of 15/);
  assert.match(await page.textContent('#about'), /Remus Rusanu/, 'the About panel names the article');

  // Clicking the listed EXEC runs up to the call itself.
  await page.locator('#statements li', { hasText: 'exec usp_dequeueHeap' }).click();
  assert.match(await page.textContent('#status'), /statement 10 of 15/);
  assert.match(await page.textContent('#result pre.client'), /exec usp_dequeueHeap/);
  assert.equal(await page.locator('#caller').count(), 0, 'the EXEC is a listed statement');

  // Two steps on (SET NOCOUNT ON, then the DELETE): the procedure's body is running.
  await page.click('#step');
  await page.click('#step');
  const client = await page.textContent('#result pre.client');
  assert.match(client, /delete top\(1\) from HeapQueue/);
  assert.match(client, /Payload\n-+\n(0x)?0a\s*$/i, client);
  const gone = page.locator('table.table-view[data-table="HeapQueue"] tr[data-mark="deleted"]');
  assert.equal(await gone.count(), 1);
  assert.match(await gone.textContent(), /^(0x)?0a$/i);

  // The editor marks the DELETE where it is written: inside CREATE PROCEDURE usp_dequeueHeap,
  // and the EXEC that called it gets the lighter band.
  const lit = await highlightedLines(page);
  assert.match(lit[0]?.text ?? '', /delete top\(1\) from HeapQueue/, JSON.stringify(lit));
  const create = await lineOf(page, /^create procedure usp_dequeueHeap/);
  const exec = await lineOf(page, /^exec usp_dequeueHeap/);
  assert.ok(lit.every(({ n }) => n > create && n < exec), JSON.stringify({ lit, create, exec }));
  const callerLines = await page.$$eval('.gutter .ln.caller', (ls) => ls.map((l) => Number(l.textContent)));
  assert.deepEqual(callerLines, [exec]);

  // The list keeps the script's statements: the EXEC is current, the DELETE shown beneath it,
  // and the CREATE PROCEDURE holding it is marked.
  const current = page.locator('#statements li.current');
  assert.match(await current.locator('button').textContent(), /exec usp_dequeueHeap/);
  assert.match(await current.locator('.inner').textContent(), /delete top\(1\) from HeapQueue.*L\d+/);
  assert.match(await page.textContent('#statements li.holds'), /create procedure usp_dequeueHeap/);
  assert.match(await page.textContent('#caller'), new RegExp(`Run by exec usp_dequeueHeap at line ${exec}`));
  assert.match(await page.textContent('#status'), /statement 10 of 15 · step \d+ of \d+/);
  await page.screenshot({ path: join(shots, 'tsql-procedure-body.png'), fullPage: true });

  // Back leaves the body, one statement at a time.
  await page.click('#back');
  assert.match(await page.textContent('#result pre.client'), /set nocount on/);

  // Run all: the FIFO queue's second dequeue returns the second payload, in order.
  await page.click('#run');
  assert.match(await page.textContent('#result pre.client'), /Payload\n-+\n(0x)?02\s*$/i);
  assert.match(await page.textContent('#status'), /statement 15 of 15 · step (\d+) of \1/);
  assert.equal(await page.isDisabled('#step'), true);
  assert.equal(await page.locator('#statements li[data-state="ok"]').count(), 15);
  assert.deepEqual(errors, []);
  await page.close();
});

test('seed 001: push two requests, pop returns the first and files it as completed', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'tsql-push-pop');
  await page.click('#run');
  const client = await page.textContent('#result pre.client');
  assert.match(client, /^id\s+request\s+InsertedDate$/m, client);
  assert.match(client, /^[0-9A-F-]{36}\s+a\s/m, client);
  const cells = (table) => page.$$eval(`table.table-view[data-table="${table}"] tbody td`,
    (tds) => tds.map((td) => td.textContent.trim()));
  assert.ok((await cells('RequestsCompleted')).includes('a'));
  assert.ok((await cells('RequestsQueue')).includes('b'));
  assert.ok(!(await cells('RequestsQueue')).includes('a'));
  assert.match(await page.textContent('#statements li.current'), /EXEC usp_Request_Pop/);
  assert.equal(await page.locator('#statements li[data-state="error"]').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('seed 001 pasted as printed: the lost ] is one click on "Add the missing ]"', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  const dir = join(root, '..', 'shared', 'seed-sql');
  const blocks = [];
  for (let i = 1; i <= 4; i++) blocks.push(await readFile(join(dir, `001_35657348a1f62bff_${i}.sql`), 'utf8'));
  await page.selectOption('#dialect', 'mssql');
  await page.fill('#editor', blocks.join('\n'));
  await page.waitForSelector('#fix-bracket');
  assert.equal(await page.textContent('#fix-bracket'), 'Add the missing ]');
  await page.click('#fix-bracket');
  await page.waitForSelector('#fix-bracket', { state: 'detached' });
  assert.doesNotMatch(await page.textContent('#result'), /is not closed on its line/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('seed 004 pasted with MySQL selected switches to SQL Server and says why', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  const dir = join(root, '..', 'shared', 'seed-sql');
  const blocks = [];
  for (let i = 1; i <= 2; i++) blocks.push(await readFile(join(dir, `004_1febb2bb6edee4dc_${i}.sql`), 'utf8'));
  assert.equal(await page.inputValue('#dialect'), 'mysql');
  await page.fill('#editor', blocks.join('\n'));
  await page.waitForSelector('#notice');
  assert.match(await page.textContent('#notice'), /looks like SQL Server.*, from its GO lines/);
  assert.equal(await page.inputValue('#dialect'), 'mssql');
  await page.click('#run');
  await page.waitForSelector('#result pre.client');
  assert.doesNotMatch(await page.textContent('#result'), /found: go/i);
  assert.deepEqual(errors, []);
  await page.close();
});

test('T-SQL typed by hand runs once the dialect is picked', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await page.fill('#editor', 'declare @n int = 40\nset @n = @n + 2\nselect @n as answer\ngo\n');
  await page.selectOption('#dialect', 'mssql');
  assert.match(await page.textContent('#status'), /statement 0 of 3/);
  await page.click('#run');
  assert.match(await page.textContent('#result pre.client'), /^answer\n-+\n\s*42$/m);
  assert.doesNotMatch(await page.textContent('body'), /not available|coming|cannot run yet/i);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a T-SQL batch that cannot be read runs as its error, and the next batch still runs', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await page.selectOption('#dialect', 'mssql');
  await page.fill('#editor', 'selec 1\ngo\nselect 2 as two\ngo\n');
  assert.match(await page.textContent('.statements .diagnostic'), /Line 1, column 1/);
  await page.click('#step');
  assert.match(await page.textContent('#result pre.client'), /Msg 102, Level 15/);
  assert.equal(await page.locator('#result .error-box').count(), 1, 'the error is said once');
  assert.match(await page.textContent('#status'), /statement 0 of 1 · step 1 of 2/);
  await page.click('#step');
  assert.match(await page.textContent('#result pre.client'), /^two\n-+\n\s*2$/m);
  assert.equal(await page.getAttribute('#statements li', 'data-state'), 'ok');
  assert.deepEqual(errors, []);
  await page.close();
});

const col = (session) => `#scenario .session-col[data-session="${session}"]`;
const step = (page, session) => page.click(`button.step-session[data-session="${session}"]`);

test('READPAST spec: c2 skips the row c1 holds and gets the second payload', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'mssql-readpast');
  await page.waitForSelector('#scenario');
  assert.equal(await page.locator('.gutter .ln.error').count(), 0, 'the spec reads cleanly');
  for (const s of ['c1', 'c1', 'c2', 'c2']) await step(page, s); // both BEGIN TRAN, both pop
  assert.equal(await page.locator('#scenario .session-col[data-waiting="true"]').count(), 0, 'nobody waits');
  assert.match(await page.textContent(`${col('c1')} .session-result`), /^\s*(0x)?01\s*$/im);
  assert.match(await page.textContent(`${col('c2')} .session-result`), /^\s*(0x)?02\s*$/im);
  const pops = await page.$$eval('ol.event-log li', (lis) => lis
    .filter((li) => /pop$/.test(li.querySelector('.ev-step').textContent))
    .map((li) => [li.dataset.session, li.dataset.event, li.querySelector('.ev-result').textContent]));
  assert.deepEqual(pops.map(([s, e]) => [s, e]), [['c1', 'ok'], ['c2', 'ok']]);
  assert.match(pops[1][2], /1 row: \((0x)?02\)/i, JSON.stringify(pops));
  // Both popped rows stay locked (X) by their consumer until COMMIT.
  const locked = (session) => page.locator(
    `table.table-view[data-table="HeapQueue"] tr[data-mark="deleted"]:has(span.lock-badge[data-session="${session}"][data-mode="X"])`);
  assert.match(await locked('c1').textContent(), /01/);
  assert.match(await locked('c2').textContent(), /02/);
  assert.match(await page.textContent('#scenario .tables .legend'), /c1 X/);
  await page.screenshot({ path: join(shots, 'tsql-readpast.png'), fullPage: true });

  await step(page, 'c1');
  await step(page, 'c2');
  const left = await page.$$eval('table.table-view[data-table="HeapQueue"] tbody tr',
    (trs) => trs.map((tr) => tr.querySelector('td').textContent.trim()));
  // Varbinary cells read as SQL Server prints them (since the engine's 0x0A change).
  assert.deepEqual(left, ['0x03']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an unaliased T-SQL expression has no name; a read through a WITH query with a column list runs', async () => {
  const sql = [
    'CREATE TABLE j (id int PRIMARY KEY);',
    'INSERT INTO j VALUES (1);',
    'GO',
    'SELECT id, id + 1 FROM j;',
    'GO',
    'WITH c (a, b) AS (SELECT id, 2 FROM j) SELECT * FROM c;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=mssql&sql=${encodeURIComponent(sql)}`);
  await page.locator('#statements li', { hasText: 'id + 1' }).click();
  const unnamed = await page.locator('#result pre.client', { hasText: 'id + 1' }).textContent();
  // sqlcmd's header: `id`, then a blank name over the second column.
  assert.match(unnamed, /\nid *\n-- -\n 1 2\n/);
  await page.screenshot({ path: join(shots, 'tsql-unnamed-column.png'), fullPage: true });
  await page.locator('#statements li', { hasText: 'WITH c' }).click();
  const read = await page.locator('#result pre.client', { hasText: 'WITH c' }).textContent();
  assert.match(read, /\na b\n- -\n1 2\n/);
  assert.deepEqual(errors, []);
  await page.close();
});
