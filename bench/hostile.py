#!/usr/bin/env python3
"""Hostile inputs (a benchmark, not a test): every input that once crashed Queue Lab or ate
its memory, run through the release CLI, with wall time, peak memory and what the CLI said.
Budget: each ends with a clear error or a result within 2 s and 300 MB.

The tests check each limit's edge (tests/limits.rs); this measures the cost of the inputs
themselves, at the sizes they were found with.
Usage: cargo build --release && python3 bench/hostile.py [NAME-SUBSTRING ...]
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(ROOT, "target", "release", "queuelab")
BUDGET_S, BUDGET_MB = 2.0, 300

RING = "CREATE TABLE q (id int NOT NULL PRIMARY KEY, modulo int NOT NULL UNIQUE, fruit varchar(10));\n"


def ring_select(op, modulus):
    return RING + f"insert into q select coalesce(max(id), 0) + 1, (coalesce(max(id), 0) + 1) {op} {modulus}, 'x' from q;\n"


def chain(n, op):
    return "SELECT " + f" {op} ".join(["1"] * (n + 1)) + ";\n"


def nested(n, open_, close):
    return "-- dialect: mssql\n" + open_ * n + "SELECT 1\n" + close * n


def spec(sessions, steps, permutation=""):
    out = ["setup { CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1); }"]
    for s in range(sessions):
        out.append(f"session s{s}")
        for k in range(steps):
            out.append(f"step s{s}k{k} {{ SELECT id FROM t; }}")
    if permutation:
        out.append(f"permutation {permutation}")
    return "\n".join(out) + "\n"


def big_table(rows, steps):
    return (
        "-- dialect: postgres\nCREATE TABLE t (id int PRIMARY KEY, v int);\n"
        f"INSERT INTO t SELECT g, g FROM generate_series(1, {rows}) AS g;\n"
        + "UPDATE t SET v = v + 1 WHERE id = 1;\n" * steps
    )


def replace_ring(n):
    return RING + "replace into q select coalesce(max(id), 0) + 1, (coalesce(max(id), 0) + 1) mod 5, 'x' from q;\n" * n


# name, file suffix, text, extra CLI arguments
CASES = [
    ("ring mod 9223372036854775807 (MySQL)", "sql", ring_select("mod", 9223372036854775807), []),
    ("ring % 9223372036854775807 (PostgreSQL)", "sql",
     "-- dialect: postgres\n" + ring_select("%", 9223372036854775807), []),
    ("ring mod 1000000000", "sql", ring_select("mod", 1000000000), []),
    ("ring mod 20000000, 5 inserts", "sql",
     ring_select("mod", 20000000) + ring_select("mod", 20000000).split("\n", 1)[1] * 4, []),
    ("8,600 + (MySQL)", "sql", chain(8600, "+"), []),
    ("8,600 + (PostgreSQL)", "sql", "-- dialect: postgres\n" + chain(8600, "+"), []),
    ("8,600 + (T-SQL)", "sql", "-- dialect: mssql\n" + chain(8600, "+"), []),
    ("8,600 AND", "sql", "SELECT 1 WHERE " + " AND ".join(["1 = 1"] * 8600) + ";\n", []),
    ("100,000 UNION ALL", "sql", " UNION ALL ".join(["SELECT 1"] * 100000) + ";\n", []),
    ("50,000 UNION ALL (under the script size)", "sql",
     " UNION ALL ".join(["SELECT 1"] * 50000) + ";\n", []),
    ("2,200 nested IF", "sql", nested(2200, "IF 1 = 1\n", ""), []),
    ("2,600 nested WHILE", "sql", nested(2600, "WHILE 1 = 0\n", ""), []),
    ("7,300 nested BEGIN END", "sql", nested(7300, "BEGIN\n", "END\n"), []),
    ("hex(zeroblob(300000000))", "sql", "SELECT hex(zeroblob(300000000));\n", []),
    ("repeat('x', 300000000) (MySQL)", "sql", "SELECT length(repeat('x', 300000000));\n", []),
    ("spec 4 x 5, no permutation line", "spec", spec(4, 5), []),
    ("spec 4 x 5, --permutation", "spec", spec(4, 5),
     ["--permutation", " ".join(f"s{s}k{k}" for s in range(4) for k in range(5))]),
    ("100,000-row table stepped 400 times", "sql", big_table(100000, 400), []),
    ("10,000-row table stepped 400 times", "sql", big_table(10000, 400), []),
    ("100,000 x SELECT 1", "sql", "SELECT 1;\n" * 100000, []),
    ("5,000 x SELECT 1", "sql", "SELECT 1;\n" * 5000, []),
    ("REPLACE ring insert x 100,000", "sql", replace_ring(100000), []),
    ("REPLACE ring insert x 4,999", "sql", replace_ring(4999), []),
    ("one step named 100,000 times", "spec",
     spec(1, 1, " ".join(["s0k0"] * 100000)), []),
    ("WHILE 1=1 loop, jsonl", "sql",
     "-- dialect: mssql\nDECLARE @i int = 0\nWHILE 1 = 1\n  SET @i = @i + 1\n",
     ["--format", "jsonl"]),
    ("(statements -1)", "spec", "# dialect: mssql\n" + spec(1, 1, "s0k0(statements -1)"), []),
    ("(statements 10^20)", "spec",
     "# dialect: mssql\n" + spec(1, 1, "s0k0(statements 100000000000000000000)"), []),
]


def measure(path, extra):
    fmt = "%e %M"
    proc = subprocess.run(["/usr/bin/time", "-f", fmt, "-o", path + ".time", CLI, "run", path, *extra],
                          capture_output=True)
    wall, kb = open(path + ".time").read().split()[-2:]
    return proc.returncode, float(wall), int(kb) // 1024, proc.stdout, proc.stderr


def gist(rc, out, err):
    text = (err.decode(errors="replace") + out.decode(errors="replace")).strip()
    lines = [l for l in text.splitlines() if "error" in l.lower() or "limit" in l.lower()]
    line = (lines or text.splitlines() or [""])[0]
    return f"exit {rc}, {len(out):,} B out: {line[:110]}"


def main():
    if not os.path.exists(CLI):
        sys.exit("build first: cargo build --release")
    wanted = sys.argv[1:]
    worst = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, suffix, text, extra in CASES:
            if wanted and not any(w in name for w in wanted):
                continue
            path = os.path.join(tmp, f"case.{suffix}")
            open(path, "w").write(text)
            rc, wall, mb, out, err = measure(path, extra)
            ok = wall <= BUDGET_S and mb <= BUDGET_MB and rc in (0, 1)
            worst |= not ok
            print(f"{'ok  ' if ok else 'OVER'} {wall:6.2f} s {mb:5d} MB  {name:40s} {gist(rc, out, err)}")
    sys.exit(1 if worst else 0)


if __name__ == "__main__":
    main()
