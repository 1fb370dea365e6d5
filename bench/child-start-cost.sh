#!/usr/bin/env bash
# The cost of one sandboxed child JVM (start, connect, load, one call, close), per isolation:
# bench/child-start-cost.sh [N] [JAR]   (after: mvn -B -DskipTests package)
# Pass another judge.jar to compare versions: the bench uses only the sandbox's public API.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20}
JAR=${2:-judge/target/judge.jar}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
javac -nowarn -cp "$JAR" -d "$OUT" bench/ChildStartCost.java
for isolation in bwrap unshare none; do
  java -cp "$JAR:$OUT" ChildStartCost "$N" "$isolation" 2>&1 | tail -1
done
