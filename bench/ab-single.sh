#!/usr/bin/env bash
# Two judge builds side by side on one submission in a fresh process: `java -jar A grade SUB` and
# `java -jar B grade SUB`, alternated round by round (so that the machine's load falls on both
# alike), each with a warm cache of its own (KATA_JUDGE_CACHE under bench/out, never the user's).
# Prints the median wall and CPU time (min-max beside them) of each, and the load before and after.
# For a change of the judge: build the jar before it (A) and after it (B), then compare.
# CACHE=off runs both as a container without a cache does (PrairieLearn's, a CI's with
# KATA_JUDGE_CACHE=off): no cache, a fresh empty temp directory every run.
#
# CPU time is the whole process tree's (a cpuacct cgroup of its own where this user may make one,
# else /usr/bin/time, which counts only children that were waited for).
#
# Usage: bench/ab-single.sh JAR_A JAR_B [SUBMISSION]   (ROUNDS=7; default SUBMISSION: a chess-square-color sample)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: bench/ab-single.sh JAR_A JAR_B [SUBMISSION]" >&2; exit 2; }
ROUNDS=${ROUNDS:-7}
CACHE=${CACHE:-warm}
SUB=${3:-submissions/chess-square-color/accepted/char-code-sum}
OUT=$PWD/bench/out/ab-single
rm -rf "$OUT" && mkdir -p "$OUT"
declare -A JAR=([A]=$1 [B]=$2)
CGROUP_ROOT=/sys/fs/cgroup/cpuacct
if mkdir "$CGROUP_ROOT/kata-judge-ab-$$" 2>/dev/null; then rmdir "$CGROUP_ROOT/kata-judge-ab-$$"; else CGROUP_ROOT=""; fi

run() { # run A|B: one grade, appends "A wall_ms cpu_ms"
  local k=$1 start end cpu
  local java=(java)
  if [ "$CACHE" = off ]; then
    export KATA_JUDGE_CACHE=off
    rm -rf "$OUT/tmp-$k" && mkdir -m 777 "$OUT/tmp-$k"  # 777: a root judge's children run as other users
    java+=(-Djava.io.tmpdir="$OUT/tmp-$k")
  else
    export KATA_JUDGE_CACHE="$OUT/cache-$k"
  fi
  if [ -n "$CGROUP_ROOT" ]; then
    local group="$CGROUP_ROOT/kata-judge-ab-$$-$RANDOM"
    mkdir "$group"
    start=$(date +%s%N)
    sh -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' sh "$group" "${java[@]}" -jar "${JAR[$k]}" grade "$SUB" \
      >"$OUT/last-$k.txt" 2>&1 || true
    end=$(date +%s%N)
    sleep 0.3  # a child still ending in the background is counted too
    cpu=$(( $(cat "$group/cpuacct.usage") / 1000000 ))
    while ! rmdir "$group" 2>/dev/null; do sleep 0.2; done
  else
    start=$(date +%s%N)
    /usr/bin/time -f '%U %S' -o "$OUT/time" "${java[@]}" -jar "${JAR[$k]}" grade "$SUB" >"$OUT/last-$k.txt" 2>&1 || true
    end=$(date +%s%N)
    cpu=$(awk '{printf "%d", ($1 + $2) * 1000}' "$OUT/time")
  fi
  echo "$k $(( (end - start) / 1000000 )) $cpu" >> "$OUT/runs"
}

for k in A B; do  # warm: the caches made (the first run builds them), then one more run
  [ "$CACHE" = off ] && continue
  KATA_JUDGE_CACHE="$OUT/cache-$k" java -jar "${JAR[$k]}" cache >/dev/null 2>&1 || true
  KATA_JUDGE_CACHE="$OUT/cache-$k" java -jar "${JAR[$k]}" grade "$SUB" >/dev/null 2>&1 || true
done
: > "$OUT/runs"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$ROUNDS"); do run A; run B; done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$OUT/runs" "$1" "$2" "$SUB" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
print(f"{sys.argv[4]}, {len(rows) // 2} rounds")
med = {}
for k, jar in (("A", sys.argv[2]), ("B", sys.argv[3])):
    wall = [int(r[1]) for r in rows if r[0] == k]
    cpu = [int(r[2]) for r in rows if r[0] == k]
    med[k] = (statistics.median(wall), statistics.median(cpu))
    print(f"{k} {jar}: wall {med[k][0]:.0f} ms ({min(wall)}-{max(wall)}), cpu {med[k][1]:.0f} ms ({min(cpu)}-{max(cpu)})")
print(f"B/A: wall {med['B'][0] / med['A'][0]:.2f}x, cpu {med['B'][1] / med['A'][1]:.2f}x")
PY
