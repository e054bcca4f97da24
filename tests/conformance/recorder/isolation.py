#!/usr/bin/env python3
"""Records what PostgreSQL's own isolationtester prints for the PostgreSQL conformance specs.

    isolation.py --out DIR [SPEC...]

For each `# dialect: postgres` spec (default: every tests/conformance/specs/pg-*.spec), writes
DIR/<spec-name>.out: isolationtester's output, as the text transcript of `queuelab run SPEC`
must be byte for byte (tests/conformance.rs compares them).

isolationtester runs every permutation of a spec in one database, so a spec without a teardown
fails its setup from the second permutation on. Here each permutation runs alone, in a fresh
database, from the spec with its permutation lines replaced by that one permutation; the
outputs are joined under the first one's "Parsed test spec" line. That is what isolationtester
prints for the whole spec when each permutation starts from a fresh database.

The permutations are Queue Lab's (`queuelab spec FILE`), as in record.py. isolationtester is
Debian's postgresql-client-15 build (its path is in ISOLATIONTESTER, or the default below).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SPECS = ROOT / "tests" / "conformance" / "specs"
TESTER = os.environ.get(
    "ISOLATIONTESTER",
    "/usr/lib/postgresql/15/lib/pgxs/src/test/isolation/isolationtester",
)
DB = os.environ.get("QL_ISO_DB", "ql_isolation")
HEADER = re.compile(r"^Parsed test spec with \d+ sessions\n")


def psql(sql: str) -> None:
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-XqAt", "-c", sql],
        check=True,
        capture_output=True,
    )


def without_permutations(text: str) -> str:
    """The spec's text with its permutation lines (and their continuation lines) left out."""
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        word = line.split(None, 1)[0] if line.strip() else ""
        if word == "permutation":
            inside = True
            continue
        # A permutation may go on over the next lines: names only, no keyword.
        if inside and line[:1] in (" ", "\t") and word not in ("", "#"):
            continue
        inside = False
        out.append(line)
    return "".join(out)


# A permutation that names a step of a waiting session makes isolationtester wait for it
# (PostgreSQL 15 no longer reports an invalid permutation): such a spec is given up.
STEP_TIMEOUT = 30


# How often a permutation is run again when its transcript shows the load artefact below.
LATE_DEADLOCK_TRIES = 5


def late_deadlock_check(transcript: str) -> bool:
    """Whether isolationtester saw a deadlock victim waiting before its deadlock check ran.

    With deadlock_timeout at 1 ms, the session that closes a cycle is failed long before
    isolationtester looks at it (about 10 ms after sending the step), so the error follows the
    step's own line. On a loaded machine the backend may not run its check in those 10 ms:
    isolationtester then prints the step `<waiting ...>`, and the error after a
    `<... completed>` line, in whichever order the sessions' results arrive. Under the timing
    Queue Lab models, a waiter whose check found no cycle is never the victim, so an error
    after `<... completed>` only comes from that race."""
    lines = transcript.splitlines()
    return any(
        line == "ERROR:  deadlock detected" and lines[i - 1].endswith("<... completed>")
        for i, line in enumerate(lines)
        if i > 0
    )


def run_one(spec_text: str, permutation: list[str]) -> str | None:
    """isolationtester's transcript of one permutation, run again (a few times at most) while
    it shows the late deadlock check of a loaded machine."""
    got = None
    for _ in range(LATE_DEADLOCK_TRIES):
        got = run_once(spec_text, permutation)
        if got is None or not late_deadlock_check(got):
            return got
    return got


def run_once(spec_text: str, permutation: list[str]) -> str | None:
    psql(f"DROP DATABASE IF EXISTS {DB}")
    psql(f"CREATE DATABASE {DB}")
    # Queue Lab models a server given time between steps, longer than deadlock_timeout (as
    # record.py waits before the next step): a waiter's deadlock check has run, and found no
    # cycle, before the next step closes one, so the session that closes it is the victim.
    # isolationtester sends the next step about 10 ms after it sees a wait: 1 ms makes that so.
    psql(f"ALTER DATABASE {DB} SET deadlock_timeout = '1ms'")
    # Queue Lab's clock is UTC: a timestamptz prints with +00 (whatever the machine's zone).
    psql(f"ALTER DATABASE {DB} SET TimeZone = 'UTC'")
    names = " ".join(f'"{p}"' if not re.fullmatch(r"\w+", p) else p for p in permutation)
    text = without_permutations(spec_text) + f"\npermutation {names}\n"
    try:
        done = subprocess.run(
            [TESTER, f"host=127.0.0.1 user=postgres dbname={DB}"],
            input=text,
            capture_output=True,
            text=True,
            timeout=STEP_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return None
    # stderr says which steps this one permutation leaves unused (the spec's others use
    # them): not part of the transcript. Anything else there (a failed setup) is kept.
    said = [l for l in done.stderr.splitlines(keepends=True) if not l.startswith("unused step name: ")]
    return done.stdout + "".join(said)


def record(spec: Path, out_dir: Path, queuelab: str) -> None:
    doc = json.loads(
        subprocess.run([queuelab, "spec", str(spec)], check=True, capture_output=True, text=True).stdout
    )
    text = spec.read_text()
    parts = []
    for i, perm in enumerate(doc["permutations"]):
        got = run_one(text, perm)
        if got is None:
            print(f"{spec.stem}: permutation {' '.join(perm)} never ended: no transcript",
                  file=sys.stderr)
            return
        parts.append(got if i == 0 else HEADER.sub("", got))
    (out_dir / f"{spec.stem}.out").write_text("".join(parts))
    print(f"{spec.stem}: {len(doc['permutations'])} permutations", file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("specs", nargs="*")
    args = ap.parse_args()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    queuelab = os.environ.get("QUEUELAB_BIN") or str(ROOT / "target" / "debug" / "queuelab")
    specs = [Path(s) if "/" in s else SPECS / s for s in args.specs] or sorted(SPECS.glob("pg-*.spec"))
    for spec in specs:
        if "# dialect: postgres" not in spec.read_text()[:300]:
            continue
        record(spec, out_dir, queuelab)
    try:
        psql(f"DROP DATABASE IF EXISTS {DB}")
    except subprocess.CalledProcessError:
        pass


if __name__ == "__main__":
    main()
