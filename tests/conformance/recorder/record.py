#!/usr/bin/env python3
"""Records what real PostgreSQL and MariaDB servers do with the conformance specs.

    record.py [--out DIR] [SPEC...]

Runs each spec (default: every tests/conformance/specs/*.spec) on the server of its dialect
(`# dialect: postgres` -> PostgreSQL on 127.0.0.1:5432, `# dialect: mysql` -> MariaDB on
127.0.0.1:3306) and writes DIR/<spec-name>.jsonl (default DIR: tests/conformance/expected/),
one JSON line per step event, exactly as /work/shared/spec-format.md describes.

The spec is read by Queue Lab itself (`queuelab spec FILE`), so sessions, steps and the
permutations (explicit, or every interleaving in isolationtester's order) are the CLI's.

Per permutation: a fresh database `ql_conformance`, the top-level setup on its own connection,
one connection per session, the session setups, the steps in order, the session teardowns, the
top-level teardown. Each step runs on its session's own worker thread; the main thread waits
until the step has finished or the server itself says that session is blocked on a lock
(PostgreSQL: pg_isolation_test_session_is_blocked; MariaDB: INNODB_TRX `LOCK WAIT` or a
processlist state waiting for a lock). A session seen blocked is only reported `waiting` once
it has stayed blocked for SETTLE seconds (longer than PostgreSQL's deadlock_timeout, which the
recorder sets to 100ms), so that deadlock detection has had its say before the next step runs:
this is what makes recordings deterministic.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CONF = HERE.parent
ROOT = CONF.parent.parent
DB = os.environ.get("QL_DB", "ql_conformance")
# Queue Lab calls its MariaDB database `test`: a spec's `test.jobs` names the recording's
# database (the two recordings run at once, each in its own).
MY_DB = DB

# How long a session must be seen blocked before it is reported `waiting`, and how long the
# waiters must stay blocked after a step before they count as still waiting. Longer than the
# 100ms deadlock_timeout set on every PostgreSQL connection.
SETTLE = float(os.environ.get("QL_SETTLE", "0.3"))
# A step that is neither finished nor blocked for this long is a recorder failure.
STEP_GUARD = float(os.environ.get("QL_STEP_GUARD", "60"))
QUICK = float(os.environ.get("QL_QUICK", "0.05"))
# MariaDB's innodb_lock_wait_timeout on every session: longer than any permutation takes, so a
# wait ends by itself only after the permutation's last step, where spec-format.md has it
# reported as `completed` with error 1205 (the recorder waits for it there).
MY_LOCK_WAIT = int(os.environ.get("QL_MY_LOCK_WAIT", "10"))
POLL = 0.005
# PostgreSQL specs that set lock_timeout / statement_timeout (to a few seconds, longer than
# their permutations take): how long the recorder waits at a permutation's end for those
# limits to end the waits left open.
PG_LIMIT_GRACE = float(os.environ.get("QL_PG_LIMIT_GRACE", "8"))

PG = dict(host="127.0.0.1", port=5432, user="postgres")
MY = dict(host="127.0.0.1", port=3306, user="root", password="")


# ----------------------------------------------------------------------------------------------
# SQL splitting


def split_sql(sql: str, dialect: str) -> list[str]:
    """Splits on top-level `;` (outside quotes, comments and PostgreSQL dollar quotes); a
    PostgreSQL statement keeps its `;`."""
    out: list[str] = []
    buf: list[str] = []
    i, n = 0, len(sql)
    while i < n:
        c = sql[i]
        if c in "'\"`":
            j = i + 1
            while j < n:
                if sql[j] == "\\" and dialect == "mysql" and c != "`":
                    j += 2
                    continue
                if sql[j] == c:
                    if j + 1 < n and sql[j + 1] == c:
                        j += 2
                        continue
                    break
                j += 1
            buf.append(sql[i : j + 1])
            i = j + 1
        elif sql.startswith("--", i) or (c == "#" and dialect == "mysql"):
            j = sql.find("\n", i)
            j = n if j < 0 else j
            buf.append(sql[i:j])
            i = j
        elif sql.startswith("/*", i):
            j = sql.find("*/", i + 2)
            j = n if j < 0 else j + 2
            buf.append(sql[i:j])
            i = j
        elif c == "$" and dialect == "postgres":
            m = re.match(r"\$([A-Za-z_][A-Za-z_0-9]*)?\$", sql[i:])
            if m and not (i > 0 and (sql[i - 1].isalnum() or sql[i - 1] == "_")):
                tag = m.group(0)
                j = sql.find(tag, i + len(tag))
                j = n if j < 0 else j + len(tag)
                buf.append(sql[i:j])
                i = j
            else:
                buf.append(c)
                i += 1
        elif c == ";":
            stmt = "".join(buf).strip()
            if stmt:
                # PostgreSQL's parser reads the `;` too (a statement cut short stops at it,
                # `syntax error at or near ";"`), as isolationtester sends it.
                out.append(stmt + ";" if dialect == "postgres" else stmt)
            buf = []
            i += 1
        else:
            buf.append(c)
            i += 1
    stmt = "".join(buf).strip()
    if stmt and not re.fullmatch(r"(\s|--[^\n]*|/\*.*?\*/)*", stmt, re.S):
        out.append(stmt)
    return out


def first_keyword(stmt: str) -> str:
    s = re.sub(r"^(\s|--[^\n]*\n?|/\*.*?\*/)+", "", stmt, flags=re.S)
    m = re.match(r"[A-Za-z]+", s)
    return m.group(0).upper() if m else ""


# ----------------------------------------------------------------------------------------------
# Results


@dataclass
class Result:
    columns: list[str] | None = None
    rows: list[list[str | None]] | None = None
    affected: int | None = None
    error: dict | None = None


def pg_error_class(sqlstate: str) -> str:
    return {
        "40P01": "deadlock",
        "55P03": "lock_not_available",
        "23505": "unique_violation",
        "40001": "serialization_failure",
    }.get(sqlstate, "other")


def my_error_class(code: int) -> str:
    return {
        1213: "deadlock",
        1205: "lock_not_available",
        3572: "lock_not_available",
        1062: "unique_violation",
        1586: "unique_violation",
    }.get(code, "other")


# ----------------------------------------------------------------------------------------------
# Dialect drivers


class Driver:
    """What both servers' drivers share: closing a session's connection, and the admin one."""

    # Whether a lock wait nobody releases ends by itself (MariaDB's innodb_lock_wait_timeout).
    waits_time_out = False

    def close(self, conn) -> None:
        try:
            conn.close()
        except Exception:
            pass

    def shutdown(self) -> None:
        self.admin.close()


class PgDriver(Driver):
    dialect = "postgres"

    def __init__(self) -> None:
        import psycopg

        self.psycopg = psycopg
        self.admin = psycopg.connect(dbname="postgres", autocommit=True, **PG)

    def fresh_db(self) -> None:
        self.admin.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
        self.admin.execute(f"CREATE DATABASE {DB}")

    def drop_db(self) -> None:
        self.admin.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")

    def connect(self):
        conn = self.psycopg.connect(dbname=DB, autocommit=True, **PG)
        conn.execute("SET deadlock_timeout = '100ms'")
        conn.execute("SET lock_timeout = 0")
        # Queue Lab's clock is UTC: a timestamptz prints with +00 (whatever the machine's zone).
        conn.execute("SET TimeZone = 'UTC'")
        conn.add_notice_handler(lambda _d: None)
        return conn

    def conn_id(self, conn) -> int:
        return conn.info.backend_pid

    def execute(self, conn, stmt: str) -> Result:
        cur = conn.cursor()
        try:
            cur.execute(stmt)
        except self.psycopg.Error as e:
            state = e.sqlstate or ""
            msg = e.diag.message_primary if e.diag and e.diag.message_primary else str(e)
            return Result(error={"class": pg_error_class(state), "native": state, "message": msg})
        res = cur.pgresult
        tag = (res.command_status or b"").decode() if res is not None else ""
        affected = None
        words = tag.split()
        if words and words[0] in ("INSERT", "UPDATE", "DELETE", "MERGE") and words[-1].isdigit():
            affected = int(words[-1])
        columns = rows = None
        if res is not None and res.nfields > 0:
            columns = [res.fname(i).decode() for i in range(res.nfields)]
            rows = []
            for r in range(res.ntuples):
                row = []
                for c in range(res.nfields):
                    v = res.get_value(r, c)
                    row.append(None if v is None else bytes(v).decode())
                rows.append(row)
        cur.close()
        return Result(columns, rows, affected)

    def is_blocked(self, cid: int, others: list[int]) -> bool:
        row = self.admin.execute(
            "SELECT pg_catalog.pg_isolation_test_session_is_blocked(%s, %s)", (cid, others)
        ).fetchone()
        return bool(row[0])

    def cancel(self, conn, cid: int) -> None:
        self.admin.execute("SELECT pg_cancel_backend(%s)", (cid,))

    def describe(self) -> str:
        return repr(self.admin.execute(
            "SELECT pid, state, wait_event_type, wait_event, query FROM pg_stat_activity"
            " WHERE datname = %s", (DB,)).fetchall())



class MyDriver(Driver):
    dialect = "mysql"
    waits_time_out = True

    def __init__(self) -> None:
        import pymysql

        self.pymysql = pymysql
        # Encoders (keyed by Python type) stay; decoders (keyed by MySQL field type) go, so
        # every value comes back as the server's text.
        self.conv = {k: v for k, v in pymysql.converters.conversions.items()
                     if not isinstance(k, int)}
        self.admin = pymysql.connect(autocommit=True, conv=self.conv, **MY)
        # InnoDB recalculates a table's statistics in a background task once a tenth of its
        # rows changed, so a spec's setup INSERT sets one off that races the first steps: the
        # optimizer's choice of index (and so which rows a LIMIT claim reads and locks) then
        # depends on timing. Off, every table keeps the statistics it had when created, as
        # the recordings have them (my-messenger-get recorded both ways before this).
        self._admin("SET GLOBAL innodb_stats_auto_recalc = OFF")

    def _admin(self, sql: str, args=None):
        with self.admin.cursor() as cur:
            cur.execute(sql, args)
            return cur.fetchall()

    def fresh_db(self) -> None:
        self._admin(f"DROP DATABASE IF EXISTS {MY_DB}")
        self._admin(f"CREATE DATABASE {MY_DB}")

    def drop_db(self) -> None:
        self._admin(f"DROP DATABASE IF EXISTS {MY_DB}")

    def connect(self):
        conn = self.pymysql.connect(database=MY_DB, autocommit=True, conv=self.conv, **MY)
        with conn.cursor() as cur:
            cur.execute(f"SET SESSION innodb_lock_wait_timeout = {MY_LOCK_WAIT}")
        return conn

    def conn_id(self, conn) -> int:
        return conn.thread_id()

    def execute(self, conn, stmt: str) -> Result:
        cur = conn.cursor()
        # `test.` qualifying a name (after no quote, letter or dot) is the recording's database.
        stmt = re.sub(r"(?<![\w`'\".])test\.(?=[\w`])", f"{MY_DB}.", stmt)
        try:
            cur.execute(stmt)
        except self.pymysql.err.MySQLError as e:
            code = e.args[0] if e.args and isinstance(e.args[0], int) else 0
            msg = e.args[1] if len(e.args) > 1 else str(e)
            # The recording's database stands for the machines' `test`, which Queue Lab's
            # messages name (`test`.`jobs`).
            msg = msg.replace(f"`{MY_DB}`.", "`test`.").replace(f"'{MY_DB}.", "'test.")
            return Result(error={"class": my_error_class(code), "native": str(code), "message": msg})
        columns = rows = None
        affected = None
        dml = first_keyword(stmt) in ("INSERT", "UPDATE", "DELETE", "REPLACE")
        if cur.description is not None:
            columns = [d[0] for d in cur.description]
            rows = [[None if v is None else (v if isinstance(v, str) else v.decode()) for v in r]
                    for r in cur.fetchall()]
            if dml:  # MariaDB's DELETE/INSERT/REPLACE ... RETURNING: one row per row written
                affected = len(rows)
        elif dml:
            affected = cur.rowcount  # affected rows as the server counts them (no FOUND_ROWS)
        cur.close()
        return Result(columns, rows, affected)

    def is_blocked(self, cid: int, others: list[int]) -> bool:
        # InnoDB row/gap lock waits. Not information_schema.INNODB_TRX: MariaDB serves it from
        # a cache that is refreshed only when it was last read more than 100ms ago, so a poller
        # reading it often sees stale transactions forever. SHOW ENGINE INNODB STATUS is built
        # on demand and lists each transaction with its thread id and a LOCK WAIT line.
        status = self._admin("SHOW ENGINE INNODB STATUS")[0][2]
        for block in status.split("---TRANSACTION ")[1:]:
            m = re.search(r"\b(?:MariaDB|MySQL) thread id (\d+),", block)
            if m and int(m.group(1)) == cid and re.search(r"^LOCK WAIT ", block, re.M):
                return True
        # Metadata and table lock waits show in the processlist state.
        rows = self._admin(
            "SELECT STATE FROM information_schema.PROCESSLIST WHERE ID = %s", (cid,))
        return bool(rows) and bool(re.match(r"Waiting for .*lock", rows[0][0] or ""))

    def describe(self) -> str:
        return repr(self._admin("SELECT ID, STATE, INFO FROM information_schema.PROCESSLIST")) + \
            repr(self._admin("SELECT trx_mysql_thread_id, trx_state, trx_query"
                             " FROM information_schema.INNODB_TRX"))

    def cancel(self, conn, cid: int) -> None:
        try:
            self._admin(f"KILL QUERY {int(cid)}")
        except Exception:
            pass



# ----------------------------------------------------------------------------------------------
# Sessions


class Session:
    def __init__(self, name: str, driver, conn) -> None:
        self.name = name
        self.driver = driver
        self.conn = conn
        self.cid = driver.conn_id(conn)
        self.thread: threading.Thread | None = None
        self.done = threading.Event()
        self.result: Result | None = None
        self.step: str | None = None

    def start(self, step: str, sql: str) -> None:
        self.step = step
        self.result = None
        self.done.clear()
        stmts = split_sql(sql, self.driver.dialect)

        def work() -> None:
            res = Result()
            try:
                for st in stmts:
                    res = self.driver.execute(self.conn, st)
                    if res.error is not None:
                        break
            except Exception as e:  # connection-level failure: report it, never hang
                res = Result(error={"class": "other", "native": "", "message": f"{type(e).__name__}: {e}"})
            self.result = res
            self.done.set()

        self.thread = threading.Thread(target=work, daemon=True)
        self.thread.start()

    @property
    def busy(self) -> bool:
        return self.thread is not None and not self.done.is_set()

    def finish(self) -> Result:
        assert self.thread is not None
        self.thread.join()
        self.thread = None
        res = self.result
        self.step = None
        return res if res is not None else Result()

    def run_sync(self, sql: str, setup: bool = False) -> None:
        """Setup/teardown: runs to the end. A setup statement that fails stops the recording
        (isolationtester gives the test up there; Queue Lab reports it the same way), so a
        spec never tests a half-built schema unnoticed; a teardown's errors are ignored."""
        for st in split_sql(sql, self.driver.dialect):
            res = self.driver.execute(self.conn, st)
            if setup and res is not None and res.error:
                raise SystemExit(f"setup of {self.name} failed: {res.error['message']} ({st})")


# ----------------------------------------------------------------------------------------------
# Running a permutation


class Recorder:
    def __init__(self, driver, spec_name: str, spec: dict) -> None:
        self.d = driver
        self.name = spec_name
        self.spec = spec
        # A limit set anywhere in the spec may end a wait by itself (limited_waits).
        self.sets_wait_limits = bool(re.search(r"\b(lock|statement)_timeout\b", json.dumps(spec)))
        self.step_session: dict[str, str] = {}
        self.step_sql: dict[str, str] = {}
        for s in spec["sessions"]:
            for st in s["steps"]:
                self.step_session[st["name"]] = s["name"]
                self.step_sql[st["name"]] = st["sql"]["sql"]

    # -- events
    def line(self, perm, step, session, event, res: Result | None = None) -> str:
        o: dict[str, Any] = {"spec": self.name, "permutation": perm, "step": step,
                             "session": session, "event": event}
        if event in ("ok", "error", "completed"):
            assert res is not None
            o["columns"] = res.columns
            o["rows"] = res.rows
            o["affected"] = res.affected
            o["error"] = res.error
        return json.dumps(o, separators=(",", ":"), ensure_ascii=False)

    # -- server view
    def blocked(self, s: Session) -> bool:
        others = [x.cid for x in self.all_conns if x.cid != s.cid]
        return self.d.is_blocked(s.cid, others)

    def wait_step(self, s: Session) -> bool:
        """True when the step finished, False when the server says it is blocked (settled)."""
        t0 = time.monotonic()
        while True:
            if s.done.wait(POLL):
                return True
            if self.blocked(s):
                if s.done.wait(SETTLE):
                    return True
                if self.blocked(s):
                    return False
            if time.monotonic() - t0 > STEP_GUARD:
                raise RuntimeError(f"{self.name}: step {s.step} (connection {s.cid}) neither"
                                   f" finished nor blocked after {STEP_GUARD}s;"
                                   f" server: {self.d.describe()}")

    def settle_waiters(self, waiting: list[Session], fresh: Session | None) -> list[Session]:
        """Waits until every waiting session has finished or stays blocked, as the server sees
        it; returns the finished ones in the order they began waiting.

        A waiter counts as still waiting once the server has shown it blocked without a break
        for QUICK seconds, or for SETTLE seconds when anything moved in this round (a waiter
        finished, or was seen running between two waits), so that cascades and deadlock
        detection have ended first. `fresh` has just been seen blocked for SETTLE by wait_step.
        """
        t0 = time.monotonic()
        blocked_since: dict[str, float] = {}
        if fresh is not None:
            blocked_since[fresh.name] = t0 - SETTLE
        moved = False
        while True:
            now = time.monotonic()
            for w in waiting:
                if w.done.is_set():
                    continue
                if self.blocked(w):
                    blocked_since.setdefault(w.name, now)
                else:
                    blocked_since.pop(w.name, None)
                    moved = True
            if any(w.done.is_set() for w in waiting):
                moved = True
            pending = [w for w in waiting if not w.done.is_set()]
            need = SETTLE if moved else QUICK
            if all(w.name in blocked_since and now - blocked_since[w.name] >= need
                   for w in pending):
                return [w for w in waiting if w.done.is_set()]
            if time.monotonic() - t0 > STEP_GUARD:
                raise RuntimeError(f"{self.name}: waiters neither finished nor blocked")
            time.sleep(POLL)

    def run_permutation(self, perm: list[str]) -> list[str]:
        d = self.d
        out: list[str] = []
        d.fresh_db()
        ctl = Session("<setup>", d, d.connect())
        sessions = {s["name"]: Session(s["name"], d, d.connect()) for s in self.spec["sessions"]}
        self.all_conns = [ctl, *sessions.values()]
        try:
            for block in self.spec.get("setup") or []:
                ctl.run_sync(block["sql"], setup=True)
            for s in self.spec["sessions"]:
                if s.get("setup"):
                    sessions[s["name"]].run_sync(s["setup"]["sql"], setup=True)
            waiting: list[Session] = []
            invalid = False
            for step in perm:
                sname = self.step_session[step]
                s = sessions[sname]
                if s.busy:
                    # The waiting statement is cancelled below; it reports nothing more.
                    out.append(self.line(perm, step, sname, "invalid_permutation"))
                    invalid = True
                    break
                s.start(step, self.step_sql[step])
                if self.wait_step(s):
                    res = s.finish()
                    out.append(self.line(perm, step, sname, "error" if res.error else "ok", res))
                else:
                    out.append(self.line(perm, step, sname, "waiting"))
                    waiting.append(s)
                if waiting:
                    fresh = waiting[-1] if waiting[-1] is s and s.busy else None
                    for w in self.settle_waiters(waiting, fresh):
                        wstep = w.step
                        res = w.finish()
                        if self.d.waits_time_out and (res.error or {}).get("native") == "1205":
                            raise RuntimeError(f"{self.name}: {perm} outlasted the lock wait"
                                               f" timeout ({MY_LOCK_WAIT}s): raise QL_MY_LOCK_WAIT")
                        out.append(self.line(perm, wstep, w.name, "completed", res))
                        waiting.remove(w)
            if not invalid and self.d.waits_time_out:
                out.extend(self.timed_out(perm, waiting))
                waiting = []
            elif not invalid and waiting and self.sets_wait_limits:
                lines, waiting = self.limited_waits(perm, waiting)
                out.extend(lines)
            if not invalid:
                for w in waiting:
                    out.append(self.line(perm, w.step, w.name, "still_waiting"))
            # clean up: cancel what still waits, then the teardowns
            for w in waiting:
                if w.busy:
                    d.cancel(w.conn, w.cid)
                w.finish()
            for s in self.spec["sessions"]:
                if s.get("teardown"):
                    self._guarded(sessions[s["name"]], s["teardown"]["sql"])
            td = self.spec.get("teardown")
            blocks = td if isinstance(td, list) else ([td] if td else [])
            for s in sessions.values():
                d.close(s.conn)
            for block in blocks:
                self._guarded(ctl, block["sql"])
        finally:
            for s in [*sessions.values(), ctl]:
                if s.busy:
                    d.cancel(s.conn, s.cid)
                    s.thread.join(5)
                d.close(s.conn)
        return out

    def timed_out(self, perm, waiting: list[Session]) -> list[str]:
        """MariaDB: the waits left at the end of a permutation end by themselves (1205); their
        `completed` lines in the order they ended."""
        out = []
        pending = list(waiting)
        t0 = time.monotonic()
        while pending:
            for w in [w for w in pending if w.done.is_set()]:
                wstep = w.step
                out.append(self.line(perm, wstep, w.name, "completed", w.finish()))
                pending.remove(w)
            if time.monotonic() - t0 > MY_LOCK_WAIT + STEP_GUARD:
                raise RuntimeError(f"{self.name}: a wait outlived innodb_lock_wait_timeout")
            time.sleep(POLL)
        return out

    def limited_waits(self, perm, waiting: list[Session]) -> tuple[list[str], list[Session]]:
        """PostgreSQL, in a spec that sets lock_timeout or statement_timeout: the waits left
        at the end of a permutation that those limits end; their `completed` lines in the
        order they ended, and the waits still open after PG_LIMIT_GRACE seconds."""
        out = []
        pending = list(waiting)
        t0 = time.monotonic()
        while pending and time.monotonic() - t0 < PG_LIMIT_GRACE:
            for w in [w for w in pending if w.done.is_set()]:
                wstep = w.step
                out.append(self.line(perm, wstep, w.name, "completed", w.finish()))
                pending.remove(w)
            time.sleep(POLL)
        return out, pending

    def _guarded(self, s: Session, sql: str) -> None:
        """Teardown on a connection: run it; if it blocks, cancel it (teardowns are not reported)."""
        s.start("<teardown>", sql)
        if not self.wait_step(s):
            self.d.cancel(s.conn, s.cid)
        s.finish()


# ----------------------------------------------------------------------------------------------


_BIN: list[str] | None = None


def queuelab_bin() -> list[str]:
    """The Queue Lab CLI: $QUEUELAB_BIN, else built once here with cargo."""
    global _BIN
    if _BIN is None:
        b = os.environ.get("QUEUELAB_BIN")
        if b:
            _BIN = [b]
        else:
            subprocess.run(["cargo", "build", "-q", "--bin", "queuelab"], cwd=ROOT, check=True)
            target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
            if not target.is_absolute():
                target = ROOT / target
            _BIN = [str(target / "debug" / "queuelab")]
    return _BIN


def load_spec(path: Path) -> dict:
    r = subprocess.run([*queuelab_bin(), "spec", str(path)], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"{path}: queuelab spec failed:\n{r.stderr}")
    return json.loads(r.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(CONF / "expected"))
    ap.add_argument("specs", nargs="*")
    args = ap.parse_args()
    specs = [Path(p) for p in args.specs] or sorted((CONF / "specs").glob("*.spec"))
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    drivers: dict[str, Any] = {}
    t_all = time.monotonic()
    try:
        for path in specs:
            t0 = time.monotonic()
            doc = load_spec(path)
            spec = doc["spec"]
            dialect = spec.get("dialect") or "postgres"
            if dialect not in ("postgres", "mysql"):
                print(f"{path.name}: dialect {dialect} has no server here, skipped", file=sys.stderr)
                continue
            if dialect not in drivers:
                drivers[dialect] = PgDriver() if dialect == "postgres" else MyDriver()
            d = drivers[dialect]
            rec = Recorder(d, path.stem, spec)
            lines: list[str] = []
            for perm in doc["permutations"]:
                lines.extend(rec.run_permutation(list(perm)))
            (out_dir / f"{path.stem}.jsonl").write_text("".join(l + "\n" for l in lines))
            print(f"{path.stem}: {len(doc['permutations'])} permutations, {len(lines)} events,"
                  f" {time.monotonic() - t0:.1f}s", file=sys.stderr)
    finally:
        for d in drivers.values():
            try:
                d.drop_db()
            except Exception:
                pass
            d.shutdown()
    print(f"recorded {len(specs)} specs in {time.monotonic() - t_all:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
