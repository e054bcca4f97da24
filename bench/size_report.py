#!/usr/bin/env python3
"""Download-size report (a benchmark, not a test): what the browser fetches from dist/,
gzip -9, and how the wasm code splits between SQLite, sqlparser, yew and the rest.

The split reads the function names of the un-optimised release wasm that cargo leaves in
target/ (the shipped file has its names stripped by wasm-opt) and applies each part's share of
code bytes to the shipped gzip size: an estimate, good to a few percent.
Usage: python3 bench/size_report.py  (after `node scripts/build-app.mjs`)
"""
import glob
import gzip
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def leb(data, i):
    result = shift = 0
    while True:
        b = data[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return result, i


def sections(data):
    i = 8
    while i < len(data):
        sid = data[i]
        size, j = leb(data, i + 1)
        yield sid, data[j:j + size]
        i = j + size


def function_sizes(path):
    data = open(path, "rb").read()
    imported = 0
    bodies, names = [], {}
    for sid, body in sections(data):
        if sid == 2:  # imports: imported functions come first in the index space
            count, i = leb(body, 0)
            for _ in range(count):
                for _ in range(2):
                    n, i = leb(body, i)
                    i += n
                kind = body[i]
                i += 1
                if kind == 0:
                    _, i = leb(body, i)
                    imported += 1
                elif kind == 1:
                    i += 1
                    flags, i = leb(body, i + 0)
                    _, i = leb(body, i)
                    if flags & 1:
                        _, i = leb(body, i)
                elif kind == 2:
                    flags, i = leb(body, i)
                    _, i = leb(body, i)
                    if flags & 1:
                        _, i = leb(body, i)
                elif kind == 3:
                    i += 2
        elif sid == 10:
            count, i = leb(body, 0)
            for _ in range(count):
                size, i = leb(body, i)
                bodies.append(size)
                i += size
        elif sid == 0:
            n, i = leb(body, 0)
            if body[i:i + n] != b"name":
                continue
            i += n
            while i < len(body):
                sub = body[i]
                size, j = leb(body, i + 1)
                if sub == 1:
                    count, k = leb(body, j)
                    for _ in range(count):
                        idx, k = leb(body, k)
                        ln, k = leb(body, k)
                        names[idx] = body[k:k + ln].decode("utf-8", "replace")
                        k += ln
                i = j + size
    return [(names.get(imported + n, "?"), size) for n, size in enumerate(bodies)]


def is_rust(n):
    return n.startswith("_ZN") or n.startswith("_R")


PARTS = [
    # Every unmangled function is C: the SQLite amalgamation and the small libc that
    # sqlite-wasm-rs compiles with it.
    ("SQLite (C, compiled with clang)", lambda n: not is_rust(n) and not n.startswith("__wbg") or "sqlite_wasm_rs" in n),
    # Queue Lab's printer and copy are impls on sqlparser's types: they count as Queue Lab's.
    ("sqlparser", lambda n: "sqlparser" in n and "queuelab" not in n),
    ("yew + gloo + web-sys glue", lambda n: "yew" in n or "gloo" in n or "web_sys" in n or "implicit_clone" in n),
    ("Queue Lab engine + UI", lambda n: "queuelab" in n),
]


def unordered_gzip():
    """gzip -9 of wasm-opt's module before the function order, its custom sections (the names
    the order reads) left out; None before a build."""
    path = os.path.join(ROOT, "target", "wasm-bindgen", "release", "queuelab-web_opt.wasm")
    if not os.path.exists(path):
        return None
    data = open(path, "rb").read()
    out = bytearray(data[:8])
    i = 8
    while i < len(data):
        size, j = leb(data, i + 1)
        if data[i] != 0:
            out += data[i:j + size]
        i = j + size
    return len(gzip.compress(bytes(out), 9))


def main():
    dist = os.path.join(ROOT, "dist")
    files = sorted(glob.glob(os.path.join(dist, "*.wasm")) + glob.glob(os.path.join(dist, "*.js")) + glob.glob(os.path.join(dist, "*.css")) + glob.glob(os.path.join(dist, "*.html")))
    if not files:
        sys.exit("no dist/: run `node scripts/build-app.mjs` first")
    total = 0
    app = 0
    wasm_gz = 0
    for f in files:
        raw = open(f, "rb").read()
        gz = len(gzip.compress(raw, 9))
        total += gz
        # The embed script and its example page are fetched only by pages that embed widgets.
        if not os.path.basename(f).startswith("embed"):
            app += gz
        if f.endswith(".wasm"):
            wasm_gz = gz
        print(f"{os.path.basename(f):48} {len(raw):>10,} raw {gz:>10,} gzip -9")
    print(f"{'the app (all but embed*)':48} {'':>14} {app:>10,} gzip -9 ({app / 1e6:.3f} MB)")
    # Fetched one at a time, when the user picks an example (dist/examples/).
    texts = [open(f, "rb").read() for f in glob.glob(os.path.join(dist, "examples", "*"))]
    if texts:
        biggest = max(len(gzip.compress(t, 9)) for t in texts)
        print(f"{'examples/ (fetched when picked), each at most':48} {'':>14} {biggest:>10,} gzip -9 ({len(texts)} files)")
    print(f"{'everything in dist/':48} {'':>14} {total:>10,} gzip -9 ({total / 1e6:.3f} MB)")
    unordered = unordered_gzip()
    if unordered:
        # The function order scripts/wasm-order.mjs picks moves the shipped module by some
        # hundreds of bytes either way from one build to the next, whatever the change: two
        # builds' code is compared better by the module as wasm-opt left it.
        print(f"{'the wasm before its function order (no names)':48} {'':>14} {unordered:>10,} gzip -9")
    raw_wasm = os.path.join(ROOT, "target", "wasm32-unknown-unknown", "wasm-release", "queuelab-web.wasm")
    if not os.path.exists(raw_wasm):
        return
    # wasm-bindgen's descriptor functions are removed before shipping: leave them out.
    funcs = [(n, z) for n, z in function_sizes(raw_wasm) if not n.startswith("__wbindgen_describe")]
    code = sum(s for _, s in funcs) or 1
    rest = code
    print("\nshare of wasm code (un-optimised names) -> estimated gzip bytes of the shipped wasm")
    for label, pred in PARTS:
        part = sum(s for n, s in funcs if pred(n))
        rest -= part
        print(f"  {label:36} {100 * part / code:5.1f}%  ~{wasm_gz * part / code / 1e3:7.1f} KB")
    print(f"  {'Rust std, alloc, other crates':36} {100 * rest / code:5.1f}%  ~{wasm_gz * rest / code / 1e3:7.1f} KB")
    # float_text.rs keeps Rust's float formatting (both of its algorithms, about 8 KB gzip)
    # out of the download: an f64 written with {} or {:?} brings it back.
    floats = sum(s for n, s in funcs if "flt2dec" in n or "fmt5float" in n or "float_to_decimal" in n)
    print(f"\nRust's float formatting in the wasm: {floats:,} code bytes (0 expected: format an f64 with float_text)")


if __name__ == "__main__":
    main()
