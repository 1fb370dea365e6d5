package org.katajudge.server;

import org.katajudge.engine.plan.Submission;
import org.katajudge.report.SubmissionResult;

import java.util.List;

/**
 * Everything the server needs from grading, in one small interface: one submission in, its tests'
 * events as they happen, one result out. The server never talks to the engine otherwise, so that
 * it runs on the engine's typed API in one class ({@link EngineAttemptGrader}).
 */
public interface AttemptGrader {

    /**
     * Grades one submission as {@code grade} grades it (the same sandbox, the same seed), in the
     * teacher's view: the caller shows students {@link StudentFacing#result} of it, never the result itself.
     *
     * @param submission what to grade
     * @param mode       the fixed examples only, or the full grade
     * @param extra      more fixed examples to run with the kata's own (a student's saved cases);
     *                   visible, and never part of a full grade
     * @param events     told of each test as it starts and ends, from the grading thread
     * @return the result; never null, and a {@code JUDGE_ERROR} result rather than an exception
     */
    SubmissionResult grade(Submission submission, Mode mode, List<SavedCase> extra, TestEvents events);

    /**
     * Cancels every grading under way (the server stops): each returns soon, with a result that
     * is not the submission's grade, and the caller keeps the attempt for the next start.
     */
    void cancelAll();

    /** Hears of a submission's tests as they run. */
    interface TestEvents {

        TestEvents NONE = event -> { };

        void test(TestEvent event);
    }
}
