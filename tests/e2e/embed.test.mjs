// End to end: embeds. static/embed.js turns <pre data-queuelab> into iframes of the app in
// embed mode (`?embed&id=N...#dialect=...&sql=...`), sizes them from the widgets' `resize`
// messages and passes every message on as a `queuelab` event on the iframe. Checked on the
// served embed-example.html and on a page built here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { shots, useApp } from './harness.mjs';

const app = useApp({ before, after });

// The app loads once per widget (three SQLite instances on the page), so waits are long.
const LOAD = { state: 'attached', timeout: 40000 };

// Runs in the parent page before its own scripts: records every Queue Lab message with the
// iframe that sent it, matched by window as embed.js does, and every `queuelab` event with
// the element it was fired on. Init scripts also run in child frames: those return at once.
function recordMessages() {
  if (window !== window.top) return;
  window.__queuelab = [];
  window.__queuelabEvents = [];
  const frameOf = (w) => [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === w);
  window.addEventListener('message', (event) => {
    const d = event.data;
    if (!d || typeof d !== 'object' || d.source !== 'queuelab') return;
    const frame = frameOf(event.source);
    window.__queuelab.push({ ...d, frameId: frame ? frame.dataset.queuelabId ?? 'plain' : null });
  });
  document.addEventListener('queuelab', (event) => {
    window.__queuelabEvents.push({ ...event.detail, target: event.target.dataset.queuelabId ?? null });
  });
  // When each iframe got its src, as the number of messages received by then.
  window.__queuelabStarts = [];
  const seen = new WeakSet(); // an insertion and a src change can come in one batch of records
  const started = (node) => {
    if (node.tagName === 'IFRAME' && node.getAttribute('src') && !seen.has(node)) {
      seen.add(node);
      window.__queuelabStarts.push({ frameId: node.dataset.queuelabId ?? 'plain', after: window.__queuelab.length });
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') started(r.target);
      for (const node of r.addedNodes) started(node);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
}

/** A page that records messages, page errors, console errors and dialogs (from any frame). */
async function newPage(browser) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors = [];
  const dialogs = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('dialog', (d) => { dialogs.push(`${d.type()}: ${d.message()}`); d.dismiss().catch(() => {}); });
  await page.addInitScript(recordMessages);
  return { page, errors, dialogs };
}

const messages = (page) => page.evaluate(() => window.__queuelab);

/** Waits until each of `ids` has sent `ready`, from its own iframe. */
function readyFrom(page, ids) {
  return page.waitForFunction((ids) => ids.every((id) => window.__queuelab
    .some((m) => m.type === 'ready' && m.id === id && m.frameId === id)), ids, { timeout: LOAD.timeout });
}

/** Each embed's id, its height on the page and the last height its widget asked for, read at once. */
const sizes = (page) => page.$$eval('iframe.queuelab-embed', (fs) => fs.map((f) => ({
  id: f.dataset.queuelabId,
  height: Math.round(f.getBoundingClientRect().height),
  asked: window.__queuelab.filter((m) => m.type === 'resize' && m.frameId === f.dataset.queuelabId).at(-1)?.height,
})));

const frame = (page, id) => page.frameLocator(`iframe[data-queuelab-id="${id}"]`);

test('embed-example.html: three live widgets that size themselves and report', async () => {
  const { page, errors, dialogs } = await newPage(app.browser);
  await page.goto(`${app.server.url}embed-example.html`);
  await page.waitForFunction(() => document.querySelectorAll('iframe.queuelab-embed').length === 3);
  const ids = await page.$$eval('iframe.queuelab-embed', (fs) => fs.map((f) => f.dataset.queuelabId));
  assert.deepEqual(ids, ['0', '1', '2']);
  for (const id of ids) await frame(page, id).locator('#app[data-ready="true"]').waitFor(LOAD);
  // index.html's keyboard footer is the full app's: a widget shows none.
  for (const id of ids) assert.equal(await frame(page, id).locator('footer.shortcuts').isVisible(), false);

  // Three ready messages, distinct ids, each from the iframe it names; the kinds follow the
  // SQL (a script, a spec, a script).
  await readyFrom(page, ids);
  const ready = (await messages(page)).filter((m) => m.type === 'ready' && m.frameId !== 'plain');
  assert.equal(ready.length, 3, `one ready each: ${JSON.stringify(ready)}`);
  assert.equal(new Set(ready.map((m) => m.id)).size, 3);
  const kinds = Object.fromEntries(ready.map((m) => [m.id, m.kind]));
  assert.deepEqual(kinds, { 0: 'script', 1: 'spec', 2: 'script' });
  // The page's own listener (queuelab events on the iframes) listed them.
  assert.equal(await page.locator('#messages li[data-type="ready"][data-id="0"]').count(), 1);
  assert.equal(await page.locator('#messages li[data-type="ready"][data-id="1"]').count(), 1);
  assert.equal(await page.locator('#messages li[data-type="ready"][data-id="2"]').count(), 1);

  // Auto-sized: each iframe has left the 360 px it starts with, and shows the last height
  // its widget asked for.
  await page.waitForFunction(() => [...document.querySelectorAll('iframe.queuelab-embed')]
    .every((f) => f.style.height !== '360px'), null, { timeout: 10000 });
  // The page animates height changes: read the heights once the animations are over.
  await page.waitForFunction(() => document.getAnimations().length === 0, null, { timeout: 10000 });
  for (const { id, height, asked } of await sizes(page)) {
    assert.ok(asked, `widget ${id} sent a resize`);
    assert.equal(height, Math.round(asked), `widget ${id}`);
    assert.notEqual(height, 360, `widget ${id}`);
  }

  // The pres: still in the page with their SQL, hidden, marked as converted.
  const pres = page.locator('pre[data-queuelab]');
  assert.equal(await pres.count(), 3);
  for (let i = 0; i < 3; i++) {
    assert.equal(await pres.nth(i).isHidden(), true, `pre ${i} hidden`);
    assert.equal(await pres.nth(i).getAttribute('data-queuelab-done'), String(i));
  }
  assert.match(await pres.nth(0).textContent(), /on duplicate key update/);
  assert.match(await pres.nth(1).textContent(), /FOR UPDATE SKIP LOCKED/);
  assert.match(await pres.nth(2).textContent(), /usp_dequeueHeap/);

  // One step in the ring widget: a step message from it, and from no other widget.
  const before = (await messages(page)).length;
  const ring = frame(page, '0');
  await ring.locator('#step, button.step-session').first().click();
  await page.waitForFunction((n) => window.__queuelab.slice(n).some((m) => m.type === 'step'), before, { timeout: 10000 });
  await page.waitForTimeout(300); // room for a wrong widget to answer too
  const steps = (await messages(page)).slice(before).filter((m) => m.type === 'step');
  assert.ok(steps.length >= 1);
  for (const m of steps) {
    assert.equal(m.id, '0', JSON.stringify(m));
    assert.equal(m.frameId, '0', JSON.stringify(m));
    assert.equal(typeof m.at, 'number', JSON.stringify(m));
  }
  await page.waitForSelector('#messages li[data-type="step"][data-id="0"]');
  // Every message also arrived as a queuelab event on its own iframe.
  const events = await page.evaluate(() => window.__queuelabEvents);
  for (const m of (await messages(page)).filter((m) => m.frameId !== 'plain')) {
    assert.ok(events.some((e) => e.id === m.id && e.type === m.type && e.target === m.frameId), JSON.stringify(m));
  }

  // The hand-written iframe (no script): it loads when scrolled to, says ready, and keeps the
  // height its author gave it.
  await page.locator('iframe.queuelab-plain').scrollIntoViewIfNeeded();
  await page.frameLocator('iframe.queuelab-plain').locator('#app[data-ready="true"]').waitFor(LOAD);
  await page.waitForFunction(() => window.__queuelab.some((m) => m.type === 'ready' && m.id === 'plain'),
    null, { timeout: 10000 });
  assert.equal(await page.$eval('iframe.queuelab-plain', (f) => f.style.height), '540px');
  await page.waitForSelector('#messages li[data-type="ready"][data-id="plain"]');

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, 'embed-example.png'), fullPage: true });

  // The spec widget (never clicked here) autoran its permutation: `ready` comes after that
  // run's moves, so a page that waits for `ready` sees the widget's final state.
  const spec = (await messages(page)).filter((m) => m.frameId === '1').map((m) => m.type);
  assert.ok(spec.includes('step'), `the autorun's moves are reported: ${spec}`);
  assert.ok(spec.lastIndexOf('step') < spec.indexOf('ready'), `ready after the autorun: ${spec}`);
  // Each message carries its fields with their JavaScript types: the kind, a spec's schedule
  // so far as a permutation line.
  const all = await messages(page);
  assert.deepEqual(all.filter((m) => m.type === 'ready' && m.frameId !== 'plain')
    .map((m) => [m.id, m.kind]).sort(), [['0', 'script'], ['1', 'spec'], ['2', 'script']]);
  const specSteps = all.filter((m) => m.type === 'step' && m.frameId === '1');
  assert.equal(typeof specSteps.at(-1).schedule, 'string', JSON.stringify(specSteps.at(-1)));
  assert.match(specSteps.at(-1).schedule, /^\S+( \S+)+$/);

  // The spec widget's explorer: its verdicts reach the page as a `check` message.
  const beforeCheck = all.length;
  await frame(page, '1').locator('#explore-run').click();
  await page.waitForFunction((n) => window.__queuelab.slice(n).some((m) => m.type === 'check'),
    beforeCheck, { timeout: 20000 });
  const check = (await messages(page)).slice(beforeCheck).find((m) => m.type === 'check');
  assert.equal(check.id, '1');
  assert.deepEqual(check.checks.map((c) => c.name), ['unique-results w1pop w2pop', 'no-wait']);
  for (const c of check.checks) assert.equal(typeof c.holds, 'boolean', JSON.stringify(c));
  await page.waitForSelector('#messages li[data-type="check"][data-id="1"]');

  assert.deepEqual(dialogs, []);
  assert.deepEqual(errors, []);
  await page.close();
});

// SQL a docs author might show: a string with markup in it. In the HTML it is escaped; in
// the pre's text (what embed.js reads) it is raw; in the iframe's URL it must be encoded.
const nasty = "</script><img src=x onerror=alert(1)>";
const scriptText = `CREATE TABLE t (s varchar(60));\ninsert into t values ('${nasty}');\nselect s from t;\n`;
const specText = `setup { CREATE TABLE jobs (id int PRIMARY KEY); INSERT INTO jobs VALUES (1), (2); }
session a
setup { BEGIN; }
step a1 { DELETE FROM jobs WHERE id = (SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id; }
step a2 { COMMIT; }
session b
step b1 { SELECT id FROM jobs ORDER BY id; }
permutation a1 b1 a2
`;
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// embed.js is loaded twice: the second copy must convert nothing again. The spec's pre
// starts with two newlines: the HTML parser drops one, embed.js the other.
const builtPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>embed.js test</title></head>
<body>
<h1>Two widgets</h1>
<pre data-queuelab data-dialect="mysql" data-autorun data-editable>${escape(scriptText)}</pre>
<p>between</p>
<pre data-queuelab data-dialect="postgresql" data-permutation=" a1 b1 a2 " data-autorun="false"
     data-editable="false" data-height="300">\n\n${escape(specText)}</pre>
<script src="embed.js"></script>
<script src="embed.js"></script>
</body></html>`;

test('embed.js alone: URLs, a fixed height, markup in SQL stays text, one conversion', async () => {
  const { page, errors, dialogs } = await newPage(app.browser);
  const base = app.server.url;
  const url = `${base}embed-test-page.html`; // served by the route below, next to embed.js
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: builtPage }));
  await page.goto(url);
  await page.waitForFunction(() => document.querySelectorAll('iframe').length >= 2);

  // Exactly two iframes, numbered from 0, each in front of its hidden pre. They load in
  // turn: the first has its src, the second only the address it will load.
  const frames = await page.$$eval('iframe', (fs) => fs.map((f) => ({
    id: f.dataset.queuelabId, src: f.getAttribute('data-queuelab-src'), started: f.hasAttribute('src'),
    title: f.title, className: f.className,
    loading: f.loading, style: f.getAttribute('style'), next: f.nextElementSibling?.tagName,
  })));
  assert.equal(frames.length, 2, JSON.stringify(frames));
  assert.deepEqual(frames.map((f) => f.id), ['0', '1']);
  for (const f of frames) {
    assert.equal(f.className, 'queuelab-embed');
    assert.equal(f.title, 'Queue Lab: live SQL example');
    assert.equal(f.loading, 'auto', 'loading left eager');
    assert.match(f.style, /width: 100%/);
    assert.match(f.style, /border: 0/);
    assert.equal(f.next, 'PRE');
  }
  assert.equal(frames[0].src,
    `${base}?embed&id=0&autorun&editable#dialect=mysql&sql=${encodeURIComponent(scriptText)}`);
  assert.equal(frames[1].src,
    `${base}?embed&id=1&permutation=${encodeURIComponent('a1 b1 a2')}#dialect=postgresql&sql=${encodeURIComponent(specText)}`);
  assert.doesNotMatch(frames[0].src, /[<>]/);
  assert.match(frames[0].src, /%3C%2Fscript%3E%3Cimg%20src%3Dx%20onerror%3Dalert\(1\)%3E/);
  assert.match(frames[1].style, /height: 300px/);
  // The pre keeps the raw text for readers and search engines.
  assert.ok((await page.textContent('pre[data-queuelab-done="0"]')).includes(nasty));
  assert.equal(await page.isHidden('pre[data-queuelab-done="0"]'), true);
  assert.equal(await page.isHidden('pre[data-queuelab-done="1"]'), true);

  for (const id of ['0', '1']) await frame(page, id).locator('#app[data-ready="true"]').waitFor(LOAD);
  await readyFrom(page, ['0', '1']);
  // Each loaded the address it was given, in turn: the second only once the first was ready.
  const loaded = await page.$$eval('iframe', (fs) => fs.map((f) => f.getAttribute('src') === f.getAttribute('data-queuelab-src')));
  assert.deepEqual(loaded, [true, true]);
  const { starts, log } = await page.evaluate(() => ({ starts: window.__queuelabStarts, log: window.__queuelab }));
  assert.deepEqual(starts.map((s) => s.frameId), ['0', '1'], JSON.stringify(starts));
  const firstReady = log.findIndex((m) => m.type === 'ready' && m.frameId === '0');
  assert.ok(firstReady >= 0 && starts[1].after > firstReady, `the second started after the first was ready: ${JSON.stringify({ starts, firstReady })}`);
  const kinds = Object.fromEntries((await messages(page)).filter((m) => m.type === 'ready').map((m) => [m.id, m.kind]));
  assert.deepEqual(kinds, { 0: 'script', 1: 'spec' });

  // The fixed one ignores the widget's resize requests; the other one follows them.
  await page.waitForFunction(() => window.__queuelab.some((m) => m.type === 'resize' && m.frameId === '1'),
    null, { timeout: 10000 });
  await page.waitForFunction(() => window.__queuelab.some((m) => m.type === 'resize' && m.frameId === '0'),
    null, { timeout: 10000 });
  const [auto, fixed] = await sizes(page);
  assert.equal(fixed.height, 300);
  assert.equal(auto.height, Math.round(auto.asked));

  // A message that claims to be widget 0 but comes from elsewhere (here the page itself)
  // resizes nothing and is not passed on as an event.
  const eventsBefore = await page.evaluate(() => window.__queuelabEvents.length);
  await page.evaluate(() => window.postMessage({ source: 'queuelab', id: '0', type: 'resize', height: 4321 }, '*'));
  await page.waitForTimeout(200);
  assert.notEqual(await page.$eval('iframe[data-queuelab-id="0"]', (f) => f.style.height), '4321px');
  const forged = (await page.evaluate(() => window.__queuelabEvents)).slice(eventsBefore)
    .filter((e) => e.height === 4321);
  assert.deepEqual(forged, [], 'no event for the forged message');

  // The markup in the SQL ran nowhere: not in the page, not in the widget (which autoran it).
  assert.equal(await page.locator('img').count(), 0);
  assert.equal(await frame(page, '0').locator('img[src="x"]').count(), 0);

  // Widgets added later: QueueLab.scan() converts them, and only them. Read at once, before
  // any widget could answer: the starting heights, 360 px unless data-height says otherwise.
  const made = await page.evaluate(() => {
    const add = (height) => {
      const pre = document.createElement('pre');
      pre.dataset.queuelab = '';
      if (height) pre.dataset.height = height;
      pre.textContent = '\nselect 1;';
      document.body.append(pre);
    };
    add('200');
    add(null);
    const frames = window.QueueLab.scan();
    const again = window.QueueLab.scan();
    // They wait for their turn: the address each will load.
    const out = frames.map((f) => [f.dataset.queuelabId, f.getAttribute('data-queuelab-src'), f.style.height]);
    frames.forEach((f) => f.remove()); // not needed running: spare the CPU
    return { out, again: again.length };
  });
  assert.deepEqual(made, {
    out: [['2', `${base}?embed&id=2#sql=select%201%3B`, '200px'], ['3', `${base}?embed&id=3#sql=select%201%3B`, '360px']],
    again: 0,
  });

  assert.deepEqual(dialogs, []);
  assert.deepEqual(errors, []);
  await page.close();
});
