package org.katajudge.fuzz;

import java.time.Duration;

/**
 * What analysing one failure may spend, in units of work on the submission (replays, the history
 * search, shrinking), counted, so that how far a failure is shrunk never depends on how busy the
 * machine is: a call is one unit, a round trip to the submission's JVM {@link #ROUND_TRIP} more,
 * a fresh start (its classes loaded anew) {@link #FRESH_START} more, about what each costs
 * against a call in a batch. A wall-clock limit far above what a submission answering in milliseconds needs
 * stops only a pathologically slow one; when it does, {@link #cutShort()} says so, and the result
 * may differ from another run's.
 */
final class AnalysisBudget {

    /** A round trip to the submission, in calls. */
    static final long ROUND_TRIP = 16;
    /** A fresh start of the submission, in calls. */
    static final long FRESH_START = 64;

    private final long calls;
    private final long safetyDeadlineNanos;
    private long spent;
    private boolean cutShort;

    /**
     * @param calls  the units the analysis may spend
     * @param safety the wall-clock safety limit, from now
     */
    AnalysisBudget(long calls, Duration safety) {
        this.calls = calls;
        long now = System.nanoTime();
        this.safetyDeadlineNanos = now + Math.min(safety.toNanos(), Long.MAX_VALUE / 4);
    }

    /** Whether another call may be made. */
    boolean left() {
        return canSpend(1);
    }

    /** Whether {@code n} more units may be spent. */
    boolean canSpend(long n) {
        if (spent + n > calls) {
            return false;
        }
        if (System.nanoTime() >= safetyDeadlineNanos) {
            cutShort = true;
            return false;
        }
        return true;
    }

    /** Counts {@code n} calls made in one round trip. */
    void spend(long n) {
        spent += n + ROUND_TRIP;
    }

    /** Counts a fresh start. */
    void spendFreshStart() {
        spent += FRESH_START;
    }

    /** Units spent so far. */
    long spent() {
        return spent;
    }

    /** Whether the wall-clock safety limit stopped the analysis (and not its count of calls). */
    boolean cutShort() {
        return cutShort;
    }
}
