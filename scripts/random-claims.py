#!/usr/bin/env python3
"""Random PostgreSQL batch claims, for checking the order the lab returns their rows in.

Each of N tables gets random column types the lab admits, five rows (row 3 updated, so that
the heap order 1, 2, 4, 5, 3, the rowid order and the priority order 3, 4, 1, 5, 2 all
differ), and one claim: an UPDATE ... FROM a locking read of the table, as a WITH query or
a subquery in FROM, or a DELETE ... USING one, with a random WHERE and LIMIT. Some tables
get their unique index after the rows (the planner then knows their count).

    scripts/random-claims.py SEED N > /tmp/claims.spec
    # record it on the server and compare with the lab, as scripts/conformance.sh does:
    venv/bin/python tests/conformance/recorder/record.py --out /tmp/rec /tmp/claims.spec
    queuelab run /tmp/claims.spec --format jsonl

Used to check the planner model of postgres/lock_order.rs; not part of the test suite.
"""
import random
import sys

TYPES = ["int", "bigint", "smallint", "text", "jsonb", "timestamptz", "boolean",
         "varchar(20)", "varchar(5)", "varchar(255)", "varchar(100)", "numeric(10,2)",
         "text[]", "date", "char(1)", "double precision"]
WHERES = ["state = 'a'", "state = 'a' AND prio < 30", "id = 3", "state IS NULL",
          "state IS NOT NULL", "prio < 5", "state = 'a' AND ts <= now()", "true",
          "prio >= 1 AND state <> 'x'", "state IN ('a','b')", "state = 'a' AND prio = 3",
          "state = 'a' OR prio = 2", "prio > 1 AND prio < 50", "prio > 0 AND prio > 1",
          "NOT (state = 'b')", "done", "NOT done", "id IN (1,2,3,4,5)"]
LIMITS = [1, 2, 3, 4, 5, 6, 7, 8, 10, 15, 20, 50, 100, None]
ROWS = "(1,'a',5,now(),false),(2,'a',1,now(),false),(3,'a',9,now(),false),(4,'a',7,now(),false),(5,'a',3,now(),false)"


def claim(t, where, limit, form):
    lim = f"LIMIT {limit}" if limit else ""
    read = f"SELECT id FROM {t} WHERE {where} ORDER BY prio DESC {lim} FOR UPDATE SKIP LOCKED"
    if form == "cte":
        return f"WITH l AS ({read}) UPDATE {t} SET prio = prio FROM l WHERE {t}.id = l.id RETURNING {t}.id"
    if form == "sub":
        return f"UPDATE {t} SET prio = prio FROM ({read}) l WHERE l.id = {t}.id RETURNING {t}.id"
    return f"WITH l AS ({read}) DELETE FROM {t} USING l WHERE {t}.id = l.id RETURNING {t}.id"


def main():
    random.seed(int(sys.argv[1]))
    n = int(sys.argv[2])
    lines = ["# dialect: postgres", "# random batch claims (scripts/random-claims.py)"]
    steps = []
    for k in range(n):
        t = f"g{k}"
        cols = [("id", random.choice(["int", "bigint"]))]
        cols += [(f"c{i}", random.choice(TYPES)) for i in range(random.randint(0, 8))]
        cols += [("state", "text"), ("prio", "int"), ("ts", "timestamptz"), ("done", "boolean")]
        late = random.random() < 0.15
        key = "" if late else ", PRIMARY KEY (id)"
        index = f" CREATE UNIQUE INDEX {t}_id ON {t} (id);" if late else ""
        columns = ", ".join(f"{c} {ty}" for c, ty in cols)
        lines.append(
            f"setup {{ CREATE TABLE {t} ({columns}{key}); "
            f"INSERT INTO {t} (id, state, prio, ts, done) VALUES {ROWS}; "
            f"UPDATE {t} SET prio = 9 WHERE id = 3;{index} }}")
        form = random.choice(["cte", "sub", "del"])
        steps.append((f"s{k}", claim(t, random.choice(WHERES), random.choice(LIMITS), form)))
    lines.append("teardown { DROP TABLE " + ", ".join(f"g{k}" for k in range(n)) + "; }")
    lines += ["session c", "setup { BEGIN; }"]
    lines += [f"step {name} {{ {sql}; }}" for name, sql in steps]
    lines.append("step cc { ROLLBACK; }")
    lines += [f"permutation {name} cc" for name, _ in steps]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
