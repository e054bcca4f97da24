// End to end: the multi-session view of a spec, stepped session by session and by permutation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, shots, useApp, pickExample } from './harness.mjs';

const app = useApp({ before, after });

const col = (session) => `#scenario .session-col[data-session="${session}"]`;
const step = (page, session) => page.click(`button.step-session[data-session="${session}"]`);

test('FOR UPDATE waits for c1, then completes on the next row', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-for-update-wait');
  await page.waitForSelector('#scenario');
  assert.equal(await page.locator('#result').count(), 0, 'no one-session panes');
  assert.equal(await page.locator(col('c1')).count(), 1);
  assert.equal(await page.locator(col('c2')).count(), 1);
  assert.match(await page.textContent('#permutations'), /c1pop c2lock c1c c2c/);

  await step(page, 'c1'); // c1pop
  await step(page, 'c2'); // c2lock: waits for c1's row lock on id 1
  await page.waitForSelector(`${col('c2')}[data-waiting="true"]`);
  assert.match(await page.textContent(col('c2')), /waiting for c1/);
  assert.equal(await page.isDisabled('button.step-session[data-session="c2"]'), true);
  const row1 = page.locator('table.table-view[data-table="jobs"] tbody tr')
    .filter({ has: page.locator('td:first-child', { hasText: /^1$/ }) });
  const badge = row1.locator('span.lock-badge[data-session="c1"][data-mode="FOR UPDATE"]');
  assert.equal(await badge.count(), 1, 'row 1 locked by c1 FOR UPDATE');
  assert.equal(await page.getAttribute(`${col('c1')} li[data-step="c1pop"]`, 'class'), 'ran');
  await page.screenshot({ path: join(shots, 'scenario-waiting.png'), fullPage: true });

  await step(page, 'c1'); // c1c: commit releases c2, which gets the next row
  await page.waitForSelector(`${col('c2')}[data-waiting="false"]`);
  assert.doesNotMatch(await page.textContent(col('c2')), /waiting for/);
  const result = await page.textContent(`${col('c2')} .session-result`);
  assert.match(result, /^\s*2\s*$/m, result);
  const kinds = await page.$$eval('ol.event-log li', (lis) => lis.map((li) => li.dataset.event));
  assert.deepEqual(kinds, ['ok', 'waiting', 'ok', 'completed']);
  await page.screenshot({ path: join(shots, 'scenario-completed.png'), fullPage: true });

  await page.click('#scenario-back');
  await page.waitForSelector(`${col('c2')}[data-waiting="true"]`);
  await page.click('#scenario-reset');
  assert.equal(await page.locator('ol.event-log li').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('SKIP LOCKED: a permutation gives the two consumers different ids', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-skip-locked');
  await page.waitForSelector('#scenario');
  const options = await page.$$eval('#permutations option', (os) => os.map((o) => o.textContent));
  const i = options.indexOf('c1pop c2pop c1c c2c c2left');
  assert.ok(i >= 0, JSON.stringify(options));
  await page.selectOption('#permutations', String(i));
  await page.click('#run-permutation');
  await page.waitForSelector('ol.event-log li[data-event="ok"]');
  const pops = await page.$$eval('ol.event-log li', (lis) => lis
    .filter((li) => /pop$/.test(li.querySelector('.ev-step').textContent))
    .map((li) => [li.dataset.event, li.dataset.session, li.querySelector('.ev-result').textContent]));
  assert.equal(pops.length, 2, JSON.stringify(pops));
  assert.ok(pops.every(([kind]) => kind === 'ok'), 'nobody waits');
  const ids = pops.map(([, , r]) => r.match(/\((\d+),/)?.[1]);
  assert.deepEqual(ids, ['1', '2'], JSON.stringify(pops));
  assert.equal(await page.locator('#scenario .session-col[data-waiting="true"]').count(), 0);
  await page.screenshot({ path: join(shots, 'scenario-skip-locked.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('spec errors are shown with line:column', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await page.fill('#editor', 'session a\nstep x SELECT 1;\nstep y { SELECT 2; }\n');
  await page.waitForSelector('#scenario .spec-error');
  assert.match(await page.textContent('#scenario .spec-error'), /2:8/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the deadlock victim\'s step shows a cross, not a tick', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-deadlock');
  await page.waitForSelector('#scenario');
  await page.click('#run-permutation'); // a1 b1 a2 b2 ac bc: b2 closes the cycle
  await page.waitForSelector('ol.event-log li[data-event="error"]');
  const b2 = `${col('b')} li[data-step="b2"]`;
  assert.match(await page.getAttribute(b2, 'class'), /\bfailed\b/);
  assert.equal((await page.textContent(`${b2} .tick`)).trim(), '✗');
  const a2 = `${col('a')} li[data-step="a2"]`;
  assert.doesNotMatch(await page.getAttribute(a2, 'class'), /\bfailed\b/);
  assert.equal((await page.textContent(`${a2} .tick`)).trim(), '✓');
  await page.screenshot({ path: join(shots, 'scenario-deadlock-victim.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('an error after a savepoint frees its locks at once; ROLLBACK TO brings the transaction back', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  const spec = [
    '# dialect: postgres',
    'setup { CREATE TABLE jobs (id int PRIMARY KEY, attempts int NOT NULL); INSERT INTO jobs VALUES (1, 0), (2, 0); }',
    'session w1',
    'setup { BEGIN; }',
    'step w1claim { UPDATE jobs SET attempts = attempts + 1 WHERE id = 1; }',
    'step w1sp { SAVEPOINT try_two; }',
    'step w1two { UPDATE jobs SET attempts = attempts + 1 WHERE id = 2; }',
    'step w1boom { SELECT 1 / (attempts - 1) FROM jobs WHERE id = 2; }',
    'step w1next { SELECT id FROM jobs WHERE id = 1; }',
    'step w1back { ROLLBACK TO SAVEPOINT try_two; }',
    'step w1show { SELECT id, attempts FROM jobs ORDER BY id; }',
    'session w2',
    'setup { BEGIN; }',
    'step w2two { UPDATE jobs SET attempts = attempts + 10 WHERE id = 2 RETURNING attempts; }',
    'permutation w1claim w1sp w1two w2two w1boom w1next w1back w1show',
    '',
  ].join('\n');
  await page.fill('#editor', spec);
  await page.waitForSelector('#scenario');
  await page.click('#run-permutation');
  await page.waitForSelector('ol.event-log li[data-event="completed"]');
  const events = await page.$$eval('ol.event-log li', (lis) =>
    lis.map((li) => `${li.querySelector('.ev-step').textContent} ${li.dataset.event} ${li.querySelector('.ev-result').textContent}`));
  const at = (prefix) => events.findIndex((e) => e.startsWith(prefix));
  assert.ok(at('w2two waiting') >= 0, events.join('\n'));
  // The division by zero aborts only the part after the savepoint: w2 gets job 2 right then.
  assert.equal(at('w2two completed'), at('w1boom error') + 1, events.join('\n'));
  assert.match(events[at('w1boom error')], /division by zero/);
  assert.match(events[at('w1next error')], /current transaction is aborted/);
  assert.ok(at('w1back ok') > at('w1next error'), events.join('\n'));
  await page.screenshot({ path: join(shots, 'scenario-savepoint.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('advisory locks: the holder says what it holds, the waiter waits for it until it unlocks', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  const spec = [
    '# dialect: postgres',
    'session w1',
    'step w1lock { SELECT pg_advisory_lock(1), pg_advisory_lock_shared(7); }',
    'step w1xact { BEGIN; SELECT pg_advisory_xact_lock(3); }',
    'step w1unlock { SELECT pg_advisory_unlock(1); }',
    'step w1again { SELECT pg_advisory_unlock(1); }',
    'session w2',
    'step w2lock { SELECT pg_advisory_lock(1); }',
    'permutation w1lock w1xact w2lock w1unlock w1again',
    '',
  ].join('\n');
  await page.fill('#editor', spec);
  await page.waitForSelector('#scenario');
  await step(page, 'w1');
  await step(page, 'w1');
  const holds = `${col('w1')} .advisory-badge`;
  await page.waitForSelector(holds);
  assert.equal(await page.textContent(holds), 'holds advisory locks 1 · 7 shared · 3 until commit');
  await step(page, 'w2');
  await page.waitForSelector(`${col('w2')}[data-waiting="true"]`);
  assert.match(await page.textContent(`${col('w2')} .waiting-badge`), /^waiting for w1$/);
  assert.equal(await page.textContent(`${col('w2')} .blocked-why`),
    'w2 waits for w1: step w1 to unlock (or end the transaction that holds the lock) first');
  assert.equal(await page.textContent('#wait-graph .wait-sentences li'),
    'w2 waits for w1: it wants advisory lock 1, which w1 holds.');
  await page.screenshot({ path: join(shots, 'scenario-advisory.png'), fullPage: true });
  await step(page, 'w1'); // unlock: w2 gets lock 1
  await page.waitForSelector(`${col('w2')}[data-waiting="false"]`);
  assert.equal(await page.textContent(`${col('w2')} .advisory-badge`), 'holds advisory lock 1');
  assert.equal(await page.textContent(holds), 'holds advisory locks 7 shared · 3 until commit');
  await step(page, 'w1'); // a second unlock: f, with psql's WARNING
  const printed = await page.textContent(`${col('w1')} .session-result`);
  assert.match(printed, /WARNING: {2}you don't own a lock of type ExclusiveLock/);
  assert.match(printed, /^\s*f\s*$/m, printed);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a setup that fails says so, and no step runs', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  const spec = [
    '# dialect: postgres',
    'setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1), (1); }',
    'session w',
    'step wcount { SELECT count(*) FROM jobs; }',
    'permutation wcount',
    '',
  ].join('\n');
  await page.fill('#editor', spec);
  await page.waitForSelector('#scenario');
  await page.click('#run-permutation');
  const banner = page.locator('#scenario .setup-error');
  await banner.waitFor();
  assert.match(await banner.textContent(),
    /setup failed: ERROR: {2}duplicate key value violates unique constraint "jobs_pkey"/);
  assert.equal(await page.locator('ol.event-log li').count(), 0, 'no step ran');
  await page.screenshot({ path: join(shots, 'scenario-setup-failed.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('LOCK TABLE waits for a reader, and a new reader queues behind it', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-lock-table-queue');
  await page.waitForSelector('#scenario');
  await step(page, 'consumer'); // peek: ACCESS SHARE held until it commits
  assert.match(await page.textContent(col('consumer')), /holds table lock jobs ACCESS SHARE/);
  await step(page, 'admin'); // lock: waits for the consumer
  await page.waitForSelector(`${col('admin')}[data-waiting="true"]`);
  await step(page, 'reader'); // read: queued behind the admin
  await page.waitForSelector(`${col('reader')}[data-waiting="true"]`);
  assert.match(await page.textContent(col('reader')), /waiting for admin/);
  const waits = await page.textContent('#scenario');
  assert.match(waits, /it wants ACCESS EXCLUSIVE on table jobs, which conflicts with consumer's jobs ACCESS SHARE/);
  assert.match(waits, /queued behind admin's own request for the table/);
  await page.screenshot({ path: join(shots, 'lock-table-queue.png'), fullPage: true });

  await step(page, 'consumer'); // done: the admin gets the table, the reader still waits
  await page.waitForSelector(`${col('admin')}[data-waiting="false"]`);
  assert.match(await page.textContent(col('admin')), /holds table lock jobs ACCESS EXCLUSIVE/);
  assert.match(await page.textContent(col('reader')), /waiting for admin/);
  await page.screenshot({ path: join(shots, 'lock-table-granted.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('A CYCLE sequence numbers the ring: the tables panel says where it stands', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-ring-sequence');
  await page.waitForSelector('#scenario');
  await step(page, 'p1'); // p1a: slot 1
  await step(page, 'p2'); // p2a: slot 2
  await step(page, 'p1'); // p1b: slot 3
  assert.match(await page.textContent('#scenario .sequences'), /ring_seq: last 3, next 1/);
  await step(page, 'p2'); // p2b: slot 1 again, which p1 wrote and has not committed
  await page.waitForSelector(`${col('p2')}[data-waiting="true"]`);
  assert.match(await page.textContent('#scenario'), /p2 waits for p1/);
  await page.screenshot({ path: join(shots, 'ring-sequence.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('Prepared claims without a row lock: the waiter claims the job its rival took', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-prepared-claim');
  await page.waitForSelector('#scenario');
  await step(page, 'w1'); // w1take: job 1
  await step(page, 'w2'); // w2take: waits for w1's row
  await page.waitForSelector(`${col('w2')}[data-waiting="true"]`);
  assert.match(await page.textContent('#scenario'), /w2 waits for w1/);
  await step(page, 'w1'); // w1c: w2 goes on, and takes job 1 too
  await page.waitForSelector(`${col('w2')}[data-waiting="false"]`);
  const jobs = await page.$$eval('#scenario table.table-view[data-table="jobs"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
  assert.ok(jobs.some((r) => r.includes('1') && r.includes('w2')), JSON.stringify(jobs));
  await page.screenshot({ path: join(shots, 'prepared-claim.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('Singleton jobs: the second producer waits for the first, then inserts nothing', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-singleton-jobs');
  await page.waitForSelector('#scenario');
  await step(page, 'p1'); // p1send: job 1, pending
  await step(page, 'p2'); // p2send: meets p1's uncommitted job 1 in the partial index
  await page.waitForSelector(`${col('p2')}[data-waiting="true"]`);
  assert.match(await page.textContent('#scenario'), /p2 waits for p1/);
  await step(page, 'p1'); // p1c: p2's insert does nothing
  await page.waitForSelector(`${col('p2')}[data-waiting="false"]`);
  assert.match(await page.textContent(col('p2')), /\(0 rows\)/);
  const jobs = await page.$$eval('#scenario table.table-view[data-table="job"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
  assert.equal(jobs.length, 1, JSON.stringify(jobs));
  assert.ok(jobs[0].includes('created'), JSON.stringify(jobs));
  await page.screenshot({ path: join(shots, 'singleton-jobs.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('LISTEN / NOTIFY: both workers get the notification at the commit, one finds the job', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-listen-wakeup');
  await page.waitForSelector('#scenario');
  await step(page, 'p'); // ppush: insert, NOTIFY, COMMIT: the notification goes out now
  await step(page, 'w1'); // w1claim: job 1, and its client shows the notification
  await page.waitForFunction(() => /NOTIFY "jobs" with payload "new job" from p/.test(
    document.querySelector('#scenario .session-col[data-session="w1"]')?.textContent ?? ''));
  await step(page, 'w2'); // w2claim: no row left, but it was woken too
  await page.waitForFunction(() => /got NOTIFY jobs 'new job' from p/.test(
    document.querySelector('#scenario')?.textContent ?? '') && /0 rows/.test(
    document.querySelector('#scenario .session-col[data-session="w2"]')?.textContent ?? ''));
  await page.screenshot({ path: join(shots, 'listen-wakeup.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
