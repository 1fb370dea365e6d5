#!/usr/bin/env bash
# Behaviour check for changes that must not change behaviour (a refactoring): builds BASE_REF and
# the current tree, runs the same commands with both jars, and compares everything they write,
# with what depends on the clock left out (timings, elapsed seconds, dates; see same_reports.py).
#
# Not golden files: what the judge finds may change on purpose elsewhere (e.g. the order in which
# cases are drawn), so the check compares two builds of this moment, on the same inputs, from the
# same jar path (replay commands print it), the katas and samples of the current tree.
#
# The commands, all with --json (and, where cheap, the other outputs):
#   grade submissions/ with default options (also --csv, --junit-xml, --open-test-report),
#     with --partial-credit, and with --cases 40 --seed 7;
#   fuzz --seed 11 --cases 1000 on every wrong_answer and run_time_error sample (--cases instead
#     of a time budget, so the search is the same however busy the machine), then the replay
#     command each one printed;
#   a class download (Moodle folders, a zip, an empty hand-in, plain folders) of three katas with
#     hidden examples (--katas), a roster (a student missing, one not on it) and an assignment
#     file (--scoring), in the teacher's and the student view, with every output (--csv,
#     --junit-xml, --feedback, --html); the same class in two shards and merged; one submission
#     with --gradescope and --prairielearn in each view;
#   verify of two katas.
#
# The base's outputs are kept (bench/out/same-reports/base-SHA-INPUTS/) and reused while the base,
# the samples, the katas and this check are unchanged: a commit's outputs do not change (what
# varies from run to run on its own, such as how deep a stack overflow goes, is left out).
#
# Usage: bench/same-reports.sh [BASE_REF]     (default: the merge-base of HEAD and main)
#   JAR=path/judge.jar   use this build as the current one instead of building the tree
#   FRESH=1              run the base again instead of reusing its kept outputs
#   KEEP=1               keep the outputs in bench/out/same-reports/{base,current}
# Exit status: 0 the same, 1 a difference (the first ones printed), 2 the check could not run.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BASE_REF=${1:-$(git merge-base HEAD main)}
BASE_SHA=$(git rev-parse --verify "$BASE_REF^{commit}") || { echo "no commit $BASE_REF" >&2; exit 2; }
OUT=$ROOT/bench/out/same-reports
mkdir -p "$OUT"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/same-reports.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

build() { # build SOURCE_DIR: the judge's jar, quietly
  (cd "$1" && mvn -B -q -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true package -pl judge -am \
    >"$WORK/build.log" 2>&1) || { cat "$WORK/build.log" >&2; echo "build of $1 failed" >&2; exit 2; }
}

BASE_JAR=$OUT/base-$BASE_SHA.jar   # a commit's jar does not change: built once
if [ ! -f "$BASE_JAR" ]; then
  echo "building base $BASE_SHA ..."
  mkdir -p "$WORK/base-src"
  git archive "$BASE_SHA" | tar -x -C "$WORK/base-src"   # no worktree registered in the shared .git
  build "$WORK/base-src"
  cp "$WORK/base-src/judge/target/judge.jar" "$BASE_JAR"
  rm -rf "$WORK/base-src"
fi
if [ -z "${JAR:-}" ]; then
  echo "building the current tree ..."
  build "$ROOT"
  JAR=$ROOT/judge/target/judge.jar
fi
cp "$JAR" "$WORK/current.jar"

# The class at one path for every run: a kept base's outputs name the same files (feedback files
# are named with a hash of the submission's path)
F=$OUT/fixture
rm -rf "$F"
python3 bench/same_reports.py class "$ROOT" "$F"
export KATA_JUDGE_HOME=$ROOT
JUDGE=(java -jar "$WORK/judge.jar")   # one path for both builds: commands in reports print it

# run NAME ARGS...: the judge's stdout, stderr and exit status go to NAME.{out,err,status}
run() {
  local name=$1
  shift
  mkdir -p "$(dirname "$D/$name")"
  set +e
  "${JUDGE[@]}" "$@" >"$D/$name.out" 2>"$D/$name.err" </dev/null
  echo $? >"$D/$name.status"
  set -e
}

# two at a time, for the many short fuzz runs
throttle() {
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do
    wait -n || true
  done
}

mapfile -t WRONG < <(find submissions -mindepth 3 -maxdepth 3 -type d \( -path '*/wrong_answer/*' -o -path '*/run_time_error/*' \) | sort)
STUDENTS=("$F/class")
ONE_STUDENT=$F/class/checkers-safe-spaces/zoe
ONE_TEACHER="$F/class/knight-moves/Corner Cutter_23458_assignsubmission_file_"

run_all() { # run_all NAME JAR
  D=$WORK/$1
  mkdir -p "$D"
  cp "$2" "$WORK/judge.jar"
  local started=$SECONDS
  run grade-default grade --jobs 2 --json "$D/grade-default.json" --csv "$D/grade-default.csv" \
    --junit-xml "$D/grade-default-xml" --open-test-report "$D/grade-default-otr" submissions
  run grade-partial grade --jobs 2 --partial-credit --json "$D/grade-partial.json" --csv "$D/grade-partial.csv" submissions
  run grade-cases grade --jobs 2 --cases 40 --seed 7 --json "$D/grade-cases.json" submissions
  for sample in "${WRONG[@]}"; do
    throttle
    name=fuzz/$(echo "$sample" | cut -d/ -f2,4 | tr / _)
    run "$name" fuzz --seed 11 --cases 1000 --json "$D/$name.json" "$sample" &
  done
  wait
  local class=(--jobs 2 --katas "$F/katas" --scoring "$F/scoring.json")
  run class-teacher grade "${class[@]}" --roster "$F/roster.csv" --json "$D/class-teacher.json" \
    --csv "$D/class-teacher.csv" --junit-xml "$D/class-teacher-xml" --feedback "$D/class-teacher-feedback" \
    --html "$D/class-teacher.html" "${STUDENTS[@]}"
  run class-student grade "${class[@]}" --roster "$F/roster.csv" --student-view --json "$D/class-student.json" \
    --csv "$D/class-student.csv" --junit-xml "$D/class-student-xml" --feedback "$D/class-student-feedback" \
    --html "$D/class-student.html" "${STUDENTS[@]}"
  run shard-1 grade "${class[@]}" --shard 1/2 --json "$D/shard-1.json" "${STUDENTS[@]}"
  run shard-2 grade "${class[@]}" --shard 2/2 --json "$D/shard-2.json" "${STUDENTS[@]}"
  run merged merge --json "$D/merged.json" --csv "$D/merged.csv" --junit-xml "$D/merged-xml" \
    "$D/shard-1.json" "$D/shard-2.json"
  run one-student grade "${class[@]}" --student-view --gradescope "$D/one-student-gradescope.json" \
    --prairielearn "$D/one-student-prairielearn.json" --feedback "$D/one-student-feedback" \
    --json "$D/one-student.json" "$ONE_STUDENT"
  run one-teacher grade --katas "$F/katas" --gradescope "$D/one-teacher-gradescope.json" \
    --prairielearn "$D/one-teacher-prairielearn.json" --json "$D/one-teacher.json" "$ONE_TEACHER"
  run verify verify --jobs 2 --json "$D/verify.json" chess-square-color knight-moves
  echo "$1: $(find "$D" -type f | wc -l) files in $((SECONDS - started)) s"
}

run_replays() { # run_replays NAME JAR: the replay commands the base build printed
  D=$WORK/$1
  mkdir -p "$D/replay"
  cp "$2" "$WORK/judge.jar"
  while IFS=$'\t' read -r name command; do
    throttle
    eval "words=($command)"   # java -jar JAR fuzz ARGS..., quoted by the judge
    run "replay/$name" fuzz --json "$D/replay/$name.json" "${words[@]:4}" &
  done <"$WORK/replays.tsv"
  wait
}

INPUTS=$( (git ls-files -s submissions katas; git diff HEAD -- submissions katas; sha1sum bench/same_reports.py "$0") \
  | sha1sum | cut -c1-12)
KEPT=$OUT/base-$BASE_SHA-$INPUTS
if [ -d "$KEPT" ] && [ -z "${FRESH:-}" ]; then
  echo "base: the outputs kept in $KEPT"
  cp -r "$KEPT" "$WORK/base"
  python3 bench/same_reports.py replays "$WORK"/base/fuzz/*.json >"$WORK/replays.tsv"
else
  run_all base "$BASE_JAR"
  python3 bench/same_reports.py replays "$WORK"/base/fuzz/*.json >"$WORK/replays.tsv"
  run_replays base "$BASE_JAR"
  echo "$WORK" >"$WORK/base/.work"   # the scratch folder its outputs name, read as the next run's
  rm -rf "$KEPT" && cp -r "$WORK/base" "$KEPT"
fi
run_all current "$WORK/current.jar"
run_replays current "$WORK/current.jar"

echo "base $BASE_SHA against $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . && echo '' || echo ' with uncommitted changes'):"
status=0
python3 bench/same_reports.py compare "$WORK/base" "$WORK/current" || status=1
if [ -n "${KEEP:-}" ]; then
  rm -rf "$OUT/base" "$OUT/current"
  cp -r "$WORK/base" "$WORK/current" "$OUT/"
  echo "outputs kept in $OUT/{base,current}"
fi
exit $status
