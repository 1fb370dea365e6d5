package org.katajudge.engine;

import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.katajudge.report.TestOutcome;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Turns a {@link Grader}'s test events into JUnit Platform events on the submission's test
 * descriptors: passed, failed (with the case), aborted (started, then cut short by an earlier
 * failure), skipped (never started). In student view a hidden test's failure says only that it
 * failed, under the test's student-facing name.
 */
final class DescriptorEvents implements GradingListener {

    private final EngineExecutionListener listener;
    private final Map<String, TestDescriptor> tests = new LinkedHashMap<>();
    private final Set<String> started = new HashSet<>();
    private final Set<String> finished = new HashSet<>();
    private final boolean studentView;
    private final BooleanSupplier cancelled;

    DescriptorEvents(SubmissionDescriptor submission, EngineExecutionListener listener, boolean studentView,
                     BooleanSupplier cancelled) {
        this.listener = listener;
        this.studentView = studentView;
        this.cancelled = cancelled;
        for (TestDescriptor child : submission.getChildren()) {
            tests.put(((SubmissionTestDescriptor) child).key(), child);
        }
    }

    @Override
    public void started(String key) {
        TestDescriptor test = tests.get(key);
        if (test != null && started.add(key)) {
            listener.executionStarted(test);
        }
    }

    @Override
    public boolean cancelled() {
        return cancelled.getAsBoolean();
    }

    @Override
    public void finished(String key, TestOutcome teacherOutcome) {
        TestDescriptor test = tests.get(key);
        if (test == null || !finished.add(key)) {
            return;
        }
        TestOutcome outcome = studentView && teacherOutcome.hidden()
                ? teacherOutcome.withNameAndMessage(test.getDisplayName(), test.getDisplayName()
                        + (teacherOutcome.status() == TestOutcome.Status.NOT_RUN ? " not run" : " failed"))
                : teacherOutcome;
        boolean wasStarted = started.contains(key);
        switch (outcome.status()) {
            case PASSED -> {
                started(key);
                listener.executionFinished(test, TestExecutionResult.successful());
            }
            case FAILED -> {
                started(key);
                listener.executionFinished(test, TestExecutionResult.failed(new AssertionError(outcome.message())));
            }
            case NOT_RUN -> {
                if (wasStarted) {
                    listener.executionFinished(test, TestExecutionResult.aborted(new IllegalStateException(outcome.message())));
                } else {
                    listener.executionSkipped(test, outcome.message());
                }
            }
        }
    }

    /** Every test the grader did not report (e.g. after a judge error) is skipped. */
    void finishRemaining(String reason) {
        tests.keySet().stream().filter(key -> !finished.contains(key)).toList()
                .forEach(key -> finished(key, new TestOutcome(key, "", null, TestOutcome.Status.NOT_RUN,
                        "not run: " + reason, 0, 0, false, 0, 0, false)));
    }
}
