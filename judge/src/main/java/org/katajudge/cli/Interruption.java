package org.katajudge.cli;

import org.junit.platform.engine.CancellationToken;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) or a plain {@code kill} (SIGTERM) during a run: the run is cancelled, and the
 * JVM waits for the command to write what it graded before it exits. The JVM's own handling of
 * these signals is kept (shutdown hooks, exit status 128 + the signal: 130 for Ctrl-C), so the
 * judge's other clean-up still runs; the hook only holds the exit until the reports are written.
 *
 * <p>Use: {@code try (Interruption interruption = Interruption.install()) { ... }}, passing
 * {@link #token()} to the run, and closing (or {@link #done()}) once the reports are written.
 */
final class Interruption implements AutoCloseable {

    /** How long the exit waits for the reports; a stuck run must not make Ctrl-C useless. */
    private static final long WAIT_SECONDS = 60;

    /** Set once a signal's exit has begun: from then on, the JVM's own exit status (128 + the signal) stands. */
    private static volatile boolean signalled;

    private final CancellationToken token = CancellationToken.create();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread hook;

    private Interruption() {
        hook = new Thread(() -> {
            signalled = true;
            token.cancel();
            try {
                if (!done.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                    // never a silent loss: the exit goes on without the reports, and says so
                    System.err.println("kata-judge: error: the reports were not written within " + WAIT_SECONDS
                            + " s of the interruption; the judge exits without them");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "kata-judge-interrupted");
    }

    static Interruption install() {
        Interruption interruption = new Interruption();
        Runtime.getRuntime().addShutdownHook(interruption.hook);
        return interruption;
    }

    /**
     * Called by the main thread before it exits: once a signal's exit has begun, it waits for that
     * exit instead of calling {@code System.exit} itself. Once the hooks have run, an exit with
     * another non-zero status halts at once, racing the signal's own: the same interrupted run then
     * ended 130 or 143 by chance (RelaunchIT saw 130 after SIGTERM).
     */
    static void leaveTheExitToTheSignal() {
        while (signalled) {
            try {
                Thread.sleep(Long.MAX_VALUE); // the signal's exit halts the JVM, this thread with it
            } catch (InterruptedException e) {
                // nothing to do but wait
            }
        }
    }

    CancellationToken token() {
        return token;
    }

    boolean interrupted() {
        return token.isCancellationRequested();
    }

    /** The reports are written: an exit in progress may go on; a normal end removes the hook. */
    void done() {
        done.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already exiting (the run was interrupted): the hook is running and now returns
        }
    }

    @Override
    public void close() {
        done();
    }
}
