package org.katajudge.jvm;

/**
 * Whether this JVM has begun to shut down. Its shutdown hooks run at once and in no order: a
 * compiler pool's hook may close the pool while the judge's own hook (which stops grading, then
 * writes the reports) has not yet said the run is cancelled, and a submission whose compile the
 * closed pool cut short would be graded a judge error it never earned. What ends while the JVM
 * shuts down is therefore not a grade.
 */
public final class JvmShutdown {

    private JvmShutdown() {
    }

    /** True once the JVM's shutdown has begun (a signal, {@code System.exit}, the last thread's end). */
    public static boolean begun() {
        // the JVM's only word on it: a hook can no longer be added once shutdown has begun
        Thread probe = new Thread(() -> { }, "kata-judge-shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
        } catch (IllegalStateException e) {
            return true;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(probe);
        } catch (IllegalStateException e) {
            return true; // it began in between: the probe runs, and does nothing
        }
        return false;
    }
}
