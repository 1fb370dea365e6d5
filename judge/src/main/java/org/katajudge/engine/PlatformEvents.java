package org.katajudge.engine;

import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SafeText;
import org.katajudge.report.StudentView;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's events as JUnit Platform events on the test tree: each submission started and
 * finished, its tests through its {@link DescriptorEvents}, and its complete result published as
 * JSON in a report entry keyed {@link KataTestEngine#RESULT_ENTRY} (as students may see it, in
 * the student view). A verdict shows on the test that failed; only a verdict no test carries (the
 * judge failed, the class could not be loaded) fails the submission itself.
 */
final class PlatformEvents implements GradingEvents {

    private final EngineExecutionListener listener;
    private final boolean print;
    private final boolean studentView;
    private final Map<PlannedSubmission, SubmissionDescriptor> descriptors = new IdentityHashMap<>();
    private final Map<SubmissionDescriptor, DescriptorEvents> tests = new HashMap<>();

    /**
     * @param print whether to print the whole result of a failing submission as its first failed
     *              test's output (so it reaches the files Surefire writes, {@code <system-out>})
     */
    PlatformEvents(List<SubmissionDescriptor> submissions, EngineExecutionListener listener, boolean print,
                   boolean studentView) {
        this.listener = listener;
        this.print = print;
        this.studentView = studentView;
        submissions.forEach(d -> descriptors.put(d.planned(), d));
    }

    @Override
    public void submissionStarted(PlannedSubmission submission) {
        SubmissionDescriptor descriptor = descriptors.get(submission);
        listener.executionStarted(descriptor);
        tests.put(descriptor, new DescriptorEvents(descriptor, listener, print, studentView));
    }

    @Override
    public void testStarted(PlannedSubmission submission, PlannedTest test) {
        tests(submission).started(test);
    }

    @Override
    public void testFinished(PlannedSubmission submission, PlannedTest test, TestOutcome outcome) {
        tests(submission).finished(test, outcome);
    }

    @Override
    public void testFailed(PlannedSubmission submission, PlannedTest test, TestOutcome outcome, Verdict verdict,
                           Counterexample counterexample) {
        tests(submission).failed(test, outcome, verdict, counterexample);
    }

    @Override
    public void submissionGraded(PlannedSubmission submission, SubmissionResult teacherResult) {
        SubmissionDescriptor descriptor = descriptors.get(submission);
        DescriptorEvents events = tests.remove(descriptor);
        try {
            SubmissionResult result = studentView ? StudentView.of(teacherResult) : teacherResult;
            String json = ReportJson.toJson(result);
            // Surefire drops report entries but keeps a test's output in its report files
            events.release(() -> System.out.println(KataTestEngine.RESULT_OUTPUT_PREFIX + json));
            events.finishRemaining(result.message());
            listener.reportingEntryPublished(descriptor, ReportEntry.from(KataTestEngine.RESULT_ENTRY, json));
            boolean untold = result.verdict() != Verdict.ACCEPTED && !events.anyFailed();
            listener.executionFinished(descriptor, untold
                    ? TestExecutionResult.failed(TestFailures.of(result.verdict(), SafeText.oneLine(result.message())))
                    : TestExecutionResult.successful());
        } catch (RuntimeException | Error e) {
            // A listener failed: the submission is finished as failed, saying why.
            listener.executionFinished(descriptor, TestExecutionResult.failed(e));
        }
    }

    @Override
    public void submissionNotGraded(PlannedSubmission submission, String why, boolean started) {
        SubmissionDescriptor descriptor = descriptors.get(submission);
        DescriptorEvents events = tests.remove(descriptor);
        if (!started || events == null) {
            listener.executionSkipped(descriptor, why);
            return;
        }
        events.release(() -> { });
        events.finishRemaining(why);
        listener.executionFinished(descriptor, TestExecutionResult.aborted(new KataTestEngine.InterruptedGradingException()));
    }

    private DescriptorEvents tests(PlannedSubmission submission) {
        return tests.get(descriptors.get(submission));
    }
}
