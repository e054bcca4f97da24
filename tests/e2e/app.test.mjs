// End to end: the served release build in headless Chromium, driven as a user would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openApp, root, shots, useApp, pickExample } from './harness.mjs';

const app = useApp({ before, after });

const seed000 = async () => {
  const dir = join(root, '..', 'shared', 'seed-sql');
  const blocks = [];
  for (let i = 1; i <= 8; i++) {
    blocks.push((await readFile(join(dir, `000_07cbadcbbdfeb5f6_${i}.sql`), 'utf8')).trimEnd());
  }
  // Pasted one after the other, as a reader copies them; blocks 1 and 2 lack their `;`.
  return blocks.map((b) => (b.endsWith(';') ? b : `${b};`)).join('\n\n');
};

test('opens on the seed ring, ready to step', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  const text = await page.inputValue('#editor');
  assert.match(text, /on duplicate key update/);
  assert.match(await page.textContent('#status'), /statement 0 of 11|ready/i);
  // The keyboard footer (static, in index.html) shows under the full app, its keys spaced.
  assert.ok(await page.locator('footer.shortcuts').isVisible());
  assert.match(await page.textContent('footer.shortcuts'), /← →.*Home \/ End/);
  // The first hint, static markup: its two buttons' names in bold.
  assert.match(await page.textContent('#result .intro'), /^Ready to step\. Run next statement \(Ctrl\+Enter\)/);
  assert.equal(await page.locator('#result .intro strong').count(), 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('pasted seed 000 statements run: bananas in slot 0, oranges oldest', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await page.fill('#editor', await seed000());
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="q"]');
  const rows = await page.$$eval('table.table-view[data-table="q"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
  assert.ok(rows.some((r) => r.includes('5') && r.includes('bananas')), JSON.stringify(rows));
  assert.ok(!rows.some((r) => r.includes('apples')), 'apples was overwritten');
  const slot0 = page.locator('.ring[data-table="q"] [data-slot="0"]');
  assert.equal(await slot0.getAttribute('data-label'), 'bananas');
  assert.equal(await slot0.getAttribute('data-newest'), 'true');
  const slot1 = page.locator('.ring[data-table="q"] [data-slot="1"]');
  assert.equal(await slot1.getAttribute('data-label'), 'oranges');
  assert.equal(await slot1.getAttribute('data-oldest'), 'true');
  assert.equal(await slot1.getAttribute('data-next'), 'true');
  assert.match(await page.textContent('#result pre.client'), /oranges/);
  await page.screenshot({ path: join(shots, 'seed-000-run.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('seed 000 pasted exactly as printed: each missing ; is one click on "Add the missing ;"', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  const dir = join(root, '..', 'shared', 'seed-sql');
  const blocks = [];
  for (let i = 1; i <= 8; i++) blocks.push(await readFile(join(dir, `000_07cbadcbbdfeb5f6_${i}.sql`), 'utf8'));
  await page.fill('#editor', blocks.join('\n'));
  let clicks = 0;
  for (; clicks < 5; clicks++) {
    await page.click('#run');
    await page.waitForSelector('#result');
    // The statement that runs into the next one is where the error shows.
    const failed = page.locator('#statements li[data-state="error"] button');
    if (await failed.count() === 0) break;
    await failed.first().click();
    if (await page.locator('#fix-semicolon').count() === 0) break;
    assert.equal(await page.textContent('#fix-semicolon'), 'Add the missing ;');
    await page.click('#fix-semicolon');
  }
  assert.ok(clicks >= 2, `the first two blocks lack their ; (${clicks} fixes)`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="q"]');
  const rows = await page.$$eval('table.table-view[data-table="q"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
  assert.ok(rows.some((r) => r.includes('5') && r.includes('bananas')), JSON.stringify(rows));
  assert.deepEqual(errors, []);
  await page.close();
});

test('stepping shows the wraparound, and stepping back undoes it', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  for (let i = 0; i < 9; i++) await page.click('#step');
  assert.match(await page.textContent('#status'), /statement 9 of 11/);
  assert.match(await page.textContent('#result pre.client'), /2 rows affected/);
  const slot0 = page.locator('.ring[data-table="q"] [data-slot="0"]');
  assert.equal(await slot0.getAttribute('data-overwritten'), 'true');
  assert.equal(await page.locator('table.table-view[data-table="q"] tr[data-mark="updated"]').count(), 1);
  await page.screenshot({ path: join(shots, 'wraparound.png'), fullPage: true });
  await page.click('#back');
  assert.match(await page.textContent('#status'), /statement 8 of 11/);
  assert.equal(await slot0.getAttribute('data-label'), 'apples');
  assert.notEqual(await slot0.getAttribute('data-overwritten'), 'true');
  assert.deepEqual(errors, []);
  await page.close();
});

test('grouped rings: one ring per kind, errata shown, curly quotes fixed on request', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'grouped-rings');
  await page.click('#run');
  await page.waitForSelector('.ring[data-table="q"][data-group="kind = \'v\'"]');
  assert.equal(await page.locator('.ring[data-table="q"]').count(), 2);
  assert.match(await page.textContent('#result'), /typographic quote/);
  await page.screenshot({ path: join(shots, 'grouped-rings-error.png'), fullPage: true });
  await page.click('#fix-quotes');
  await page.click('#run');
  assert.match(await page.textContent('#result pre.client'), /banana/);
  assert.doesNotMatch(await page.inputValue('#editor'), /’/);
  // An erratum of the article is visible on the step it concerns.
  await page.locator('.statement-list li', { hasText: 'ORDER BY id DESC' }).first().click();
  assert.match(await page.textContent('.remark'), /ascending/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('work survives a reload and travels in the share link', async () => {
  const { page } = await openApp(app.browser, app.server.url);
  await page.fill('#editor', 'SELECT 40 + 2 AS answer;');
  await page.reload();
  await page.waitForSelector('#app[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.inputValue('#editor'), 'SELECT 40 + 2 AS answer;');
  await page.click('#share');
  const shared = page.url();
  assert.match(shared, /#dialect=mysql&z=[A-Za-z0-9_-]+$/, 'the text travels packed');
  const fresh = await app.browser.newContext();
  const other = await fresh.newPage();
  await other.goto(shared);
  await other.waitForSelector('#app[data-ready="true"]', { state: 'attached' });
  assert.equal(await other.inputValue('#editor'), 'SELECT 40 + 2 AS answer;');
  await other.click('#run');
  assert.match(await other.textContent('#result pre.client'), /42/);
  await fresh.close();
  await page.close();
});

test('a jsonb payload shows as PostgreSQL prints it, and text that is not JSON fails as on the server', async () => {
  const sql = [
    "CREATE TABLE jobs (id int PRIMARY KEY, payload jsonb NOT NULL DEFAULT '{}');",
    'INSERT INTO jobs VALUES (1, \'{"to":"bob","tags":["x","y"],"tries":1e1,"to":"ann"}\');',
    "SELECT id, payload ->> 'to' AS recipient FROM jobs WHERE payload @> '{\"tags\": [\"y\"]}';",
    "INSERT INTO jobs VALUES (2, '{\"to\":');",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  const rows = await page.$$eval('table.table-view[data-table="jobs"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
  assert.ok(rows.some((r) => r.includes('{"to": "ann", "tags": ["x", "y"], "tries": 10}')), JSON.stringify(rows));
  assert.match(await page.textContent('#result'), /invalid input syntax for type json/);
  await page.locator('.statement-list li', { hasText: 'SELECT id' }).first().click();
  assert.match(await page.textContent('#result pre.client'), /1 \| ann/);
  await page.screenshot({ path: join(shots, 'pg-jsonb.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('an enum job state orders as its labels were declared, and a label it lacks fails before the statement runs', async () => {
  const sql = [
    "CREATE TYPE job_state AS ENUM ('waiting', 'running', 'done');",
    "CREATE TABLE jobs (id int PRIMARY KEY, state job_state NOT NULL DEFAULT 'waiting');",
    "INSERT INTO jobs VALUES (1, 'done'), (2, 'running'), (3, DEFAULT);",
    'SELECT id, state FROM jobs ORDER BY state;',
    "UPDATE jobs SET state = 'finished' WHERE id = 2;",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  assert.match(await page.textContent('#result'), /invalid input value for enum job_state: "finished"/);
  await page.locator('.statement-list li', { hasText: 'ORDER BY state' }).first().click();
  const client = await page.textContent('#result pre.client');
  assert.match(client, /3 \| waiting\s+2 \| running\s+1 \| done/);
  assert.match(await page.textContent('#ran'), /labels' declared positions/);
  await page.screenshot({ path: join(shots, 'pg-enum.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('an attempts array is kept as PostgreSQL prints it, array_append adds the worker, and ADD COLUMN runs on the browser\'s SQLite', async () => {
  const sql = [
    "CREATE TABLE jobs (id int PRIMARY KEY, tags text[] NOT NULL DEFAULT '{}', attempted_by text[]);",
    `INSERT INTO jobs VALUES (1, '{ urgent , "new user" }', NULL), (2, DEFAULT, NULL);`,
    "UPDATE jobs SET attempted_by = array_append(attempted_by, 'host a') WHERE 'urgent' = ANY (tags) RETURNING id, tags, attempted_by;",
    'ALTER TABLE jobs ADD COLUMN tries int NOT NULL DEFAULT 0;',
    'SELECT id, tags, attempted_by, tries FROM jobs ORDER BY id;',
    'SELECT tags[1] FROM jobs;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  assert.match(await page.textContent('#result'), /A subscript or slice over an array \(text\[\]\) is not supported here/);
  await page.locator('.statement-list li', { hasText: 'array_append' }).first().click();
  assert.match(await page.textContent('#result pre.client'), /\{urgent,"new user"\}\s*\|\s*\{"host a"\}/);
  assert.match(await page.textContent('#ran'), /ql_array_append/);
  await page.locator('.statement-list li', { hasText: 'SELECT id, tags' }).first().click();
  const client = await page.textContent('#result pre.client');
  assert.match(client, /1 \| \{urgent,"new user"\} \| \{"host a"\}\s*\|\s*0/);
  assert.match(client, /2 \| \{\}\s*\|\s*\|\s*0/);
  await page.screenshot({ path: join(shots, 'pg-arrays.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a retry pushes run_at by attempts times an interval with the fraction kept, a month from January 31 ends in February, and a log line writes the time and a test as PostgreSQL does', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, run_at timestamptz NOT NULL, attempts int NOT NULL);',
    "INSERT INTO jobs VALUES (1, '2000-01-31 00:00:00.5', 3);",
    "UPDATE jobs SET attempts = attempts + 1, run_at = run_at + attempts * interval '1.5 seconds' RETURNING run_at;",
    "SELECT run_at + interval '1 month' AS later, run_at + make_interval(secs => 30) AS visible FROM jobs;",
    "SELECT 'due ' || run_at || ', retried ' || (attempts > 3) AS line FROM jobs;",
    'SELECT now() - run_at FROM jobs;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  assert.match(await page.textContent('#result'), /Arithmetic on a time \(now\(\) - run_at\) is not supported here/);
  await page.locator('.statement-list li', { hasText: 'AS later' }).first().click();
  assert.match(await page.textContent('#result pre.client'), /2000-02-29 00:00:05\+00 \| 2000-01-31 00:00:35\+00/);
  assert.match(await page.textContent('#ran'), /ql_pg_time_shift/);
  await page.screenshot({ path: join(shots, 'pg-intervals.png'), fullPage: true });
  await page.locator('.statement-list li', { hasText: 'AS line' }).first().click();
  assert.match(await page.textContent('#result pre.client'), /due 2000-01-31 00:00:05\+00, retried true/);
  await page.screenshot({ path: join(shots, 'pg-as-text.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('Oban-style SQL runs as pasted: a table named with its schema, timestamps in UTC by timezone(), and a queue name checked by char_length', async () => {
  const sql = [
    "CREATE TABLE public.oban_jobs (id int PRIMARY KEY, queue text NOT NULL CHECK (char_length(queue) > 0), state text NOT NULL, scheduled_at timestamp NOT NULL DEFAULT timezone('UTC', now()));",
    "INSERT INTO public.oban_jobs (id, queue, state, scheduled_at) VALUES (1, 'mail', 'scheduled', '2000-01-01 10:00:00+02'::timestamptz AT TIME ZONE 'UTC');",
    "UPDATE public.oban_jobs SET state = 'available' WHERE state = 'scheduled' AND scheduled_at <= timezone('UTC', now()) RETURNING id, scheduled_at AS staged;",
    "INSERT INTO oban_jobs (id, queue, state) VALUES (2, '', 'available');",
    'INSERT INTO pgmq.q (id) VALUES (1);',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="oban_jobs"]');
  assert.match(await page.textContent('#result'), /relation "pgmq.q" does not exist/);
  await page.locator('.statement-list li', { hasText: 'AS staged' }).first().click();
  assert.match(await page.textContent('#result pre.client'), /1 \| 2000-01-01 08:00:00\s/);
  assert.match(await page.textContent('#ran'), /conversion in UTC/);
  await page.screenshot({ path: join(shots, 'pg-oban-utc.png'), fullPage: true });
  await page.locator('.statement-list li', { hasText: "(2, ''" }).first().click();
  assert.match(await page.textContent('#result'), /violates check constraint/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('MariaDB result columns are named as typed, a VALUES list by its first row; TIMESTAMPDIFF counts', async () => {
  const sql = [
    "CREATE TABLE jobs (id int PRIMARY KEY, locked_at DATETIME);",
    "INSERT INTO jobs VALUES (1, '2025-01-01 09:50:00');",
    "SELECT ID, id+1, 'a', TIMESTAMPDIFF(SECOND, locked_at, '2025-01-01 10:00:00') FROM jobs;",
    "SELECT * FROM (VALUES (1, 'done'), (2, 'failed')) AS v;",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=mysql&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'id+1' }).first().click();
  const client = await page.locator('#result pre.client', { hasText: 'TIMESTAMPDIFF' }).textContent();
  assert.match(client, /\| ID \| id\+1 \| a \| TIMESTAMPDIFF\(SECOND, locked_at, '2025-01-01 10:00:00'\) \|/);
  assert.match(client, /\|  1 \|    2 \| a \| +600 \|/);
  await page.screenshot({ path: join(shots, 'my-result-names.png'), fullPage: true });
  await page.locator('.statement-list li', { hasText: 'AS v' }).first().click();
  const values = await page.locator('#result pre.client', { hasText: 'AS v' }).textContent();
  assert.match(values, /\| 1 \| done   \|/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('PostgreSQL index names are relation names: a table or a sequence of a taken name is 42P07, psql tags', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, state text NOT NULL);',
    'CREATE INDEX jobs_state ON jobs (state);',
    'CREATE TABLE jobs_state (a int);',
    'BEGIN;',
    'SAVEPOINT s;',
    'CREATE INDEX ON jobs (state);',
    'COMMIT;',
    'CREATE SEQUENCE jobs_state_idx;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'SAVEPOINT s' }).first().click();
  const tag = await page.locator('#result pre.client', { hasText: 'SAVEPOINT' }).textContent();
  assert.match(tag, /^SAVEPOINT\s*$/m);
  await page.locator('.statement-list li', { hasText: 'CREATE SEQUENCE jobs_state_idx' }).first().click();
  const seq = await page.locator('#result pre.client', { hasText: 'jobs_state_idx' }).textContent();
  assert.match(seq, /ERROR: {2}relation "jobs_state_idx" already exists/);
  await page.locator('.statement-list li', { hasText: 'CREATE TABLE jobs_state' }).first().click();
  const table = await page.locator('#result pre.client', { hasText: 'already exists' }).textContent();
  assert.match(table, /ERROR: {2}relation "jobs_state" already exists/);
  await page.screenshot({ path: join(shots, 'pg-index-names.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("PostgreSQL's LIKE escapes with a backslash and compares case, in the browser's SQLite", async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, queue text NOT NULL);',
    "INSERT INTO jobs VALUES (1, 'mail_out'), (2, 'mailbox'), (3, 'MAIL_X');",
    "SELECT id, queue FROM jobs WHERE queue LIKE 'mail\\_%' ORDER BY id;",
    "SELECT 'a\\xb' LIKE 'a\\_b' AS lit, 'ab' LIKE 'a\\';",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'ORDER BY id' }).first().click();
  const claimed = await page.locator('#result pre.client', { hasText: 'ORDER BY id' }).textContent();
  assert.match(claimed, /1 \| mail_out/);
  assert.doesNotMatch(claimed, /mailbox|MAIL_X/);
  assert.match(claimed, /\(1 row\)/);
  await page.screenshot({ path: join(shots, 'pg-like-escape.png'), fullPage: true });
  await page.locator('.statement-list li', { hasText: 'AS lit' }).first().click();
  const dangling = await page.locator('#result pre.client', { hasText: 'AS lit' }).textContent();
  assert.match(dangling, /ERROR: {2}LIKE pattern must not end with escape character/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("MariaDB's LIKE escapes with a backslash and ignores case and accents; T-SQL's CASE ... ELSE runs", async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, queue varchar(20) NOT NULL);',
    "INSERT INTO jobs VALUES (1, 'mail_out'), (2, 'mailbox'), (3, 'MAIL_X'), (4, 'mäil_y');",
    "SELECT id FROM jobs WHERE queue LIKE 'mail\\_%' ORDER BY id;",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=mysql&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'ORDER BY id' }).first().click();
  const claimed = await page.locator('#result pre.client', { hasText: 'ORDER BY id' }).textContent();
  assert.match(claimed, /\|  1 \|\n\|  3 \|\n\|  4 \|/);
  assert.match(claimed, /3 rows in set/);
  await page.screenshot({ path: join(shots, 'my-like-escape.png'), fullPage: true });
  await page.close();
  const tsql = "SELECT CASE WHEN 1 = 1 THEN 'yes' ELSE 'no' END AS answer;";
  const second = await openApp(app.browser, `${app.server.url}#dialect=mssql&sql=${encodeURIComponent(tsql)}`);
  await second.page.click('#run');
  const answer = await second.page.locator('#result pre.client', { hasText: 'answer' }).textContent();
  assert.match(answer, /yes/);
  await second.page.screenshot({ path: join(shots, 'tsql-case-else.png'), fullPage: true });
  assert.deepEqual([...errors, ...second.errors], []);
  await second.page.close();
});

test('a PostgreSQL batch acknowledged through (VALUES ...) AS v(id, state), and a claim through a subquery with a column list', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, state text NOT NULL);',
    "INSERT INTO jobs VALUES (1, 'running'), (2, 'running'), (3, 'ready');",
    "UPDATE jobs SET state = v.state FROM (VALUES (1, 'done'), (2, 'failed')) AS v(id, state) WHERE jobs.id = v.id;",
    "UPDATE jobs SET state = 'taken' FROM (SELECT id FROM jobs WHERE state = 'ready' LIMIT 1 FOR UPDATE SKIP LOCKED) AS c(job_id) WHERE jobs.id = c.job_id RETURNING jobs.id, jobs.state;",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'AS v(id, state)' }).first().click();
  const acked = await page.locator('#result pre.client', { hasText: 'AS v(id, state)' }).textContent();
  assert.match(acked, /UPDATE 2/);
  const table = await page.textContent('table.table-view[data-table="jobs"]');
  assert.match(table, /done/);
  assert.match(table, /failed/);
  await page.screenshot({ path: join(shots, 'pg-values-columns.png'), fullPage: true });
  await page.locator('.statement-list li', { hasText: 'AS c(job_id)' }).first().click();
  const claim = await page.locator('#result pre.client', { hasText: 'AS c(job_id)' }).textContent();
  assert.match(claim, /\s3 \| taken\s/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a misspelt column is named in its clause, as MariaDB names it', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, state varchar(10) NOT NULL);',
    "INSERT INTO jobs VALUES (1, 'ready');",
    "SELECT id FROM jobs WHERE stat = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED;",
    "INSERT INTO jobs (id, status) VALUES (2, 'ready');",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=mysql&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'stat =' }).first().click();
  assert.match(await page.textContent('#result'), /Unknown column 'stat' in 'WHERE'/);
  await page.screenshot({ path: join(shots, 'my-unknown-column.png'), fullPage: true });
  await page.locator('.statement-list li', { hasText: 'status' }).first().click();
  assert.match(await page.textContent('#result'), /Unknown column 'status' in 'INSERT INTO'/);
  assert.doesNotMatch(await page.textContent('#result'), /SQLite/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a PostgreSQL column qualified by no table of the statement is 42P01, in the server\'s words', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, state text);',
    "SELECT x.id FROM jobs j WHERE j.state = 'ready';",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'x.id' }).first().click();
  const result = await page.textContent('#result');
  assert.match(result, /missing FROM-clause entry for table "x"/);
  assert.doesNotMatch(result, /does not exist|SQLite/);
  await page.screenshot({ path: join(shots, 'pg-missing-from-entry.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a batch claim over a table indexed after its rows says that PostgreSQL's planner then knows what the lab does not", async () => {
  const sql = [
    'CREATE TABLE jobs (id int, prio int);',
    'INSERT INTO jobs VALUES (1, 1), (2, 5), (3, 3);',
    'CREATE UNIQUE INDEX jobs_id ON jobs (id);',
    'WITH next AS (SELECT id FROM jobs ORDER BY prio DESC LIMIT 2 FOR UPDATE SKIP LOCKED) UPDATE jobs SET prio = 0 FROM next WHERE jobs.id = next.id RETURNING jobs.id;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'WITH next' }).first().click();
  // The index counted the rows for the planner, which joins by that count.
  assert.match(await page.textContent('#ran'), /PostgreSQL joins this locking read to jobs on row estimates the lab does not make here/);
  await page.screenshot({ path: join(shots, 'pg-claim-sized-note.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('MariaDB lists and claims rows in primary key order, as InnoDB reads them', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, state varchar(10) NOT NULL, created int NOT NULL, KEY (created));',
    "INSERT INTO jobs VALUES (3, 'ready', 30), (1, 'ready', 10), (2, 'done', 20);",
    "UPDATE jobs SET state = 'taken' WHERE state = 'ready' LIMIT 1;",
    'SELECT id, state FROM jobs;',
    'SELECT id, created FROM jobs;',
    'SELECT id FROM jobs WHERE created > 5 LIMIT 1;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=mysql&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'SELECT id, state' }).first().click();
  const client = await page.textContent('#result pre.client');
  // The claim took the lowest ready id (1), not the first row inserted (3); rows come by id.
  assert.match(client, /\|\s+1 \| taken\s+\|\s*\n\|\s+2 \| done\s+\|\s*\n\|\s+3 \| ready\s+\|/);
  const ran = await page.textContent('#ran');
  assert.match(ran, /ORDER BY "jobs"\."id"/);
  assert.match(ran, /InnoDB reads the rows in its primary key's order/);
  await page.screenshot({ path: join(shots, 'my-scan-order.png'), fullPage: true });
  // The index on created holds both columns: the server may list them in its order, and the
  // lab says so.
  await page.locator('.statement-list li', { hasText: 'SELECT id, created' }).first().click();
  assert.match(await page.textContent('#ran'), /MariaDB may list these rows in the order of the index on \(created\)/);
  await page.locator('.statement-list li', { hasText: 'created > 5' }).first().click();
  assert.match(await page.textContent('#result'), /LIMIT without ORDER BY over a table with an index is not supported here/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('PostgreSQL ON DELETE CASCADE: deleting a job deletes its claims, and the tables mark them deleted', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY);',
    'CREATE TABLE claims (id int PRIMARY KEY, job int NOT NULL REFERENCES jobs ON DELETE CASCADE);',
    'INSERT INTO jobs VALUES (1), (2);',
    'INSERT INTO claims VALUES (1, 1), (2, 2), (3, 1);',
    'DELETE FROM jobs WHERE id = 1 RETURNING id;',
    'SELECT id, job FROM claims;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="claims"]');
  await page.locator('.statement-list li', { hasText: 'DELETE FROM jobs' }).first().click();
  // The parent's RETURNING and count only; its claims 1 and 3 go with it.
  assert.match(await page.textContent('#result pre.client'), /id\s*\n-+\s*\n\s+1\s*\n\(1 row\)/);
  const gone = await page.$$eval('table.table-view[data-table="claims"] tr[data-mark="deleted"] td:first-child',
    (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(gone, ['1', '3']);
  // What ran says why they went.
  assert.match(await page.textContent('#ran'), /ON DELETE CASCADE: the rows of claims \(job\) that reference a deleted row go with it/);
  await page.screenshot({ path: join(shots, 'pg-foreign-key-cascade.png'), fullPage: true });
  await page.locator('.statement-list li', { hasText: 'SELECT id, job' }).first().click();
  assert.match(await page.textContent('#result pre.client'), /\s2 \|\s+2\s*\n\(1 row\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('PostgreSQL schemas: pgmq\'s queue table in pgmq, read and archived, named with its schema', async () => {
  const sql = [
    'CREATE SCHEMA pgmq;',
    'CREATE TABLE pgmq.q_tasks (msg_id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY, read_ct int NOT NULL DEFAULT 0, vt timestamptz NOT NULL, message jsonb);',
    'CREATE TABLE pgmq.a_tasks (msg_id bigint PRIMARY KEY, read_ct int NOT NULL, message jsonb);',
    "INSERT INTO pgmq.q_tasks (vt, message) VALUES ('2000-01-01 00:00:00+00', '{\"n\": 1}'), ('2000-01-01 00:00:00+00', '{\"n\": 2}');",
    "WITH next AS (SELECT msg_id FROM pgmq.q_tasks WHERE vt <= now() ORDER BY msg_id LIMIT 1 FOR UPDATE SKIP LOCKED) UPDATE pgmq.q_tasks m SET vt = now() + interval '30 seconds', read_ct = m.read_ct + 1 FROM next WHERE m.msg_id = next.msg_id RETURNING m.msg_id, m.read_ct;",
    'WITH gone AS (DELETE FROM pgmq.q_tasks WHERE msg_id = 1 RETURNING msg_id, read_ct, message) INSERT INTO pgmq.a_tasks SELECT * FROM gone RETURNING msg_id;',
    'SELECT count(*) FROM q_tasks;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="a_tasks"]');
  await page.locator('.statement-list li', { hasText: 'WITH next' }).first().click();
  assert.match(await page.textContent('#result pre.client'), /\s1 \|\s+1\s*\n\(1 row\)/);
  await page.locator('.statement-list li', { hasText: 'WITH gone' }).first().click();
  // The tables are drawn with the schema the user named them by; message 1 moved.
  const caption = await page.textContent('table.table-view[data-table="q_tasks"] caption');
  assert.match(caption, /^pgmq\.q_tasks/);
  const archived = await page.$$eval('table.table-view[data-table="a_tasks"] tr[data-mark="inserted"] td:first-child',
    (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(archived, ['1']);
  await page.screenshot({ path: join(shots, 'pg-pgmq-schema.png'), fullPage: true });
  await page.locator('.statement-list li', { hasText: 'CREATE SCHEMA' }).first().click();
  assert.match(await page.textContent('#ran'), /schema pgmq: its tables are named pgmq\.table/);
  // The search path is public: the bare name is not found.
  await page.locator('.statement-list li', { hasText: 'FROM q_tasks' }).first().click();
  assert.match(await page.textContent('#result'), /relation "q_tasks" does not exist/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('PostgreSQL ON CONFLICT (cols) WHERE: a unique job goes in once through its partial index', async () => {
  const sql = [
    'CREATE TABLE job (id int PRIMARY KEY, kind text NOT NULL, unique_key text, state text NOT NULL DEFAULT \'available\');',
    'CREATE UNIQUE INDEX job_unique ON job (unique_key) WHERE unique_key IS NOT NULL AND state <> \'completed\';',
    "INSERT INTO job (id, kind, unique_key) VALUES (1, 'mail', 'u1');",
    "INSERT INTO job (id, kind, unique_key) VALUES (2, 'mail', 'u1') ON CONFLICT (unique_key) WHERE state <> 'completed' AND unique_key IS NOT NULL DO UPDATE SET kind = EXCLUDED.kind RETURNING id, (xmax <> 0) AS skipped;",
    "INSERT INTO job (id, kind, unique_key) VALUES (3, 'mail', 'u1') ON CONFLICT (unique_key) DO NOTHING;",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="job"]');
  await page.locator('.statement-list li', { hasText: 'VALUES (2,' }).first().click();
  // The existing job 1 comes back, updated: the partial index arbitrated.
  assert.match(await page.textContent('#result pre.client'), /\s1 \| t\s*\n\(1 row\)/);
  assert.match(await page.textContent('#ran'), /implies the WHERE of the partial unique index job_unique/);
  await page.screenshot({ path: join(shots, 'pg-on-conflict-partial-target.png'), fullPage: true });
  // Without the WHERE nothing is inferred: the server's 42P10.
  await page.locator('.statement-list li', { hasText: 'VALUES (3,' }).first().click();
  assert.match(await page.textContent('#result'), /there is no unique or exclusion constraint matching the ON CONFLICT specification/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('PostgreSQL lists and pops rows in the order their versions were written', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, state text NOT NULL);',
    "INSERT INTO jobs VALUES (1, 'ready'), (2, 'ready'), (3, 'ready');",
    "UPDATE jobs SET state = 'ready' WHERE id = 1;",
    'SELECT id, state FROM jobs;',
    "DELETE FROM jobs WHERE id = (SELECT id FROM jobs WHERE state = 'ready' LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id;",
    'SELECT id FROM jobs WHERE id > 0;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  await page.locator('.statement-list li', { hasText: 'SELECT id, state' }).first().click();
  // The update wrote a new version of row 1 after the others: the server lists it last.
  assert.match(await page.textContent('#result pre.client'), /\s2 \| ready\s*\n\s+3 \| ready\s*\n\s+1 \| ready/);
  const ran = await page.textContent('#ran');
  assert.match(ran, /ORDER BY ql_heap\('jobs', "jobs"\.rowid\)/);
  assert.match(ran, /PostgreSQL scans the table in the order its row versions were written/);
  await page.screenshot({ path: join(shots, 'pg-heap-order.png'), fullPage: true });
  // The pop without ORDER BY takes the first ready row in that order: 2, not 1.
  await page.locator('.statement-list li', { hasText: 'DELETE FROM jobs' }).first().click();
  assert.match(await page.textContent('#result pre.client'), /id\s*\n-+\s*\n\s+2\s*\n\(1 row\)/);
  // A WHERE the primary key's index could serve: the planner's choice, said.
  await page.locator('.statement-list li', { hasText: 'id > 0' }).first().click();
  assert.match(await page.textContent('#ran'), /may read these rows through an index the WHERE names/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a PostgreSQL EXECUTE shows the prepared statement it ran, and psql tags it as that statement', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, owner text);',
    'INSERT INTO jobs VALUES (1, NULL), (2, NULL);',
    'PREPARE claim(text) AS UPDATE jobs SET owner = $1 WHERE id = (SELECT min(id) FROM jobs WHERE owner IS NULL FOR UPDATE SKIP LOCKED) RETURNING id, owner;',
    "EXECUTE claim('w1');",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  assert.equal(await page.inputValue('#dialect'), 'postgres');
  await page.click('#run');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  const client = await page.textContent('#result pre.client');
  assert.match(client, /w1/);
  assert.match(client, /UPDATE 1\s*$/, 'the tag is the UPDATE\'s, not EXECUTE');
  const ran = await page.textContent('#ran');
  assert.match(ran, /EXECUTE claim runs the statement PREPARE gave that name: UPDATE jobs SET owner = CAST\('w1' AS TEXT\)/);
  const rows = await page.$$eval('table.table-view[data-table="jobs"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
  assert.ok(rows.some((r) => r.includes('1') && r.includes('w1')), JSON.stringify(rows));
  await page.screenshot({ path: join(shots, 'pg-execute.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a MariaDB sweep through an index range says the server may scan the whole table instead', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, kind int NOT NULL, note varchar(10), KEY by_kind (kind));',
    "INSERT INTO jobs VALUES (1, 1, ''), (2, 1, ''), (3, 2, ''), (4, 3, '');",
    "UPDATE jobs SET note = 'swept' WHERE kind IN (1, 2);",
    "UPDATE jobs SET note = 'done' WHERE id = 4;",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=mysql&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.locator('.statement-list li', { hasText: 'swept' }).first().click();
  const ran = await page.textContent('#ran');
  assert.match(ran, /MariaDB scans the whole table instead of this index range where its row estimates make that cheaper \(a range of k entries in n rows: once 6k >= n \+ 15/);
  await page.screenshot({ path: join(shots, 'my-may-scan-table-note.png'), fullPage: true });
  // A lookup of the primary key reads no range: no such note.
  await page.locator('.statement-list li', { hasText: 'done' }).first().click();
  assert.doesNotMatch(await page.textContent('#ran'), /scans the whole table instead/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a PostgreSQL claim that may wait in its locking read says the lab re-checks only the newest rows', async () => {
  const sql = [
    "CREATE TABLE jobs (id int PRIMARY KEY, state text NOT NULL);",
    "INSERT INTO jobs VALUES (1, 'held'), (2, 'ready');",
    "UPDATE jobs SET state = 'running' WHERE state = 'ready' AND id IN (SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE) RETURNING id;",
    "UPDATE jobs SET state = 'taken' WHERE id IN (SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id;",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.locator('.statement-list li', { hasText: "'running'" }).first().click();
  const ran = await page.textContent('#ran');
  assert.match(ran, /after a wait in its locking read at READ COMMITTED, PostgreSQL changes only rows its snapshot matched/);
  await page.screenshot({ path: join(shots, 'pg-snapshot-pick-note.png'), fullPage: true });
  // SKIP LOCKED never waits for a row: no such note.
  await page.locator('.statement-list li', { hasText: "'taken'" }).first().click();
  assert.doesNotMatch(await page.textContent('#ran'), /changes only rows its snapshot matched/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a PostgreSQL UPDATE ... FROM another table says the server changes its rows in its join\'s order', async () => {
  const sql = [
    'CREATE TABLE q (name text PRIMARY KEY, paused boolean NOT NULL);',
    "INSERT INTO q VALUES ('w', false), ('x', false);",
    'CREATE TABLE jobs (id int PRIMARY KEY, queue text NOT NULL, paid int NOT NULL DEFAULT 0);',
    "INSERT INTO jobs (id, queue) VALUES (40, 'x'), (70, 'w');",
    'UPDATE jobs SET paid = paid + 1 FROM q WHERE q.name = jobs.queue AND NOT q.paused RETURNING jobs.id;',
    "UPDATE jobs SET paid = 0 WHERE queue = 'x' RETURNING id;",
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=postgres&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.locator('.statement-list li', { hasText: 'paid + 1' }).first().click();
  assert.match(await page.textContent('#ran'), /PostgreSQL changes the rows of this join, and RETURNING lists them, in the order its join meets them/);
  await page.screenshot({ path: join(shots, 'pg-join-order-note.png'), fullPage: true });
  // No join: no such note.
  await page.locator('.statement-list li', { hasText: 'paid = 0' }).first().click();
  assert.doesNotMatch(await page.textContent('#ran'), /in the order its join meets them/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a MariaDB claim that sorts equal priorities says the lab lists them by key, and a price made text reads as the server writes it', async () => {
  const sql = [
    'CREATE TABLE jobs (id int PRIMARY KEY, priority int NOT NULL, price decimal(10,2) NOT NULL) ENGINE=InnoDB;',
    'INSERT INTO jobs VALUES (1, 5, 1.5), (2, 5, 2), (3, 5, 3), (4, 5, 4);',
    'SELECT id, CONCAT(\'costs \', price) AS label FROM jobs ORDER BY priority LIMIT 2;',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, `${app.server.url}#dialect=mysql&sql=${encodeURIComponent(sql)}`);
  await page.click('#run');
  await page.locator('.statement-list li', { hasText: 'ORDER BY priority' }).first().click();
  const client = await page.textContent('#result pre.client');
  assert.match(client, /costs 1\.50/, 'a DECIMAL(10,2) made text keeps its scale');
  const ran = await page.textContent('#ran');
  assert.match(ran, /rows equal on the ORDER BY: MariaDB's own sort/);
  assert.match(ran, /ql_num_text/);
  await page.screenshot({ path: join(shots, 'my-sort-ties-note.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
