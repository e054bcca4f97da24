// End to end: the lab view of a spec. The timeline and the wait-for graph after a deadlock,
// free stepping into a wait and out of it, share links that hold the schedule and the
// position, a link that cannot be read, the phone viewport, script payloads kept as text,
// and axe-core's accessibility rules.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, shots, useApp, root, pickExample } from './harness.mjs';

const app = useApp({ before, after });
const col = (session) => `#scenario .session-col[data-session="${session}"]`;
const step = (page, session) => page.click(`button.step-session[data-session="${session}"]`);
// The app with `spec` pasted into the editor, once its sessions show.
const openSpec = async (spec) => {
  const opened = await openApp(app.browser, app.server.url);
  await opened.page.fill('#editor', spec);
  await opened.page.waitForSelector('#scenario');
  return opened;
};
// Waits until a session's result pane shows text that `re` matches.
const resultShows = (page, session, re) =>
  page.waitForFunction(
    ([sel, source]) => new RegExp(source).test(document.querySelector(sel)?.textContent ?? ''),
    [`${col(session)} .session-result`, re.source],
  );
// The first column of the `count` rows a session's result pane shows, once it shows them.
const resultIds = async (page, session, count) => {
  const pane = `${col(session)} .session-result`;
  await page.waitForFunction(([sel, n]) => (document.querySelector(sel)?.textContent ?? '').includes(`(${n} rows)`), [pane, count]);
  const text = await page.textContent(pane);
  return [...text.matchAll(/^\s*(\d+)\s*\|\s*(\d+)\s*$/gm)].map((m) => m[1]);
};

test('after a deadlock the timeline marks the victim and the graph draws the cycle in red', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-deadlock');
  await page.click('#run-permutation'); // a1 b1 a2 b2 ac bc
  await page.waitForSelector('#timeline .tl-block');
  assert.equal(await page.textContent('#scrub-at'), '6 / 6');
  await page.fill('#scrubber', '4'); // right after b2 ran into the deadlock
  await page.waitForSelector('#scrub-at:text("4 / 6")');
  const victim = page.locator('#timeline .tl-lane[data-session="b"] .tl-block[data-step="b2"]');
  assert.equal(await victim.getAttribute('data-ending'), 'victim');
  const a2 = page.locator('#timeline .tl-lane[data-session="a"] .tl-block[data-step="a2"]');
  assert.match(await a2.textContent(), /waits for b/);
  assert.equal(await page.locator('#wait-graph .wg-node.victim').getAttribute('data-session'), 'b');
  assert.equal(await page.locator('#wait-graph .wg-edge.deadlock').count(), 2);
  const sentences = await page.$$eval('#wait-graph .wait-sentences li', (l) => l.map((x) => x.textContent));
  assert.deepEqual(sentences, [
    'b waited for a: it wants FOR NO KEY UPDATE on t id=1, which a locked in step a1.',
    'a waited for b: it wants FOR NO KEY UPDATE on t id=2, which b locked in step b1.',
  ]);
  // The moves after the cursor stay drawn, faded; the sessions show move 4's state.
  assert.match(await page.getAttribute('#timeline .tl-block[data-step="ac"]', 'class'), /future/);
  assert.match(await page.textContent(`${col('b')} .session-result`), /deadlock detected/);
  await page.screenshot({ path: join(shots, 'lab-deadlock.png'), fullPage: true });

  // A click on a block shows the view right after it; the keyboard moves the scrubber.
  await page.click('#timeline .tl-block[data-step="b1"]');
  await page.waitForSelector('#scrub-at:text("2 / 6")');
  assert.equal(await page.locator('#wait-graph .wg-edge').count(), 0);
  assert.match(await page.textContent('#wait-graph'), /Nobody waits/);
  await page.focus('#scrubber');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#scrub-at:text("3 / 6")');
  assert.equal(await page.locator('#wait-graph .wg-edge[data-waiter="a"][data-holder="b"]').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('free stepping: into a wait and out of it, Back, and the schedule as a permutation line', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-for-update-wait');
  await page.waitForSelector('#scenario');
  assert.equal(await page.textContent('#schedule-line'), '(no move yet)');
  await step(page, 'c1');
  await step(page, 'c2');
  await page.waitForSelector(`${col('c2')}[data-waiting="true"]`);
  assert.equal(await page.textContent('#schedule-line'), 'permutation c1pop c2lock');
  assert.equal(await page.isDisabled(`button.step-session[data-session="c2"]`), true);
  assert.equal(await page.textContent(`${col('c2')} .blocked-why`),
    'c2 waits for c1: step c1 to commit or roll back first');
  assert.equal(await page.textContent('#wait-graph .wait-sentences li'),
    'c2 waits for c1: it wants FOR UPDATE on jobs id=1, which c1 locked in step c1pop.');
  assert.equal(await page.getAttribute('#timeline .tl-block[data-step="c2lock"]', 'data-ending'), 'waiting');
  await page.screenshot({ path: join(shots, 'lab-free-stepping-wait.png'), fullPage: true });

  // c1's other step, not the permutation's: the rollback lets c2 through to row 1.
  await page.click('#scenario-back');
  await page.waitForSelector(`${col('c2')}[data-waiting="false"]`);
  assert.equal(await page.textContent('#schedule-line'), 'permutation c1pop');
  await step(page, 'c2');
  await page.waitForSelector(`${col('c2')}[data-waiting="true"]`);
  await step(page, 'c1'); // c1c
  await page.waitForSelector(`${col('c2')}[data-waiting="false"]`);
  assert.equal(await page.textContent('#schedule-line'), 'permutation c1pop c2lock c1c');
  const c2lock = page.locator('#timeline .tl-block[data-step="c2lock"]');
  assert.equal(await c2lock.getAttribute('data-ending'), 'ok');
  assert.match(await c2lock.textContent(), /waits for c1/);
  assert.equal(await page.getAttribute('#timeline .tl-block[data-step="c1c"]', 'data-ending'), 'commit');
  assert.equal(await page.locator('#wait-graph .wg-edge').count(), 0);

  // Any step may run next: back one move, and roll back instead of committing.
  await page.click('#scenario-back');
  await page.waitForSelector(`${col('c2')}[data-waiting="true"]`);
  assert.equal(await page.isDisabled(`${col('c2')} button.run-step[data-step="c2c"]`), true);
  await page.click(`${col('c1')} button.run-step[data-step="c1r"]`);
  await page.waitForSelector(`${col('c2')}[data-waiting="false"]`);
  assert.equal(await page.textContent('#schedule-line'), 'permutation c1pop c2lock c1r');
  assert.equal(await page.getAttribute('#timeline .tl-block[data-step="c1r"]', 'data-ending'), 'rollback');
  assert.match(await page.textContent(`${col('c2')} .session-result`), /^\s*1\s*$/m, 'c2 gets row 1 back');
  await page.screenshot({ path: join(shots, 'lab-free-stepping-rollback.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('Ctrl+Enter makes the chosen permutation\'s next move, one at a time', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-for-update-wait');
  await page.waitForSelector('#scenario');
  const options = await page.$$eval('#permutations option', (os) => os.map((o) => o.textContent));
  await page.selectOption('#permutations', String(options.indexOf('c1pop c2lock c1r c2c')));
  await page.keyboard.press('Control+Enter');
  await page.waitForSelector('#schedule-line:text("permutation c1pop")');
  await page.keyboard.press('Control+Enter');
  await page.waitForSelector(`${col('c2')}[data-waiting="true"]`);
  await page.keyboard.press('Control+Enter');
  await page.waitForSelector('#schedule-line:text("permutation c1pop c2lock c1r")');
  assert.equal(await page.getAttribute(`${col('c2')}`, 'data-waiting'), 'false');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a share link holds the spec, the schedule and the position, and opens on exactly that view', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-deadlock');
  await page.click('#run-permutation');
  await page.fill('#scrubber', '3');
  await page.waitForSelector('#scrub-at:text("3 / 6")');
  await page.click('#share');
  await page.waitForFunction(() => location.hash.includes('z='));
  const url = page.url();
  assert.match(url, /#dialect=postgres&z=[A-Za-z0-9_-]+&moves=a1%20b1%20a2%20b2%20ac%20bc&at=3$/);
  const text = await page.inputValue('#editor');

  const other = await openApp(app.browser, url);
  await other.page.waitForSelector('#scrub-at:text("3 / 6")');
  assert.equal(await other.page.inputValue('#editor'), text);
  assert.equal(await other.page.textContent('#schedule-line'), 'permutation a1 b1 a2');
  assert.equal(await other.page.locator('#wait-graph .wg-edge[data-waiter="a"]').count(), 1);
  assert.deepEqual([...errors, ...other.errors], []);
  await other.page.close();
  await page.close();
});

test('a link that cannot be read says so and leaves the saved work alone', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  const mine = 'SELECT 42; -- my own work\n';
  await page.fill('#editor', mine);
  await page.waitForFunction((t) => localStorage.getItem('queuelab.sql') === t, mine);
  await page.goto(`${app.server.url}#dialect=mysql&z=AAAAAAAAAAAA`);
  await page.reload();
  await page.waitForSelector('#app[data-ready="true"]', { state: 'attached' });
  await page.waitForSelector('#notice');
  assert.match(await page.textContent('#notice'), /could not be read.*saved work is unchanged/);
  assert.equal(await page.inputValue('#editor'), mine);
  assert.equal(await page.evaluate(() => localStorage.getItem('queuelab.sql')), mine);
  await page.click('#notice button');
  assert.equal(await page.locator('#notice').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone (390 x 844) the panels stack and nothing overflows', async () => {
  const page = await app.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await page.goto(app.server.url);
  await page.waitForSelector('#app[data-ready="true"]', { state: 'attached' });
  for (const example of ['ring-odku', 'pg-deadlock']) {
    await pickExample(page, example);
    if (example === 'pg-deadlock') {
      await page.click('#run-permutation');
      await page.waitForSelector('#timeline .tl-block');
    } else {
      await page.click('#run');
    }
    const wide = await page.evaluate(() => {
      const out = [];
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        // Inside a horizontal scroller (the timeline, a wide table) is fine: it scrolls.
        const scroller = el.closest('.tl-scroll, .table-list, .result, .explore-outcomes, pre, .editor, textarea');
        if (r.right > window.innerWidth + 1 && !scroller) out.push(el.tagName + '.' + el.className);
      }
      return { scroll: document.documentElement.scrollWidth, out: out.slice(0, 5) };
    });
    assert.equal(wide.scroll, 390, `${example}: ${JSON.stringify(wide)}`);
    assert.deepEqual(wide.out, [], example);
    await page.screenshot({ path: join(shots, `phone-${example}.png`), fullPage: true });
  }
  await page.close();
});

test('text stays text: script payloads in steps, SQL, rows and links are shown, never run', async () => {
  const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  const spec = [
    '# dialect: postgres',
    `setup { CREATE TABLE jobs (id int PRIMARY KEY, body text); INSERT INTO jobs VALUES (1, '${payload}'); }`,
    'session c1',
    `step "${payload.replaceAll('"', "'")}" { SELECT body FROM jobs; /* ${payload} */ }`,
    'session c2',
    'step c2read { SELECT body FROM jobs; }',
  ].join('\n');
  const { page, errors } = await openApp(app.browser, app.server.url);
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  await page.fill('#editor', spec);
  await page.waitForSelector('#scenario');
  await step(page, 'c1');
  await step(page, 'c2');
  await page.waitForSelector('table.table-view[data-table="jobs"]');
  assert.match(await page.textContent('table.table-view[data-table="jobs"]'), /<img src=x onerror/);
  assert.match(await page.textContent(col('c2')), /<script>window.__pwned=2<\/script>/);
  assert.match(await page.textContent('#timeline'), /<img src=x/);
  // Through a share link too.
  await page.click('#share');
  await page.waitForFunction(() => location.hash.includes('z='));
  const other = await openApp(app.browser, page.url());
  other.page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  await other.page.waitForSelector('#timeline .tl-block');
  assert.match(await other.page.textContent('#schedule-line'), /<img src=x/);
  for (const p of [page, other.page]) {
    assert.equal(await p.evaluate(() => window.__pwned), undefined);
    assert.equal(await p.locator('#app img, #app script').count(), 0);
  }
  assert.deepEqual(dialogs, []);
  assert.deepEqual([...errors, ...other.errors], []);
  await other.page.close();
  await page.close();
});

test('a READ ONLY transaction is badged in its session and its refused claim names the command', async () => {
  const spec = [
    '# dialect: postgres',
    "setup { CREATE TABLE jobs (id int PRIMARY KEY, state text); INSERT INTO jobs VALUES (1, 'new'); }",
    'session r',
    'step rb { BEGIN READ ONLY; }',
    'step rclaim { SELECT id FROM jobs LIMIT 1 FOR UPDATE SKIP LOCKED; }',
    'step rr { ROLLBACK; }',
    'session w',
    'step wclaim { SELECT id FROM jobs LIMIT 1 FOR UPDATE SKIP LOCKED; }',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'r');
  await page.waitForSelector(`${col('r')} .read-only`);
  assert.equal(await page.locator(`${col('w')} .read-only`).count(), 0);
  await step(page, 'r');
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.textContent.includes('cannot execute SELECT FOR UPDATE in a read-only transaction'),
    col('r'),
  );
  await page.screenshot({ path: join(shots, 'read-only.png'), fullPage: true });
  await step(page, 'r');
  await page.waitForFunction((sel) => !document.querySelector(`${sel} .read-only`), col('r'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a PostgreSQL sweep that waits for a job holds the jobs it changed: their badges say so, and a worker locking one is the deadlock victim', async () => {
  const spec = [
    '# dialect: postgres',
    'setup { CREATE TABLE jobs (id int PRIMARY KEY, attempts int NOT NULL DEFAULT 0); INSERT INTO jobs (id) VALUES (1), (2), (3); }',
    'session worker',
    'setup { BEGIN; }',
    'step lock3 { SELECT id FROM jobs WHERE id = 3 FOR UPDATE; }',
    'step take1 { SELECT id FROM jobs WHERE id = 1 FOR UPDATE; }',
    'session sweeper',
    'setup { BEGIN; }',
    'step bump { UPDATE jobs SET attempts = attempts + 1 RETURNING id; }',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'worker'); // lock3
  await step(page, 'sweeper'); // bump: changes jobs 1 and 2, then waits for job 3
  await page.waitForSelector(`${col('sweeper')}[data-waiting="true"]`);
  const held = page.locator('table.table-view[data-table="jobs"] span.lock-badge[data-session="sweeper"]');
  assert.equal(await held.count(), 2, 'jobs 1 and 2 held by the waiting sweep');
  assert.match(await held.first().getAttribute('title'), /sweeper holds FOR NO KEY UPDATE on this row for the change its waiting statement made/);
  await page.screenshot({ path: join(shots, 'pg-waiting-write-holds.png'), fullPage: true });
  await step(page, 'worker'); // take1: waits for the sweep, which waits for it
  await resultShows(page, 'worker', /deadlock detected/);
  await page.waitForSelector(`${col('sweeper')}[data-waiting="false"]`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a PostgreSQL claim joined to its locking read changes each job as it locks it: waiting for job 40 it holds jobs 10 to 30 as changed, and a producer's insert of job 10 waits", async () => {
  const spec = [
    '# dialect: postgres',
    "setup { CREATE TABLE jobs (id int PRIMARY KEY, state text NOT NULL); INSERT INTO jobs SELECT g * 10, 'ready' FROM generate_series(1, 5) g; }",
    'session worker',
    'setup { BEGIN; }',
    'step hold { SELECT id FROM jobs WHERE id = 40 FOR UPDATE; }',
    'session claimer',
    'setup { BEGIN; }',
    "step claim { UPDATE jobs SET state = 'running' FROM (SELECT id FROM jobs WHERE state = 'ready' ORDER BY id LIMIT 5 FOR UPDATE) c WHERE jobs.id = c.id RETURNING jobs.id; }",
    'session producer',
    "step add10 { INSERT INTO jobs VALUES (10, 'again') ON CONFLICT DO NOTHING; }",
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'worker'); // hold: job 40
  await step(page, 'claimer'); // claim: changes jobs 10 to 30 as it locks them, then waits for job 40
  await page.waitForSelector(`${col('claimer')}[data-waiting="true"]`);
  const held = page.locator('table.table-view[data-table="jobs"] span.lock-badge[data-session="claimer"]');
  assert.equal(await held.count(), 3, 'jobs 10, 20 and 30 held by the waiting claim');
  assert.match(await held.first().getAttribute('title'), /claimer holds FOR UPDATE on this row for the change its waiting statement made/);
  await step(page, 'producer'); // add10: its key check meets job 10, changed by the claim
  await page.waitForSelector(`${col('producer')}[data-waiting="true"]`);
  await page.screenshot({ path: join(shots, 'pg-join-through-read-holds.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a MariaDB producer's failed duplicate insert holds a shared lock on the job it met: its badge shows it, and a consumer's FOR UPDATE of that job waits until the producer ends", async () => {
  const spec = [
    '# dialect: mysql',
    "setup { CREATE TABLE jobs (id int PRIMARY KEY, state varchar(10) NOT NULL) ENGINE=InnoDB; INSERT INTO jobs VALUES (10, 'ready'), (20, 'ready'); }",
    'session producer',
    'setup { START TRANSACTION; }',
    "step again { INSERT INTO jobs VALUES (20, 'ready'); }",
    'step done { COMMIT; }',
    'session consumer',
    'setup { START TRANSACTION; }',
    'step take { SELECT id FROM jobs WHERE id = 20 FOR UPDATE; }',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'producer'); // again: 1062, and the shared lock on job 20
  await resultShows(page, 'producer', /1062/);
  const held = page.locator('table.table-view[data-table="jobs"] span.lock-badge[data-session="producer"]');
  assert.equal(await held.count(), 1, 'job 20 held by the producer');
  await step(page, 'consumer'); // take: waits for the producer's shared lock
  await page.waitForSelector(`${col('consumer')}[data-waiting="true"]`);
  await page.screenshot({ path: join(shots, 'my-duplicate-check-lock.png'), fullPage: true });
  await step(page, 'producer'); // done: the consumer gets job 20
  await page.waitForSelector(`${col('consumer')}[data-waiting="false"]`);
  await resultShows(page, 'consumer', /\b20\b/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a MariaDB INSERT that fails on a dedupe key leaves a shared lock on the entry it met, drawn on that job, and a consumer reading the key waits for it', async () => {
  const spec = [
    '# dialect: mysql',
    "setup { CREATE TABLE jobs (id int PRIMARY KEY, dedupe varchar(10) NOT NULL, state varchar(10) NOT NULL, UNIQUE KEY uq_dedupe (dedupe)) ENGINE=InnoDB; INSERT INTO jobs VALUES (10, 'a', 'ready'), (20, 'b', 'ready'); }",
    'session producer',
    'setup { START TRANSACTION; }',
    "step again { INSERT INTO jobs VALUES (25, 'b', 'ready'); }",
    'step done { COMMIT; }',
    'session consumer',
    'setup { START TRANSACTION; }',
    "step take { SELECT id FROM jobs WHERE dedupe = 'b' FOR UPDATE; }",
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'producer'); // again: 1062 on uq_dedupe, and the shared lock on job 20's entry
  await resultShows(page, 'producer', /1062|Duplicate entry 'b'/);
  const held = page.locator('table.table-view[data-table="jobs"] span.lock-badge[data-session="producer"]');
  assert.equal(await held.count(), 1, 'job 20 held by the producer');
  assert.match(await held.first().getAttribute('title'), /producer holds S on this row for its failed duplicate check on uq_dedupe/);
  await step(page, 'consumer'); // take: waits for the producer's lock on the entry
  await page.waitForSelector(`${col('consumer')}[data-waiting="true"]`);
  await page.screenshot({ path: join(shots, 'my-duplicate-entry-lock.png'), fullPage: true });
  await step(page, 'producer'); // done: the consumer gets job 20
  await page.waitForSelector(`${col('consumer')}[data-waiting="false"]`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a MariaDB UPDATE that shifts a queue\'s unique positions runs in its ORDER BY\'s order: down from the top it moves every job, up from the bottom it fails on the position it meets', async () => {
  const spec = [
    '# dialect: mysql',
    "setup { CREATE TABLE queue (id int PRIMARY KEY, pos int NOT NULL, job varchar(10) NOT NULL, UNIQUE KEY uq_pos (pos)) ENGINE=InnoDB; INSERT INTO queue VALUES (1, 1, 'a'), (2, 2, 'b'), (3, 3, 'c'); }",
    'session s',
    'step up { UPDATE queue SET pos = pos + 1 ORDER BY pos; }',
    'step down { UPDATE queue SET pos = pos + 1 ORDER BY pos DESC; }',
    'step show { SELECT job, pos FROM queue ORDER BY pos; }',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 's'); // up: job a meets job b's position first
  await resultShows(page, 's', /Duplicate entry '2' for key 'uq_pos'/);
  await step(page, 's'); // down: c to 4, b to 3, a to 2
  await resultShows(page, 's', /3 rows affected/);
  await step(page, 's');
  await resultShows(page, 's', /\(3 rows\)|3 rows in set/);
  const shown = await page.textContent(`${col('s')} .session-result`);
  assert.match(shown.replace(/\s+/g, ' '), /\| a \| 2 \| .*\| b \| 3 \| .*\| c \| 4 \|/);
  await page.screenshot({ path: join(shots, 'my-update-key-order.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the naive PostgreSQL claim delivers twice: the second worker waits, then takes the jobs the first one took', async () => {
  const claim = (who) => `UPDATE jobs SET state = '${who}' WHERE id IN (SELECT id FROM jobs WHERE state = 'ready' ORDER BY id LIMIT 2) RETURNING id;`;
  const spec = [
    '# dialect: postgres',
    "setup { CREATE TABLE jobs (id int PRIMARY KEY, state text NOT NULL); INSERT INTO jobs VALUES (1, 'ready'), (2, 'ready'), (3, 'ready'), (4, 'ready'); }",
    'session w1',
    'setup { BEGIN; }',
    `step take1 { ${claim('w1')} }`,
    'step c1 { COMMIT; }',
    'session w2',
    'setup { BEGIN; }',
    `step take2 { ${claim('w2')} }`,
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'w1'); // take1: jobs 1 and 2
  await step(page, 'w2'); // take2: its subquery picks jobs 1 and 2 too, and it waits
  await page.waitForSelector(`${col('w2')}[data-waiting="true"]`);
  await step(page, 'w1'); // c1: w2 re-checks jobs 1 and 2 and takes them again
  await page.waitForSelector(`${col('w2')}[data-waiting="false"]`);
  const result = await page.textContent(`${col('w2')} .session-result`);
  assert.match(result, /\b1\b[\s\S]*\b2\b[\s\S]*\(2 rows\)/, result);
  assert.doesNotMatch(result, /\b3\b/, 'not jobs 3 and 4, as the lab once showed');
  // The table shows jobs 1 and 2 as w2's (held by it), 3 and 4 still ready.
  const rows = await page.$$eval('table.table-view[data-table="jobs"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent.trim())));
  assert.deepEqual(rows, [['1', 'w2'], ['2', 'w2'], ['3', 'ready'], ['4', 'ready']]);
  await page.screenshot({ path: join(shots, 'pg-naive-claim-twice.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a job table keyed by uuid: ids written in upper case show in lower case, and two SKIP LOCKED claims take the two lowest', async () => {
  const claim = "UPDATE jobs SET state = 'running' WHERE id = (SELECT id FROM jobs WHERE state = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id;";
  const spec = [
    '# dialect: postgres',
    "setup { CREATE TABLE jobs (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), state text NOT NULL); INSERT INTO jobs VALUES ('C0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', 'ready'), ('a0eebc999c0b4ef8bb6d6bb9bd380a12', 'ready'), ('B0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A13', 'ready'); }",
    'session w1',
    'setup { BEGIN; }',
    `step claim1 { ${claim} }`,
    'session w2',
    'setup { BEGIN; }',
    `step claim2 { ${claim} }`,
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'w1');
  await step(page, 'w2');
  await resultShows(page, 'w2', /\(1 row\)/);
  assert.match(await page.textContent(`${col('w1')} .session-result`), /a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12/);
  assert.match(await page.textContent(`${col('w2')} .session-result`), /b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a13/);
  const ids = await page.$$eval('table.table-view[data-table="jobs"] tbody tr', (trs) =>
    trs.map((tr) => tr.querySelector('td').textContent.trim()));
  assert.deepEqual(ids.slice().sort(), [
    'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12',
    'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a13',
    'c0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
  ]);
  await page.screenshot({ path: join(shots, 'pg-uuid-claims.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("pgmq's purge counts through a WITH query's RETURNING 1, and lower() changes accented letters as the server does", async () => {
  const spec = [
    '# dialect: postgres',
    "setup { CREATE TABLE q (msg_id int PRIMARY KEY, queue text NOT NULL); INSERT INTO q VALUES (1, 'ÉTÉ'), (2, 'Почта'), (3, 'mail'); }",
    'session w1',
    "step names { SELECT msg_id, lower(queue) FROM q WHERE queue ILIKE 'été' OR queue ILIKE 'почта' ORDER BY msg_id; }",
    'step purge { WITH deleted AS (DELETE FROM q RETURNING 1) SELECT * FROM (SELECT count(*) FROM deleted) s; }',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'w1');
  await resultShows(page, 'w1', /\(2 rows\)/);
  const names = await page.textContent(`${col('w1')} .session-result`);
  assert.match(names, /été/, names);
  assert.match(names, /почта/, names);
  await step(page, 'w1');
  await resultShows(page, 'w1', /\(1 row\)/);
  const purged = await page.textContent(`${col('w1')} .session-result`);
  // PostgreSQL's name for the column, not SQLite's count(*), and the three rows deleted.
  assert.match(purged, /count[\s\S]*\b3\b/, purged);
  assert.doesNotMatch(purged, /count\(\*\)/, purged);
  await page.screenshot({ path: join(shots, 'pg-purge-and-case.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a * over a USING join whose shared column does not lead the left table is refused by name, and the same join with its columns named runs, in the browser's engine", async () => {
  const spec = [
    '# dialect: postgres',
    "setup { CREATE TABLE q_a (archived_at timestamptz, msg_id int PRIMARY KEY, done boolean); CREATE TABLE q (msg_id int PRIMARY KEY, message text); INSERT INTO q VALUES (1, 'hi'); INSERT INTO q_a VALUES ('2024-01-01 00:00:00+00', 1, true); }",
    'session w1',
    'step star { SELECT * FROM q_a JOIN q USING (msg_id); }',
    'step named { SELECT msg_id, archived_at, done, message FROM q_a JOIN q USING (msg_id); }',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'w1');
  await resultShows(page, 'w1', /not supported here/);
  const star = await page.textContent(`${col('w1')} .session-result`);
  assert.match(star, /SELECT \* over this join with USING or NATURAL is not supported here: name the columns/, star);
  await step(page, 'w1');
  await resultShows(page, 'w1', /\(1 row\)/);
  const named = await page.textContent(`${col('w1')} .session-result`);
  // The boolean as t, the time with its zone, as PostgreSQL prints them.
  assert.match(named, /\b1\b[\s\S]*2024-01-01 00:00:00\+00[\s\S]*\bt\b[\s\S]*hi/, named);
  await page.screenshot({ path: join(shots, 'pg-using-join-refused.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a PostgreSQL pop through a join locks a row of both tables: with queue 2 held it returns jobs 1 and 3, and its badges show it holds all four jobs and queue 1', async () => {
  const spec = [
    '# dialect: postgres',
    'setup { CREATE TABLE queues (id int PRIMARY KEY, name text NOT NULL); CREATE TABLE jobs (id int PRIMARY KEY, queue_id int NOT NULL); INSERT INTO queues VALUES (1, \'a\'), (2, \'b\'); INSERT INTO jobs VALUES (1, 1), (2, 2), (3, 1), (4, 2); }',
    'session holder',
    'setup { BEGIN; }',
    'step hold2 { SELECT id FROM queues WHERE id = 2 FOR UPDATE; }',
    'session worker',
    'setup { BEGIN; }',
    'step pop { SELECT j.id, q.name FROM jobs j JOIN queues q ON q.id = j.queue_id ORDER BY j.id FOR UPDATE SKIP LOCKED; }',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'holder'); // hold2
  await step(page, 'worker'); // pop: jobs 2 and 4 are locked before their queue is skipped
  await resultShows(page, 'worker', /\(2 rows\)/);
  const jobs = page.locator('table.table-view[data-table="jobs"] span.lock-badge[data-session="worker"]');
  const queues = page.locator('table.table-view[data-table="queues"] span.lock-badge[data-session="worker"]');
  assert.equal(await jobs.count(), 4, 'every job locked, those of the held queue too');
  assert.equal(await queues.count(), 1, 'queue 1 locked; queue 2 skipped');
  await page.screenshot({ path: join(shots, 'pg-join-row-locks.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a COMMIT that ends an aborted PostgreSQL transaction says ROLLBACK and the timeline marks a rollback', async () => {
  const spec = [
    '# dialect: postgres',
    'setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1); }',
    'session w',
    'setup { BEGIN; }',
    'step wdel { DELETE FROM jobs WHERE id = 1; }',
    'step wbad { SELECT 1/0; }',
    'step wc { COMMIT; }',
    'session r',
    'step rread { SELECT id FROM jobs; }',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  for (let i = 0; i < 3; i += 1) await step(page, 'w');
  await page.waitForSelector('#timeline .tl-block[data-step="wc"]');
  assert.equal(await page.getAttribute('#timeline .tl-block[data-step="wc"]', 'data-ending'), 'rollback');
  assert.match(await page.textContent(`${col('w')} .session-result`), /ROLLBACK/);
  await step(page, 'r');
  await resultShows(page, 'r', /\(1 row\)/);
  await page.screenshot({ path: join(shots, 'pg-aborted-commit.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('MariaDB foreign keys: each claim locks its job shared, so two claims that then update the job deadlock', async () => {
  const spec = [
    '# dialect: mysql',
    'setup { CREATE TABLE jobs (id int PRIMARY KEY, runs int NOT NULL) ENGINE=InnoDB; CREATE TABLE claims (id int PRIMARY KEY, job int NOT NULL, FOREIGN KEY (job) REFERENCES jobs (id) ON DELETE CASCADE) ENGINE=InnoDB; INSERT INTO jobs VALUES (1, 0); }',
    'session a',
    'setup { START TRANSACTION; }',
    'step a1 { INSERT INTO claims VALUES (1, 1); }',
    'step a2 { UPDATE jobs SET runs = runs + 1 WHERE id = 1; }',
    'step ac { COMMIT; }',
    'session b',
    'setup { START TRANSACTION; }',
    'step b1 { INSERT INTO claims VALUES (2, 1); }',
    'step b2 { UPDATE jobs SET runs = runs + 1 WHERE id = 1; }',
    'step bc { COMMIT; }',
    'permutation a1 b1 a2 b2 ac bc',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await page.click('#run-permutation');
  await page.waitForSelector('#timeline .tl-block');
  await page.fill('#scrubber', '4'); // b2 closes the cycle
  await page.waitForSelector('#scrub-at:text("4 / 6")');
  const victim = page.locator('#timeline .tl-lane[data-session="b"] .tl-block[data-step="b2"]');
  assert.equal(await victim.getAttribute('data-ending'), 'victim');
  const sentences = await page.$$eval('#wait-graph .wait-sentences li', (l) => l.map((x) => x.textContent));
  // Each claim's foreign-key check locked job 1 shared: each update waits for the other,
  // and the sentence says which check took the lock the claim's INSERT does not explain.
  assert.deepEqual(sentences, [
    'b waited for a: it wants X on jobs id=1, which a locked in step a1 for the check of foreign key claims_ibfk_1.',
    'a waited for b: it wants X on jobs id=1, which b locked in step b1 for the check of foreign key claims_ibfk_1.',
  ]);
  assert.match(await page.textContent(`${col('b')} .session-result`), /Deadlock found/);
  await page.screenshot({ path: join(shots, 'my-foreign-key-deadlock.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('axe-core finds no serious or critical violation in the script, spec and embed views', async () => {
  const axe = join(root, 'node_modules', 'axe-core', 'axe.min.js');
  const pages = [
    ['script', app.server.url, null],
    ['spec', app.server.url, 'pg-deadlock'],
    ['embed', `${app.server.url}?embed&id=a11y&autorun#example=pg-skip-locked`, null],
  ];
  for (const [name, url, example] of pages) {
    const { page, errors } = await openApp(app.browser, url);
    if (example) {
      await pickExample(page, example);
      await page.click('#run-permutation');
      await page.fill('#scrubber', '4');
    } else if (name === 'script') {
      await page.click('#run');
    }
    await page.addScriptTag({ path: axe });
    const found = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      return r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    });
    assert.deepEqual(found, [], name);
    assert.deepEqual(errors, [], name);
    await page.close();
  }
});

test('the dialect menu shows the dialect a spec runs in, and choosing one writes the spec\'s line', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-deadlock');
  assert.equal(await page.inputValue('#dialect'), 'postgres');
  await page.fill('#editor', 'session a\nstep a1 { SELECT 1; }\n');
  await page.waitForSelector('#scenario');
  assert.equal(await page.inputValue('#dialect'), 'postgres', 'a spec without a line runs as PostgreSQL');
  await page.selectOption('#dialect', 'mysql');
  await page.waitForFunction(() => document.querySelector('#editor').value.startsWith('# dialect: mysql\n'));
  assert.equal(await page.inputValue('#dialect'), 'mysql');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a reload keeps a spec\'s moves and the move on screen', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'pg-deadlock');
  await page.click('#run-permutation');
  await page.fill('#scrubber', '3');
  await page.waitForSelector('#scrub-at:text("3 / 6")');
  await page.reload();
  await page.waitForSelector('#app[data-ready="true"]', { state: 'attached' });
  await page.waitForSelector('#scrub-at:text("3 / 6")');
  assert.equal(await page.textContent('#schedule-line'), 'permutation a1 b1 a2');
  // A new text has no moves to keep.
  await page.fill('#editor', 'session a\nstep a1 { SELECT 1; }\n');
  await page.reload();
  await page.waitForSelector('#app[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.textContent('#schedule-line'), '(no move yet)');
  assert.deepEqual(errors, []);
  await page.close();
});

test('inside an iframe, where the clipboard is blocked, Share shows the link to copy', async () => {
  const page = await app.browser.newPage();
  await page.setContent(`<iframe src="${app.server.url}" style="width:1200px;height:700px"></iframe>`);
  const frame = page.frameLocator('iframe');
  await frame.locator('#app[data-ready="true"]').waitFor({ state: 'attached', timeout: 20000 });
  await frame.locator('#share').click();
  const link = frame.locator('#share-link');
  await link.waitFor({ timeout: 10000 });
  assert.match(await link.inputValue(), /#dialect=mysql&z=[A-Za-z0-9_-]+$/);
  assert.equal(await frame.locator('.share-note').textContent(), 'Copy the link:');
  await page.close();
});

test('a batch claim of three jobs from a wide table is hash-joined, in the order the jobs stand, as PostgreSQL does', async () => {
  const spec = [
    '# dialect: postgres',
    "setup { CREATE TABLE wide (id int PRIMARY KEY, priority int NOT NULL, state text NOT NULL DEFAULT 'ready', queue text NOT NULL DEFAULT 'default', payload text, created_at timestamptz NOT NULL DEFAULT now()); INSERT INTO wide (id, priority) VALUES (1, 5), (2, 1), (3, 9), (4, 7), (5, 3); }",
    'session a',
    'setup { BEGIN; }',
    "step aclaim { WITH next AS (SELECT id FROM wide WHERE state = 'ready' ORDER BY priority DESC LIMIT 3 FOR UPDATE SKIP LOCKED) UPDATE wide SET state = 'a' FROM next WHERE wide.id = next.id RETURNING wide.id, wide.priority; }",
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'a');
  // The three highest priorities (9, 7, 5), listed as the table's scan meets them: the
  // planner scans five text columns' few rows a page for less than three key probes cost.
  assert.deepEqual(await resultIds(page, 'a', 3), ['1', '3', '4']);
  await page.screenshot({ path: join(shots, 'pg-wide-claim-order.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("River's batch claim of three conditions comes back in its read's order, as PostgreSQL's nested loop gives it", async () => {
  const spec = [
    '# dialect: postgres',
    "setup { CREATE TABLE river_job (id bigint PRIMARY KEY, state text NOT NULL DEFAULT 'available', queue text NOT NULL DEFAULT 'default', priority smallint NOT NULL, scheduled_at timestamptz NOT NULL DEFAULT now(), attempt smallint NOT NULL DEFAULT 0); INSERT INTO river_job (id, priority) VALUES (1, 3), (2, 1), (3, 4), (4, 2); }",
    'session a',
    "step aclaim { WITH locked AS (SELECT id FROM river_job WHERE state = 'available' AND queue = 'default' AND scheduled_at <= now() ORDER BY priority, id LIMIT 10 FOR UPDATE SKIP LOCKED) UPDATE river_job SET state = 'running', attempt = attempt + 1 FROM locked WHERE river_job.id = locked.id RETURNING river_job.id, river_job.priority; }",
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'a');
  // Three conditions leave one row expected, whatever the LIMIT: the planner loops over
  // the read's rows, in their priority order (not the order the jobs were inserted).
  assert.deepEqual(await resultIds(page, 'a', 4), ['2', '4', '1', '3']);
  await page.screenshot({ path: join(shots, 'pg-river-claim-order.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a batch claim through UPDATE ... FROM a locking read lists its jobs in the order it locked them, as PostgreSQL does', async () => {
  const claim = (who) => `step ${who}claim { WITH next AS (SELECT id FROM jobs WHERE state = 'ready' ORDER BY priority DESC LIMIT 2 FOR UPDATE SKIP LOCKED) UPDATE jobs SET state = '${who}' FROM next WHERE jobs.id = next.id RETURNING jobs.id AS to, jobs.priority; }`;
  const spec = [
    '# dialect: postgres',
    "setup { CREATE TABLE jobs (id int PRIMARY KEY, priority int NOT NULL, state text NOT NULL DEFAULT 'ready'); INSERT INTO jobs (id, priority) VALUES (1, 0), (2, 5), (3, 1), (4, 9), (5, 2); }",
    'session a',
    'setup { BEGIN; }',
    claim('a'),
    'session b',
    'setup { BEGIN; }',
    claim('b'),
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'a');
  await step(page, 'b');
  // Highest priority first (the read's ORDER BY), not the order the jobs were inserted.
  assert.deepEqual(await resultIds(page, 'a', 2), ['4', '2']);
  assert.deepEqual(await resultIds(page, 'b', 2), ['5', '3']);
  // The alias `to` (a reserved word) heads the column.
  assert.match(await page.textContent(`${col('a')} .session-result`), /\bto\s*\|\s*priority/);
  await page.screenshot({ path: join(shots, 'pg-batch-claim-order.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a MariaDB claim of three jobs by priority reads and sorts the table, so a second worker gets none; a claim of one walks the index', async () => {
  const spec = [
    '# dialect: mysql',
    "setup { CREATE TABLE jobs (id int PRIMARY KEY, priority int NOT NULL, state varchar(10) NOT NULL DEFAULT 'ready', KEY jobs_priority (priority)); INSERT INTO jobs (id, priority) VALUES (1, 50), (2, 20), (3, 40), (4, 10), (5, 30), (6, 60); }",
    'session a',
    'setup { START TRANSACTION; }',
    "step athree { SELECT id, priority FROM jobs WHERE state = 'ready' ORDER BY priority LIMIT 3 FOR UPDATE SKIP LOCKED; }",
    'session b',
    'setup { START TRANSACTION; }',
    "step brest { SELECT id, priority FROM jobs WHERE state = 'ready' ORDER BY priority LIMIT 1 FOR UPDATE SKIP LOCKED; }",
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'a');
  await resultShows(page, 'a', /3 rows in set/);
  await step(page, 'b');
  // The sort read every job and locked it before cutting at LIMIT 3: SKIP LOCKED leaves
  // the second worker nothing (with an index walk it would have taken job 3).
  await resultShows(page, 'b', /Empty set/);
  await page.screenshot({ path: join(shots, 'my-claim-sorts-locks-all.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a MariaDB deadlock weighs a producer's new row once another transaction met it: the worker, lighter, is the victim", async () => {
  const spec = [
    '# dialect: mysql',
    'setup { CREATE TABLE jobs (id int PRIMARY KEY, queue int NOT NULL, KEY by_queue (queue)); INSERT INTO jobs (id, queue) VALUES (1, 1), (2, 1), (3, 2), (4, 3); }',
    'session producer',
    'setup { START TRANSACTION; }',
    'step add { INSERT INTO jobs (id, queue) VALUES (9, 1); }',
    'step share2 { SELECT id FROM jobs WHERE id = 2 LOCK IN SHARE MODE; }',
    'step grab1 { SELECT id FROM jobs WHERE id = 1 FOR UPDATE; }',
    'step cp { COMMIT; }',
    'session worker',
    'setup { START TRANSACTION; }',
    'step hold1 { SELECT id FROM jobs WHERE id = 1 FOR UPDATE; }',
    'step share3 { SELECT id FROM jobs WHERE id = 3 LOCK IN SHARE MODE; }',
    'step take2 { SELECT id FROM jobs WHERE id = 2 FOR UPDATE; }',
    'step cw { COMMIT; }',
    'session other',
    'setup { START TRANSACTION; }',
    'step again9 { INSERT INTO jobs (id, queue) VALUES (9, 2); }',
    'step co { ROLLBACK; }',
    'permutation add share2 hold1 share3 again9 take2 grab1 cp cw co',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await page.click('#run-permutation');
  await page.waitForSelector('#timeline .tl-block');
  // The producer's grab1 closes the cycle; the other's insert of job 9 met the producer's
  // new row first, so the producer weighs more and the worker's take2 is rolled back.
  await page.fill('#scrubber', '7');
  await page.waitForSelector('#scrub-at:text("7 / 10")');
  const victim = page.locator('#timeline .tl-lane[data-session="worker"] .tl-block[data-step="take2"]');
  assert.equal(await victim.getAttribute('data-ending'), 'victim');
  assert.equal(await page.locator('#wait-graph .wg-node.victim').getAttribute('data-session'), 'worker');
  assert.match(await page.textContent(`${col('worker')} .session-result`), /Deadlock found/);
  await page.screenshot({ path: join(shots, 'my-implicit-lock-weight.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a MariaDB claim walking queue 1 down waits at a producer's new job 9 and holds the gap above it: job 10 waits, job 5 of queue 2 goes in", async () => {
  const spec = [
    '# dialect: mysql',
    'setup { CREATE TABLE jobs (id int PRIMARY KEY, queue int NOT NULL, KEY by_queue (queue)); INSERT INTO jobs (id, queue) VALUES (1, 1), (2, 1), (3, 2), (4, 3); }',
    'session producer',
    'setup { START TRANSACTION; }',
    'step add { INSERT INTO jobs (id, queue) VALUES (9, 1); }',
    'session worker',
    'setup { START TRANSACTION; }',
    'step newest { SELECT id FROM jobs WHERE queue = 1 ORDER BY id DESC LIMIT 1 FOR UPDATE; }',
    'session p5',
    'step add5 { INSERT INTO jobs (id, queue) VALUES (5, 2); }',
    'session p10',
    'step add10 { INSERT INTO jobs (id, queue) VALUES (10, 1); }',
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'producer');
  await resultShows(page, 'producer', /1 row affected/);
  await step(page, 'worker');
  await page.waitForSelector(`${col('worker')}[data-waiting="true"]`);
  await step(page, 'p5');
  await resultShows(page, 'p5', /1 row affected/);
  await step(page, 'p10');
  await page.waitForSelector(`${col('p10')}[data-waiting="true"]`);
  assert.equal(await page.locator('#wait-graph .wg-edge[data-waiter="p10"][data-holder="worker"]').count(), 1);
  await page.screenshot({ path: join(shots, 'my-desc-walk-meets-new-entry.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a MariaDB poll of two due queues locks a range in each: a job for the queue between them goes in, one for a polled queue waits', async () => {
  const spec = [
    '# dialect: mysql',
    "setup { CREATE TABLE jobs (id int PRIMARY KEY, queue varchar(10) NOT NULL, run_at int NOT NULL, payload varchar(10) NOT NULL DEFAULT 'x', KEY jobs_due (queue, run_at)); INSERT INTO jobs (id, queue, run_at) VALUES (1, 'a', 10), (2, 'a', 50), (3, 'b', 20), (4, 'b', 60), (5, 'c', 5), (6, 'c', 70), (7, 'd', 30), (8, 'd', 80); }",
    'session w',
    'setup { START TRANSACTION; }',
    "step poll { UPDATE jobs SET payload = 'y' WHERE queue IN ('a', 'c') AND run_at <= 40; }",
    'session pb',
    "step putb { INSERT INTO jobs (id, queue, run_at) VALUES (12, 'b', 1); }",
    'session pa',
    "step puta { INSERT INTO jobs (id, queue, run_at) VALUES (11, 'a', 45); }",
  ].join('\n');
  const { page, errors } = await openSpec(spec);
  await step(page, 'w');
  await resultShows(page, 'w', /2 rows affected/);
  // Queue b lies between the two ranges the poll read (a's jobs due by 40, c's): its gap
  // is free. Job 11 lands before job 2, the entry that ends queue a's range: that gap is
  // locked (the lab read every entry of both queues before, and locked queue b's gap too).
  await step(page, 'pb');
  await resultShows(page, 'pb', /1 row affected/);
  await step(page, 'pa');
  await page.waitForSelector(`${col('pa')}[data-waiting="true"]`);
  // The wait's label names the row and the index: long, it still lies inside the graph.
  const label = await page.$eval('svg.wg .wg-label', (t) => {
    const box = t.getBBox();
    return { left: box.x, right: box.x + box.width, width: t.ownerSVGElement.viewBox.baseVal.width };
  });
  assert.ok(label.left >= 0 && label.right <= label.width, JSON.stringify(label));
  await page.screenshot({ path: join(shots, 'my-two-queue-poll.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
