#!/usr/bin/env bash
# Coverage-guided fuzzing of the engine with libFuzzer on the stable toolchain: the targets are
# built by cargo with the flags cargo-fuzz 0.13 gives `cargo fuzz build --sanitizer none`
# (only stable `-C` flags; see fuzz/Cargo.toml and fuzz/src/lib.rs), so cargo-fuzz itself is
# not needed (installing it took 2 minutes of every fresh machine's test run).
#
# Usage:
#   scripts/fuzz.sh [SECONDS] [TARGET...]   fuzz each target SECONDS (default 45), one after another
#   scripts/fuzz.sh triage [TARGET...]      re-run the saved reproducers, one line per distinct crash
#   scripts/fuzz.sh min TARGET FILE [RUNS]  minimize a reproducer (libFuzzer -minimize_crash)
# Targets: mysql postgres mssql tsql spec share run parser (default: all).
#
# Environment:
#   FUZZ_KEEP_GOING=1  go on fuzzing past a crash, timeout or OOM (for long hunts)
#   FUZZ_MAX_LEN=32768 longest input of the text targets (run: 4 KB)
#   FUZZ_JOBS=N        targets fuzzed at the same time (default 1)
#   FUZZ_TIMEOUT=10    seconds one input may take; FUZZ_RSS_MB=2048 memory limit
#   FUZZ_NICE=10       niceness of the build and the fuzzers
#   FUZZ_STACK_KB=N    main-thread stack of the fuzzers, triage and min (default: the
#                      shell's `ulimit -s`); e.g. 1024, wasm32's default stack size, finds deep
#                      recursion with short inputs
#
# The seed corpus is made here
# from the repo's own scripts and specs into fuzz/corpus/TARGET/ (git-ignored, and where the
# corpus grows between runs); reproducers go to fuzz/artifacts/TARGET/, logs to fuzz/logs/.
# Exit status: 0 when no target crashed, 1 on any crash, timeout or OOM, 2 on a usage or
# build error.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

ALL_TARGETS=(mysql postgres mssql tsql spec share run parser)
TIMEOUT=${FUZZ_TIMEOUT:-10}
RSS_MB=${FUZZ_RSS_MB:-2048}
NICE=${FUZZ_NICE:-10}
JOBS=${FUZZ_JOBS:-1}
# Stable only: never a nightly that happens to be installed or set as the default.
export RUSTUP_TOOLCHAIN=${FUZZ_TOOLCHAIN:-stable}
export CARGO_TARGET_DIR=$root/fuzz/target

log() { printf '[fuzz] %s\n' "$*" >&2; }
die() { log "$*"; exit 2; }

triple=$(rustc -vV | sed -n 's/^host: //p')
bin_dir=$CARGO_TARGET_DIR/$triple/release

is_target() { local t; for t in "${ALL_TARGETS[@]}"; do [ "$t" = "$1" ] && return 0; done; return 1; }

check_compilers() {
  # The C++ compiler builds libFuzzer itself (libfuzzer-sys).
  command -v c++ >/dev/null || die "no C++ compiler: apt-get install g++"
}

# What cargo-fuzz 0.13.2 sets for a release build without a sanitizer: libFuzzer's coverage
# (inline 8-bit counters, the PC table, compare tracing, stack depth), no branch folding (more
# edges to tell apart), `cfg(fuzzing)`, debug assertions on, one codegen unit (the sancov pass
# keeps ThinLTO from inlining across units; 16 units built slower here, 417 s against 323 s).
# One change: opt-level 1, not 3. On this project's 2-core machines it builds in 270 s against
# 323 s, and a test run's 30 s per target mostly go to the seed corpus either way (postgres ran
# 8,041 inputs in 30 s alone at opt-level 1).
FUZZ_RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing \
-Cllvm-args=-simplifycfg-branch-fold-threshold=0 -Cllvm-args=-sanitizer-coverage-stack-depth \
-Cdebug-assertions -Ccodegen-units=1 -Copt-level=1"

build() {
  log "building the fuzz targets (fuzz/target; ~6 minutes the first time)"
  local start=$SECONDS
  mkdir -p fuzz/logs
  # --target, as cargo-fuzz does: the flags then reach the targets but not the build scripts.
  if ! RUSTFLAGS="$FUZZ_RUSTFLAGS ${RUSTFLAGS:-}" nice -n "$NICE" cargo build \
      --manifest-path fuzz/Cargo.toml --target "$triple" --release \
      --config 'profile.release.debug="line-tables-only"' --bins >fuzz/logs/build.log 2>&1; then
    tail -40 fuzz/logs/build.log >&2
    die "build failed (fuzz/logs/build.log)"
  fi
  log "built in $((SECONDS - start)) s"
}

# --- seed corpus ---------------------------------------------------------------------------

# The dialect a script or spec names in its first lines (`-- dialect: x` / `# dialect: x`),
# else from its file name; mysql when nothing says.
dialect_of() {
  local d
  d=$(head -5 "$1" | sed -n 's/^[-#]*[[:space:]]*dialect:[[:space:]]*\([a-z]*\).*/\1/p' | head -1)
  if [ -z "$d" ]; then
    case $(basename "$1") in
      pg-* | postgres*) d=postgres ;;
      ms-* | mssql-* | tsql-*) d=mssql ;;
      *) d=mysql ;;
    esac
  fi
  case $d in
    postgres | postgresql | pg) echo postgres ;;
    mssql | tsql | sqlserver) echo mssql ;;
    *) echo mysql ;;
  esac
}

# seed TARGET [PREFIX_BYTE] < text: one corpus file named like libFuzzer names its own.
seed() {
  local dir=fuzz/corpus/$1 tmp
  tmp=$(mktemp)
  if [ -n "${2:-}" ]; then printf "\\x$2" >"$tmp"; fi
  cat >>"$tmp"
  mv "$tmp" "$dir/$(sha1sum <"$tmp" | cut -c1-40)"
}

# The SQL inside a spec's `{ ... }` blocks, as one script.
spec_sql() { perl -0777 -ne 'while (/\{(.*?)\}/sg) { my $b = $1; $b =~ s/^\s+|\s+$//g; print "$b\n" }' "$1"; }

make_corpus() {
  local t f d
  for t in "$@"; do mkdir -p "fuzz/corpus/$t"; done
  local scripts=(sql-examples/*.sql) specs=() golden=(tests/golden/*.txt)
  mapfile -t specs < <(find sql-examples tests -name '*.spec' | sort)
  for t in "$@"; do
    case $t in
      mysql | postgres | mssql)
        for f in "${scripts[@]}" "${golden[@]}"; do
          [ "$(dialect_of "$f")" = "$t" ] && seed "$t" <"$f"
        done
        for f in "${specs[@]}"; do
          [ "$(dialect_of "$f")" = "$t" ] && spec_sql "$f" | seed "$t"
        done
        ;;
      tsql)
        for f in "${scripts[@]}" "${golden[@]}"; do
          [ "$(dialect_of "$f")" = mssql ] && seed tsql <"$f"
        done
        for f in "${specs[@]}"; do
          [ "$(dialect_of "$f")" = mssql ] && spec_sql "$f" | seed tsql
        done
        ;;
      spec)
        for f in "${specs[@]}"; do seed spec <"$f"; done
        ;;
      share)
        for f in "${scripts[@]}" "${specs[@]}"; do seed share <"$f"; done
        QUEUELAB_FUZZ_SHARE_SEEDS=$root/fuzz/corpus/share "$bin_dir/share" >/dev/null 2>&1 ||
          log "share: could not write the packed links"
        ;;
      run)
        # First byte: 0 MySQL, 1 PostgreSQL, 2 T-SQL script, 3 spec. Runs take 4 KB at most.
        for f in "${scripts[@]}" "${golden[@]}"; do
          [ "$(wc -c <"$f")" -le 4096 ] || continue
          case $(dialect_of "$f") in mysql) d=00 ;; postgres) d=01 ;; *) d=02 ;; esac
          seed run "$d" <"$f"
        done
        for f in "${specs[@]}"; do
          [ "$(wc -c <"$f")" -le 4096 ] && seed run 03 <"$f"
        done
        ;;
      parser)
        # First byte: the flavour (0 MySQL, 1 PostgreSQL, 2 T-SQL, 3 SQLite, 4 generic); the
        # seeds are every parse the project's tests make (tests/sql_corpus.jsonl).
        python3 - tests/sql_corpus.jsonl "$root/fuzz/corpus/parser" <<'PY'
import hashlib, json, os, sys
codes = {"MySql": 0, "Postgres": 1, "MsSql": 2, "Sqlite": 3, "Generic": 4}
for line in open(sys.argv[1], encoding="utf-8"):
    case = json.loads(line)
    data = bytes([codes[case["flavor"]]]) + case["sql"].encode()
    with open(os.path.join(sys.argv[2], hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
PY
        ;;
    esac
  done
  return 0
}

dict_of() {
  case $1 in
    spec) echo "$root/fuzz/dicts/spec.dict" ;;
    share) echo "$root/fuzz/dicts/share.dict" ;;
    run)
      cat fuzz/dicts/sql.dict fuzz/dicts/spec.dict >fuzz/logs/run.dict
      echo "$root/fuzz/logs/run.dict"
      ;;
    *) echo "$root/fuzz/dicts/sql.dict" ;;
  esac
}

# --- fuzzing -------------------------------------------------------------------------------

# fuzz_one TARGET SECONDS: fuzzes, then writes one summary line to fuzz/logs/TARGET.summary.
fuzz_one() {
  local t=$1 secs=$2 max_len=${FUZZ_MAX_LEN:-32768} art=fuzz/artifacts/$t logf=fuzz/logs/$t.log
  [ "$t" = run ] && max_len=4097
  mkdir -p "$art"
  local marker
  marker=$(mktemp)
  local args=("$root/fuzz/corpus/$t" "-dict=$(dict_of "$t")" "-timeout=$TIMEOUT"
    "-rss_limit_mb=$RSS_MB" "-max_len=$max_len" "-artifact_prefix=$root/$art/"
    "-print_final_stats=1")
  # libFuzzer checks -max_total_time between inputs and -timeout inside one: the outer
  # timeout is only a guard. With FUZZ_KEEP_GOING=1 a crash ends one libFuzzer run and the
  # next goes on from the corpus (as -fork=1 would, without its per-job start-up cost), until
  # the time is up or 50 reproducers are saved.
  local rc=0 end=$((SECONDS + secs)) left=$secs rounds=0
  : >"$logf"
  while :; do
    rc=0
    (
      if [ -n "${FUZZ_STACK_KB:-}" ]; then ulimit -s "$FUZZ_STACK_KB"; fi
      exec timeout -k 10 $((left + TIMEOUT * 3 + 120)) nice -n "$NICE" "$bin_dir/$t" "${args[@]}" \
        -max_total_time="$left"
    ) >>"$logf" 2>&1 || rc=$?
    rounds=$((rounds + 1))
    left=$((end - SECONDS))
    [ "${FUZZ_KEEP_GOING:-0}" = 1 ] && [ $rc -ne 0 ] && [ $left -gt 5 ] && [ $rounds -lt 50 ] || break
  done
  local execs cov found=()
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logf" | awk '{n += $1} END {print n + 0}')
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$logf" | tail -1)
  mapfile -t found < <(find "$art" -maxdepth 1 -type f -newer "$marker" \
    \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'slow-unit-*' \) | sort)
  rm -f "$marker"
  local crashes=() f
  for f in "${found[@]}"; do [[ $(basename "$f") = slow-unit-* ]] || crashes+=("$f"); done
  local rate=0
  if [ "${execs:-0}" -gt 0 ]; then rate=$((execs / (secs > 0 ? secs : 1))); fi
  {
    if [ ${#crashes[@]} -eq 0 ] && { [ $rc -eq 0 ] || [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; }; then
      printf '%-8s %12s execs  ~%s/s  %s  no crash\n' "$t" "${execs:-?}" "$rate" "${cov:-}"
    elif [ ${#crashes[@]} -eq 0 ]; then
      printf '%-8s %12s execs  ~%s/s  %s  FAILED (exit %s, no reproducer: see %s)\n' \
        "$t" "${execs:-?}" "$rate" "${cov:-}" "$rc" "$logf"
    else
      printf '%-8s %12s execs  ~%s/s  %s  %d CRASH(ES): %s\n' "$t" "${execs:-?}" "$rate" \
        "${cov:-}" ${#crashes[@]} "$(kind_in_log "$logf")"
      for f in "${crashes[@]:0:5}"; do printf '         reproducer: %s\n' "$f"; done
      if [ ${#crashes[@]} -gt 5 ]; then
        printf '         ... %d more in %s/\n' $((${#crashes[@]} - 5)) "$art"
      fi
    fi
  } >"fuzz/logs/$t.summary"
  [ ${#crashes[@]} -eq 0 ] && { [ $rc -eq 0 ] || [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; }
}

# What a libFuzzer log says went wrong, in a few words.
kind_in_log() {
  local logf=$1
  if grep -q 'queuelab-fuzz== STACK OVERFLOW' "$logf"; then echo "stack overflow"
  elif grep -q 'panicked at' "$logf"; then
    echo "panic: $(grep -A1 -m1 'panicked at' "$logf" | tail -1 | cut -c1-120)"
  elif grep -q 'libFuzzer: out-of-memory' "$logf"; then echo "out of memory"
  elif grep -q 'libFuzzer: timeout' "$logf"; then echo "timeout"
  elif grep -q 'deadly signal' "$logf"; then echo "deadly signal"
  else echo "see $logf"
  fi
}

fuzz_all() {
  local secs=$1
  shift
  check_compilers
  build
  log "seed corpus: fuzz/corpus/{$(IFS=,; echo "$*")}"
  make_corpus "$@"
  log "fuzzing $# target(s) ${secs}s each, $JOBS at a time (timeout ${TIMEOUT}s, ${RSS_MB} MB)"
  local t failed=0 running=0
  for t in "$@"; do
    rm -f "fuzz/logs/$t.summary"
    if [ "$JOBS" -le 1 ]; then
      log "$t ..."
      fuzz_one "$t" "$secs" || true
      cat "fuzz/logs/$t.summary"
    else
      fuzz_one "$t" "$secs" &
      running=$((running + 1))
      if [ $running -ge "$JOBS" ]; then wait -n || true; running=$((running - 1)); fi
    fi
  done
  wait || true
  echo "== fuzz summary (${secs}s per target) =="
  local total=0 n
  for t in "$@"; do
    cat "fuzz/logs/$t.summary"
    grep -q ' no crash$' "fuzz/logs/$t.summary" || failed=1
    n=$(awk 'NR==1 {print $2}' "fuzz/logs/$t.summary")
    [[ $n =~ ^[0-9]+$ ]] && total=$((total + n))
  done
  echo "total executions: $total"
  if [ $failed -ne 0 ]; then
    echo "crashes found: scripts/fuzz.sh triage   (reproduce one: fuzz/target/$triple/release/TARGET FILE)"
    exit 1
  fi
}

# --- triage and minimizing -----------------------------------------------------------------

# Frames of the engine's own code (src/, not this harness's fuzz/src/lib.rs), "fn file:line"
# per line, innermost first, from gdb's `bt` or Rust's backtrace on stdin.
engine_frames() {
  ROOT=$root \
  perl -ne '
    if (/^#\d+\s+(?:0x[0-9a-f]+ in )?(\S+) \(.*\) at (\S+)$/) { ($f, $at) = ($1, $2) }  # gdb
    elsif (/^\s+\d+: (\S+)/) { $f = $1; next }                                     # Rust: name
    elsif (/^\s+at (\S+)/ && defined $f) { $at = $1 }                                 # Rust: place
    else { next }
    $at =~ s#^\Q$ENV{ROOT}\E/##; $at =~ s#^\./##; $at =~ s/:\d+$// if $at =~ /:\d+:\d+$/;
    $f =~ s/::h[0-9a-f]{16}$//;
    print "$f $at\n" if $at =~ m#^src/# && $at !~ m#^src/lib\.rs#;
    undef $f;'
}

# signature TARGET FILE: "kind | where" for one reproducer.
signature() {
  local t=$1 f=$2 out kind where=""
  out=$(RUST_BACKTRACE=1 timeout -k 5 $((TIMEOUT * 3 + 30)) "$bin_dir/$t" -timeout="$TIMEOUT" \
    -rss_limit_mb="$RSS_MB" "$f" 2>&1 || true)
  if grep -q 'queuelab-fuzz== STACK OVERFLOW' <<<"$out"; then
    # libFuzzer has no symbolizer without a sanitizer: gdb gives the innermost frames (what
    # recurses) and the outermost ones (where the engine started it).
    local bt top entry
    bt=$(timeout 300 gdb -q -batch -ex 'handle SIGSEGV stop nopass' -ex run -ex 'bt 12' \
      -ex 'echo ----\n' -ex 'bt -40' --args "$bin_dir/$t" "$f" 2>/dev/null)
    top=$(sed -n '1,/^----$/p' <<<"$bt" | grep '^#' |
      ROOT=$root perl -ne 'if (/^#\d+\s+(?:0x[0-9a-f]+ in )?(\S+) \(.*\) at (\S+)$/ && $2 !~ m#^/rustc/#) {
        ($f, $at) = ($1, $2); $at =~ s#^.*/registry/src/[^/]+/##; $at =~ s#^\Q$ENV{ROOT}\E/##;
        print "$f $at\n"; exit }')
    entry=$(sed -n '/^----$/,$p' <<<"$bt" | engine_frames | tac | awk '!seen[$1]++' | head -4 |
      paste -sd '>' - | sed 's/>/ > /g')
    kind="stack overflow"
    where="recursing in ${top:-?}; entered from ${entry:-?}"
  elif grep -q 'panicked at' <<<"$out"; then
    kind="panic: $(grep -A1 -m1 'panicked at' <<<"$out" | tail -1 | cut -c1-100)"
    where=$(grep -m1 -o 'panicked at [^ ]*' <<<"$out" | sed 's/panicked at //; s/:$//; s#^/rustc/[0-9a-f]*/##')
    where="$where; in $(engine_frames <<<"$out" | head -2 | paste -sd '<' - | sed 's/</ < /g')"
  elif grep -q 'libFuzzer: out-of-memory' <<<"$out"; then kind="out of memory"
  elif grep -q 'libFuzzer: timeout' <<<"$out"; then kind="timeout"
  elif grep -q 'deadly signal' <<<"$out"; then kind="deadly signal"
  else
    local ms
    ms=$(grep -o 'Executed .* in [0-9]* ms' <<<"$out" | grep -o '[0-9]* ms$' | tr -d ' ms')
    if [ "${ms:-0}" -ge 1000 ]; then kind="slow (over 1 s, under the ${TIMEOUT} s timeout now)"
    else kind="does not reproduce"
    fi
  fi
  printf '%s | %s\n' "$kind" "$where"
}

triage() {
  [ -d "$bin_dir" ] || die "build first: scripts/fuzz.sh 0"
  local t f sig
  declare -A best size count
  for t in "$@"; do
    [ -d "fuzz/artifacts/$t" ] || continue
    for f in fuzz/artifacts/"$t"/{crash,timeout,oom}-*; do
      [ -f "$f" ] || continue
      sig="$t | $(signature "$t" "$f")"
      count[$sig]=$((${count[$sig]:-0} + 1))
      local n
      n=$(wc -c <"$f")
      if [ -z "${best[$sig]:-}" ] || [ "$n" -lt "${size[$sig]}" ]; then
        best[$sig]=$f
        size[$sig]=$n
      fi
    done
  done
  echo "== distinct crashes: target | kind | where (innermost engine frames) =="
  local sigs
  mapfile -t sigs < <(printf '%s\n' "${!best[@]}" | sort)
  for sig in "${sigs[@]}"; do
    [ -n "$sig" ] || continue
    printf '%s\n    %d reproducer(s); smallest (%d bytes): %s\n' "$sig" "${count[$sig]}" \
      "${size[$sig]}" "${best[$sig]}"
  done
}

minimize() {
  local t=$1 f=$2 runs=${3:-20000} out
  out=fuzz/artifacts/$t/min-$(basename "$f")
  nice -n "$NICE" "$bin_dir/$t" -minimize_crash=1 -runs="$runs" -timeout="$TIMEOUT" \
    -rss_limit_mb="$RSS_MB" -exact_artifact_path="$out" "$f" >"fuzz/logs/min-$t.log" 2>&1 || true
  [ -f "$out" ] || die "no minimized reproducer (fuzz/logs/min-$t.log)"
  echo "$out ($(wc -c <"$out") bytes, was $(wc -c <"$f")): $(signature "$t" "$out")"
}

# --- main ----------------------------------------------------------------------------------

targets_or_all() {
  local t
  for t in "$@"; do is_target "$t" || die "unknown target $t (one of: ${ALL_TARGETS[*]})"; done
  if [ $# -eq 0 ]; then echo "${ALL_TARGETS[@]}"; else echo "$@"; fi
}

# Triage and minimizing re-run inputs with the stack the fuzzing had.
if [ -n "${FUZZ_STACK_KB:-}" ] && { [ "${1:-}" = triage ] || [ "${1:-}" = min ]; }; then
  ulimit -s "$FUZZ_STACK_KB"
fi

case ${1:-} in
  triage)
    shift
    # shellcheck disable=SC2046
    triage $(targets_or_all "$@")
    ;;
  min)
    [ $# -ge 3 ] || die "usage: scripts/fuzz.sh min TARGET FILE [RUNS]"
    is_target "$2" || die "unknown target $2"
    minimize "$2" "$3" "${4:-20000}"
    ;;
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' ;;
  *)
    secs=45
    if [[ ${1:-} =~ ^[0-9]+$ ]]; then secs=$1; shift; fi
    # shellcheck disable=SC2046
    fuzz_all "$secs" $(targets_or_all "$@")
    ;;
esac
