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
