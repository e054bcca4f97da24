// End to end: the code blocks of seeds 002 and 003 pasted as a reader copies them (all of an
// article's blocks, in order, joined by a blank line, no edits) run as the article means.
// Seeds 000, 001 and 004 have theirs in app.test.mjs and tsql.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openApp, root, shots, useApp } from './harness.mjs';

const app = useApp({ before, after });

async function pasted(seed) {
  const dir = join(root, '..', 'shared', 'seed-sql');
  const names = (await readdir(dir)).filter((n) => n.startsWith(`${seed}_`));
  const number = (n) => Number(n.match(/_(\d+)\.sql$/)[1]);
  names.sort((a, b) => number(a) - number(b));
  const blocks = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
  return blocks.map((b) => b.trimEnd()).join('\n\n');
}

test('seed 002 (SQL Server, READPAST pop with OUTPUT) pasted with MySQL selected', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await page.fill('#editor', await pasted('002'));
  await page.waitForSelector('#notice');
  assert.match(await page.textContent('#notice'), /looks like SQL Server/);
  assert.equal(await page.inputValue('#dialect'), 'mssql');
  // CREATE TABLE, CREATE INDEX, INSERT, then the pop: OUTPUT hands back the payload.
  for (let i = 0; i < 4; i++) await page.click('#step');
  await page.waitForSelector('#status:text("statement 4 of 6")');
  assert.match(await page.textContent('#result pre.client'), /I am an awesome payload in MS SQL Server/);
  assert.match(await page.textContent('#result pre.client'), /\(1 row affected\)/);
  // The DELETE acknowledges it; the error UPDATE then finds no row.
  await page.click('#run');
  assert.match(await page.textContent('#result pre.client'), /\(0 rows affected\)/);
  assert.equal(await page.locator('#statements li.stmt.error').count(), 0, 'no statement failed');
  await page.screenshot({ path: join(shots, 'seed-002-pasted.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('seed 003 (one ring per kind) pasted: its typographic quotes are one click away', async () => {
  const { page, errors } = await openApp(app.browser, app.server.url);
  await page.fill('#editor', await pasted('003'));
  assert.equal(await page.inputValue('#dialect'), 'mysql');
  await page.click('#run');
  await page.waitForSelector('.ring[data-table="q"]');
  assert.ok(await page.locator('.ring[data-table="q"]').count() >= 2, 'a ring per kind');
  // The last block's ’f’ quotes: the error names them, the button straightens them.
  assert.match(await page.textContent('#result'), /typographic quote/);
  await page.click('#fix-quotes');
  await page.click('#run');
  assert.doesNotMatch(await page.textContent('#result'), /error/i);
  assert.doesNotMatch(await page.inputValue('#editor'), /[‘’]/);
  assert.deepEqual(errors, []);
  await page.close();
});
