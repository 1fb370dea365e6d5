package org.katajudge.sandbox;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link AnswerChannel#connect connects} under way in one judge, which its exit ends before
 * the pipes' files are removed (see {@link #exit}). The judge has one, {@link #OF_THIS_JVM}; a
 * test that ends connects makes its own, so that it ends no other test's: a test that ended the
 * JVM's own failed children of other test classes running beside it at 0.1 s of their start,
 * reported as "did not connect within 20 s" (a CI run and two fresh-clone runs).
 */
final class ConnectsUnderWay {

    /** The judge's: its exit ends these ({@link JudgeDirectory}'s shutdown hook). */
    static final ConnectsUnderWay OF_THIS_JVM = new ConnectsUnderWay();

    private final Set<AnswerChannel> channels = ConcurrentHashMap.newKeySet();
    private volatile boolean exiting;

    /**
     * Counts {@code channel} in, then says whether it may wait: not once the exit began. The
     * order matters: {@link #exit} either sees the channel or the channel sees the flag.
     */
    boolean begin(AnswerChannel channel) {
        channels.add(channel);
        return !exiting;
    }

    /** Counts {@code channel} out: its connect has returned. */
    void end(AnswerChannel channel) {
        channels.remove(channel);
    }

    /**
     * As the judge's JVM exits (a SIGTERM, Ctrl-C): ends every wait in a connect and every
     * connect begun from now on, and returns when none is left (or {@code patience} is up), so
     * that the judge's temporary files may then be removed. Removed first, a pipe whose open was
     * under way could never be opened from the other side again, and that grading thread would
     * hold the exit for the minute the reports are waited for, and lose them (found: a SIGTERM to
     * a judge starting a child).
     */
    void exit(Duration patience) {
        exiting = true;
        long deadline = System.nanoTime() + patience.toNanos();
        // again until none is left: a connect may reach its open just after a release
        while (!channels.isEmpty() && System.nanoTime() < deadline) {
            for (AnswerChannel channel : channels) {
                channel.release(AnswerChannel.Release.JUDGE_EXITING);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
