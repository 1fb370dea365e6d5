#!/usr/bin/env bash
# What compiling a submission costs: every sample compiled in the judge's own JVM (as before
# compiler workers) and in a compiler worker JVM, cold and warm, and what starting a worker costs.
# Both in the same process, one after the other, so the comparison holds on a noisy machine.
#
# Usage: bench/compile-cost.sh [ROUNDS] [STARTS]     (after: mvn -B -DskipTests package)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f judge/target/judge.jar ] && [ -d judge/target/test-classes ] \
  || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
exec java -Dkatajudge.home=. -cp judge/target/test-classes:judge/target/judge.jar \
  org.katajudge.bench.CompileCost "${1:-5}" "${2:-5}"
