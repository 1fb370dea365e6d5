#!/usr/bin/env bash
# PrairieLearn's external grader entrypoint for kata-judge:
#   "entrypoint": "/grade/serverFilesCourse/kata-judge/run.sh KATA [grade options...]"
# Grades the student's files in /grade/student as KATA and writes /grade/results/results.json
# (https://prairielearn.readthedocs.io/en/latest/externalGrading/). Written by kata-judge
# prairielearn-bundle. GRADE_ROOT moves the whole layout, to try it away from /grade.
set -u
root="${GRADE_ROOT:-/grade}"
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" -lt 1 ]; then
  echo "usage: run.sh KATA [grade options...]" >&2
  exit 2
fi
kata="$1"
shift
results="$root/results/results.json"
mkdir -p "$root/results"
rm -f "$results"
cd "$root"
# PrairieLearn grades each submission in a fresh container of an image this bundle does not build:
# nothing the judge caches would outlive the run, so it keeps nothing (a course image that ran
# `java -jar judge.jar cache --java-options "$KATA_JUDGE_CACHE/java-options"` at build time sets
# KATA_JUDGE_CACHE to where it did: the judge then starts with the archive of its own classes at once).
export KATA_JUDGE_CACHE="${KATA_JUDGE_CACHE:-off}"
if [ -s "$KATA_JUDGE_CACHE/java-options" ]; then
  options=("@$KATA_JUDGE_CACHE/java-options")
else
  # what the judge's relaunch would add, had it an archive to relaunch with: C1 only and the serial
  # collector, for a run of one submission (knight-moves: 5.1-5.5 s of CPU time without, 3.6 with)
  options=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC)
fi
java "${options[@]}" -jar "$here/judge.jar" grade --kata "$kata" --katas "$here/katas" "$@" \
    --prairielearn "$results" "$root/student"
status=$?
# 0 and 1 are graded submissions, and 2 (nothing to grade) wrote its reason into results.json.
# Should the judge itself fail before writing it, PrairieLearn still gets a results file.
if [ ! -s "$results" ]; then
  printf '{"gradable": false, "format_errors": ["The grader failed (kata-judge exit status %d); please tell your instructor."], "message": "The grader failed."}\n' "$status" > "$results"
fi
exit 0
