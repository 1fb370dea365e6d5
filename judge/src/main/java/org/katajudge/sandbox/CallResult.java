package org.katajudge.sandbox;

/**
 * What one call of a submission's method did in its child JVM.
 *
 * @param outcome       how the call ended
 * @param value         the returned value, for {@link Outcome#RETURNED}
 * @param detail        for anything but a return: what happened, in words (exception and its
 *                      frames, exit status, the JVM's last words)
 * @param elapsedNanos  wall time of the call as the child measured it (0 when unknown)
 * @param output        what the call printed (its kept part, UTF-8)
 * @param outputTotal   bytes printed by the submission so far in this child, kept or not
 */
public record CallResult(Outcome outcome, Object value, String detail, long elapsedNanos,
                         String output, long outputTotal) {

    /** How a call ended. */
    public enum Outcome {
        /** returned a value (right or wrong: the judge compares) */
        RETURNED,
        /** threw an exception or error, e.g. StackOverflowError */
        THREW,
        /** ran past the per-call limit, or the child stopped responding */
        TIMED_OUT,
        /** printed past the output limit */
        OUTPUT_LIMIT,
        /** ran out of heap */
        OUT_OF_MEMORY,
        /** the JVM ended during the call (System.exit, Runtime.halt, a crash, a signal) */
        DIED
    }

    public boolean returned() {
        return outcome == Outcome.RETURNED;
    }

    /** Whether the child is gone after this call, so no further call can run in it. */
    public boolean fatal() {
        return outcome == Outcome.TIMED_OUT || outcome == Outcome.OUTPUT_LIMIT
                || outcome == Outcome.OUT_OF_MEMORY || outcome == Outcome.DIED;
    }
}
