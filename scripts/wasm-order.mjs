// The order of the functions in the shipped module, chosen for gzip (scripts/build-app.mjs).
//
// gzip finds repeats within a 32 KB window only, so a module whose similar functions sit side
// by side compresses better; the order of functions changes nothing a module does. Ordering
// them by their Rust names (wasm-opt's --reorder-functions-by-name) puts the copies of one
// generic function together, 25 KB gzip less than rustc's order. This goes further, by what
// the optimized bodies hold: the next function is the unplaced one that shares the most
// 6-byte strings with the last `window` placed (counting only strings found in at most 100
// functions: the common ones, `local.get 0` and the like, say nothing), and where none shares
// `leastShared`, the next unplaced one in name order. Measured on one build: 5.8 KB gzip less
// than the name order with the last function alone and at most 50 functions a string, 2.1 KB
// less again with a window of three and 12 shared; on a later build, 2.8 KB less again with
// each string counted by its rarity over the last bytes placed (see `CANDIDATES`).
//
// Which numbers do best changes from build to build: any change to the code moves a
// function's neighbours, and orders of one build that differ in these numbers alone differ
// by some hundreds of bytes, one way or the other (a window of four was 231 and 274 B smaller
// than three on two builds, 248 B larger on the next; on a later one, five and six were 334
// and 367 B smaller than four). So the build tries the `CANDIDATES` (about 4 s each) and
// ships the smallest.
//
// The order is handed to wasm-opt as names: `nameByOrder` rewrites the module's name section
// so that each defined function's name is its place (`o00000`, `o00001`, ...), and
// `wasm-opt --reorder-functions-by-name` then lays the functions out in that order, renumbering
// every call; without `-g` it writes no names.

const SHINGLE = 6;

/**
 * The orders build-app.mjs tries: the last functions compared (`window` of them, or with
 * `bytes`, those in the last `window` bytes of code placed), the least shared to follow, the
 * most functions a string may be found in to count, and whether a string counts by its rarity
 * (1 / the square root of how many functions hold it) rather than 1. On the build that brought
 * them in (the UPDATE written row by row), the best order of each kind: 890,752 B gzip by
 * count, 888,825 B by rarity, 887,973 B by rarity over the last bytes. All three kinds stay,
 * so that no build ships a larger module than an earlier kind alone would give it. Over the
 * last bytes, 2.5 shared came in later: on two builds of one day it was the best of 46 orders
 * tried, 888,099 B where the best of the 36 before was 888,740 B (and 888,640 B against
 * 888,892 B), and 8,000 bytes with it the order the tests' build takes.
 */
export const CANDIDATES = [
  ...[3, 4, 5, 6].flatMap((window) =>
    [10, 12, 14].map((leastShared) => ({ window, leastShared, most: 100, rare: false }))),
  ...[4, 5, 6, 7].flatMap((window) =>
    [2.5, 3, 3.5].map((leastShared) => ({ window, leastShared, most: 200, rare: true }))),
  ...[3000, 4000, 8000, 12000].flatMap((window) =>
    [2.5, 3, 3.5, 4].map((leastShared) => ({ window, leastShared, most: 200, rare: true, bytes: true }))),
];

/** The candidate most builds of late have picked: the tests' build uses it alone. */
export const USUAL = CANDIDATES.find((c) => c.bytes && c.window === 8000 && c.leastShared === 2.5);

/** Unsigned LEB128, as the wasm binary format writes sizes and counts. */
export function leb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

/** A reader of a wasm module's or section's bytes, from `at`. */
export function reader(bytes, at = 0) {
  return {
    get at() { return at; },
    set at(v) { at = v; },
    leb() {
      let n = 0, shift = 0, b;
      do { b = bytes[at++]; n |= (b & 0x7f) << shift; shift += 7; } while (b & 0x80);
      return n >>> 0;
    },
    take(n) { const t = bytes.subarray(at, at + n); at += n; return t; },
    name() { return this.take(this.leb()).toString('utf8'); },
  };
}

/** The module's sections, as [id, body] with the bodies as views of `wasm`. */
function sections(wasm) {
  const r = reader(wasm, 8);
  const out = [];
  while (r.at < wasm.length) {
    const id = r.take(1)[0];
    out.push([id, r.take(r.leb())]);
  }
  return out;
}

/** How many functions the module imports: they come first in the index space. */
function importedFunctions(body) {
  const r = reader(body);
  let functions = 0;
  for (let i = r.leb(); i > 0; i--) {
    r.name();
    r.name();
    const kind = r.take(1)[0];
    if (kind !== 0) throw new Error('wasm-order: the module imports something other than functions');
    r.leb();
    functions++;
  }
  return functions;
}

function bodiesOf(body) {
  const r = reader(body);
  const out = [];
  for (let i = r.leb(); i > 0; i--) out.push(r.take(r.leb()));
  return out;
}

/** The name section's function names, by function index. */
function functionNames(sectionsList) {
  const names = new Map();
  for (const [id, body] of sectionsList) {
    if (id !== 0) continue;
    const r = reader(body);
    if (r.name() !== 'name') continue;
    while (r.at < body.length) {
      const sub = r.take(1)[0];
      const size = r.leb();
      const end = r.at + size;
      if (sub === 1) {
        for (let i = r.leb(); i > 0; i--) names.set(r.leb(), r.name());
      }
      r.at = end;
    }
  }
  return names;
}

/** The defined functions' order: greedy by shared byte strings, from the name order. */
export function similarityOrder(bodies, names, { window, leastShared, most: mostHolders, rare, bytes }) {
  const n = bodies.length;
  const byName = [...Array(n).keys()].sort((a, b) => {
    const x = names[a], y = names[b];
    return x < y ? -1 : x > y ? 1 : Buffer.compare(bodies[a], bodies[b]) || a - b;
  });
  const place = new Array(n);
  byName.forEach((f, i) => { place[f] = i; });
  const shingles = bodies.map((b) => {
    const s = new Set();
    for (let i = 0; i + SHINGLE <= b.length; i++) s.add(b.toString('latin1', i, i + SHINGLE));
    return [...s];
  });
  const holders = new Map();
  shingles.forEach((list, f) => {
    for (const s of list) {
      const h = holders.get(s);
      if (h) h.push(f);
      else holders.set(s, [f]);
    }
  });
  const placed = new Uint8Array(n);
  const shared = new Float64Array(n);
  const order = [];
  let next = 0;
  while (order.length < n) {
    let best = -1;
    if (order.length > 0) {
      const touched = [];
      // The strings of the last functions placed: gzip's window holds them all.
      const recent = new Set();
      let size = 0;
      for (let i = order.length - 1; i >= 0 && (bytes ? size : order.length - 1 - i) < window; i--) {
        size += bodies[order[i]].length;
        for (const s of shingles[order[i]]) recent.add(s);
      }
      for (const s of recent) {
        const h = holders.get(s);
        if (h.length < 2 || h.length > mostHolders) continue;
        // Counted by rarity, a string few functions hold says more than one many do.
        const weight = rare ? 1 / Math.sqrt(h.length) : 1;
        for (const f of h) {
          if (placed[f]) continue;
          if (shared[f] === 0) touched.push(f);
          shared[f] += weight;
        }
      }
      let most = 0;
      for (const f of touched) {
        const count = shared[f];
        shared[f] = 0;
        if (count < leastShared) continue;
        if (count > most || (count === most && place[f] < place[best])) {
          most = count;
          best = f;
        }
      }
    }
    if (best < 0) {
      while (placed[byName[next]]) next++;
      best = byName[next];
    }
    placed[best] = 1;
    order.push(best);
  }
  return order;
}

/**
 * `wasm` with a name section that names each defined function by its place in the order
 * `candidate` (one of `CANDIDATES`) gives.
 */
export function nameByOrder(wasm, candidate) {
  const list = sections(wasm);
  const imports = list.find(([id]) => id === 2);
  const code = list.find(([id]) => id === 10);
  if (!code) throw new Error('wasm-order: the module has no code');
  const imported = imports ? importedFunctions(imports[1]) : 0;
  const bodies = bodiesOf(code[1]);
  const known = functionNames(list);
  // Without rustc's hash, so that ties go by content.
  const names = bodies.map((_, i) => (known.get(imported + i) ?? '').replace(/::h[0-9a-f]{16}$/, ''));
  const order = similarityOrder(bodies, names, candidate);
  const entries = [];
  order.forEach((f, place) => {
    const name = Buffer.from(`o${String(place).padStart(5, '0')}`);
    entries.push([imported + f, name]);
  });
  entries.sort((a, b) => a[0] - b[0]);
  const sub = [...leb(entries.length)];
  for (const [index, name] of entries) sub.push(...leb(index), ...leb(name.length), ...name);
  const section = Buffer.from([...leb(4), ...Buffer.from('name'), 1, ...leb(sub.length), ...sub]);
  const out = [wasm.subarray(0, 8)];
  for (const [id, body] of list) {
    if (id === 0 && reader(body).name() === 'name') continue;
    out.push(Buffer.from([id, ...leb(body.length)]), body);
  }
  out.push(Buffer.from([0, ...leb(section.length)]), section);
  return Buffer.concat(out);
}
