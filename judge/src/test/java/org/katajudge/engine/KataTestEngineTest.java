package org.katajudge.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.katajudge.TestHome;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The judge as a JUnit Platform engine, driven by a Launcher the way any Platform tool drives it. */
class KataTestEngineTest {

    private static final Path SQUARES = TestHome.submissions().resolve("chess-square-color");

    @Test
    void eachSubmissionIsAContainerOfCompileExamplesAndRandomTests() {
        TestPlan plan = launcher().discover(request(Map.of(),
                SQUARES.resolve("accepted/parity-formula"), TestHome.submissions().resolve("checkers-game-over/accepted/direct-scan")));
        List<TestIdentifier> submissions = new ArrayList<>();
        plan.getRoots().forEach(root -> submissions.addAll(plan.getChildren(root)));
        assertEquals(2, submissions.size());
        TestIdentifier checkers = submissions.stream().filter(s -> s.getDisplayName().startsWith("checkers-game-over"))
                .findFirst().orElseThrow();
        assertEquals("checkers-game-over › direct-scan", checkers.getDisplayName(), "which kata, whose");
        List<String> tests = plan.getChildren(checkers).stream().map(TestIdentifier::getDisplayName).toList();
        assertEquals("checkers-game-over › direct-scan › compiles", tests.get(0));
        assertTrue(tests.contains("checkers-game-over › direct-scan › example white: one move"), tests::toString);
        assertEquals(List.of("checkers-game-over › direct-scan › random tests of whiteMoves",
                        "checkers-game-over › direct-scan › random tests of blueMoves",
                        "checkers-game-over › direct-scan › random tests of gameOver"),
                tests.subList(tests.size() - 3, tests.size()));
        assertTrue(checkers.isContainer());
    }

    @Test
    void eventsSayWhatPassedFailedAndWasNotRun() {
        Events events = run(Map.of(), SQUARES.resolve("wrong_answer/rank-parity-only"),
                SQUARES.resolve("compile_error/syntax-error"), SQUARES.resolve("accepted/parity-formula"));
        assertEquals(Verdict.WRONG_ANSWER, events.result("rank-parity-only").verdict());
        assertEquals(TestExecutionResult.Status.FAILED, events.finished.get("rank-parity-only/example d3"));
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, events.finished.get("rank-parity-only/example g5"));
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, events.finished.get("rank-parity-only"),
                "the failure is reported once, on the test that failed, not again on its submission");
        Throwable wrong = events.failures.get("rank-parity-only/example d3");
        assertTrue(wrong instanceof AssertionError, "a wrong answer is a failure: " + wrong);
        assertEquals(0, wrong.getStackTrace().length, "no judge stack frames");

        assertEquals(Verdict.COMPILE_ERROR, events.result("syntax-error").verdict());
        assertEquals(TestExecutionResult.Status.FAILED, events.finished.get("syntax-error/compiles"));
        Throwable compile = events.failures.get("syntax-error/compiles");
        assertFalse(compile instanceof AssertionError, "a compile error is an error, not a failure: " + compile);
        assertTrue(compile.getMessage().startsWith("compile error: SquareColor.java:"), compile.getMessage());
        assertTrue(events.skipped.containsKey("syntax-error/example d3"), "never started, so skipped");
        assertTrue(events.skipped.containsKey("syntax-error/enumerated cases of isLight"));

        assertEquals(Verdict.ACCEPTED, events.result("parity-formula").verdict());
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, events.finished.get("parity-formula"));
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, events.finished.get("parity-formula/enumerated cases of isLight"));
    }

    @Test
    void pathsCanComeFromAConfigurationParameterAsUnderSurefire() {
        Events events = run(Map.of(EngineSettings.PATHS, SQUARES.resolve("accepted").toString()));
        assertEquals(3, events.results.size());
        events.results.values().forEach(r -> assertEquals(Verdict.ACCEPTED, r.verdict(), r.submission()));
    }

    @Test
    void aClassDownloadIsReadIntoStudentsAndWhatIsIgnoredIsSaid(@TempDir Path dir) throws IOException {
        Path kata = dir.resolve("knight-moves");
        Files.createDirectories(kata.resolve("Empty Person_1_assignsubmission_file_"));
        Files.copy(TestHome.submissions().resolve("knight-moves/accepted/closed-form/KnightMoves.java"),
                kata.resolve("nguyenalice_101_5551_KnightMoves-1.java"));
        Files.writeString(kata.resolve("grades.csv"), "name,grade\n");
        Events events = run(Map.of(), kata);
        assertEquals(2, events.results.size(), events.results::toString);
        SubmissionResult canvas = events.results.values().stream().filter(r -> r.student().equals("nguyenalice")).findFirst()
                .orElseThrow();
        assertEquals(Verdict.ACCEPTED, canvas.verdict(), canvas::message);
        SubmissionResult empty = events.results.values().stream().filter(r -> r.student().equals("Empty Person")).findFirst()
                .orElseThrow();
        assertEquals(Verdict.NO_SUBMISSION, empty.verdict());
        assertEquals(1, events.warnings.size(), events.warnings::toString);
        assertTrue(events.warnings.get(0).startsWith("ignored " + kata.resolve("grades.csv")), events.warnings::toString);
    }

    @Test
    void withThePolicyOffTheSandboxStillContainsHostileCode() throws SandboxException, IOException {
        // Defence in depth: what the policy rejects must still be harmless if it ever got through.
        // Only bubblewrap hides the file system; without it this would let hostile code loose here.
        assumeTrue(SandboxLauncher.create(Optional.empty(), Limits.DEFAULT).isolation() == Isolation.BWRAP,
                "bubblewrap is not available: the policy is the only guard, so hostile code is not run unguarded");
        Path marker = Path.of("/tmp/kata-judge-was-here.txt");
        Path pwned = Path.of("/tmp/kata-judge-pwned");
        Files.deleteIfExists(marker); // left by anything else: only what this run writes counts
        Files.deleteIfExists(pwned);
        Events events = run(Map.of(EngineSettings.POLICY, "off"), SQUARES.resolve("rejected"), SQUARES.resolve("accepted"));
        assertEquals(Verdict.RUNTIME_ERROR, events.result("system-exit").verdict());
        assertTrue(events.result("system-exit").message().contains("exited with status 0"), events.result("system-exit").message());
        assertEquals(Verdict.RUNTIME_ERROR, events.result("runtime-halt").verdict());
        assertEquals(Verdict.RUNTIME_ERROR, events.result("exit-in-static-initializer").verdict());
        assertTrue(events.result("exit-in-static-initializer").message().contains("status 42"));
        assertEquals(Verdict.ACCEPTED, events.result("kills-its-parent").verdict(),
                "in its own PID namespace its parent is not the judge, which survives");
        assertEquals(Verdict.ACCEPTED, events.result("opens-a-socket").verdict(), "the connection fails; no network");
        assertFalse(Files.exists(marker), "the file went to a private /tmp");
        assertFalse(Files.exists(pwned));
        assertEquals(Verdict.WRONG_ANSWER, events.result("calls-the-reference-from-the-classpath").verdict(),
                "the reference is nowhere on the child's class path");
        for (String accepted : List.of("char-code-sum", "light-square-table", "parity-formula")) {
            assertEquals(Verdict.ACCEPTED, events.result(accepted).verdict(), accepted);
        }
    }

    private static Launcher launcher() {
        return LauncherFactory.create(LauncherConfig.builder()
                .enableTestEngineAutoRegistration(false)
                .addTestEngines(new KataTestEngine())
                .build());
    }

    private static LauncherDiscoveryRequest request(Map<String, String> config, Path... paths) {
        LauncherDiscoveryRequestBuilder builder = LauncherDiscoveryRequestBuilder.request()
                .configurationParameters(config)
                .enableImplicitConfigurationParameters(false);
        for (Path path : paths) {
            builder.selectors(DiscoverySelectors.selectDirectory(path.toString()));
        }
        return builder.build();
    }

    private static Events run(Map<String, String> config, Path... paths) {
        Events events = new Events();
        launcher().execute(request(config, paths), events);
        return events;
    }

    /** What the Platform reported, keyed by "submission-folder" or "submission-folder/test". */
    private static final class Events implements TestExecutionListener {
        final Map<String, TestExecutionResult.Status> finished = new ConcurrentHashMap<>();
        final Map<String, String> skipped = new ConcurrentHashMap<>();
        final Map<String, SubmissionResult> results = new ConcurrentHashMap<>();
        final Map<String, Throwable> failures = new ConcurrentHashMap<>();
        final List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        private TestPlan plan;

        @Override
        public void testPlanExecutionStarted(TestPlan testPlan) {
            plan = testPlan;
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            finished.put(key(test), result.getStatus());
            result.getThrowable().ifPresent(e -> failures.put(key(test), e));
        }

        @Override
        public void executionSkipped(TestIdentifier test, String reason) {
            skipped.put(key(test), reason);
        }

        @Override
        public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
            String json = entry.getKeyValuePairs().get(KataTestEngine.RESULT_ENTRY);
            if (json != null) {
                results.put(key(test), ReportJson.fromJson(json));
            }
            String warning = entry.getKeyValuePairs().get(KataTestEngine.WARNING_ENTRY);
            if (warning != null) {
                warnings.add(warning);
            }
        }

        SubmissionResult result(String submission) {
            SubmissionResult result = results.get(submission);
            assertTrue(result != null, () -> "no result for " + submission + " in " + results.keySet());
            return result;
        }

        /** "kata › who" is keyed "who", "kata › who › test" is "who/test"; the engine and classes by their names. */
        private String key(TestIdentifier test) {
            String[] parts = test.getDisplayName().split(" › ");
            return parts.length == 1 ? parts[0] : parts.length == 2 ? parts[1] : parts[1] + "/" + parts[2];
        }
    }
}
