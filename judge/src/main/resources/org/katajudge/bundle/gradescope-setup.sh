#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder's image (Ubuntu; see
# https://gradescope-autograders.readthedocs.io/en/latest/specs/): install a JDK for kata-judge.
# Written by kata-judge gradescope-bundle.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends openjdk-17-jdk-headless
# bubblewrap is kata-judge's strongest sandbox; where the container forbids it the judge falls
# back to a weaker one by itself and says so in the results, so a failed install only warns.
apt-get install -y --no-install-recommends bubblewrap || echo "bubblewrap not installed: the judge will use a weaker sandbox"
java -version
# kata-judge's caches, built now so that every student's run starts warm (issue 24): the children's
# java.base runtime, the class-data archives of the runner, of the compiler workers and of the judge's
# own classes, the collision probes of the katas' random tests (all in kata-judge-cache), and
# java-options, with which run_autograder starts the judge
# with the last at once (one JVM). Without them each run builds what it needs: slower, the same results.
root="${AUTOGRADER_ROOT:-/autograder}"
export KATA_JUDGE_CACHE="$root/kata-judge-cache"
java -jar "$root/source/judge.jar" cache --katas "$root/source/katas" --java-options "$KATA_JUDGE_CACHE/java-options" \
  || echo "kata-judge's caches not built: each run will build what it needs"
