#!/usr/bin/env bash
# Conformance suite: records every tests/conformance/specs/*.spec on real PostgreSQL 15 and
# MariaDB 10.11, twice, fails if the two recordings differ (non-determinism), then compares
# them with the committed tests/conformance/expected/*.jsonl and fails on any difference; the
# same for what PostgreSQL's own isolationtester prints for the PostgreSQL specs
# (expected/*.out, which the simulator's text transcripts must equal byte for byte).
# Installs and starts the servers if they are missing (Debian packages, loopback only), and
# keeps the recorder's Python clients in a venv reused while requirements.txt is unchanged.
#
#   scripts/conformance.sh            check (ends with "N passed, M failed")
#   scripts/conformance.sh --record   re-record into tests/conformance/expected/ instead
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
CONF=$ROOT/tests/conformance
REQ=$CONF/recorder/requirements.txt
export PATH="$HOME/.cargo/bin:$PATH"
start=$(date +%s)

log() { printf '== %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {
  # apt-get update only when a package has no install candidate yet.
  local missing=()
  for p in "$@"; do
    if ! apt-cache policy "$p" 2>/dev/null | grep -q 'Candidate: [0-9]'; then missing+=("$p"); fi
  done
  if [ ${#missing[@]} -gt 0 ]; then as_root apt-get update -qq; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

wait_for() { # wait_for SECONDS CMD...: until CMD succeeds
  local t=$1; shift
  for _ in $(seq $((t * 5))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  "$@"
}

# ---------------------------------------------------------------------------- PostgreSQL
pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 -U postgres; }
pg_login() { psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -XAtqc 'SELECT 1' -w; }
ensure_postgres() {
  if command -v pg_isready >/dev/null && pg_up && pg_login >/dev/null 2>&1; then
    log "PostgreSQL answers on 127.0.0.1:5432"; return
  fi
  if [ ! -d /etc/postgresql ] || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    log "installing PostgreSQL (Debian packages)"
    apt_install postgresql
  fi
  local ver; ver=$(ls /etc/postgresql | sort -V | tail -1)
  local hba=/etc/postgresql/$ver/main/pg_hba.conf
  if ! as_root grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    # The recorder logs in as postgres over loopback without a password.
    as_root sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
  fi
  as_root mkdir -p "/etc/postgresql/$ver/main/conf.d"
  if ! as_root grep -rqs "listen_addresses" "/etc/postgresql/$ver/main/conf.d"; then
    printf "listen_addresses = '127.0.0.1'\nport = 5432\n" |
      as_root tee "/etc/postgresql/$ver/main/conf.d/90-conformance.conf" >/dev/null
  fi
  if pg_up; then
    as_root pg_ctlcluster --skip-systemctl-redirect "$ver" main reload
  else
    log "starting PostgreSQL $ver"
    as_root pg_ctlcluster --skip-systemctl-redirect "$ver" main start
  fi
  wait_for 60 pg_login >/dev/null
}

# ---------------------------------------------------------------------------- MariaDB
my_login() { mariadb -h 127.0.0.1 -P 3306 -uroot --password= -e 'SELECT 1'; }
ensure_mariadb() {
  if command -v mariadb >/dev/null && my_login >/dev/null 2>&1; then
    log "MariaDB answers on 127.0.0.1:3306"; return
  fi
  if [ ! -x /usr/sbin/mariadbd ]; then
    log "installing MariaDB (Debian packages)"
    apt_install mariadb-server
  fi
  if ! mariadb-admin --protocol=socket -uroot ping >/dev/null 2>&1 &&
     ! mariadb-admin -h 127.0.0.1 -uroot --password= ping >/dev/null 2>&1; then
    log "starting MariaDB"
    as_root install -d -o mysql -g mysql /run/mysqld
    as_root start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
    wait_for 60 mariadb-admin --protocol=socket -uroot ping
  fi
  if ! my_login >/dev/null 2>&1; then
    # Debian's root@localhost logs in by unix socket only: allow root over loopback TCP.
    as_root mariadb --protocol=socket -uroot -e "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY ''; GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION; CREATE DATABASE IF NOT EXISTS test;"
  fi
  wait_for 30 my_login
}

# ---------------------------------------------------------------------------- venv
ensure_venv() {
  local venv=${XDG_CACHE_HOME:-$HOME/.cache}/queuelab/conformance-venv
  local want; want=$( (python3 --version; cat "$REQ") | sha256sum | cut -d' ' -f1)
  if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.requirements.sha256" 2>/dev/null)" != "$want" ]; then
    log "creating the recorder venv in $venv"
    rm -rf "$venv"
    mkdir -p "$(dirname "$venv")"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$REQ"
    echo "$want" > "$venv/.requirements.sha256"
  fi
  PY=$venv/bin/python
}

ensure_postgres
ensure_mariadb
ensure_venv
# The CLI only reads each spec's permutations (`queuelab spec`): scripts/test.sh hands over the
# one its test build made (QUEUELAB_BIN) rather than have this build the library once more with
# other features.
if [ -z "${QUEUELAB_BIN:-}" ]; then
  log "building the queuelab CLI"
  cargo build -q --bin queuelab
  target=${CARGO_TARGET_DIR:-target}
  case $target in /*) ;; *) target=$ROOT/$target ;; esac
  export QUEUELAB_BIN=$target/debug/queuelab
fi

if [ "${1:-}" = "--record" ]; then
  shift
  "$PY" "$CONF/recorder/record.py" --out "$CONF/expected" "$@"
  "$PY" "$CONF/recorder/isolation.py" --out "$CONF/expected" "$@"
  printf 'recorded in %ss\n' "$(( $(date +%s) - start ))"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The two recordings and the two isolationtester passes run at once, each in its own database
# (QL_DB / QL_ISO_DB): they share no table, row, lock or advisory key (PostgreSQL's advisory
# keys are per database), and the recorder mostly sleeps through waits, so this halves the
# wall time without changing what any server does within one database.
log "recording every spec twice, and isolationtester on every PostgreSQL spec twice, at once"
QL_DB=ql_conformance_1 "$PY" "$CONF/recorder/record.py" --out "$tmp/run1" 2> "$tmp/run1.log" & rec1=$!
QL_DB=ql_conformance_2 "$PY" "$CONF/recorder/record.py" --out "$tmp/run2" 2> "$tmp/run2.log" & rec2=$!
QL_ISO_DB=ql_isolation_1 "$PY" "$CONF/recorder/isolation.py" --out "$tmp/run1" 2> "$tmp/iso1.log" & iso1=$!
QL_ISO_DB=ql_isolation_2 "$PY" "$CONF/recorder/isolation.py" --out "$tmp/run2" 2> "$tmp/iso2.log" & iso2=$!
bad=0
for job in "rec1 run1" "rec2 run2" "iso1 iso1" "iso2 iso2"; do
  set -- $job
  if wait "${!1}"; then tail -1 "$tmp/$2.log" >&2; else cat "$tmp/$2.log" >&2; bad=1; fi
done
[ "$bad" -eq 0 ] || exit 1

passed=0 failed=0 nondet=0 total=0
# judge SPEC-NAME FILE: the two recordings of FILE (run1, run2) must be equal to each other
# and to tests/conformance/expected/FILE.
judge() {
  local name=$1 file=$2
  local a=$tmp/run1/$file b=$tmp/run2/$file e=$CONF/expected/$file
  total=$((total + 1))
  if [ ! -f "$a" ] || [ ! -f "$b" ]; then
    echo "FAIL $file: not recorded:"; grep -h "^$name:" "$tmp"/*.log || true
    failed=$((failed + 1))
  elif ! cmp -s "$a" "$b"; then
    echo "FAIL $file: the two recordings differ (non-deterministic):"
    diff -u --label run1 --label run2 "$a" "$b" | head -40 || true
    failed=$((failed + 1)) nondet=$((nondet + 1))
  elif [ ! -f "$e" ]; then
    echo "FAIL $file: not in tests/conformance/expected/ (record it: scripts/conformance.sh --record specs/$name.spec)"
    failed=$((failed + 1))
  elif ! cmp -s "$e" "$a"; then
    echo "FAIL $file: the servers now differ from tests/conformance/expected/$file:"
    diff -u --label "expected/$file" --label recorded "$e" "$a" | head -60 || true
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
}
for spec in "$CONF"/specs/*.spec; do
  judge "$(basename "$spec" .spec)" "$(basename "$spec" .spec).jsonl"
done
# isolationtester's transcripts: those expected, and any it now gives that are not.
for e in "$CONF"/expected/*.out; do
  [ -e "$e" ] || continue
  judge "$(basename "$e" .out)" "$(basename "$e")"
done
for a in "$tmp"/run1/*.out; do
  [ -e "$a" ] || continue
  name=$(basename "$a" .out)
  if [ ! -f "$CONF/expected/$name.out" ]; then
    echo "FAIL $name.out: not in tests/conformance/expected/ (record it: scripts/conformance.sh --record specs/$name.spec)"
    failed=$((failed + 1))
  fi
done
for e in "$CONF"/expected/*.jsonl; do
  [ -e "$e" ] || continue
  name=$(basename "$e" .jsonl)
  if [ ! -f "$CONF/specs/$name.spec" ]; then
    echo "FAIL $name: expected/$name.jsonl has no spec"
    failed=$((failed + 1))
  fi
done
printf 'conformance: %s recordings (JSON lines of every spec, isolationtester transcripts), %s recorded differently by the two runs; took %ss\n' \
  "$total" "$nondet" "$(( $(date +%s) - start ))"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
