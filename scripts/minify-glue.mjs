// Trunk's post-build hook (Trunk.toml): in release builds, minifies the JS glue that
// wasm-bindgen writes, which trunk's own minifier cannot read (it stops at `default`), and
// updates the glue's subresource-integrity hash in index.html to match. About 2 KB of the
// gzip download. terser comes from npm, pinned in package.json.
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { minify } from "terser";

const dir = process.env.TRUNK_STAGING_DIR;
if (process.env.TRUNK_PROFILE !== "release" || !dir) process.exit(0);
const sri = (text) => "sha384-" + createHash("sha384").update(text).digest("base64");
const htmlPath = join(dir, "index.html");
let html = await readFile(htmlPath, "utf8");
for (const name of await readdir(dir)) {
  if (!/^queuelab-web-[0-9a-f]+\.js$/.test(name)) continue;
  const path = join(dir, name);
  const source = await readFile(path, "utf8");
  const { code } = await minify(source, { module: true, compress: true, mangle: true });
  if (!html.includes(sri(source))) throw new Error(`index.html has no integrity hash for ${name}`);
  html = html.replaceAll(sri(source), sri(code));
  await writeFile(path, code);
}
await writeFile(htmlPath, html);
