#!/usr/bin/env bash
# Grading cost per submission: the judge against a shell-script grader, measured in the same run.
#
# Baseline: for every submission under submissions/, one by one, `javac` its sources, then `java`
# a harness that calls it on the kata's fixed examples (bench/BaselineHarness.java), with the
# judge's limits (256 MiB heap, a 2 s timeout). The judge: `grade` on the whole tree, which runs
# the same examples plus a few hundred random cases per method against the reference, sandboxed.
#
# The tree holds hostile samples, and the baseline has no policy to stop them: its `java` runs
# under bubblewrap (read-only file system, private /tmp, no network, own PID namespace), or,
# without bubblewrap, the baseline skips the samples in rejected/ rather than run them loose.
#
# Usage: bench/grade-vs-javac.sh            (after: mvn -B -DskipTests package; JAR=... for another build)
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-judge/target/judge.jar}   # JAR=other.jar compares another build on the same samples
[ -f "$JAR" ] || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
OUT=bench/out
rm -rf "$OUT" && mkdir -p "$OUT/harness" "$OUT/classes"
javac -d "$OUT/harness" bench/BaselineHarness.java

mapfile -t SUBMISSIONS < <(find submissions -name '*.java' -printf '%h\n' | sort -u)
if command -v bwrap >/dev/null && bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --unshare-all true 2>/dev/null; then
  CONTAIN=(bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --unshare-all --die-with-parent --new-session)
  containment="bwrap"
else
  CONTAIN=()
  containment="none: rejected/ samples skipped"
fi
class_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["class"])' "katas/$1/kata.json"; }

now_ms() { date +%s%3N; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(java -version 2>&1 | head -1)"
echo "baseline containment: $containment"
echo
printf '%-80s %10s\n' "submission (baseline: javac + java, one by one)" "ms"
baseline_start=$(now_ms)
baseline_count=0
for dir in "${SUBMISSIONS[@]}"; do
  kata=$(echo "$dir" | cut -d/ -f2)
  classes="$PWD/$OUT/classes/$(echo "$dir" | tr '/' '_')"
  mkdir -p "$classes"
  if [ ${#CONTAIN[@]} -eq 0 ] && [[ "$dir" == */rejected/* ]]; then
    continue
  fi
  start=$(now_ms)
  baseline_count=$((baseline_count + 1))
  if javac -nowarn -d "$classes" "$dir"/*.java 2>/dev/null; then
    timeout 2 "${CONTAIN[@]}" java -Xmx256m -cp "$classes:$PWD/$OUT/harness" BaselineHarness \
      "$PWD/katas/$kata/examples.json" "$(class_of "$kata")" >/dev/null 2>&1 || true
  fi
  printf '%-80s %10d\n' "$dir" $(( $(now_ms) - start ))
done
baseline_ms=$(( $(now_ms) - baseline_start ))

for jobs in 1 "$(nproc)"; do
  judge_start=$(now_ms)
  java -jar "$JAR" grade --jobs "$jobs" --json "$OUT/judge-$jobs.json" submissions >/dev/null || true
  eval "judge_ms_$jobs=$(( $(now_ms) - judge_start ))"
done
count=${#SUBMISSIONS[@]}
echo
echo "per submission, as the judge timed it (--jobs 1):"
python3 - "$OUT/judge-1.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f'{r["submission"]:<80} {r["timings"]["totalMillis"]:>6} ms  {r["verdict"]:<22} {r["cases"]:>5} random cases')
PY
echo
cases=$(python3 -c 'import json,sys; print(sum(r["cases"] for r in json.load(open(sys.argv[1]))["results"]))' "$OUT/judge-1.json")
printf 'submissions: %d; the judge ran %d random cases besides the examples\n' "$count" "$cases"
baseline_per=$(( baseline_ms / baseline_count ))
printf 'baseline (javac + java, examples only):  total %6d ms, %5d ms per submission (%d run)\n' \
  "$baseline_ms" "$baseline_per" "$baseline_count"
printf 'judge --jobs 1:                           total %6d ms, %5d ms per submission, %.2fx the baseline\n' \
  "$judge_ms_1" $(( judge_ms_1 / count )) "$(awk "BEGIN{print ($judge_ms_1 / $count) / $baseline_per}")"
n=$(nproc)
eval "judge_ms_n=\$judge_ms_$n"
printf 'judge --jobs %d:                           total %6d ms, %5d ms per submission, %.2fx the baseline\n' \
  "$n" "$judge_ms_n" $(( judge_ms_n / count )) "$(awk "BEGIN{print ($judge_ms_n / $count) / $baseline_per}")"
