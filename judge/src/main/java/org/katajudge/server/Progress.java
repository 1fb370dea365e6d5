package org.katajudge.server;

import org.katajudge.report.SubmissionResult;

/** What happens to an attempt, in order: queued, started, its tests, done. Teacher's view; see {@link StudentFacing}. */
public sealed interface Progress {

    /** Waiting, with {@code ahead} attempts before it. */
    record Queued(int ahead) implements Progress {
    }

    record Started() implements Progress {
    }

    record Test(TestEvent event) implements Progress {
    }

    /** Graded; the last event. */
    record Done(SubmissionResult result) implements Progress {
    }
}
