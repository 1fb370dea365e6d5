package org.katajudge.sandbox;

import org.katajudge.jvm.ChildClock;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A child JVM whose runner has connected and proved itself, waiting for its submission (LOAD):
 * nothing of a submission has run in it yet. Its clock is held while it waits ({@link ChildClock#hold()}),
 * so that how long the judge takes to hand it its classes is not the child's time. Either a
 * session is opened on it ({@link SandboxSession#open(ConnectedChild, LoadRequest, java.util.concurrent.ScheduledExecutorService)}),
 * which then owns it, or it is {@link #discard() discarded}.
 *
 * @param child      the process (limits, user, isolation, then the JVM)
 * @param channel    the connected pipes
 * @param clock      the child's time since it started, held
 * @param limits     what the child may take (its command was made from them)
 * @param watchedTmp the child's temp directory on the host's file system, bounded by its monitor; null under bubblewrap
 * @param cleanup    releases the scratch directory and the user once the child has ended
 * @param exitWait   how long closing waits for the child to end by itself
 */
record ConnectedChild(ChildProcess child, AnswerChannel channel, ChildClock clock, Limits limits, Path watchedTmp,
                      SandboxSession.Release cleanup, Duration exitWait) {

    /** Ends the unused child and releases everything it held. */
    void discard() {
        child.killTree();
        child.awaitExit(Duration.ofSeconds(5));
        channel.close();
        cleanup.release(false);
    }
}
