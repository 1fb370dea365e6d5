package org.katajudge.engine;

import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.engine.plan.TestListener;
import org.katajudge.report.Counterexample;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns one submission's test events into JUnit Platform events on its test descriptors: passed, failed (with the case, see {@link TestFailures}), aborted (started, then
 * cut short by an earlier failure), skipped (never started). In student view a hidden test's
 * failure says only that it failed, under the test's student-facing name, without its case.
 */
final class DescriptorEvents implements TestListener {

    private final EngineExecutionListener listener;
    private final boolean holdFailures;
    private final Map<String, TestDescriptor> tests = new LinkedHashMap<>();
    private final Set<String> started = new HashSet<>();
    private final Set<String> finished = new HashSet<>();
    private final List<Map.Entry<TestDescriptor, TestExecutionResult>> held = new ArrayList<>();
    private final boolean studentView;
    private boolean anyFailed;

    /**
     * @param holdFailures keep failed tests' events until {@link #release}, so that what is
     *                     printed then belongs to the first failed test in tools that attribute
     *                     output to the next test that finishes (Surefire)
     * @param studentView  hidden tests say only that they failed
     */
    DescriptorEvents(SubmissionDescriptor submission, EngineExecutionListener listener, boolean holdFailures,
                     boolean studentView) {
        this.listener = listener;
        this.holdFailures = holdFailures;
        this.studentView = studentView;
        for (TestDescriptor child : submission.getChildren()) {
            tests.put(((SubmissionTestDescriptor) child).key(), child);
        }
    }

    @Override
    public void started(PlannedTest planned) {
        started(planned.key());
    }

    private void started(String key) {
        TestDescriptor test = tests.get(key);
        if (test != null && started.add(key)) {
            listener.executionStarted(test);
        }
    }

    @Override
    public void finished(PlannedTest planned, TestOutcome teacherOutcome) {
        if (teacherOutcome.status() == TestOutcome.Status.FAILED) {
            failed(planned, teacherOutcome, null, null);
            return;
        }
        String key = planned.key();
        TestDescriptor test = tests.get(key);
        if (test == null || !finished.add(key)) {
            return;
        }
        TestOutcome outcome = facing(test, teacherOutcome);
        if (outcome.status() == TestOutcome.Status.PASSED) {
            started(key);
            listener.executionFinished(test, TestExecutionResult.successful());
        } else {
            notRun(key, test, outcome.message());
        }
    }

    /** A test that did not run: aborted when it had started, else skipped. */
    private void notRun(String key, TestDescriptor test, String message) {
        finished.add(key);
        if (started.contains(key)) {
            listener.executionFinished(test, TestExecutionResult.aborted(new NotRun(message)));
        } else {
            listener.executionSkipped(test, message);
        }
    }

    @Override
    public void failed(PlannedTest planned, TestOutcome teacherOutcome, Verdict verdict, Counterexample teacherCase) {
        String key = planned.key();
        TestDescriptor test = tests.get(key);
        if (test == null || !finished.add(key)) {
            return;
        }
        TestOutcome outcome = facing(test, teacherOutcome);
        Counterexample counterexample = outcome == teacherOutcome ? teacherCase : null; // a hidden test's case stays hidden
        Verdict kind = verdict == null ? Verdict.RUNTIME_ERROR : verdict;
        started(key);
        anyFailed = true;
        TestExecutionResult failure = TestExecutionResult.failed(
                TestFailures.of(kind, TestFailures.message(kind, outcome, counterexample)));
        if (holdFailures) {
            held.add(Map.entry(test, failure));
        } else {
            listener.executionFinished(test, failure);
        }
    }

    /**
     * Reports the held failures, after {@code first} (e.g. printing the submission's whole
     * result), with no other event in between: the listener is locked meanwhile.
     */
    void release(Runnable first) {
        synchronized (listener) {
            if (!held.isEmpty()) {
                first.run();
            }
            held.forEach(entry -> listener.executionFinished(entry.getKey(), entry.getValue()));
            held.clear();
        }
    }

    /** The outcome as its audience may see it: in student view a hidden test shows only its name and status. */
    private TestOutcome facing(TestDescriptor test, TestOutcome outcome) {
        if (!studentView || !outcome.hidden()) {
            return outcome;
        }
        return outcome.withNameAndMessage(test.getDisplayName(), test.getDisplayName()
                + (outcome.status() == TestOutcome.Status.NOT_RUN ? " not run"
                : outcome.status() == TestOutcome.Status.PASSED ? " passed" : " failed"));
    }

    /** Whether some test failed: then the failure is reported there, not again on the submission. */
    boolean anyFailed() {
        return anyFailed;
    }

    /** Every test the grader did not report (e.g. after a judge error) is skipped. */
    void finishRemaining(String reason) {
        tests.keySet().stream().filter(key -> !finished.contains(key)).toList()
                .forEach(key -> notRun(key, tests.get(key), "not run: " + reason));
    }

    /** A test started and then cut short by an earlier failure; its message says which. */
    static final class NotRun extends RuntimeException {

        private static final long serialVersionUID = 1L;

        NotRun(String message) {
            super(message, null, false, false);
        }
    }
}
