package org.katajudge.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * The time a child JVM has had, as the judge's own deadlines count it (a sandboxed child's
 * start-up, a call that stops answering, a run's total; a compiler worker's compile): wall-clock
 * time less the time it waited for a CPU, so that a busy machine stretches a deadline instead of
 * failing the child (issue 19: on a loaded machine a heap exhausted in 0.3 s of CPU time took 12 s
 * by the wall clock, and the judge killed the child as hung before the JVM could say it ran out of
 * memory; at load 35-49 on 2 cores a compiler worker took more than the 50 s its wall-clock
 * backstop allowed for an accepted sample's few hundred lines, a COMPILE_ERROR).
 *
 * <p>Read from /proc, at most every {@value #SAMPLE_MILLIS} ms and only once the child has run a
 * second: the wall-clock time less the longest wait for a CPU, in each interval between two
 * samples, of the threads that carry the child forward (named by the clock's user: a sandboxed
 * child's main threads, the VM thread that collects garbage, the runner's calling thread; a
 * worker's compiling thread; from their schedstat), and never less than the
 * CPU time of all its threads (from its stat), so that threads that only wait cannot hide threads
 * that compute. Time not yet sampled counts in full, and so does all of it where /proc tells
 * nothing (another kernel, a hidden /proc): then this is the wall clock. Renaming its threads
 * only makes a child's clock run faster.
 *
 * <p>The carriers are picked by name at every sample, not once: the JVM names a thread only after
 * it started it (until then it bears its creator's name: "java", or the caller's), and its caller
 * comes after the JVM's own threads. On a loaded machine the first sample, a second after the
 * start, found the JVM still starting; a helper thread not yet renamed made up the set of names
 * in the caller's place, for good, so a call's waits for a CPU were never subtracted and a child
 * computing 0.6 s was killed as hung after 3 s (BusyCpuTest, HostileSubmissionTest at load 20).
 *
 * <p>The sums are kept whole ({@link Account}), not charged interval by interval: on a loaded
 * machine the judge's own thread is late between reading the clock and reading /proc, so one
 * interval sees more wait than time and the next less; clamped per interval, every such lateness
 * was charged to the child (a call that had 0.6 s of CPU was killed as hung after 3 s at load 30).
 *
 * <p>A child started before its submission was compiled (the sandbox's ChildStart) waits, connected and
 * idle, for its classes: that wait is the judge's, not the child's, and the clock is {@link #hold()
 * held} through it. Its wall-clock time is not charged, nor its waits for a CPU credited; whatever
 * CPU time the child spent meanwhile still counts (never less than its CPU time), so a child
 * started early is charged what one started late is charged.
 */
public final class ChildClock {

    static final long SAMPLE_MILLIS = 100;
    private static final long NANOS_PER_TICK = 10_000_000L;
    private static final long QUIET_NANOS = 1_000_000_000L;
    private static final long SEARCH_NANOS = 500_000_000L;
    /** The most threads of the child's JVM looked at for carriers: the JVM's own and the caller come first. */
    private static final int MAX_TASKS = 256;

    private final ProcessHandle child;
    /** Names (/proc comm) of the JVM's threads that carry it forward. */
    private final List<String> carrierNames;
    private final LongSupplier nanos;
    private final Path proc;
    private long startedNanos;
    private final Account account = new Account();
    private long sampledNanos;
    private long searchedNanos;
    private Path jvm;
    private List<Path> carriers = List.of();
    private final Map<Path, Long> waited = new HashMap<>();
    private long cpuTicks = -1;
    /** When the clock was held ({@link #hold()}), or -1 while it runs. */
    private long heldSince = -1;

    /**
     * The clock of the child {@code pid}, from now.
     *
     * @param carriers the names (/proc comm, at most 15 characters) of the child JVM's threads whose
     *                 waits for a CPU hold the child back
     */
    public ChildClock(long pid, List<String> carriers) {
        this(pid, carriers, System::nanoTime, Path.of("/proc"));
    }

    /** A clock reading the time from {@code nanos} and the child's threads from {@code proc} (tests). */
    ChildClock(long pid, List<String> carriers, LongSupplier nanos, Path proc) {
        this.child = ProcessHandle.of(pid).orElse(null);
        this.carrierNames = List.copyOf(carriers);
        this.nanos = nanos;
        this.proc = proc;
        this.startedNanos = nanos.getAsLong();
        this.sampledNanos = startedNanos;
    }

    /** Nanoseconds charged to the child since it started: sampled time, plus all time since the last sample. */
    public synchronized long charged() {
        if (heldSince >= 0) {
            return account.charged() + (heldSince - sampledNanos);
        }
        sample();
        return account.charged() + (nanos.getAsLong() - sampledNanos);
    }

    /** Nanoseconds by the wall clock since the child started, the time it was held aside. */
    public synchronized long wall() {
        return (heldSince >= 0 ? heldSince : nanos.getAsLong()) - startedNanos;
    }

    /** Stops charging time: the child waits for the judge (its submission), not the judge for the child. */
    public synchronized void hold() {
        if (heldSince < 0) {
            heldSince = nanos.getAsLong();
        }
    }

    /**
     * Charges time again, from where {@link #hold()} stopped: the held time is left out of every
     * sum, its waits for a CPU are not credited, and its CPU time still counts at the next sample.
     */
    public synchronized void resume() {
        if (heldSince < 0) {
            return;
        }
        long held = nanos.getAsLong() - heldSince;
        heldSince = -1;
        startedNanos += held;
        sampledNanos += held;
        if (jvm != null) {
            waited.clear();
            waited.putAll(waited(carriers)); // cpuTicks stays: the held time's CPU is charged with the next interval
        }
    }

    private void sample() {
        long now = nanos.getAsLong();
        if (now - sampledNanos < SAMPLE_MILLIS * 1_000_000L || now - startedNanos < QUIET_NANOS) {
            return;
        }
        if (jvm == null && now - searchedNanos > SEARCH_NANOS) {
            searchedNanos = now;
            jvm = findJvm().orElse(null);
        }
        long cpu = -1;
        long longestWait = -1;
        if (jvm != null) {
            carriers = carriers(jvm); // afresh: a thread's name changes once, after it started
            long ticks = cpuTicks(jvm);
            Map<Path, Long> waitedNow = waited(carriers);
            if (ticks >= 0 && cpuTicks >= 0 && !waitedNow.isEmpty()) {
                longestWait = 0;
                for (Map.Entry<Path, Long> thread : waitedNow.entrySet()) {
                    Long before = waited.get(thread.getKey());
                    if (before != null) {
                        longestWait = Math.max(longestWait, thread.getValue() - before);
                    }
                }
                cpu = (ticks - cpuTicks) * NANOS_PER_TICK;
            }
            cpuTicks = ticks;
            waited.clear();
            waited.putAll(waitedNow);
        }
        account.add(now - sampledNanos, cpu, longestWait);
        sampledNanos = now;
    }

    /**
     * The time charged to a child from its intervals: those /proc told nothing of in full; the
     * others as their whole wall-clock time less their whole wait, never less than their whole
     * CPU time. Never decreases.
     */
    static final class Account {
        private long unmeasured;
        private long elapsed;
        private long waited;
        private long cpu;
        private long charged;

        /**
         * One interval between two samples.
         *
         * @param elapsedNanos its wall-clock time
         * @param cpuNanos     the CPU time of all the child's threads in it, or -1 when unknown
         * @param waitNanos    the longest wait for a CPU of a carrier thread in it, or -1 when unknown
         */
        void add(long elapsedNanos, long cpuNanos, long waitNanos) {
            if (cpuNanos < 0 || waitNanos < 0) {
                unmeasured += elapsedNanos;
            } else {
                elapsed += elapsedNanos;
                waited += waitNanos;
                cpu += cpuNanos;
            }
            charged = Math.max(charged, unmeasured + Math.max(cpu, Math.max(0, elapsed - waited)));
        }

        long charged() {
            return charged;
        }
    }

    /** The child's JVM: the oldest process of its tree whose name is "java" (the wrappers before it are not). */
    private Optional<Path> findJvm() {
        if (child == null) {
            return Optional.empty();
        }
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(child);
        try (Stream<ProcessHandle> descendants = child.descendants()) {
            descendants.forEach(tree::add);
        }
        return tree.stream() // nearest first: a java that code in the child started is further down
                .map(process -> proc.resolve(String.valueOf(process.pid())))
                .filter(process -> "java".equals(read(process.resolve("comm"))))
                .findFirst();
    }

    /** utime + stime of all the process's threads, in clock ticks, or -1. */
    private static long cpuTicks(Path process) {
        String stat = read(process.resolve("stat"));
        if (stat == null) {
            return -1;
        }
        try {
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** The task directories of the process's carrier threads, among its first {@value #MAX_TASKS}. */
    private List<Path> carriers(Path process) {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(process.resolve("task"))) {
            int seen = 0;
            for (Path task : tasks) {
                if (++seen > MAX_TASKS) {
                    break;
                }
                String comm = read(task.resolve("comm"));
                if (comm != null && carrierNames.contains(comm)) {
                    found.add(task);
                }
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return found;
    }

    /** Nanoseconds each thread has waited for a CPU, by its task directory; a thread that is gone or tells nothing is left out. */
    private static Map<Path, Long> waited(List<Path> threads) {
        Map<Path, Long> result = new HashMap<>();
        for (Path task : threads) {
            String schedstat = read(task.resolve("schedstat"));
            if (schedstat != null) {
                try {
                    result.put(task, Long.parseLong(schedstat.split(" ")[1]));
                } catch (RuntimeException malformed) {
                    // not a figure: this thread tells nothing
                }
            }
        }
        return result;
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.US_ASCII).strip();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
