package org.katajudge.engine.plan;

import org.katajudge.report.Counterexample;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

/** Hears about each planned test of one submission as it starts and ends, so a front end can show them live. */
public interface TestListener {

    TestListener NONE = new TestListener() {
        @Override
        public void started(PlannedTest test) {
        }

        @Override
        public void finished(PlannedTest test, TestOutcome outcome) {
        }
    };

    void started(PlannedTest test);

    /** A test that ended: passed, or not run (a test that never started ends without a start). */
    void finished(PlannedTest test, TestOutcome outcome);

    /**
     * A test that failed: its outcome, the verdict of the case that failed it, and that case
     * (null when no single case did, e.g. a compile error). Listeners that only need the outcome
     * get {@link #finished}.
     */
    default void failed(PlannedTest test, TestOutcome outcome, Verdict verdict, Counterexample counterexample) {
        finished(test, outcome);
    }
}
