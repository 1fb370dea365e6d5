#!/usr/bin/env bash
# Class throughput: a class of about 1,000 submissions graded at the cost of starting its JVMs?
#
# Builds a class from the samples (COPIES copies of every accepted and wrong_answer sample, each
# copy its own student and made textually distinct by a trailing comment, so nothing could be
# cached between two of them) in bench/out/, then measures in the same run:
#   the floor: a bare JVM that prints one line, started with the very command a child gets
#              (the same limits, user, isolation, java.base runtime and JVM options), one at a
#              time and as many at once as cores (org.katajudge.sandbox.BareStart);
#   the judge: grade --jobs <cores> on the class with its heap capped at 256 MiB, under
#              /usr/bin/time -v (user + sys of the judge and every child it waited for), its own
#              RSS sampled from /proc every half second.
# and prints the cost per submission, its ratio to the floor, the machine's use, the judge's peak
# RSS, and the verdict counts (a run that broke something shows it there).
#
# Usage: bench/class-throughput.sh [COPIES] [-- extra grade options]
#        (after: mvn -B -DskipTests package; JAR=... for another build; FLOOR_STARTS=N)
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-judge/target/judge.jar}
[ -f "$JAR" ] || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
CORES=$(nproc)
SAMPLES=$(find submissions -path '*/accepted/*' -name '*.java' -printf '%h\n' -o -path '*/wrong_answer/*' -name '*.java' -printf '%h\n' | sort -u)
NSAMPLES=$(echo "$SAMPLES" | wc -l)
COPIES=${1:-$(( (1000 + NSAMPLES - 1) / NSAMPLES ))}
shift || true
[ "${1:-}" = "--" ] && shift
EXTRA=("$@")
OUT=bench/out/class-throughput
CLASS=$OUT/class
rm -rf "$OUT" && mkdir -p "$CLASS"

# The class: <kata>/<verdict>-<sample>-<copy>/ with the sample's files.
while read -r dir; do
  kata=$(echo "$dir" | cut -d/ -f2)
  verdict=$(echo "$dir" | cut -d/ -f3)
  name=$(basename "$dir")
  for c in $(seq 1 "$COPIES"); do
    target="$CLASS/$kata/$verdict-$name-$c"
    mkdir -p "$target"
    for f in "$dir"/*.java; do
      { cat "$f"; printf '\n// copy %d\n' "$c"; } > "$target/$(basename "$f")"
    done
  done
done <<< "$SAMPLES"
COUNT=$(find "$CLASS" -mindepth 2 -maxdepth 2 -type d | wc -l)

echo "machine: $CORES cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(java -version 2>&1 | head -1)"
echo "class: $COUNT submissions ($NSAMPLES accepted and wrong_answer samples x $COPIES copies)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

FLOOR_STARTS=${FLOOR_STARTS:-60}
floor=$(java -cp "$JAR" org.katajudge.sandbox.BareStart "$FLOOR_STARTS" "$CORES")
serial_ms=$(echo "$floor" | sed -n 's/.*serial_ms=\([0-9.]*\).*/\1/p')
parallel_ms=$(echo "$floor" | sed -n 's/.*parallel_ms=\([0-9.]*\).*/\1/p')
isolation=$(echo "$floor" | sed -n 's/.*isolation=\([a-z]*\).*/\1/p')

cpu_busy() { awk '/^cpu /{print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8}' /proc/stat; }
# The CPU time of the judge and everything it starts: a cpuacct cgroup of its own counts it all
# (children inside bubblewrap are reaped by its init and escape /usr/bin/time's count); without
# one (not root, no cgroup v1), /usr/bin/time's figure, which undercounts them.
CGROUP=""
if [ -w /sys/fs/cgroup/cpuacct ] && mkdir "/sys/fs/cgroup/cpuacct/kata-judge-bench-$$" 2>/dev/null; then
  CGROUP="/sys/fs/cgroup/cpuacct/kata-judge-bench-$$"
  trap 'rmdir "$CGROUP" 2>/dev/null || true' EXIT
fi
read -r busy0 total0 < <(cpu_busy)
(
  [ -n "$CGROUP" ] && echo "$BASHPID" > "$CGROUP/cgroup.procs"
  exec /usr/bin/time -v -o "$OUT/time.txt" java -Xmx256m -jar "$JAR" grade --jobs "$CORES" --quiet \
    --json "$OUT/report.json" "${EXTRA[@]}" "$CLASS" > "$OUT/console.txt" 2>&1
) &
timer=$!
judge=""
for _ in $(seq 1 200); do
  judge=$(pgrep -P "$timer" java || true)
  [ -n "$judge" ] && break
  sleep 0.05
done
# `java -jar` relaunches the judge with its class-data archive (launch/Relaunch.java): the judge is
# then that JVM's child, named by -Dkatajudge.relaunched (none with KATA_JUDGE_RELAUNCH=off)
if [ -n "$judge" ] && [ "${KATA_JUDGE_RELAUNCH:-}" != off ]; then
  for _ in $(seq 1 200); do
    relaunched=$(pgrep -P "$judge" -f katajudge.relaunched || true)
    [ -n "$relaunched" ] && { judge=$relaunched; break; }
    sleep 0.05
  done
fi
# Every half second: the judge's RSS and peak (VmHWM), its own CPU ticks, and the CPU ticks of its
# compiler workers (the rest of the cgroup's CPU time is the children's and the tools').
: > "$OUT/samples.txt"
while [ -n "$judge" ] && [ -r "/proc/$judge/status" ]; do
  {
    awk '/^VmRSS|^VmHWM/{printf "%s %s ", $1, $2}' "/proc/$judge/status"
    awk '{printf "self %d ", $14 + $15}' "/proc/$judge/stat"
    for w in $(pgrep -P "$judge" -f CompilerWorker || true); do
      awk -v w="$w" '{printf "worker:%s %d ", w, $14 + $15}' "/proc/$w/stat" 2>/dev/null || true
    done
    echo
  } >> "$OUT/samples.txt" 2>/dev/null || true
  sleep 0.5
done
wait "$timer" || true
read -r busy1 total1 < <(cpu_busy)
cgroup_ns=0
if [ -n "$CGROUP" ]; then
  cgroup_ns=$(cat "$CGROUP/cpuacct.usage")
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$OUT" "$COUNT" "$CORES" "$serial_ms" "$parallel_ms" "$isolation" "$busy0" "$total0" "$busy1" "$total1" "$cgroup_ns" <<'PY'
import json, re, sys, collections
out, count, cores = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
serial, parallel, isolation = float(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
busy0, total0, busy1, total1 = map(float, sys.argv[7:11])
cgroup = int(sys.argv[11]) / 1e9
time = open(f"{out}/time.txt").read()
def field(name):
    m = re.search(re.escape(name) + r":\s*(.+)", time)
    return m.group(1).strip() if m else None
wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
parts = [float(p) for p in wall.split(":")]
seconds = parts[-1] + 60 * parts[-2] + (3600 * parts[-3] if len(parts) > 2 else 0)
cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
report = json.load(open(f"{out}/report.json"))
results = report["results"]
verdicts = collections.Counter(r["verdict"] for r in results)
wrong = sum(1 for r in results if r["verdict"] != ("ACCEPTED" if "/accepted-" in r["submission"] else "WRONG_ANSWER"))
rss, hwm, self_ticks, workers = [], 0, 0, {}
for line in open(f"{out}/samples.txt"):
    m = re.search(r"VmHWM:\s*(\d+)", line)
    n = re.search(r"VmRSS:\s*(\d+)", line)
    t = re.search(r"self (\d+)", line)
    if m: hwm = max(hwm, int(m.group(1)))
    if n: rss.append(int(n.group(1)))
    if t: self_ticks = int(t.group(1))
    for w, ticks in re.findall(r"worker:(\d+) (\d+)", line):
        workers[w] = int(ticks)
per = seconds * 1000 / count
machine = (busy1 - busy0) / (total1 - total0) if total1 > total0 else float("nan")
print(f"floor ({isolation}, the judge's own child command, a JVM printing one line): "
      f"{serial:.1f} ms one at a time, {parallel:.1f} ms per JVM with {cores} at once")
print(f"judge grade --jobs {cores}, -Xmx256m: {seconds:.1f} s for {count} submissions ({len(results)} results)")
print(f"cost per submission: {per:.1f} ms = {per / parallel:.2f}x the floor with {cores} at once "
      f"({per / serial:.2f}x one at a time)")
if cgroup > 0:
    judge_cpu, worker_cpu = self_ticks / 100, sum(workers.values()) / 100
    print(f"CPU: judge and everything it started {cgroup:.1f} s over {seconds:.1f} s x {cores} cores = "
          f"{100 * cgroup / (seconds * cores):.0f}% busy (the whole machine: {100 * machine:.0f}%)")
    print(f"  per submission: {1000 * cgroup / count:.1f} ms CPU: judge JVM {1000 * judge_cpu / count:.1f}, "
          f"compiler workers {1000 * worker_cpu / count:.1f}, children and tools {1000 * (cgroup - judge_cpu - worker_cpu) / count:.1f}")
else:
    print(f"CPU: judge and the children it waited for {cpu:.1f} s over {seconds:.1f} s x {cores} cores = "
          f"{100 * cpu / (seconds * cores):.0f}% (undercounted: no cgroup); the whole machine {100 * machine:.0f}% busy")
if rss:
    q = lambda f: rss[min(len(rss) - 1, int(f * len(rss)))] // 1024
    print(f"judge peak RSS (VmHWM): {hwm // 1024} MiB; RSS at 10/25/50/75/95% of the run: "
          f"{q(.1)}/{q(.25)}/{q(.5)}/{q(.75)}/{q(.95)} MiB")
print("verdicts: " + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items())) +
      f"; not the verdict their folder names: {wrong}")
PY
