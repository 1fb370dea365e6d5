#!/usr/bin/env bash
# The CPU time of one sandboxed child (start, connect, load, one call, close) of two builds,
# measured alternately in the same run, so that the machine's load weighs on both alike:
# bench/child-start-cpu.sh BASELINE_JAR [JAR] [N] [ROUNDS] [ISOLATION]
#   (after: mvn -B -DskipTests package; JAR defaults to judge/target/judge.jar, N to 20 children
#    per measure, ROUNDS to 5, ISOLATION to bwrap)
# Prints each round, then the median CPU time per child of each build and their ratio (JAR / BASELINE).
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=$1
JAR=${2:-judge/target/judge.jar}
N=${3:-20}
ROUNDS=${4:-5}
ISOLATION=${5:-bwrap}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
mkdir -p "$OUT/echo"
printf 'public class Echo { public static int twice(int x) { return 2 * x; } }\n' > "$OUT/echo/Echo.java"
javac -nowarn --release 17 -XDstringConcat=inline -d "$OUT/echo" "$OUT/echo/Echo.java"
javac -nowarn -cp "$JAR" -d "$OUT" bench/ChildStartCpu.java
measure() { java -cp "$1:$OUT" ChildStartCpu "$N" "$ISOLATION" "$OUT/echo/Echo.class" 2>&1 | tail -1; }
: > "$OUT/base" ; : > "$OUT/new"
for r in $(seq 1 "$ROUNDS"); do
  b=$(measure "$BASE"); n=$(measure "$JAR")
  echo "round $r  baseline: $b   new: $n"
  echo "$b" | sed 's/.*cpu_ms=\([0-9.]*\).*/\1/' >> "$OUT/base"
  echo "$n" | sed 's/.*cpu_ms=\([0-9.]*\).*/\1/' >> "$OUT/new"
done
median() { sort -n "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
mb=$(median "$OUT/base"); mn=$(median "$OUT/new")
awk -v b="$mb" -v n="$mn" -v i="$ISOLATION" 'BEGIN { printf "%s: median CPU per child %.1f ms (baseline) against %.1f ms (new): ratio %.2f\n", i, b, n, n / b }'
