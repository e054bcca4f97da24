// Shared by the end-to-end tests and the startup benchmark: a static server for dist/ and a
// headless Debian Chromium driven by playwright-core (never a downloaded browser).
import { createServer } from 'node:http';
import { mkdir, readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Serves dist/ (or `dir`, a copy of it) on a free loopback port; resolves to { url, close }.
 * With `maxAge` (seconds) responses may be cached that long, so a second load is served from
 * the browser's cache (the embed benchmark's warm runs); by default nothing is cached.
 */
export async function serveDist({ maxAge = 0, dir = dist } = {}) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = join(dir, path.endsWith('/') ? join(path, 'index.html') : path);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream' };
      if (maxAge > 0) headers['cache-control'] = `max-age=${maxAge}`;
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(ok)) };
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
