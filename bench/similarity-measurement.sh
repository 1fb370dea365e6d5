#!/usr/bin/env bash
# The similarity measurement (docs: the similarity guide): each kata's test class of independent
# solutions and planted copies (judge/src/test/resources/similarity/) compared by JPlag as
# `similarity` does; per kata the planted copies found and the independent pairs flagged at the
# default threshold, then the same with JPlag's other similarity, for comparison.
#
# Usage: bench/similarity-measurement.sh   (after: mvn -B -DskipTests package; needs a JDK 21+, as similarity does)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f judge/target/judge.jar ] && [ -d judge/target/test-classes ] && [ -d judge/target/similarity ] \
  || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
exec java -Dkatajudge.home=. -Dkatajudge.similarity.worker=judge/target/similarity \
  -cp judge/target/test-classes:judge/target/judge.jar org.katajudge.similarity.SimilarityMeasurement
