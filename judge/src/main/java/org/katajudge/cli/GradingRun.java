package org.katajudge.cli;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.reporting.legacy.xml.LegacyXmlReportGeneratingListener;
import org.katajudge.engine.KataTestEngine;
import org.katajudge.engine.Submission;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.ReportJson;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Timings;
import org.katajudge.report.Verdict;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Grades submissions through the JUnit Platform Launcher with the {@link KataTestEngine}, and
 * collects each submission's result as the engine publishes it. Every submission gets a result:
 * one the engine could not report becomes a {@link Verdict#JUDGE_ERROR}.
 */
final class GradingRun {

    private GradingRun() {
    }

    /**
     * @param submissions the submissions, already found and checked by the caller
     * @param config      the engine's configuration parameters
     * @param junitXml    a directory for JUnit XML reports
     * @param live        called with each result as it is ready (from grading threads, one at a time)
     * @return the results, ordered by submission path
     */
    static List<SubmissionResult> run(List<Submission> submissions, Map<String, String> config,
                                      Optional<Path> junitXml, Consumer<SubmissionResult> live) {
        Map<String, SubmissionResult> results = new ConcurrentHashMap<>();
        Map<String, String> notGraded = new ConcurrentHashMap<>(); // display name -> why
        TestExecutionListener collector = new TestExecutionListener() {
            @Override
            public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
                String json = entry.getKeyValuePairs().get(KataTestEngine.RESULT_ENTRY);
                if (json != null) {
                    SubmissionResult result = ReportJson.fromJson(json);
                    results.put(result.submission(), result);
                    synchronized (GradingRun.class) {
                        live.accept(result);
                    }
                }
            }

            @Override
            public void executionSkipped(TestIdentifier test, String reason) {
                notGraded.put(test.getDisplayName(), reason);
            }

            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                // The engine's or a submission's own failure: said when the submission has no result.
                result.getThrowable().ifPresent(e -> notGraded.putIfAbsent(
                        test.getParentId().isEmpty() ? "" : test.getDisplayName(), e.toString()));
            }
        };
        // Selectors by path string, not File: a File selector would make the paths absolute,
        // and reports show submissions as the user named them.
        List<DiscoverySelector> selectors = submissions.stream()
                .map(s -> Files.isDirectory(s.path()) ? DiscoverySelectors.selectDirectory(s.path().toString())
                        : (DiscoverySelector) DiscoverySelectors.selectFile(s.path().toString()))
                .toList();
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectors)
                .configurationParameters(config)
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
        junitXml.ifPresent(dir -> listeners.add(new LegacyXmlReportGeneratingListener(dir, new PrintWriter(new StringWriter()))));
        try {
            launcher.execute(request, listeners.toArray(TestExecutionListener[]::new));
        } catch (RuntimeException e) {
            notGraded.put("", e.toString());
        }
        List<SubmissionResult> ordered = new ArrayList<>();
        for (Submission submission : submissions) {
            SubmissionResult result = results.get(submission.displayPath());
            if (result == null) {
                // never lost: a submission the engine did not grade is the judge's failure, and says why
                String why = notGraded.getOrDefault(submission.kataId() + " " + submission.displayPath(),
                        notGraded.getOrDefault("", "the engine reported no result"));
                result = judgeError(submission, why);
                live.accept(result);
            }
            ordered.add(result);
        }
        ordered.sort(Comparator.comparing(SubmissionResult::submission));
        return ordered;
    }

    private static SubmissionResult judgeError(Submission submission, String why) {
        return ResultBounds.apply(new SubmissionResult(submission.displayPath(), submission.student(), submission.kataId(),
                Verdict.JUDGE_ERROR, "judge error (not the submission's fault): " + why, 0, 0, List.of(), 0, 0,
                new Timings(0, 0, 0), CapturedOutput.NONE, null, List.of(), List.of(), List.of(), null));
    }
}
