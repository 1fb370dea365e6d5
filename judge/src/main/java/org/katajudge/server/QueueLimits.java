package org.katajudge.server;

/**
 * How much grading the server takes on.
 *
 * @param workers         gradings at once (default: the cores)
 * @param capacity        attempts waiting, all students together, beyond those being graded
 * @param perStudent      one student's attempts queued or being graded at once
 * @param perMinute       one student's attempts in any minute
 */
public record QueueLimits(int workers, int capacity, int perStudent, int perMinute) {

    public QueueLimits {
        if (workers < 1 || capacity < 0 || perStudent < 1 || perMinute < 1) {
            throw new IllegalArgumentException("queue limits must be positive: " + workers + ", " + capacity + ", "
                    + perStudent + ", " + perMinute);
        }
    }

    public static QueueLimits defaults() {
        return new QueueLimits(Runtime.getRuntime().availableProcessors(), 200, 3, 20);
    }
}
