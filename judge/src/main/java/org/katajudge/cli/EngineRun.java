package org.katajudge.cli;

import org.junit.platform.engine.CancellationToken;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherExecutionRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.reporting.open.xml.OpenTestReportGeneratingListener;
import org.katajudge.engine.EngineOptions;
import org.katajudge.engine.EngineStart;
import org.katajudge.engine.GradingEngine;
import org.katajudge.engine.GradingEvents;
import org.katajudge.engine.GradingOutcome;
import org.katajudge.engine.KataTestEngine;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.Submission;
import org.katajudge.report.StudentView;
import org.katajudge.report.SubmissionResult;
import org.katajudge.sandbox.SandboxException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How a command grades: it opens the {@link GradingEngine} (checking the sandbox works here
 * before anything is graded), grades its plan and hears each result as it is ready. Results
 * come back as objects, in process.
 *
 * <p>With {@code --open-test-report} the plan is graded through the JUnit Platform Launcher
 * instead, by the {@link KataTestEngine} on the same engine and plan, since the Platform's Open
 * Test Reporting listener writes that file from the Platform's events: the one reason the
 * command line uses the Platform. Either way the command hears the same events and gets the
 * same outcome.
 */
final class EngineRun {

    private EngineRun() {
    }

    /**
     * An engine ready to grade.
     *
     * @throws UsageException when the isolation asked for does not work here
     */
    static GradingEngine open(String command, EngineOptions options) throws UsageException {
        return open(command, GradingEngine.start(options));
    }

    /**
     * The engine of {@code start}, begun earlier (its compiler worker booting, its sandbox checked
     * while the command read its inputs).
     *
     * @throws UsageException when the isolation asked for does not work here
     */
    static GradingEngine open(String command, EngineStart start) throws UsageException {
        try {
            return start.open();
        } catch (SandboxException e) {
            throw new UsageException(command + ": " + e.getMessage());
        }
    }

    /**
     * Grades {@code plan}.
     *
     * @param studentView    whether results are shown as students may see them: {@code live} gets them so
     * @param openTestReport a directory for the Platform's Open Test Reporting XML ({@code open-test-report.xml})
     * @param live           called with each result as it is ready, one at a time
     * @param cancel         cancels the run: submissions not finished by then are not graded
     */
    static GradingOutcome grade(GradingEngine engine, GradingPlan plan, boolean studentView, Optional<Path> openTestReport,
                                Consumer<SubmissionResult> live, CancellationToken cancel) {
        GradingEvents events = new GradingEvents() {
            @Override
            public void submissionGraded(PlannedSubmission submission, SubmissionResult result) {
                live.accept(studentView ? StudentView.of(result) : result);
            }
        };
        if (openTestReport.isEmpty()) {
            return engine.grade(plan, events, cancel::isCancellationRequested);
        }
        KataTestEngine platform = KataTestEngine.grading(engine, plan, studentView, events);
        RuntimeException failure = null;
        try {
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .configurationParameters(Map.of("junit.platform.reporting.open.xml.enabled", "true",
                            "junit.platform.reporting.output.dir", openTestReport.get().toString()))
                    .enableImplicitConfigurationParameters(false)
                    .build();
            LauncherFactory.create(LauncherConfig.builder()
                            .enableTestEngineAutoRegistration(false)
                            .enableLauncherSessionListenerAutoRegistration(false)
                            .enableLauncherDiscoveryListenerAutoRegistration(false)
                            .enablePostDiscoveryFilterAutoRegistration(false)
                            .enableTestExecutionListenerAutoRegistration(false)
                            .addTestEngines(platform)
                            .build())
                    .execute(LauncherExecutionRequestBuilder.request(request)
                            .listeners(new TestExecutionListener[] {new OpenTestReportGeneratingListener()})
                            .cancellationToken(cancel)
                            .build());
        } catch (RuntimeException e) {
            failure = e;
        }
        if (platform.outcome().isPresent()) {
            return platform.outcome().get();
        }
        // never lost: the Platform that did not run the engine is the judge's failure, said in every result
        String why = failure != null ? failure.toString() : "the engine reported no result";
        boolean interrupted = cancel.isCancellationRequested();
        List<Submission> submissions = plan.submissions().stream().map(PlannedSubmission::submission).toList();
        if (interrupted) {
            return new GradingOutcome(List.of(), submissions, true);
        }
        List<SubmissionResult> results = submissions.stream().map(s -> GradingOutcome.judgeError(s, why)).toList();
        results.forEach(live);
        return new GradingOutcome(results, List.of(), false);
    }
}
