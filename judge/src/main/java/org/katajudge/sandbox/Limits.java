package org.katajudge.sandbox;

import java.time.Duration;

/**
 * What a submission's child JVM may use.
 *
 * @param heapMegabytes    the child's maximum heap ({@code -Xmx})
 * @param stackMegabytes   the stack of the thread that calls the submission
 * @param perCall          time for one call, counted as the calling thread's CPU time in user mode
 *                         plus the time it is blocked (sleeping, waiting for the garbage collector,
 *                         whose CPU time in user mode counts then); time spent waiting for a CPU on
 *                         a busy machine does not count, nor the kernel's. A call is also stopped
 *                         after {@link #perCallCap()}.
 * @param total            time for the whole run of one submission's JVM, start-up included: wall-clock
 *                         time less the time the JVM waited for a CPU
 * @param outputBytes      how much a submission may print before OUTPUT_LIMIT_EXCEEDED
 * @param keptOutputBytes  how much of that output is kept for the report
 * @param memoryMegabytes  the child's whole address space (heap, metaspace, code, thread stacks,
 *                         native memory), enforced as RLIMIT_AS
 */
public record Limits(int heapMegabytes, int stackMegabytes, Duration perCall, Duration total,
                     long outputBytes, int keptOutputBytes, int memoryMegabytes) {

    /** Wall-clock time per submission before any case is counted. */
    public static final Duration BASE_TOTAL = Duration.ofSeconds(60);
    /** Wall-clock time added to {@link #BASE_TOTAL} for each case asked for. */
    public static final Duration PER_CASE = Duration.ofMillis(10);
    /**
     * Address space beyond the heap. A trivial child reserves about 270 MiB besides a 256 MiB
     * heap (class space, code cache, CDS archive, libraries, thread stacks, malloc arenas);
     * the rest is room for the JIT, metaspace growth and whatever native memory the
     * submission's JDK calls use.
     */
    public static final int NATIVE_MEGABYTES = 768;

    public static final Limits DEFAULT = new Limits(256, 16, Duration.ofSeconds(1), BASE_TOTAL,
            8L << 20, 16 << 10);

    public Limits {
        if (heapMegabytes < 16 || stackMegabytes < 1 || perCall.isNegative() || perCall.isZero()
                || total.compareTo(perCall) < 0 || outputBytes < 0 || keptOutputBytes < 0
                || memoryMegabytes < heapMegabytes + 256) {
            throw new IllegalArgumentException("unusable limits: " + this);
        }
    }

    /** Limits with the default address space: the heap plus {@link #NATIVE_MEGABYTES}. */
    public Limits(int heapMegabytes, int stackMegabytes, Duration perCall, Duration total,
                  long outputBytes, int keptOutputBytes) {
        this(heapMegabytes, stackMegabytes, perCall, total, outputBytes, keptOutputBytes,
                heapMegabytes + NATIVE_MEGABYTES);
    }

    /**
     * The cap of one call: ten times its time limit plus a second, of wall-clock time less the
     * time it waited for a CPU (kernel time included). Generous on purpose: it only stops calls
     * that spend their time where the limit does not look (in the kernel), and a busy machine
     * must not fail a correct solution.
     */
    public Duration perCallCap() {
        return perCall.multipliedBy(10).plusSeconds(1);
    }

    public Limits withPerCall(Duration perCall) {
        return new Limits(heapMegabytes, stackMegabytes, perCall, total, outputBytes, keptOutputBytes, memoryMegabytes);
    }

    public Limits withTotal(Duration total) {
        return new Limits(heapMegabytes, stackMegabytes, perCall, total, outputBytes, keptOutputBytes, memoryMegabytes);
    }

    /**
     * The total budget for a run asked to make {@code cases} calls: {@link #BASE_TOTAL} plus
     * {@link #PER_CASE} for each, so that {@code --cases 100000} is not cut short.
     */
    public Limits withTotalForCases(long cases) {
        long capped = Math.max(0, Math.min(cases, 100_000_000L));
        return withTotal(BASE_TOTAL.plus(PER_CASE.multipliedBy(capped)));
    }
}
