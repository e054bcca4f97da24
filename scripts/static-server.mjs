// A static file server for the built app (dist/): what scripts/serve.sh runs, and what the
// end-to-end tests and the browser benchmarks load the app from. Node's own http module only,
// so serving needs nothing from npm.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  // Browsers compile a module while it downloads only when it comes as application/wasm.
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  // The examples' texts, fetched when one is picked.
  '.sql': 'text/plain; charset=utf-8',
  '.spec': 'text/plain; charset=utf-8',
};

/**
 * Serves `dir` on `host`:`port` (0: a free port); resolves to { url, close }. With `maxAge`
 * (seconds) responses may be cached that long (the embed benchmark's warm runs).
 */
export async function serveDir(dir, { host = '127.0.0.1', port = 0, maxAge = 0 } = {}) {
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
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const address = server.address();
  return {
    url: `http://${host}:${address.port}/`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}
