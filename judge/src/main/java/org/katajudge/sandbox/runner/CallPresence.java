package org.katajudge.sandbox.runner;

import static org.katajudge.sandbox.runner.ThreadClock.BLOCKED;
import static org.katajudge.sandbox.runner.ThreadClock.RUN;
import static org.katajudge.sandbox.runner.ThreadClock.RUNNABLE;
import static org.katajudge.sandbox.runner.ThreadClock.WAITED;

/**
 * The {@link Watchdog}'s second clock, the <em>presence</em> of one call, held against the
 * per-call cap: the wall-clock time less the caller's waits for a CPU, and while it is blocked
 * less the VM thread's or the watchdog's waits too (a safepoint waits for every thread), up to
 * its time off a CPU. From schedstat's exact counters, summed over the call.
 *
 * <p>Summed, not clamped interval by interval: a wait for a CPU shows in schedstat only when it
 * ends, so on a loaded machine, where a wait outlasts a 10 ms tick, the intervals it spans showed
 * none of it and the one where it ended was credited at most its own length. A call computing
 * 3 ms in every 48 ms was thus present for about 40 ms of them, and an infinite loop limited to
 * 300 ms of CPU time was stopped by the 4 s cap instead, on a machine at load 20 (an honest call
 * near its limit would be too). Summed, a wait under way is missing from the presence only until
 * it ends. Never decreases.
 *
 * <p>The caller held by a collection is blocked, but a sample never finds it so: the watchdog is
 * a Java thread, and waking during a safepoint it waits for the safepoint's end before it samples.
 * So the VM thread's waits are excused also where the caller was found running at both ends,
 * when the VM thread ran in the interval or was runnable at either end (a wait is counted when it
 * ends), up to its blocked time summed since a sample last found it blocked (exact there).
 * Excused only where the caller was found blocked, they were not: a heap exhausted in 0.1 s of
 * CPU on a machine at load 40, each collection waiting about a second for a CPU, was present for
 * 4-6.5 s, and once past the 11 s cap (TIME_LIMIT_EXCEEDED, LimitSamplesUnderLoadTest).
 * The VM thread's wake once a second to see whether a safepoint is due (tens of ms of waiting at
 * such a load) may excuse a sleep of the caller as long; the time clock still charges it.
 */
final class CallPresence {

    private long sum;
    private long presence;
    /**
     * The caller's blocked time and its excused part since the last sample that found it blocked:
     * only the sum is exact (a wait for a CPU is counted when it ends, so the intervals it spans
     * look blocked until then), and no more than it is excused.
     */
    private long pendingBlocked;
    private long pendingExcused;

    /**
     * Counts the interval between the caller's samples {@code before} and {@code now} (both with
     * schedstat's figures: {@link CallTime#exact}), {@code elapsed} nanoseconds long, with the VM
     * thread's samples at its ends (either may be null), in which the watchdog waited {@code
     * watchdogWaited} for a CPU while awake.
     */
    void add(long elapsed, long[] now, long[] before, long[] vm, long[] vmBefore, long watchdogWaited) {
        long ran = now[RUN] - before[RUN];
        long waited = now[WAITED] - before[WAITED];
        boolean vmSeen = vm != null && vmBefore != null;
        long vmWaited = vmSeen ? ThreadClock.waited(vm, vmBefore, elapsed) : 0;
        long excusable;
        if (now[BLOCKED] != 0) {
            excusable = Math.max(vmWaited, watchdogWaited);
        } else {
            boolean collecting = vmSeen && (vm[RUNNABLE] != 0 || vmBefore[RUNNABLE] != 0 || ThreadClock.ran(vm, vmBefore) > 0);
            excusable = collecting ? vmWaited : 0;
        }
        pendingBlocked += elapsed - ran - waited;
        long excused = Math.min(excusable, Math.max(0, pendingBlocked - pendingExcused));
        pendingExcused += excused;
        sum += elapsed - waited - excused;
        presence = Math.max(presence, sum);
        if (now[BLOCKED] != 0) {
            pendingBlocked = 0;
            pendingExcused = 0;
        }
    }

    /** Nanoseconds of presence counted so far. */
    long presence() {
        return presence;
    }
}
