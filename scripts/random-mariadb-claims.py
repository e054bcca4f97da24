#!/usr/bin/env python3
"""Random MariaDB claims, for checking which rows the lab's InnoDB model locks.

Each spec holds one table (four columns, one to three random indexes of one to three
columns, six to twelve rows of small values, so that keys tie) and ten claims, one a
permutation: a locking SELECT (FOR UPDATE, SKIP LOCKED, of `id` or of `*`), an UPDATE or a
DELETE, with a WHERE of one to three conditions on distinct columns, and an ORDER BY and
LIMIT or not. After each claim a second worker reads every row with FOR UPDATE SKIP LOCKED:
the rows it gets are those the claim left free.

    scripts/random-mariadb-claims.py generate SEED N DIR   # N specs into DIR
    venv/bin/python tests/conformance/recorder/record.py --out DIR/rec DIR/*.spec
    scripts/random-mariadb-claims.py compare DIR [QUEUELAB]  # claims the lab gets wrong, each
                                                             # with the first event that parts

Not part of the test suite: MariaDB picks a range, another index or a scan of the table by
its row estimates, which the lab does not keep, so some claims differ by design (see the
conformance README's notes on access paths).
"""
import collections
import glob
import json
import os
import random
import subprocess
import sys

COLUMNS = ["a", "b", "c", "s"]


def value(rng, column):
    return f"'{rng.choice('wxyz')}'" if column == "s" else str(rng.randint(0, 9))


def condition(rng, column):
    kind = rng.randrange(6)
    if kind == 4:
        low, high = sorted([value(rng, column), value(rng, column)])
        return f"{column} BETWEEN {low} AND {high}"
    if kind == 5:
        return f"{column} IN ({value(rng, column)}, {value(rng, column)})"
    return f"{column} {['=', '<', '>', '>='][kind]} {value(rng, column)}"


def claim(rng):
    where = " AND ".join(condition(rng, c) for c in rng.sample(COLUMNS, rng.randint(1, 3)))
    tail = ""
    if rng.random() < 0.8:
        down = " DESC" if rng.random() < 0.3 else ""
        keys = rng.sample(COLUMNS + ["id"], rng.randint(1, 2))
        tail = " ORDER BY " + ", ".join(k + down for k in keys)
        tail += rng.choice(["", " LIMIT 1", " LIMIT 2", " LIMIT 3"])
    return [
        f"SELECT id FROM t WHERE {where}{tail} FOR UPDATE",
        f"SELECT id FROM t WHERE {where}{tail} FOR UPDATE SKIP LOCKED",
        f"SELECT * FROM t WHERE {where}{tail} FOR UPDATE",
        f"UPDATE t SET paid = 1 WHERE {where}{tail}",
        f"DELETE FROM t WHERE {where}{tail}",
    ][rng.randrange(5)]


def spec(rng):
    keys = [f"KEY k{i} ({', '.join(rng.sample(COLUMNS, rng.randint(1, 3)))})"
            for i in range(rng.randint(1, 3))]
    rows = [f"({10 * i}, {rng.randint(0, 9)}, {rng.randint(0, 9)}, {rng.randint(0, 9)}, "
            f"'{rng.choice('wxyz')}')" for i in range(1, rng.randint(6, 12) + 1)]
    claims = [f"step q{j} {{ {claim(rng)}; }}" for j in range(10)]
    lines = [
        "# dialect: mysql",
        "setup {",
        "  CREATE TABLE t (id int PRIMARY KEY, a int NOT NULL, b int NOT NULL, c int NOT NULL,"
        f" s varchar(4) NOT NULL, paid int NOT NULL DEFAULT 0, {', '.join(keys)});",
        f"  INSERT INTO t (id, a, b, c, s) VALUES {', '.join(rows)};",
        "}",
        "session w1", "setup { START TRANSACTION; }", *claims, "step c1 { ROLLBACK; }",
        "session w2", "setup { START TRANSACTION; }",
        "step held { SELECT id FROM t ORDER BY id FOR UPDATE SKIP LOCKED; }",
        "step c2 { ROLLBACK; }",
        *[f"permutation q{j} held c1 c2" for j in range(10)],
    ]
    return "\n".join(lines) + "\n"


def events(lines):
    """A run's events by permutation, without the spec's name (the recorder's path differs)."""
    runs = collections.defaultdict(list)
    for line in lines:
        event = json.loads(line)
        event.pop("spec", None)
        runs[tuple(event.get("permutation") or [])].append(event)
    return runs


def first_difference(server, lab):
    """The first event where the lab's run parts from the server's, both sides, one line each."""
    shown = ("step", "event", "rows", "affected", "error")
    for at, pair in enumerate(zip(server + [None] * len(lab), lab + [None] * len(server))):
        theirs, ours = ({k: e.get(k) for k in shown} if e else None for e in pair)
        if theirs != ours:
            print(f"    event {at}: server {json.dumps(theirs)}")
            print(f"    {' ' * len(str(at))}        lab    {json.dumps(ours)}")
            return


def compare(folder, queuelab):
    claims = wrong = 0
    for path in sorted(glob.glob(os.path.join(folder, "*.spec"))):
        name = os.path.basename(path)[: -len(".spec")]
        recorded = os.path.join(folder, "rec", name + ".jsonl")
        if not os.path.exists(recorded):
            continue  # its setup failed on the server
        run = subprocess.run([queuelab, "run", path, "--format", "jsonl"],
                             capture_output=True, text=True, timeout=120)
        server, lab = events(open(recorded)), events(run.stdout.splitlines())
        for permutation, seen in server.items():
            claims += 1
            ours = lab.get(permutation) or []
            if ours != seen:
                wrong += 1
                print(f"{name} {' '.join(permutation)}: the lab differs")
                first_difference(seen, ours)
    print(f"{claims} permutations, {wrong} differ")


def main():
    if sys.argv[1:2] == ["generate"]:
        seed, count, folder = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        rng = random.Random(seed)
        os.makedirs(folder, exist_ok=True)
        for k in range(count):
            with open(os.path.join(folder, f"my-random-{seed}-{k}.spec"), "w") as f:
                f.write(spec(rng))
    elif sys.argv[1:2] == ["compare"]:
        compare(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "target/debug/queuelab")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
