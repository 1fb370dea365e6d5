package org.katajudge.sandbox.runner;

import static org.katajudge.sandbox.runner.ThreadClock.BLOCKED;
import static org.katajudge.sandbox.runner.ThreadClock.RUN;
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
 */
final class CallPresence {

    private long sum;
    private long presence;

    /**
     * Counts the interval between the caller's samples {@code before} and {@code now} (both with
     * schedstat's figures: {@link CallTime#exact}), {@code elapsed} nanoseconds long, in which the
     * VM thread or the watchdog waited {@code starved} for a CPU.
     */
    void add(long elapsed, long[] now, long[] before, long starved) {
        long ran = now[RUN] - before[RUN];
        long waited = now[WAITED] - before[WAITED];
        long excused = now[BLOCKED] != 0 ? Math.min(starved, Math.max(0, elapsed - ran - waited)) : 0;
        sum += elapsed - waited - excused;
        presence = Math.max(presence, sum);
    }

    /** Nanoseconds of presence counted so far. */
    long presence() {
        return presence;
    }
}
