package org.katajudge.engine;

import org.katajudge.report.Counterexample;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

/**
 * Hears about each test of a submission as it starts and ends, so a test plan can report them
 * live. Test keys: {@code compile}, {@code example:<name>}, {@code random:<method>}.
 */
public interface GradingListener {

    GradingListener NONE = new GradingListener() {
        @Override
        public void started(String testKey) {
        }

        @Override
        public void finished(String testKey, TestOutcome outcome) {
        }
    };

    void started(String testKey);

    void finished(String testKey, TestOutcome outcome);

    /**
     * A test that failed: its outcome, the verdict of the case that failed it, and that case
     * (null when no single case did, e.g. a compile error). Listeners that only need the
     * outcome get {@link #finished}.
     */
    default void failed(String testKey, TestOutcome outcome, Verdict verdict, Counterexample counterexample) {
        finished(testKey, outcome);
    }

    /** Whether grading was cancelled (Ctrl-C): the grader then makes no further call of the submission. */
    default boolean cancelled() {
        return false;
    }

    static String compileKey() {
        return "compile";
    }

    static String exampleKey(String example) {
        return "example:" + example;
    }

    static String randomKey(String method) {
        return "random:" + method;
    }
}
