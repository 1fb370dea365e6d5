#!/usr/bin/env bash
# A class at once against `serve` on loopback, and the same file graded once by `grade`, in the
# same run: bench/serve-load.sh [STUDENTS] [ATTEMPTS] [MODE] [JAR]   (after: mvn -B -DskipTests package)
# STUDENTS (default 50) each make ATTEMPTS (default 3) attempts of a sample in MODE (examples, the
# default, or full) at once; prints p50/p95/max latency (attempt to result), the wall time, and one
# `grade` of the same file as the baseline, with the ratios. Loopback only; bounded; stops itself.
set -euo pipefail
cd "$(dirname "$0")/.."
STUDENTS=${1:-50}
ATTEMPTS=${2:-3}
MODE=${3:-examples}
JAR=${4:-judge/target/judge.jar}
KATA=chess-square-color
SAMPLE=submissions/$KATA/wrong_answer/rank-parity-only
OUT=$(mktemp -d)
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null; rm -rf "$OUT"; }
trap cleanup EXIT

# the baseline: one grade of the same file, as a teacher would run it
CASES=$([ "$MODE" = full ] && echo 100 || echo 0)
mkdir -p "$OUT/one/$KATA" && cp -r "$SAMPLE" "$OUT/one/$KATA/student"
start=$(date +%s%N)
java -jar "$JAR" grade --quiet --cases "$CASES" "$OUT/one/$KATA/student" >/dev/null || true
GRADE_MS=$(( ($(date +%s%N) - start) / 1000000 ))

{ echo "name"; for i in $(seq 1 "$STUDENTS"); do echo "student$i"; done; } > "$OUT/roster.csv"
java -jar "$JAR" serve --port 0 --host 127.0.0.1 --roster "$OUT/roster.csv" --data "$OUT/data" --cases 100 \
  --per-minute 100000 > "$OUT/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 600); do grep -q "^teacher: " "$OUT/serve.log" && break; sleep 0.1; done
PORT=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$OUT/serve.log")
[ -n "$PORT" ] || { cat "$OUT/serve.log"; exit 1; }
java -cp "$JAR" bench/ServeLoad.java "http://127.0.0.1:$PORT" "$OUT/data/links.csv" "$KATA" "$SAMPLE" "$MODE" \
  "$ATTEMPTS" "$GRADE_MS"
