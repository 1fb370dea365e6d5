#!/usr/bin/env bash
# One submission in a fresh process: `java -jar judge.jar grade <one sample>` against what a
# shell-script grader pays for the same file (`javac` it, then `java` a harness that calls it on
# the kata's fixed examples: bench/BaselineHarness.java, under bubblewrap like the judge's child),
# side by side in one run, for one accepted sample per kata.
#
# Wall time, and CPU time (user + sys) of the whole process tree: measured in a cpuacct cgroup of
# its own where this user may make one (every process the command starts is counted, reaped or
# not), else as /usr/bin/time's rusage (only children that were waited for).
#
# Each judge column runs the command its users run, and must exit 0 (the sample ACCEPTED):
# "cold": `java -jar judge.jar grade SAMPLE` (a student's or a CI build's run, the console report),
# the judge's on-disk caches cleared just before (its first run on a fresh machine: it builds them,
# its own class-data archive included); "warm": the same with the caches an earlier run made (which
# relaunches the judge with its archive, C1 only: launch/Relaunch.java); "one JVM": warm, but
# KATA_JUDGE_RELAUNCH=off (the judge in the JVM java -jar started, as before the relaunch);
# "direct": Gradescope's run_autograder, warm: `java @FILE -jar judge.jar grade --kata K --katas
# katas --gradescope results.json SAMPLE`, FILE written by `cache --java-options FILE` (the judge
# started with its archive at once, one JVM); "no cache": a PrairieLearn container's run, the judge
# as the bundle's run.sh starts it without a cache (KATA_JUDGE_CACHE=off, C1 only, the serial
# collector) and an empty temp directory, every run.
# OUTPUT="--json" adds a JSON report to every judge run
# (the figures before 2026-11-27 were taken so: it costs the judge about 60 ms of CPU and of wall
# time, Jackson building its serializers by reflection). The judge uses a cache directory of its own
# under bench/out (KATA_JUDGE_CACHE), never the user's. Each figure is the median of ROUNDS runs
# (min-max beside it); the load is printed before and after: on a loaded machine the spread is wide.
#
# Usage: bench/cold-single.sh   (after: mvn -B -DskipTests package; ROUNDS=5, JAR=..., JUDGE_OPTS=...
#        e.g. JUDGE_OPTS="-Xmx256m" to try options of the judge's own JVM; ONLY="knight-moves ..." for
#        some katas; OUTPUT="--json" as above)
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-judge/target/judge.jar}
ROUNDS=${ROUNDS:-5}
read -r -a JUDGE_OPTS <<< "${JUDGE_OPTS:-}"
OUTPUT=${OUTPUT:-}
[ -f "$JAR" ] || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
OUT=$PWD/bench/out/cold-single
rm -rf "$OUT" && mkdir -p "$OUT/harness" "$OUT/classes"
javac -d "$OUT/harness" bench/BaselineHarness.java
export KATA_JUDGE_CACHE="$OUT/cache"

if command -v bwrap >/dev/null && bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --unshare-all true 2>/dev/null; then
  CONTAIN=(bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --unshare-all --die-with-parent --new-session)
else
  CONTAIN=()
fi
CGROUP_ROOT=/sys/fs/cgroup/cpuacct
if mkdir "$CGROUP_ROOT/kata-judge-bench-$$" 2>/dev/null; then
  rmdir "$CGROUP_ROOT/kata-judge-bench-$$"
  cpu_how="cpuacct cgroup (every process of the tree)"
else
  CGROUP_ROOT=""
  cpu_how="/usr/bin/time (children that were waited for)"
fi
class_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["class"])' "katas/$1/kata.json"; }

# measure NAME CMD...: runs CMD, appends "NAME wall_ms cpu_ms status" to $OUT/runs
measure() {
  local name=$1; shift
  local start end cpu status
  if [ -n "$CGROUP_ROOT" ]; then
    local group="$CGROUP_ROOT/kata-judge-bench-$$-$RANDOM"
    mkdir "$group"
    start=$(date +%s%N)
    status=0
    sh -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' sh "$group" "$@" >/dev/null 2>>"$OUT/stderr" || status=$?
    end=$(date +%s%N)
    sleep 0.2  # a process of the tree still ending (a child ended in the background) is counted too
    cpu=$(( $(cat "$group/cpuacct.usage") / 1000000 ))
    while ! rmdir "$group" 2>/dev/null; do sleep 0.2; done
  else
    start=$(date +%s%N)
    status=0
    /usr/bin/time -f '%U %S' -o "$OUT/time" "$@" >/dev/null 2>>"$OUT/stderr" || status=$?
    end=$(date +%s%N)
    cpu=$(awk '{printf "%d", ($1 + $2) * 1000}' "$OUT/time")
  fi
  echo "$name $(( (end - start) / 1000000 )) $cpu $status" >> "$OUT/runs"
}

baseline() {  # kata sample: javac + java, as a shell-script grader would
  local kata=$1 sample=$2 classes="$OUT/classes/$kata"
  rm -rf "$classes" && mkdir -p "$classes"
  measure "$kata.baseline" sh -c 'javac -nowarn -d "$1" "$2"/*.java && shift 2 && exec "$@"' sh "$classes" "$sample" \
    timeout 2 "${CONTAIN[@]}" java -Xmx256m -cp "$classes:$OUT/harness" BaselineHarness \
    "$PWD/katas/$kata/examples.json" "$(class_of "$kata")"
}

judge() {  # kata sample label [VAR=value...]: the environment of the run
  local kata=$1 sample=$2 label=$3; shift 3
  measure "$kata.$label" env "$@" java ${JUDGE_OPTS[@]+"${JUDGE_OPTS[@]}"} -jar "$JAR" grade \
    ${OUTPUT:+$OUTPUT "$OUT/$kata.$label.json"} "$sample"
}

nocache() {  # kata sample: a PrairieLearn container's run: no cache (as its run.sh), an empty temp directory
  local kata=$1 sample=$2 tmp="$OUT/tmp-nocache"
  rm -rf "$tmp" && mkdir -p "$tmp"
  measure "$kata.nocache" env KATA_JUDGE_CACHE=off java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
    ${JUDGE_OPTS[@]+"${JUDGE_OPTS[@]}"} -Djava.io.tmpdir="$tmp" \
    -jar "$JAR" grade ${OUTPUT:+$OUTPUT "$OUT/$kata.nocache.json"} "$sample"
}

direct() {  # kata sample: the judge started with the options `cache --java-options` wrote (not measured: the cache's run)
  local kata=$1 sample=$2
  java ${JUDGE_OPTS[@]+"${JUDGE_OPTS[@]}"} -jar "$JAR" cache --java-options "$OUT/java-options" >/dev/null 2>>"$OUT/stderr"
  [ -s "$OUT/java-options" ] || { echo "cache --java-options wrote nothing" >&2; exit 1; }
  measure "$kata.direct" java "@$OUT/java-options" -jar "$JAR" grade --kata "$kata" --katas "$PWD/katas" \
    --gradescope "$OUT/$kata.results.json" ${OUTPUT:+$OUTPUT "$OUT/$kata.direct.json"} "$sample"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(java -version 2>&1 | head -1)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); CPU time by $cpu_how; $ROUNDS rounds, median (min-max)"
KATAS=()
for dir in katas/*/; do
  kata=$(basename "$dir")
  [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $kata "* ]] || continue
  sample=$(find "submissions/$kata/accepted" -mindepth 1 -maxdepth 1 -type d | sort | head -1)
  [ -n "$sample" ] && KATAS+=("$kata:$sample")
done
: > "$OUT/runs"
for round in $(seq "$ROUNDS"); do
  for entry in "${KATAS[@]}"; do
    kata=${entry%%:*} sample=${entry#*:}
    rm -rf "$KATA_JUDGE_CACHE"
    judge "$kata" "$sample" cold
    baseline "$kata" "$sample"
    judge "$kata" "$sample" warm
    judge "$kata" "$sample" onejvm KATA_JUDGE_RELAUNCH=off
    direct "$kata" "$sample"
    nocache "$kata" "$sample"
  done
done
# exit status 0: the sample was ACCEPTED (else the figures mean nothing)
if awk '$1 !~ /baseline$/ && $4 != 0 { print $1 " exited " $4; bad = 1 } END { exit !bad }' "$OUT/runs" >&2; then
  echo "a judge run did not accept its sample: the figures mean nothing (see $OUT/stderr)" >&2
  exit 1
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$OUT/runs" "${KATAS[@]}" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, wall, cpu, status = line.split()
    runs.setdefault(name, []).append((int(wall), int(cpu)))
def fig(name, i):
    values = [r[i] for r in runs[name]]
    return statistics.median(values), min(values), max(values)
def cell(name, i):
    m, lo, hi = fig(name, i)
    return f'{m:5.0f} ({lo}-{hi})'
print()
print(f'{"kata":<24} {"what":<4} {"baseline ms":>17} {"judge cold ms":>19} {"judge warm ms":>17} {"warm, one JVM ms":>18} {"direct ms":>17} {"no cache ms":>17} {"cold/b":>7} {"warm/b":>7} {"1jvm/b":>7} {"dir/b":>7} {"none/b":>7}')
worst = {"wall": [0, 0, 0, 0, 0], "cpu": [0, 0, 0, 0, 0]}
for entry in sys.argv[2:]:
    kata = entry.split(':')[0]
    for i, what in ((0, "wall"), (1, "cpu")):
        base = fig(kata + ".baseline", i)[0]
        cold = fig(kata + ".cold", i)[0]
        warm = fig(kata + ".warm", i)[0]
        onejvm = fig(kata + ".onejvm", i)[0]
        direct = fig(kata + ".direct", i)[0]
        nocache = fig(kata + ".nocache", i)[0]
        worst[what] = [max(worst[what][0], cold / base), max(worst[what][1], warm / base), max(worst[what][2], onejvm / base),
                       max(worst[what][3], direct / base), max(worst[what][4], nocache / base)]
        print(f'{kata:<24} {what:<4} {cell(kata + ".baseline", i):>17} {cell(kata + ".cold", i):>19} '
              f'{cell(kata + ".warm", i):>17} {cell(kata + ".onejvm", i):>18} {cell(kata + ".direct", i):>17} '
              f'{cell(kata + ".nocache", i):>17} '
              f'{cold / base:6.2f}x {warm / base:6.2f}x {onejvm / base:6.2f}x {direct / base:6.2f}x {nocache / base:6.2f}x')
print()
for what in ("wall", "cpu"):
    print(f'worst ratio, {what}: cold {worst[what][0]:.2f}x, warm {worst[what][1]:.2f}x, warm in one JVM {worst[what][2]:.2f}x,'
          f' direct {worst[what][3]:.2f}x, no cache {worst[what][4]:.2f}x the baseline (medians)')
PY
