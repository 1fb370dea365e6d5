#!/usr/bin/env bash
# Fuzzing throughput per kata: the sandboxed fuzzer (what `fuzz` runs: a child JVM, cases in
# batches over the protocol) against the bare loop of generate + reference + submission in one
# JVM without a sandbox, the physical limit. Both run in the same process, one after the other,
# on the same accepted sample for the same time, so the ratio is fair on a noisy machine.
#
# Usage: bench/fuzz-throughput.sh [DURATION] [KATA...]     (after: mvn -B -DskipTests package)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f judge/target/judge.jar ] && [ -d judge/target/test-classes ] \
  || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
exec java -Dkatajudge.home=. -cp judge/target/test-classes:judge/target/judge.jar \
  org.katajudge.bench.FuzzThroughput "${1:-5s}" "${@:2}"
