// Serves the built app (dist/) on http://127.0.0.1:8080 until stopped (Ctrl+C).
//   node scripts/serve.mjs [--port N] [--host ADDRESS]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serveDir } from './static-server.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8080' }, host: { type: 'string', default: '127.0.0.1' } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`serve: --port must be a number from 0 to 65535, not ${values.port}`);
  process.exit(2);
}
const dist = fileURLToPath(new URL('../dist', import.meta.url));
try {
  const { url } = await serveDir(dist, { host: values.host, port });
  console.log(`Queue Lab: ${url} (Ctrl+C stops it)`);
} catch (e) {
  console.error(`serve: cannot listen on ${values.host}:${port}: ${e.message}`);
  process.exit(1);
}
