package org.katajudge.cli;

import org.junit.platform.engine.CancellationToken;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherExecutionRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.reporting.open.xml.OpenTestReportGeneratingListener;
import org.katajudge.engine.KataTestEngine;
import org.katajudge.engine.Submission;
import org.katajudge.engine.SubmissionSelector;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.ReportJson;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Timings;
import org.katajudge.report.Verdict;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Grades submissions through the JUnit Platform Launcher with the {@link KataTestEngine}, and
 * collects each submission's result as the engine publishes it. Every submission gets a result:
 * one the engine could not report becomes a {@link Verdict#JUDGE_ERROR}; only when the run is
 * cancelled (Ctrl-C) are submissions left without one, and they are listed as not graded.
 */
final class GradingRun {

    /**
     * What a run graded.
     *
     * @param results     one per graded submission, ordered by submission path
     * @param notGraded   the submissions without a result because the run was interrupted, in the order given
     * @param interrupted whether the run was cancelled before it ended
     */
    record Outcome(List<SubmissionResult> results, List<Submission> notGraded, boolean interrupted) {

        /** Nothing to grade (an empty shard). */
        static final Outcome NONE = new Outcome(List.of(), List.of(), false);

        Outcome {
            results = List.copyOf(results);
            notGraded = List.copyOf(notGraded);
        }
    }

    private GradingRun() {
    }

    /** A run that cannot be cancelled: every submission gets a result. */
    static List<SubmissionResult> run(List<Submission> submissions, Map<String, String> config,
                                      Optional<Path> openTestReport, Consumer<SubmissionResult> live) {
        return run(submissions, config, openTestReport, live, CancellationToken.disabled()).results();
    }

    /**
     * @param submissions the submissions, already found and checked by the caller
     * @param config      the engine's configuration parameters
     * @param openTestReport a directory for the Platform's Open Test Reporting XML ({@code open-test-report.xml})
     * @param live        called with each result as it is ready (from grading threads, one at a time)
     * @param cancel      cancels the run: submissions not finished by then are not graded
     */
    static Outcome run(List<Submission> submissions, Map<String, String> config, Optional<Path> openTestReport,
                       Consumer<SubmissionResult> live, CancellationToken cancel) {
        Map<String, SubmissionResult> results = new ConcurrentHashMap<>();
        Map<String, String> notGraded = new ConcurrentHashMap<>(); // submission path ("" for all) -> why
        TestExecutionListener collector = new TestExecutionListener() {
            @Override
            public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
                String json = entry.getKeyValuePairs().get(KataTestEngine.RESULT_ENTRY);
                if (json != null) {
                    SubmissionResult result = ReportJson.fromJson(json);
                    results.put(key(result.kata(), result.submission()), result);
                    synchronized (GradingRun.class) {
                        live.accept(result);
                    }
                }
            }

            @Override
            public void executionSkipped(TestIdentifier test, String reason) {
                submissionPath(test).ifPresent(path -> notGraded.put(path, reason));
            }

            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                // The engine's or a submission's own failure: said when the submission has no result.
                result.getThrowable().ifPresent(e -> notGraded.putIfAbsent(
                        test.getParentId().isEmpty() ? "" : submissionPath(test).orElse(test.getDisplayName()), e.toString()));
            }
        };
        // The submissions as read, not their paths: the class download is read once, and a
        // student may be a group of files that no one path selects.
        List<DiscoverySelector> selectors = submissions.stream()
                .map(s -> (DiscoverySelector) SubmissionSelector.of(s)).toList();
        Map<String, String> parameters = new HashMap<>(config);
        openTestReport.ifPresent(dir -> {
            parameters.put("junit.platform.reporting.open.xml.enabled", "true");
            parameters.put("junit.platform.reporting.output.dir", dir.toString());
        });
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectors)
                .configurationParameters(parameters)
                .enableImplicitConfigurationParameters(false)
                .build();
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestEngineAutoRegistration(false)
                .enableLauncherSessionListenerAutoRegistration(false)
                .enableLauncherDiscoveryListenerAutoRegistration(false)
                .enablePostDiscoveryFilterAutoRegistration(false)
                .enableTestExecutionListenerAutoRegistration(false)
                .addTestEngines(new KataTestEngine())
                .build());
        List<TestExecutionListener> listeners = new ArrayList<>(List.of(collector));
        openTestReport.ifPresent(dir -> listeners.add(new OpenTestReportGeneratingListener()));
        try {
            launcher.execute(LauncherExecutionRequestBuilder.request(request)
                    .listeners(listeners.toArray(TestExecutionListener[]::new))
                    .cancellationToken(cancel)
                    .build());
        } catch (RuntimeException e) {
            notGraded.put("", e.toString());
        }
        boolean interrupted = cancel.isCancellationRequested();
        List<SubmissionResult> ordered = new ArrayList<>();
        List<Submission> interruptedBefore = new ArrayList<>();
        for (Submission submission : submissions) {
            SubmissionResult result = results.get(key(submission.kataId(), submission.displayPath()));
            if (result == null && interrupted) {
                interruptedBefore.add(submission);
                continue;
            }
            if (result == null) {
                // never lost: a submission the engine did not grade is the judge's failure, and says why
                String why = notGraded.getOrDefault(key(submission.kataId(), submission.displayPath()),
                        notGraded.getOrDefault("", "the engine reported no result"));
                result = judgeError(submission, why);
                live.accept(result);
            }
            ordered.add(result);
        }
        ordered.sort(Comparator.comparing(SubmissionResult::submission).thenComparing(SubmissionResult::kata));
        return new Outcome(ordered, interruptedBefore, interrupted);
    }

    /** The submission a test identifier stands for ({@code <kata> <path>}, as {@link #key}), when it is one. */
    private static Optional<String> submissionPath(TestIdentifier test) {
        UniqueId.Segment last = UniqueId.parse(test.getUniqueId()).getLastSegment();
        return last.getType().equals("submission") ? Optional.of(last.getValue()) : Optional.empty();
    }

    /** Results are told apart by kata and place: a roster line is missing once per kata. */
    private static String key(String kata, String submission) {
        return kata + " " + submission;
    }

    private static SubmissionResult judgeError(Submission submission, String why) {
        return ResultBounds.apply(new SubmissionResult(submission.displayPath(), submission.student(), submission.kataId(),
                Verdict.JUDGE_ERROR, "judge error (not the submission's fault): " + why, 0, 0, List.of(), 0, 0,
                new Timings(0, 0, 0), CapturedOutput.NONE, null, List.of(), submission.notes(), List.of(), null));
    }
}
