// Builds the browser app into dist/: the release WebAssembly of queuelab-web, its JS glue, the
// style sheet, the embed script and index.html. Run by scripts/serve.sh and scripts/test.sh
// (install-tools.sh has put wasm-bindgen, wasm-opt and terser in place first).
//
//   node scripts/build-app.mjs [--one-order]
//
// --one-order lays the functions out in one order (wasm-order.mjs's USUAL) instead of trying
// every candidate for the smallest download (some minutes): the tests' build, where the
// order changes the size only, by some hundreds of bytes, and never what the app does.
//
// The steps, each by the tool that does it: cargo (profile wasm-release, opt-level z), the
// wasm-bindgen CLI at the Cargo.lock version (`--target web`), wasm-opt from npm's binaryen,
// terser for the glue and csso for the style sheet. The file names carry a hash of their
// content, so a browser never mixes a cached glue with a new module, and index.html names them
// with subresource-integrity hashes and relative URLs (dist/ can be published under any path).
// dist/ is replaced only once everything is built: a failed build leaves the last one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { minify as minifyCss } from 'csso';
import { minify as minifyJs } from 'terser';
import { CANDIDATES, USUAL, leb, nameByOrder, reader } from './wasm-order.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const target = resolve(root, process.env.CARGO_TARGET_DIR ?? 'target');
const dist = join(root, 'dist');
const name = 'queuelab-web';
// wasm-opt may assume the first KB of memory unused: Rust's stack sits below 1 MiB and grows
// down from there, with data and heap above, so no address is formed by wrapping around into
// that KB. It lets wasm-opt fold constant offsets, about 8 KB gzip. --converge repeats the
// passes while they still shrink the module. The producers and target-features sections
// are for tools, not browsers (about 250 B).
// --merge-similar-functions (not part of -Oz) folds functions that differ only in
// constants into one with a parameter: 0.8 KB gzip. The functions are then laid out in an
// order chosen for gzip (scripts/wasm-order.mjs; the smallest of a few), by a second
// wasm-opt run that only reorders them and strips the target features and the names the
// first run kept (-g) for it.
// --one-caller-inline-max-function-size=30: wasm-opt inlines a function called from one
// place whatever its size unless told a limit; large ones kept out of line make the module
// smaller (as -Clink-dead-code showed for rustc's inlining, below). Measured on one module
// (gzip -9 of wasm-opt's output): no limit 893,369 B; 0: 890,555; 15: 889,338; 30: 888,960;
// 45: 889,223; 60: 889,430; 100: 889,689; 200: 889,844; 2000: 891,820.
// --generate-global-effects first: the passes of -Oz then know what each called function
// may do (write memory, trap, call out), and drop or move more of the code around calls:
// 220 B gzip on one build (888,651 -> 888,431 B in the tests' order). Tried on that build
// and left out: --ignore-implicit-traps (+114 B), --gufa (+735 B),
// --optimize-added-constants-propagate (+125 B); --const-hoisting changed nothing.
const wasmOptFlags = [
  '--generate-global-effects', '-Oz', '--low-memory-unused', '--converge', '--strip-producers',
  '--merge-similar-functions', '--one-caller-inline-max-function-size=30', '-g',
];
const wasmOrderFlags = ['--reorder-functions-by-name', '--strip-target-features'];
// Files served as they are.
const copied = ['embed.js', 'embed-example.html'];

function run(command, args, env = process.env, log = true) {
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (r.error) throw new Error(`${command}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status})`);
  const tool = command.split('/').pop();
  if (log) console.error(`[build-app] ${tool}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const sri = (bytes) => 'sha384-' + createHash('sha384').update(bytes).digest('base64');

/**
 * A panic's message names its source file, and the wasm keeps those names as text. Our own
 * crates' are short (`src/engine/store.rs`); the dependencies' start with the registry's
 * directory (`/root/.cargo/registry/src/index.crates.io-<hash>/`). Cutting that prefix
 * changes no code, only about 0.2 KB gzip of text. (The standard library's `/rustc/<commit>/`
 * comes compiled in and stays.) Passed for the wasm target only, so build scripts and the
 * native builds keep their cache.
 */
async function remapFlags() {
  const cargoHome = process.env.CARGO_HOME ?? join(homedir(), '.cargo');
  const registry = join(cargoHome, 'registry', 'src');
  const sources = await readdir(registry).catch(() => []);
  return sources.map((dir) => `--remap-path-prefix=${join(registry, dir)}/=`);
}

/**
 * LLVM inlines a call at opt-level z when the callee costs less than 25 (its threshold);
 * at 0 it inlines only what shrinks the code. The download is 2.6 KB gzip smaller, and the
 * explorer and scrubbing benchmarks (bench/) measure no slower: the hot paths are SQLite's C,
 * built apart. A negative threshold makes it much larger (65 KB): 0 is the floor.
 *
 * rustc also inlines before LLVM, in MIR, small functions and those marked `#[inline]`,
 * whatever LLVM's threshold: `-Zinline-mir=no` leaves that to LLVM. 0.8 KB gzip smaller
 * (894,068 B against 893,249, one function order, the same code), and the explorer in
 * Chromium measures no slower (bench/explore-browser.mjs, medians of 5 in a warm worker on
 * one machine: 183 and 1,291 ms for the 3 x 4 and 5 x 4 specs with MIR inlining, 188 and
 * 1,251 without). Unstable, like the location flag below (the same RUSTC_BOOTSTRAP).
 */
const inlineFlags = ['-Cllvm-args=-inline-threshold=0', '-Zinline-mir=no'];

/**
 * `-Clink-dead-code` keeps every function rustc compiles until the link (wasm-opt still
 * removes what nothing calls). Measured, not derived: 2.9 KB gzip smaller (899,733 B
 * against 896,835 built on one machine). The un-optimised module holds more functions but
 * fewer bytes of code (2,312,716 against 2,322,397): large functions called once (the
 * parser's CREATE, the explorer's run) stay functions of their own instead of being inlined
 * into their one caller.
 */
const keptFunctionFlags = ['-Clink-dead-code'];

/**
 * Every place that can panic (an `unwrap`, an index, a `RefCell` borrow) passes its file,
 * line and column along, for the panic message only: 211 file names and some thousands of
 * locations and the code that hands them over. `-Zlocation-detail=none` leaves them out (a
 * panic's message stays, its place reads `<redacted>`): 7.4 KB gzip smaller (888,894 B
 * against 881,463 B, one function order, measured the same day). The flag is unstable, and
 * the pinned toolchain is a stable one, so the browser's build alone is told to accept it
 * (RUSTC_BOOTSTRAP=1, as Rust-for-Linux builds the kernel with a stable rustc); an update of
 * the toolchain that dropped the flag would fail this build by name, not change the app.
 * Native builds, the tests and the wasm tests keep the locations. A compiler that takes
 * itself for a nightly one names symbols in its newer scheme (v0), which `refuseTreeClones`
 * does not read: the legacy scheme is asked for by name.
 *
 * `-Zfmt-debug=none` (unstable too) makes every `Debug` formatting of the crates built here
 * write nothing: derived `Debug` impls are empty and `{:?}` formats nothing. The app shows
 * no `Debug` text (tests/layers.rs fails on a `{:?}` in the browser's code; the parser's
 * one message that quotes a token as `Debug` does uses `lexer::debug_quoted`), and the
 * code of those impls goes: 653 B of code, 118 B gzip before the function order.
 */
const locationFlags = ['-Zlocation-detail=none', '-Zfmt-debug=none', '-Zunstable-options', '-Csymbol-mangling-version=legacy'];

async function buildWasm() {
  const rustflags = [process.env.CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS, ...inlineFlags, ...keptFunctionFlags, ...locationFlags, ...(await remapFlags())];
  run('cargo', [
    'build', '--quiet', '--target', 'wasm32-unknown-unknown', '--profile', 'wasm-release',
    '-p', name, '--bin', name,
  ], {
    ...process.env,
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS: rustflags.filter(Boolean).join(' '),
    RUSTC_BOOTSTRAP: '1',
  });
  await refuseTreeClones(join(target, 'wasm32-unknown-unknown', 'wasm-release', `${name}.wasm`));
  const out = join(target, 'wasm-bindgen', 'release');
  run('wasm-bindgen', [
    '--target', 'web', '--no-typescript', '--out-dir', out, '--out-name', name,
    join(target, 'wasm32-unknown-unknown', 'wasm-release', `${name}.wasm`),
  ]);
  // Names shortened and unused exports dropped before wasm-opt (see shortNames).
  const short = shortNames(await readFile(join(out, `${name}_bg.wasm`)), await readFile(join(out, `${name}.js`), 'utf8'));
  const shortened = join(out, `${name}_short.wasm`);
  await writeFile(shortened, short.wasm);
  const optimized = join(out, `${name}_opt.wasm`);
  const wasmOpt = join(root, 'node_modules', '.bin', 'wasm-opt');
  run(wasmOpt, [shortened, ...wasmOptFlags, '-o', optimized]);
  refuseUnicodeCase(await readFile(optimized));
  refuseFloatFormatting(await readFile(optimized));
  const wasm = await smallestOrder(await readFile(optimized), join(out, name), wasmOpt);
  const { code } = await minifyJs(short.glue, { module: true, compress: true, mangle: true });
  return { wasm, glue: Buffer.from(code) };
}

/**
 * The optimized module laid out in each of wasm-order.mjs's candidate orders; the one that
 * gzips smallest, as bench/size_report.py measures the download (Python's zlib at level 9).
 * Where there is no Python, Node's zlib ranks them: it compresses otherwise (some KB larger),
 * so its pick may not be the smallest by the report's measure.
 */
async function smallestOrder(optimized, stem, wasmOpt) {
  const started = Date.now();
  let best = null;
  const candidates = process.argv.includes('--one-order') ? [USUAL] : CANDIDATES;
  for (const candidate of candidates) {
    await writeFile(`${stem}_ordered.wasm`, nameByOrder(optimized, candidate));
    run(wasmOpt, [`${stem}_ordered.wasm`, ...wasmOrderFlags, '-o', `${stem}_shipped.wasm`], process.env, false);
    const wasm = await readFile(`${stem}_shipped.wasm`);
    const size = gzipSize(wasm);
    if (!best || size < best.size) best = { size, wasm, candidate };
  }
  const { window, leastShared, rare, bytes } = best.candidate;
  console.error(`[build-app] function order: ${candidates.length} tried in ${((Date.now() - started) / 1000).toFixed(1)} s, window ${window}${bytes ? ' B' : ''}, ${leastShared} shared${rare ? ' (by rarity)' : ''}: ${best.size} B gzip`);
  return best.wasm;
}

function gzipSize(bytes) {
  const py = spawnSync('python3', ['-c', 'import gzip, sys; print(len(gzip.compress(sys.stdin.buffer.read(), 9)))'], { input: bytes });
  return py.status === 0 ? Number(py.stdout) : gzipSync(bytes, { level: 9 }).length;
}

/**
 * sqlparser derives `Clone` for every node of every database it reads: one `.clone()` of an
 * expression, a statement or even a name (a name's parts may hold a function's arguments)
 * links all of it, about 50 KB gzip, into the download. The engine copies trees with
 * `queuelab::sql::Duplicate` instead. sqlparser's `Display` is the same: `.to_string()` of a
 * name's part links its printer of every node (78 KB gzip); the engine prints with
 * `queuelab::sql::ToSql`. And `==`: one comparison of two `DataType`s linked the equality
 * of every node, 44 KB of code. The build stops when the module holds sqlparser's clone,
 * `Display` or `PartialEq` of `Expr` or `Statement` (read from the function names cargo's
 * module carries). Tokens too: sqlparser's `Clone` of a token, compiled in sqlparser at
 * opt-level 3, is 2.7 KB of code, where `Duplicate`'s (src/sql/copy/token.rs) is half that.
 */
async function refuseTreeClones(path) {
  const bytes = await readFile(path);
  for (const [trait, instead] of [
    ['clone..Clone', 'some code calls .clone() on a syntax tree; copy it with queuelab::sql::Duplicate (.duplicate())'],
    ['fmt..Display', 'some code formats a syntax tree with Display (.to_string(), format!); print it with queuelab::sql::ToSql (.to_sql())'],
    ['cmp..PartialEq', 'some code compares syntax trees with == (a DataType or a name holds expressions); match what it needs with matches!'],
  ]) {
    const found = ['Expr', 'Statement'].filter((node) =>
      bytes.includes(Buffer.from(`$LT$sqlparser..ast..${node}$u20$as$u20$core..${trait}$GT$`)));
    if (found.length) {
      throw new Error(`sqlparser's ${trait.split('..')[1]} of ${found.join(' and ')} is linked into the app: ${instead}`);
    }
  }
  // Tokens, literals and date fields: sqlparser's derived Clone spends an arm on each of their
  // many variants, and sql::Duplicate copies them in a few (src/sql/copy/token.rs, value.rs,
  // fields.rs).
  const copied = ['tokenizer..Token', 'tokenizer..TokenWithSpan', 'ast..value..Value', 'ast..value..ValueWithSpan', 'ast..value..DateTimeField'].filter((node) =>
    bytes.includes(Buffer.from(`$LT$sqlparser..${node}$u20$as$u20$core..clone..Clone$GT$`)));
  if (copied.length) {
    throw new Error(`sqlparser's Clone of ${copied.map((n) => n.split('..').pop()).join(' and ')} is linked into the app: copy them with queuelab::sql::Duplicate (.copy_of(), sql::copy_all)`);
  }
  // Its conversion of a vector of names, at opt-level 3 too (366 B of code).
  if (bytes.includes(Buffer.from('$LT$sqlparser..ast..ObjectName$u20$as$u20$core..convert..From$LT$alloc..vec..Vec$LT$sqlparser..ast..Ident$GT$$GT$$GT$'))) {
    throw new Error("sqlparser's ObjectName::from(Vec<Ident>) is linked into the app: build names with queuelab::sql::build::name or name_of");
  }
}

/**
 * Rust's `str::to_lowercase` and `to_uppercase` carry Unicode's case tables, about 8 KB gzip
 * (one `to_lowercase()` of a function's name cost 7.9 KB of the download); the engine folds
 * case by its own tables (`engine/case_fns.rs`) and ASCII names with `to_ascii_lowercase`.
 * The build stops when the optimised module (its names kept) holds the final-sigma rule's
 * test of a cased letter, which only those two functions call.
 */
function refuseUnicodeCase(optimized) {
  if (optimized.includes(Buffer.from('unicode_data::cased::lookup'))) {
    throw new Error("Unicode's case tables are linked into the app (str::to_lowercase or to_uppercase): fold ASCII names with to_ascii_lowercase, or text with engine/case_fns.rs");
  }
}

/**
 * Rust's formatting of a double (`{}`, `{:e}`, `{:.3}` of an f64) links its exact-precision
 * algorithms, Grisu and Dragon: about 10 KB gzip. The app writes doubles through
 * src/float_text.rs (JavaScript's own shortest digits) instead.
 */
function refuseFloatFormatting(optimized) {
  if (optimized.includes(Buffer.from('::num::flt2dec::'))) {
    throw new Error("Rust's float formatting is linked into the app (format! or to_string of an f64): write doubles with crate::float_text");
  }
}

const nameBytes = (t) => { const b = Buffer.from(t, 'utf8'); return [...leb(b.length), ...b]; };

/**
 * wasm-bindgen names each import `__wbg_<name>_<16 hex digits>`, puts them in the module
 * `./queuelab-web_bg.js`, and names the closures' exports `..._invoke__h<16 hex digits>`:
 * once in the wasm and once in the glue, and gzip cannot shrink hex digits. Each such name
 * becomes a short one in both (the module `a`, imports `a`, `b`, ..., exports `$0`, `$1`,
 * ...), which changes no code: 5.8 KB gzip. Only names the glue holds exactly where
 * expected are renamed (an import as its object key, an export as `wasm.NAME`). Exports the
 * glue never names are dropped from the export list. This runs before wasm-opt, which then
 * removes the code only those exports reached (`sqlite3_os_end`, sqlite-wasm-rs's hooks that
 * SQLite never calls here): 1.1 KB gzip against dropping them after it.
 */
function shortNames(wasm, glue) {
  const key = (i) => {
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let k = '';
    do { k = letters[i % 52] + k; i = Math.floor(i / 52) - 1; } while (i >= 0);
    return k;
  };
  const once = (pattern) => (glue.match(pattern) ?? []).length === 1;
  const escape = (t) => t.replace(/[$]/g, '\\$');
  const module = `./${name}_bg.js`;
  let imports = 0, exports = 0, dropped = 0;
  const sections = [wasm.subarray(0, 8)];
  const r = reader(wasm);
  r.take(8);
  while (r.at < wasm.length) {
    const id = r.take(1)[0];
    const body = r.take(r.leb());
    if (id !== 2 && id !== 7) {
      sections.push(Buffer.from([id, ...leb(body.length)]), body);
      continue;
    }
    const s = reader(body);
    const count = s.leb();
    const out = [];
    let kept = 0;
    for (let i = 0; i < count; i++) {
      if (id === 2) {
        let mod = s.name();
        let field = s.name();
        const kind = s.take(1)[0];
        if (kind !== 0) throw new Error(`wasm import ${field} is not a function`);
        const index = s.leb();
        if (mod === module && once(new RegExp(`\\b${escape(field)}: function`, 'g'))) {
          const k = key(imports++);
          glue = glue.replace(`${field}: function`, () => `${k}: function`);
          field = k;
        }
        if (mod === module) mod = 'a';
        kept++;
        out.push(...nameBytes(mod), ...nameBytes(field), kind, ...leb(index));
      } else {
        let field = s.name();
        const kind = s.take(1)[0];
        const index = s.leb();
        const use = new RegExp(`\\bwasm\\.${escape(field)}\\b`, 'g');
        const elsewhere = (glue.match(new RegExp(`\\b${escape(field)}\\b`, 'g')) ?? []).length;
        const uses = (glue.match(use) ?? []).length;
        if (elsewhere === 0 && field !== 'memory') {
          // Exported only because C or `#[no_mangle]` code defines it (SQLite's stand-ins,
          // sqlite-wasm-rs's hooks): no script calls it.
          dropped++;
          continue;
        }
        if (uses > 0 && uses === elsewhere && field !== 'memory') {
          const k = `$${exports++}`;
          glue = glue.replace(use, () => `wasm.${k}`);
          field = k;
        }
        kept++;
        out.push(...nameBytes(field), kind, ...leb(index));
      }
    }
    const fresh = Buffer.from([...leb(kept), ...out]);
    sections.push(Buffer.from([id, ...leb(fresh.length)]), fresh);
  }
  if (!glue.includes(`"${module}": import0`)) throw new Error(`the glue's import object has no "${module}"`);
  glue = glue.replace(`"${module}": import0`, 'a: import0');
  console.error(`[build-app] short names: ${imports} imports, ${exports} exports; ${dropped} exports no script calls dropped`);
  return { wasm: Buffer.concat(sections), glue };
}

/** FNV-1a (64-bit) of a file's bytes, as 16 hex digits: the digest examples.rs computes. */
function fnv(bytes) {
  let h = 0xcbf29ce484222325n;
  for (const b of bytes) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
  return h.toString(16).padStart(16, '0');
}

/**
 * The bundled examples' texts, which the app fetches when one is picked (only the default
 * example's is in the wasm): `examples/<digest>-<file>`, so a cached copy is never stale.
 */
async function copyExamples(staging) {
  const from = join(root, 'sql-examples');
  await mkdir(join(staging, 'examples'));
  for (const file of await readdir(from)) {
    const bytes = await readFile(join(from, file));
    await writeFile(join(staging, 'examples', `${fnv(bytes)}-${file}`), bytes);
  }
}

/** index.html with the assets in its head, its comments and the blanks between tags gone. */
function page(template, { js, wasm, css }) {
  const head = [
    `<link rel="stylesheet" href="./${css.file}" integrity="${css.sri}">`,
    `<link rel="modulepreload" href="./${js.file}" crossorigin="anonymous" integrity="${js.sri}">`,
    `<link rel="preload" href="./${wasm.file}" crossorigin="anonymous" integrity="${wasm.sri}" as="fetch" type="application/wasm">`,
    `<script type="module">import init from './${js.file}';await init({module_or_path:'./${wasm.file}'});</script>`,
  ].join('');
  if (!template.includes('</head>')) throw new Error('index.html has no </head>');
  return template
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace('</head>', `${head}</head>`)
    .replace(/>\s+</g, '><')
    .trim() + '\n';
}

async function main() {
  const { wasm, glue } = await buildWasm();
  const style = Buffer.from(minifyCss(await readFile(join(root, 'static', 'style.css'), 'utf8')).css);
  const stem = `${name}-${hash(Buffer.concat([wasm, glue]))}`;
  const assets = {
    wasm: { file: `${stem}_bg.wasm`, bytes: wasm },
    js: { file: `${stem}.js`, bytes: glue },
    css: { file: `style-${hash(style)}.css`, bytes: style },
  };
  const staging = join(root, '.dist-staging');
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  for (const asset of Object.values(assets)) {
    asset.sri = sri(asset.bytes);
    await writeFile(join(staging, asset.file), asset.bytes);
  }
  for (const file of copied) {
    await writeFile(join(staging, file), await readFile(join(root, 'static', file)));
  }
  await copyExamples(staging);
  const template = await readFile(join(root, 'index.html'), 'utf8');
  await writeFile(join(staging, 'index.html'), page(template, assets));
  await rm(dist, { recursive: true, force: true });
  await rename(staging, dist);
  console.error(`[build-app] dist/: ${assets.wasm.file}, ${assets.js.file}, ${assets.css.file}`);
}

main().catch((e) => {
  console.error(`[build-app] ${e.message}`);
  process.exit(1);
});
