package org.katajudge.sandbox;

import java.time.Duration;

/**
 * What a submission's child JVM may use.
 *
 * @param heapMegabytes    the child's maximum heap ({@code -Xmx})
 * @param stackMegabytes   the stack of the thread that calls the submission ({@code -Xss})
 * @param perCall          wall-clock time for one call
 * @param total            wall-clock time for the whole run of one submission, start-up included
 * @param outputBytes      how much a submission may print before OUTPUT_LIMIT_EXCEEDED
 * @param keptOutputBytes  how much of that output is kept for the report
 */
public record Limits(int heapMegabytes, int stackMegabytes, Duration perCall, Duration total,
                     long outputBytes, int keptOutputBytes) {

    public static final Limits DEFAULT = new Limits(256, 16, Duration.ofSeconds(1), Duration.ofSeconds(60),
            8L << 20, 16 << 10);

    public Limits {
        if (heapMegabytes < 16 || stackMegabytes < 1 || perCall.isNegative() || perCall.isZero()
                || total.compareTo(perCall) < 0 || outputBytes < 0 || keptOutputBytes < 0) {
            throw new IllegalArgumentException("unusable limits: " + this);
        }
    }

    public Limits withPerCall(Duration perCall) {
        return new Limits(heapMegabytes, stackMegabytes, perCall, total, outputBytes, keptOutputBytes);
    }

    public Limits withTotal(Duration total) {
        return new Limits(heapMegabytes, stackMegabytes, perCall, total, outputBytes, keptOutputBytes);
    }
}
