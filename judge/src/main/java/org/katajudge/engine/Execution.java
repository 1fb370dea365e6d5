package org.katajudge.engine;

import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.report.Counterexample;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.SandboxException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/**
 * The {@link KataTestEngine}'s execution: the test tree graded by a {@link GradingEngine}, the
 * submissions of the root first, then each {@link KataSolutions} class's (replay commands in the
 * form of the build that ran it), every event told to the Platform as it happens
 * ({@link PlatformEvents}). A class whose submissions could not be found fails with the problem;
 * an engine that cannot start (a sandbox that does not work here, a bad configuration) skips
 * every submission, saying why.
 */
final class Execution {

    private final ExecutionRequest request;
    private final EngineExecutionListener listener;
    private final BooleanSupplier cancelled;

    private Execution(ExecutionRequest request) {
        this.request = request;
        this.listener = new SynchronizedListener(request.getEngineExecutionListener());
        this.cancelled = Cancellation.of(request);
    }

    /** Grades the tree with an engine of its own, configured by the request's parameters. */
    static void run(ExecutionRequest request, UnaryOperator<SourceCompiler> compilers) {
        Execution execution = new Execution(request);
        ConfigurationParameters parameters = request.getConfigurationParameters();
        execution.start();
        GradingOptions options;
        GradingEngine engine;
        try {
            options = EngineSettings.options(parameters);
            engine = GradingEngine.open(EngineSettings.engineOptions(parameters), compilers);
        } catch (SandboxException | RuntimeException e) {
            execution.notGraded(e instanceof SandboxException ? e.getMessage() : "bad configuration: " + e.getMessage());
            return;
        }
        try (engine) {
            execution.grade(engine, options, EngineSettings.studentView(parameters), EngineSettings.printResults(parameters),
                    EngineSettings.command(parameters), GradingEvents.NONE);
        }
        execution.end();
    }

    /** Grades the tree of a plan made in this process, with the caller's engine, telling {@code also} too. */
    static GradingOutcome run(ExecutionRequest request, InProcess run) {
        Execution execution = new Execution(request);
        execution.start();
        GradingOutcome outcome = execution.grade(run.engine(), run.plan().options(), run.studentView(), false,
                Optional.empty(), run.events());
        execution.end();
        return outcome;
    }

    private void start() {
        TestDescriptor root = request.getRootTestDescriptor();
        listener.executionStarted(root);
        if (root instanceof EngineRoot engine) {
            engine.warnings.forEach(w -> listener.reportingEntryPublished(root, ReportEntry.from(KataTestEngine.WARNING_ENTRY, w)));
        }
    }

    private void end() {
        listener.executionFinished(request.getRootTestDescriptor(), TestExecutionResult.successful());
    }

    /** The root's submissions, then each class's; the outcome of the root's. */
    private GradingOutcome grade(GradingEngine engine, GradingOptions options, boolean studentView, boolean print,
                                 Optional<String> command, GradingEvents also) {
        GradingOutcome direct = grade(engine, submissions(request.getRootTestDescriptor()), options, studentView, false,
                also);
        for (SolutionsClassDescriptor solutions : classes()) {
            listener.executionStarted(solutions);
            if (solutions.problem().isPresent()) {
                listener.executionFinished(solutions, TestExecutionResult.failed(new JudgeError(solutions.problem().get())));
                continue;
            }
            // replay commands in the form of the build that ran this class, unless configured
            grade(engine, submissions(solutions), options.withCommand(command.orElse("mvn test -Dtest="
                    + solutions.testClass().getSimpleName())), studentView, print, also);
            listener.executionFinished(solutions, TestExecutionResult.successful());
        }
        return direct;
    }

    private GradingOutcome grade(GradingEngine engine, List<SubmissionDescriptor> submissions, GradingOptions options,
                                 boolean studentView, boolean print, GradingEvents also) {
        GradingPlan plan = GradingPlan.of(submissions.stream().map(SubmissionDescriptor::planned).toList(), options);
        PlatformEvents platform = new PlatformEvents(submissions, listener, print, studentView);
        return engine.grade(plan, also == GradingEvents.NONE ? platform : new Both(platform, also), cancelled);
    }

    /** The engine could not start: every submission is skipped and every class fails, saying why. */
    private void notGraded(String why) {
        TestDescriptor root = request.getRootTestDescriptor();
        List<SubmissionDescriptor> direct = submissions(root);
        direct.forEach(s -> listener.executionSkipped(s, why));
        for (SolutionsClassDescriptor solutions : classes()) {
            listener.executionStarted(solutions);
            listener.executionFinished(solutions, TestExecutionResult.failed(new JudgeError(why)));
        }
        listener.executionFinished(root, direct.isEmpty() ? TestExecutionResult.successful()
                : TestExecutionResult.failed(new JudgeError(why)));
    }

    private static List<SubmissionDescriptor> submissions(TestDescriptor parent) {
        List<SubmissionDescriptor> submissions = new ArrayList<>();
        parent.getChildren().forEach(child -> {
            if (child instanceof SubmissionDescriptor submission) {
                submissions.add(submission);
            }
        });
        return submissions;
    }

    private List<SolutionsClassDescriptor> classes() {
        List<SolutionsClassDescriptor> classes = new ArrayList<>();
        request.getRootTestDescriptor().getChildren().forEach(child -> {
            if (child instanceof SolutionsClassDescriptor solutions) {
                classes.add(solutions);
            }
        });
        return classes;
    }

    /**
     * A plan graded in this process through the Platform (the judge's command line, for the
     * Platform's Open Test Reporting): its engine, its plan, and the caller's own events.
     */
    record InProcess(GradingEngine engine, GradingPlan plan, boolean studentView, GradingEvents events) {
    }

    /** The Platform's events and the caller's, in that order. */
    private record Both(GradingEvents first, GradingEvents second) implements GradingEvents {

        @Override
        public void submissionStarted(PlannedSubmission submission) {
            first.submissionStarted(submission);
            second.submissionStarted(submission);
        }

        @Override
        public void testStarted(PlannedSubmission submission, PlannedTest test) {
            first.testStarted(submission, test);
            second.testStarted(submission, test);
        }

        @Override
        public void testFinished(PlannedSubmission submission, PlannedTest test, TestOutcome outcome) {
            first.testFinished(submission, test, outcome);
            second.testFinished(submission, test, outcome);
        }

        @Override
        public void testFailed(PlannedSubmission submission, PlannedTest test, TestOutcome outcome, Verdict verdict,
                               Counterexample counterexample) {
            first.testFailed(submission, test, outcome, verdict, counterexample);
            second.testFailed(submission, test, outcome, verdict, counterexample);
        }

        @Override
        public void submissionGraded(PlannedSubmission submission, SubmissionResult result) {
            first.submissionGraded(submission, result);
            second.submissionGraded(submission, result);
        }

        @Override
        public void submissionNotGraded(PlannedSubmission submission, String why, boolean started) {
            first.submissionNotGraded(submission, why, started);
            second.submissionNotGraded(submission, why, started);
        }
    }
}
