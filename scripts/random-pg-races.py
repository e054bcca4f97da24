#!/usr/bin/env python3
"""Random PostgreSQL races between two workers' claims, for checking the lab's row locks,
waits, re-checks after a wait and serialization failures against a recording of them.

Each spec holds one table (six to nine rows of small values, sometimes an index) and two
workers, each at READ COMMITTED or REPEATABLE READ with one random claim: a locking SELECT in
one of the four lock modes (with SKIP LOCKED, NOWAIT or neither), an UPDATE or DELETE picking
its rows by a WHERE, by an `IN` or `=` locking subquery or by a locking WITH query, or an
upsert; then a second statement (a read, a write or a locking read of one row by key, or an
insert of a key). A claim may change the columns the other's WHERE reads, or the key. Eight
permutations run the claims in both orders, the first worker committing or rolling back, so
that the second waits, skips, re-checks its rows after the wait or fails, and the second
statements among them, where they wait for each other or deadlock; a reader shows the table
at the end.

    scripts/random-pg-races.py [--mariadb | --joins] generate SEED N DIR   # N specs into DIR
    venv/bin/python tests/conformance/recorder/record.py --out DIR/rec DIR/*.spec
    scripts/random-mariadb-claims.py compare DIR [QUEUELAB]  # permutations the lab gets wrong

With --joins (PostgreSQL), half the claims go through a queues table: a join (or a comma
join) locking the jobs, the queues or both in any lock mode (OF t, OF q, t, no OF, two
clauses of their own modes), an UPDATE ... FROM it, or an archive through a data-modifying
WITH into a second table; some second statements pause a queue or lock it. (Seeds 61 and 62
were drawn before the join's lock modes and OF lists were varied: every join claim there is
FOR UPDATE of t or of both.)

With --mariadb, the same races in MariaDB's words (no RETURNING on UPDATE, no LIMIT inside
IN, ON DUPLICATE KEY UPDATE, LOCK IN SHARE MODE), on a table with its primary key and
sometimes a key of one more column.

With --moves (PostgreSQL, with or without --joins), a second statement may also change the
columns a claim's WHERE or join reads on a row the claims do not hold (so a waiting claim
meets, after its wait, a row made to match, one no longer matching, or a job moved to
another queue), a claim's subquery may read without a row lock (the naive claim), and two
more permutations let a worker's second statement run while the other worker waits for it.
Seeds drawn without it are drawn as before.

Not part of the test suite. ORDER BY always ends with the key: the order of ties is the
sort's (quicksort's for seven or more), which this harness leaves out.
"""
import os
import random
import sys

COLUMNS = ["a", "b", "s"]


def value(rng, column):
    return f"'{rng.choice('wxyz')}'" if column == "s" else str(rng.randint(0, 4))


def condition(rng, column):
    kind = rng.randrange(6)
    if kind == 4:
        return f"{column} IN ({value(rng, column)}, {value(rng, column)})"
    if kind == 5:
        return f"{column} <> {value(rng, column)}"
    return f"{column} {['=', '<', '>', '<='][kind]} {value(rng, column)}"


def where(rng):
    return " AND ".join(condition(rng, c) for c in rng.sample(COLUMNS, rng.randint(1, 2)))


def order(rng, limited=False):
    keys = rng.sample(COLUMNS + ["id"], rng.randint(1, 2))
    if "id" not in keys:
        keys.append("id")
    down = " DESC" if rng.random() < 0.3 else ""
    tail = " ORDER BY " + ", ".join(k + down for k in keys)
    if limited or rng.random() < 0.7:
        tail += f" LIMIT {rng.randint(1, 3)}"
    return tail


def assignment(rng):
    return rng.choice(["paid = paid + 1", "a = a + 1", "s = 'z'", "b = 0", "id = id + 100",
                       "a = a + 1, paid = paid + 1"])


def joined_claim(rng, filter_, wait):
    """A claim through the queues table (`--joins`): a join locking the jobs only, or both,
    or archiving through a data-modifying WITH."""
    kind = rng.randrange(3)
    on = "JOIN q ON q.name = t.s AND NOT q.paused"
    tail = order(rng, True).replace(" ORDER BY ", " ORDER BY t.").replace(", ", ", t.")
    if kind == 0:
        mode = rng.choice(["UPDATE", "UPDATE", "NO KEY UPDATE", "SHARE", "KEY SHARE"])
        of = rng.choice([" OF t", "", " OF t, q", " OF q, t", " OF q"])
        lock = f"FOR {mode}{of}{wait}"
        if rng.random() < 0.2:
            lock = f"FOR {rng.choice(['KEY SHARE', 'SHARE'])} OF q FOR UPDATE OF t{wait}"
        if rng.random() < 0.3:
            source = f"FROM t, q WHERE q.name = t.s AND NOT q.paused AND t.{filter_}"
        else:
            source = f"FROM t {on} WHERE t.{filter_}"
        return f"SELECT t.id, q.name {source}{tail} {lock}"
    if kind == 1:
        return (f"UPDATE t SET paid = paid + 1 FROM q WHERE q.name = t.s AND NOT q.paused "
                f"AND t.{filter_} RETURNING t.id, t.paid")
    pick = f"SELECT id FROM t WHERE {filter_}{order(rng, True)} FOR UPDATE{wait}"
    if MOVES and rng.random() < 0.3:
        pick = pick[: pick.index(" FOR UPDATE")]  # the naive claim: no row lock
    return (f"WITH d AS (DELETE FROM t WHERE id IN ({pick}) RETURNING id, s) "
            "INSERT INTO done (id, s) SELECT id, s FROM d RETURNING id")


def claim(rng, joins=False):
    filter_ = where(rng)
    wait = rng.choice(["", "", " SKIP LOCKED", " NOWAIT"])
    if joins and rng.random() < 0.5:
        return joined_claim(rng, filter_, wait)
    kind = rng.randrange(8)
    if kind == 0:
        mode = rng.choice(["UPDATE", "NO KEY UPDATE", "SHARE", "KEY SHARE"])
        tail = order(rng) if rng.random() < 0.8 else ""
        return f"SELECT id, a, s FROM t WHERE {filter_}{tail} FOR {mode}{wait}"
    if kind == 1:
        return f"UPDATE t SET {assignment(rng)} WHERE {filter_} RETURNING id, a, paid"
    if kind == 2:
        return f"DELETE FROM t WHERE {filter_} RETURNING id"
    pick = f"SELECT id FROM t WHERE {filter_}{order(rng, True)} FOR UPDATE{wait}"
    if kind == 3:
        return f"UPDATE t SET {assignment(rng)} WHERE id IN ({pick}) RETURNING id, a, paid"
    if kind == 4:
        one = pick.replace("LIMIT 2", "LIMIT 1").replace("LIMIT 3", "LIMIT 1")
        return f"UPDATE t SET {assignment(rng)} WHERE id = ({one}) RETURNING id, a, paid"
    if kind == 5:
        return (f"WITH c AS ({pick}) UPDATE t SET {assignment(rng)} FROM c "
                "WHERE t.id = c.id RETURNING t.id, t.a, t.paid")
    if kind == 6:
        return f"DELETE FROM t WHERE id IN ({pick}) RETURNING id"
    if kind == 7 and rng.random() < 0.5:
        return (f"UPDATE t SET {assignment(rng)} FROM ({pick}) AS c "
                "WHERE t.id = c.id RETURNING t.id, t.a, t.paid")
    key = rng.choice([10, 20, 30, 90])
    action = rng.choice(["DO NOTHING", "DO UPDATE SET paid = t.paid + 1",
                         "DO UPDATE SET a = excluded.a"])
    return (f"INSERT INTO t (id, a, b, s) VALUES ({key}, {value(rng, 'a')}, 0, 'w') "
            f"ON CONFLICT (id) {action} RETURNING id, a, paid")


MOVES = False


def second(rng):
    """A worker's second statement: a read of what it sees now, a write of one row by key
    (a deadlock with the other worker's claim, or a wait), or an insert of a key."""
    key = rng.choice([10, 20, 30, 40, 50, 60, 90])
    kind = rng.randrange(9 if MOVES else 7)
    if kind >= 7:
        column = rng.choice(COLUMNS)
        return f"UPDATE t SET {column} = {value(rng, column)} WHERE id = {key} RETURNING id"

    if kind == 5:
        return f"INSERT INTO t (id, a, b, s) VALUES ({key}, 1, 1, 'w') ON CONFLICT DO NOTHING"
    if kind == 6:
        return f"SELECT id FROM t WHERE id = {key} FOR {rng.choice(['SHARE', 'KEY SHARE'])}"
    if kind == 0:
        return "SELECT id, a, b, s, paid FROM t ORDER BY id"
    if kind == 1:
        return f"UPDATE t SET paid = paid + 10 WHERE id = {key} RETURNING id, paid"
    if kind == 2:
        return f"DELETE FROM t WHERE id = {key} RETURNING id"
    if kind == 3:
        return f"INSERT INTO t (id, a, b, s) VALUES ({key}, 1, 1, 'w')"
    return f"SELECT id FROM t WHERE id = {key} FOR UPDATE{rng.choice(['', ' NOWAIT'])}"


def second_joined(rng):
    name = rng.choice("wxyz")
    return rng.choice([
        f"UPDATE q SET paused = true WHERE name = '{name}'",
        f"SELECT name FROM q WHERE name = '{name}' FOR UPDATE",
        f"SELECT name FROM q WHERE name = '{name}' FOR KEY SHARE",
        "SELECT id, s FROM done ORDER BY id",
    ])


def spec(rng, joins=False):
    rows = [f"({10 * i}, {rng.randint(0, 4)}, {rng.randint(0, 4)}, '{rng.choice('wxyz')}')"
            for i in range(1, rng.randint(6, 9) + 1)]
    index = ""
    if rng.random() < 0.4:
        index = f" CREATE INDEX t_k ON t ({', '.join(rng.sample(COLUMNS, rng.randint(1, 2)))});"
    lines = [
        "# dialect: postgres",
        "setup { CREATE TABLE t (id int PRIMARY KEY, a int NOT NULL, b int NOT NULL,"
        " s text NOT NULL, paid int NOT NULL DEFAULT 0);"
        f"{index} INSERT INTO t (id, a, b, s) VALUES {', '.join(rows)};"
        + (" CREATE TABLE q (name text PRIMARY KEY, paused boolean NOT NULL);"
           " INSERT INTO q VALUES ('w', false), ('x', false), ('y', true), ('z', false);"
           " CREATE TABLE done (id int PRIMARY KEY, s text NOT NULL);" if joins else "")
        + " }",
    ]
    for w in (1, 2):
        level = rng.choice(["READ COMMITTED", "READ COMMITTED", "REPEATABLE READ"])
        lines += [f"session w{w}", f"setup {{ BEGIN ISOLATION LEVEL {level}; }}",
                  f"step q{w} {{ {claim(rng, joins)}; }}",
                  f"step p{w} {{ {second_joined(rng) if joins and rng.random() < 0.4 else second(rng)}; }}",
                  f"step c{w} {{ COMMIT; }}", f"step r{w} {{ ROLLBACK; }}"]
    lines += ["session reader", "step show { SELECT * FROM t ORDER BY id; }",
              "permutation q1 q2 c1 c2 show", "permutation q1 q2 r1 c2 show",
              "permutation q2 q1 c2 c1 show", "permutation q2 q1 r2 r1 show",
              "permutation q1 q2 p1 p2 c1 c2 show", "permutation q2 q1 p2 p1 c2 c1 show",
              "permutation q1 p2 q2 p1 c1 c2 show", "permutation q1 q2 p2 c2 p1 c1 show"]
    if MOVES:
        lines += ["permutation q1 q2 p1 c1 c2 show", "permutation q2 q1 p2 c2 c1 show"]
    return "\n".join(lines) + "\n"


def my_claim(rng):
    """A MariaDB claim: no RETURNING on UPDATE, no LIMIT inside IN, upserts by ON DUPLICATE
    KEY UPDATE, shared reads by LOCK IN SHARE MODE."""
    filter_ = where(rng)
    kind = rng.randrange(5)
    if kind == 0:
        tail = order(rng) if rng.random() < 0.8 else ""
        lock = rng.choice(["FOR UPDATE", "FOR UPDATE", "FOR UPDATE SKIP LOCKED",
                           "FOR UPDATE NOWAIT", "LOCK IN SHARE MODE"])
        return f"SELECT id, a, s FROM t WHERE {filter_}{tail} {lock}"
    if kind == 1:
        tail = order(rng) if rng.random() < 0.5 else ""
        return f"UPDATE t SET {assignment(rng)} WHERE {filter_}{tail}"
    if kind == 2:
        return f"DELETE FROM t WHERE {filter_} RETURNING id"
    if kind == 3:
        return f"DELETE FROM t WHERE {filter_}{order(rng, True)}"
    key = rng.choice([10, 20, 30, 90])
    return (f"INSERT INTO t (id, a, b, s) VALUES ({key}, {value(rng, 'a')}, 0, 'w') "
            "ON DUPLICATE KEY UPDATE paid = paid + 1")


def my_second(rng):
    key = rng.choice([10, 20, 30, 40, 50, 60, 90])
    return rng.choice([
        "SELECT id, a, b, s, paid FROM t ORDER BY id",
        f"UPDATE t SET paid = paid + 10 WHERE id = {key}",
        f"DELETE FROM t WHERE id = {key} RETURNING id",
        f"INSERT INTO t (id, a, b, s) VALUES ({key}, 1, 1, 'w')",
        f"SELECT id FROM t WHERE id = {key} FOR UPDATE",
    ])


def spec_mariadb(rng):
    rows = [f"({10 * i}, {rng.randint(0, 4)}, {rng.randint(0, 4)}, '{rng.choice('wxyz')}')"
            for i in range(1, rng.randint(6, 9) + 1)]
    key = f", KEY k ({rng.choice(COLUMNS)})" if rng.random() < 0.4 else ""
    lines = [
        "# dialect: mysql",
        "setup { CREATE TABLE t (id int PRIMARY KEY, a int NOT NULL, b int NOT NULL,"
        f" s varchar(4) NOT NULL, paid int NOT NULL DEFAULT 0{key});"
        f" INSERT INTO t (id, a, b, s) VALUES {', '.join(rows)}; }}",
    ]
    for w in (1, 2):
        level = rng.choice(["READ COMMITTED", "REPEATABLE READ", "REPEATABLE READ"])
        lines += [f"session w{w}",
                  f"setup {{ SET SESSION TRANSACTION ISOLATION LEVEL {level}; START TRANSACTION; }}",
                  f"step q{w} {{ {my_claim(rng)}; }}", f"step p{w} {{ {my_second(rng)}; }}",
                  f"step c{w} {{ COMMIT; }}", f"step r{w} {{ ROLLBACK; }}"]
    lines += ["session reader", "step show { SELECT * FROM t ORDER BY id; }",
              "permutation q1 q2 c1 c2 show", "permutation q1 q2 r1 c2 show",
              "permutation q2 q1 c2 c1 show", "permutation q1 q2 p1 p2 c1 c2 show",
              "permutation q2 q1 p2 p1 c2 c1 show", "permutation q1 p2 q2 p1 c1 c2 show"]
    return "\n".join(lines) + "\n"


def main():
    global MOVES
    dialect = "postgres"
    if sys.argv[1:2] == ["--moves"]:
        MOVES = bool(sys.argv.pop(1))
    if sys.argv[1:2] in (["--mariadb"], ["--joins"]):
        dialect = sys.argv.pop(1)[2:]
    if sys.argv[1:2] != ["generate"] or len(sys.argv) != 5:
        sys.exit(__doc__)
    seed, count, folder = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    rng = random.Random(seed)
    os.makedirs(folder, exist_ok=True)
    prefix, make = {
        "mariadb": ("my", spec_mariadb),
        "joins": ("pgj", lambda r: spec(r, joins=True)),
    }.get(dialect, ("pg", spec))
    for k in range(count):
        with open(os.path.join(folder, f"{prefix}-race-{seed}-{k}.spec"), "w") as f:
            f.write(make(rng))


if __name__ == "__main__":
    main()
