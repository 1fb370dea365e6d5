package org.katajudge.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.CancellationToken;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherExecutionRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.katajudge.TestHome;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link KataSolutions} class selected the way build tools select tests (a class selector):
 * its submissions are tests of that class, so class-based reports (Surefire) carry them, and
 * finding nothing fails the class instead of passing in silence.
 */
class KataSolutionsTest {

    /** Relative to the directory tests run in (judge/), as in a challenge repository. */
    @KataSolutions("../submissions/chess-square-color/wrong_answer/rank-parity-only")
    static class OneWrongSolution {
    }

    @KataSolutions("../no/such/folder")
    static class NoSuchFolder {
    }

    @KataSolutions
    static class NoPaths {
    }

    static class NotASolutionsClass {
    }

    @Test
    void theSubmissionsAreTestsOfTheClassWithItsSource() {
        TestPlan plan = launcher().discover(request(Map.of(), OneWrongSolution.class));
        TestIdentifier engine = plan.getRoots().iterator().next();
        List<TestIdentifier> classes = List.copyOf(plan.getChildren(engine));
        assertEquals(1, classes.size());
        TestIdentifier type = classes.get(0);
        assertEquals(ClassSource.from(OneWrongSolution.class), type.getSource().orElseThrow(),
                "Surefire reports only tests below a class source");
        List<String> submissions = plan.getChildren(type).stream().map(TestIdentifier::getDisplayName).toList();
        assertEquals(List.of("chess-square-color › rank-parity-only"), submissions);
    }

    @Test
    void aWrongSolutionFailsWithTheCaseDrawnAndAMavenReplayAndNoStackTrace() {
        Events events = run(Map.of(), OneWrongSolution.class);
        Throwable random = events.failure("chess-square-color › rank-parity-only › enumerated cases of isLight");
        assertInstanceOf(AssertionError.class, random, "a wrong answer is a failure");
        assertEquals(0, random.getStackTrace().length, "no judge stack frames");
        assertEquals(null, random.getCause());
        String message = random.getMessage();
        assertTrue(message.startsWith("wrong answer: isLight returned "), message);
        assertTrue(message.contains("\ninput, isLight:\n    square "), message);
        assertTrue(message.contains("\nexpected: "), message);
        assertTrue(message.contains("\nwhy:      "), message);
        assertTrue(message.contains("\nreplay:   mvn test -Dtest=OneWrongSolution"
                + " -Dkatajudge.paths=../submissions/chess-square-color/wrong_answer/rank-parity-only"
                + " -Dkatajudge.replay.method=isLight -Dkatajudge.replay.choices="), message);

        Throwable example = events.failure("chess-square-color › rank-parity-only › example d3");
        assertTrue(example.getMessage().contains("input (example \"d3\"), isLight:\n    square d3"), example.getMessage());
        assertTrue(example.getMessage().endsWith("replay:   mvn test -Dtest=OneWrongSolution"
                + " -Dkatajudge.paths=../submissions/chess-square-color/wrong_answer/rank-parity-only"), example.getMessage());
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, events.finished.get("OneWrongSolution"));
    }

    @Test
    void theConfiguredPathsReplaceTheAnnotationsSoACommandLineCanNarrowARun() {
        Path accepted = TestHome.submissions().resolve("chess-square-color/accepted/parity-formula");
        Events events = run(Map.of(EngineSettings.PATHS, accepted.toString()), OneWrongSolution.class);
        assertTrue(events.finished.containsKey("chess-square-color › parity-formula"), events.finished::toString);
        assertFalse(events.finished.keySet().stream().anyMatch(k -> k.contains("rank-parity-only")), events.finished::toString);
        assertTrue(events.failures.isEmpty(), events.failures::toString);
    }

    @Test
    void findingNoSolutionFailsTheClassLoudly(@TempDir Path empty) {
        Events events = run(Map.of(EngineSettings.PATHS, empty.toString()), OneWrongSolution.class);
        Throwable failure = events.failure("OneWrongSolution");
        assertTrue(failure.getMessage().startsWith("nothing to grade: no submissions below " + empty), failure.getMessage());
        assertEquals(0, failure.getStackTrace().length);

        Throwable missing = run(Map.of(), NoSuchFolder.class).failure("NoSuchFolder");
        assertTrue(missing.getMessage().startsWith("no such file or directory: ../no/such/folder"), missing.getMessage());
        assertTrue(missing.getMessage().contains("relative paths start at "), missing.getMessage());

        Throwable none = run(Map.of(), NoPaths.class).failure("NoPaths");
        assertTrue(none.getMessage().contains("@KataSolutions(\"solutions\")"), none.getMessage());
    }

    @Test
    void aClassWithAProblemIsKeptInThePlanSoToolsThatDropEmptyClassesStillRunIt() {
        TestPlan plan = launcher().discover(request(Map.of(), NoSuchFolder.class));
        assertTrue(plan.containsTests(), "Surefire runs only classes whose plan contains tests");
    }

    @Test
    void aTestSelectedByItsUniqueIdIsGradedAgainAndReportedAloneAsToolsRerunFailures() {
        TestPlan plan = launcher().discover(request(Map.of(), OneWrongSolution.class));
        String failed = plan.getDescendants(plan.getRoots().iterator().next()).stream()
                .filter(t -> t.getDisplayName().equals("chess-square-color › rank-parity-only › example d3"))
                .findFirst().orElseThrow().getUniqueId();
        Events events = new Events();
        launcher().execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectUniqueId(failed))
                .configurationParameter(EngineSettings.CASES, "50")
                .configurationParameter(EngineSettings.PRINT_RESULTS, "false") // the IT checks the printing
                .enableImplicitConfigurationParameters(false).build(), events);
        assertEquals(Map.of("OneWrongSolution", TestExecutionResult.Status.SUCCESSFUL,
                        "chess-square-color › rank-parity-only", TestExecutionResult.Status.SUCCESSFUL,
                        "chess-square-color › rank-parity-only › example d3", TestExecutionResult.Status.FAILED,
                        "kata-judge", TestExecutionResult.Status.SUCCESSFUL),
                events.finished, "the selected test, failing again, and nothing else");
    }

    @Test
    void aCancelledRunGradesNothingMore() {
        // Platform 6's cancellation (Surefire's skipAfterFailureCount), found at run time: the engine links no 6.0 API
        CancellationToken token = CancellationToken.create();
        Events events = new Events();
        Map<String, String> skipped = new ConcurrentHashMap<>();
        launcher().execute(LauncherExecutionRequestBuilder.request(request(Map.of(), OneWrongSolution.class))
                .listeners(events, new TestExecutionListener() {
                    @Override
                    public void executionStarted(TestIdentifier test) {
                        if (test.getDisplayName().equals("OneWrongSolution")) {
                            token.cancel(); // as a failure elsewhere would, once the class runs
                        }
                    }

                    @Override
                    public void executionSkipped(TestIdentifier test, String reason) {
                        skipped.put(test.getDisplayName(), reason);
                    }
                }).cancellationToken(token).build());
        assertTrue(events.failures.isEmpty(), events.failures::toString);
        assertFalse(events.finished.containsKey("chess-square-color › rank-parity-only"), events.finished::toString);
        assertEquals(KataTestEngine.INTERRUPTED, skipped.get("chess-square-color › rank-parity-only"), "the engine saw the token: " + skipped);
    }

    @Test
    void otherClassesAreNotOurs() {
        TestPlan plan = launcher().discover(request(Map.of(EngineSettings.PATHS, TestHome.submissions().toString()),
                NotASolutionsClass.class));
        TestIdentifier engine = plan.getRoots().iterator().next();
        assertTrue(plan.getChildren(engine).isEmpty(), "katajudge.paths alone grades nothing when classes are selected");
    }

    private static org.junit.platform.launcher.Launcher launcher() {
        return LauncherFactory.create(LauncherConfig.builder()
                .enableTestEngineAutoRegistration(false)
                .addTestEngines(new KataTestEngine())
                .build());
    }

    private static LauncherDiscoveryRequest request(Map<String, String> config, Class<?> type) {
        return LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(type))
                .configurationParameters(config)
                .configurationParameter(EngineSettings.CASES, "50")
                .configurationParameter(EngineSettings.PRINT_RESULTS, "false") // the IT checks the printing
                .enableImplicitConfigurationParameters(false)
                .build();
    }

    private static Events run(Map<String, String> config, Class<?> type) {
        Events events = new Events();
        launcher().execute(request(config, type), events);
        return events;
    }

    /** Results by display name. */
    private static final class Events implements TestExecutionListener {
        final Map<String, TestExecutionResult.Status> finished = new ConcurrentHashMap<>();
        final Map<String, Throwable> failures = new ConcurrentHashMap<>();

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            finished.put(test.getDisplayName(), result.getStatus());
            if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                failures.put(test.getDisplayName(), result.getThrowable().orElseThrow());
            }
        }

        Throwable failure(String name) {
            Throwable failure = failures.get(name);
            assertTrue(failure != null, () -> "no failure of " + name + " in " + failures.keySet() + ", finished: " + finished);
            return failure;
        }
    }
}
