package org.katajudge.sandbox;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Ends sessions off the grading threads. Ending one waits for its child to exit and be cleaned
 * up, 10 to 20 ms in which the grading thread has nothing to do (measured: about 7 % of a
 * grading thread's time); here the next submission's compile and start overlap it. At most
 * {@link #MAX_PENDING} sessions end in the background at once; beyond that the caller ends its
 * own, so lingering children can never pile up. Whoever hands sessions here must
 * {@link #awaitAll(Duration) wait for them} before reporting that grading is over.
 */
final class Reaper {

    static final int MAX_PENDING = 4;

    private final Semaphore room = new Semaphore(MAX_PENDING);
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "kata-judge-session-closer");
        thread.setDaemon(true);
        return thread;
    });

    /** Runs {@code end} (a session's close), in the background when there is room, else now on this thread. */
    void close(Runnable end) {
        if (!room.tryAcquire()) {
            end.run();
            return;
        }
        try {
            threads.execute(() -> {
                try {
                    end.run();
                } catch (RuntimeException | Error e) {
                    // no submission to charge it to any more: said in one line, never a stack trace
                    System.err.println("kata-judge: warning: a submission's JVM did not end cleanly: " + e);
                } finally {
                    room.release();
                }
            });
        } catch (RuntimeException e) {
            room.release();
            end.run();
        }
    }

    /** Waits until every session handed over has ended; false if some had not within {@code timeout}. */
    boolean awaitAll(Duration timeout) {
        try {
            if (room.tryAcquire(MAX_PENDING, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                room.release(MAX_PENDING);
                return true;
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
