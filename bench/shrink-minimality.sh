#!/usr/bin/env bash
# How small the shrunk counterexamples are: for every wrong-answer sample, the fuzzer (the
# settings `fuzz` uses) runs with seeds 0..SEEDS-1 and the size of each shrunk case (pieces on the
# board, a vector's length, how far apart two squares are) is printed against the smallest
# possible, found by enumerating the kata's small inputs. Samples whose failure needs earlier
# calls get a second table: the length of their history. Submissions run in-process (only the
# repository's own samples), the fuzzer and shrinker are the judge's.
#
# Usage: bench/shrink-minimality.sh [SEEDS] [KATA/SAMPLE...]   (after: mvn -B -DskipTests package)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f judge/target/judge.jar ] && [ -d judge/target/test-classes ] \
  || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
exec java -Dkatajudge.home=. -cp judge/target/test-classes:judge/target/judge.jar \
  org.katajudge.bench.ShrinkMinimality "${1:-10}" "${@:2}"
