// End to end: the user's work is never lost. Examples and links never replace the user's own
// scripts, edits after the statement on screen keep it on screen, and so does a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, shots, useApp, pickExample } from './harness.mjs';

const app = useApp({ before, after });
const mine = '-- my pops\nCREATE TABLE jobs (id int PRIMARY KEY);\nINSERT INTO jobs VALUES (1), (2);\nSELECT * FROM jobs;';
const ownOptions = (page) => page.$$eval('#examples optgroup[label="Your scripts"] option',
  (os) => os.map((o) => [o.value, o.textContent]));

test('an example or a link opened over your script leaves it under "Your scripts"', async () => {
  // The link is made in a page of its own, as somebody else would.
  const { page: sharer } = await openApp(app.browser, app.server.url);
  await sharer.fill('#editor', "SELECT 'shared' AS who;");
  await sharer.click('#share');
  const link = sharer.url();
  await sharer.close();

  const { page, errors } = await openApp(app.browser, app.server.url);
  await page.fill('#editor', mine);
  await pickExample(page, 'pg-skip-locked');
  assert.match(await page.inputValue('#editor'), /SKIP LOCKED/);
  assert.deepEqual(await ownOptions(page), [['mine:0', 'Yours: -- my pops']]);
  await page.selectOption('#examples', 'mine:0');
  assert.equal(await page.inputValue('#editor'), mine);
  assert.equal(await page.inputValue('#examples'), 'mine:0');

  // A link opened in the same tab, then a reload: the link is on screen, the script kept.
  await page.goto(link);
  await page.waitForFunction(() => document.querySelector('#editor').value.includes('shared'));
  await page.reload();
  await page.waitForSelector('#app[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.inputValue('#editor'), "SELECT 'shared' AS who;");
  assert.equal(await page.inputValue('#examples'), '', 'a link is neither an example nor yours');
  assert.deepEqual(await ownOptions(page), [['mine:0', 'Yours: -- my pops']]);

  // Editing the link makes it a script of your own, beside the older one.
  await page.fill('#editor', "SELECT 'shared, then changed' AS who;");
  assert.deepEqual((await ownOptions(page)).map((o) => o[1]),
    ["Yours: SELECT 'shared, then changed' AS who;", 'Yours: -- my pops']);
  await page.selectOption('#examples', { label: 'Yours: -- my pops' });
  assert.equal(await page.inputValue('#editor'), mine);
  await page.screenshot({ path: join(shots, 'your-scripts.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('an edit after the statement on screen keeps it there, and so does a reload', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  for (let i = 0; i < 3; i++) await page.click('#step');
  await page.waitForSelector('#status:text("statement 3 of 11")');
  const before = await page.textContent('#result pre.client');

  // A statement added at the end: the first three are unchanged, so statement 3 stays.
  const text = await page.inputValue('#editor');
  await page.fill('#editor', `${text}\nselect count(*) from q;`);
  await page.waitForSelector('#status:text("statement 3 of 12")');
  await page.waitForSelector('#statements li.stmt.current');
  assert.equal(await page.textContent('#result pre.client'), before);
  assert.equal(await page.locator('#statements li.stmt.current .num').textContent(), '3');

  await page.reload();
  await page.waitForSelector('#app[data-ready="true"]', { state: 'attached' });
  await page.waitForSelector('#statements li.stmt.current');
  assert.match(await page.textContent('#status'), /statement 3 of 12/);
  assert.equal(await page.textContent('#result pre.client'), before);

  // Step goes on from there; an edit above it starts over.
  await page.click('#step');
  await page.waitForSelector('#status:text("statement 4 of 12")');
  await page.fill('#editor', `-- a comment on top\n${await page.inputValue('#editor')}`);
  await page.waitForSelector('#status:text("statement 0 of 12")');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the ring race draws its ring, and a T-SQL example leaves the width to its tables', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await pickExample(page, 'mysql-ring-race-rc');
  assert.equal(await page.locator('.rings').count(), 0, 'no ring before a move');
  await page.click('#run-permutation');
  await page.waitForSelector('#scenario .rings .ring[data-table]');
  assert.equal(await page.locator('#scenario .rings input.ring-size').count(), 0,
    'a spec\'s ring size is the spec\'s');
  await page.screenshot({ path: join(shots, 'ring-race-ring.png'), fullPage: true });

  await pickExample(page, 'tsql-heap-fifo');
  await page.click('#run');
  await page.waitForSelector('table.table-view');
  assert.equal(await page.locator('.rings').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an example whose text cannot be fetched, or arrives changed, leaves the editor as it was', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await page.fill('#editor', mine);
  // The examples' texts come from examples/ when picked: first the server fails, then it
  // answers with a text that is not the example's (a half-updated site).
  await page.route('**/examples/*', (route) => route.fulfill({ status: 503, body: 'busy' }));
  await page.selectOption('#examples', 'pg-deadlock');
  await page.waitForSelector('#notice');
  assert.match(await page.textContent('#notice'), /example pg-deadlock could not be fetched \(HTTP 503\)/);
  assert.equal(await page.inputValue('#editor'), mine);
  await page.click('#notice button');
  await page.unroute('**/examples/*');
  await page.route('**/examples/*', (route) => route.fulfill({ status: 200, body: 'SELECT 1;' }));
  await page.selectOption('#examples', 'pg-deadlock');
  await page.waitForSelector('#notice');
  assert.match(await page.textContent('#notice'), /arrived, but not as this version of Queue Lab has it/);
  assert.equal(await page.inputValue('#editor'), mine);
  await page.screenshot({ path: join(shots, 'example-fetch-failed.png') });
  // Once the server answers, the pick works.
  await page.click('#notice button');
  await page.unroute('**/examples/*');
  await pickExample(page, 'pg-deadlock');
  assert.match(await page.inputValue('#editor'), /deadlock/i);
  assert.deepEqual(errors.filter((e) => !/503/.test(e)), []);
  await page.close();
});
