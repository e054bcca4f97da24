// Shared by the end-to-end tests and the startup benchmark: a static server for dist/ and a
// headless Debian Chromium driven by playwright-core (never a downloaded browser).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveDir } from '../../scripts/static-server.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');

/**
 * Serves dist/ (or `dir`, a copy of it) on a free loopback port; resolves to { url, close }.
 * With `maxAge` (seconds) responses may be cached that long, so a second load is served from
 * the browser's cache (the embed benchmark's warm runs); by default nothing is cached.
 */
export function serveDist({ maxAge = 0, dir = dist } = {}) {
  return serveDir(dir, { maxAge });
}

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** Opens the app and waits until it says it is ready; fails on any page error. */
export async function openApp(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForSelector('#app[data-ready="true"]', { state: 'attached', timeout: 20000 });
  return { page, errors };
}

/**
 * Picks a bundled example from the menu and waits for its text, which the app fetches, to be
 * in the editor (the About panel names the example then).
 */
export async function pickExample(page, id) {
  await page.selectOption('#examples', id);
  await page.waitForSelector(`#about[data-example="${id}"]`, { timeout: 10000 });
}

/** Where the end-to-end tests leave their screenshots. */
export const shots = join(root, 'target', 'e2e-screenshots');

/**
 * Registers before/after hooks that serve dist/ and launch Chromium for a test file; the
 * returned object's `server` and `browser` are set once the hooks have run.
 */
export function useApp(hooks) {
  const app = {};
  hooks.before(async () => {
    await mkdir(shots, { recursive: true });
    app.server = await serveDist();
    app.browser = await launch();
  });
  hooks.after(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
