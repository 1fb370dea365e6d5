package org.katajudge.engine;

import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.report.Counterexample;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

/**
 * What a {@link GradingEngine} tells as it happens: each submission started, each of its planned
 * tests started and ended, its result, or that it was not graded. The engine calls these one at
 * a time (never two at once, from whichever grading thread), so an implementation needs no lock
 * of its own; a slow one holds up the others' events, not their grading.
 *
 * <p>For each submission: {@link #submissionStarted}, test events, then exactly one of
 * {@link #submissionGraded} and {@link #submissionNotGraded}; or only
 * {@link #submissionNotGraded}, when the run was cancelled before it started.
 */
public interface GradingEvents {

    GradingEvents NONE = new GradingEvents() {
    };

    default void submissionStarted(PlannedSubmission submission) {
    }

    default void testStarted(PlannedSubmission submission, PlannedTest test) {
    }

    /** A test that passed or was not run (a test that never started ends without a start). */
    default void testFinished(PlannedSubmission submission, PlannedTest test, TestOutcome outcome) {
    }

    /**
     * A test that failed, with the verdict of the case that failed it and that case (null when no
     * single case did, e.g. a compile error). By default, {@link #testFinished}.
     */
    default void testFailed(PlannedSubmission submission, PlannedTest test, TestOutcome outcome, Verdict verdict,
                            Counterexample counterexample) {
        testFinished(submission, test, outcome);
    }

    /** The submission's result, complete: every planned test is in it (as the teacher sees it). */
    default void submissionGraded(PlannedSubmission submission, SubmissionResult result) {
    }

    /**
     * The submission has no result: the run was cancelled before it started ({@code started} false)
     * or while it was graded (whatever it got so far is not its grade).
     */
    default void submissionNotGraded(PlannedSubmission submission, String why, boolean started) {
    }
}
