package org.katajudge.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.katajudge.FolderKatas;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A kata written only as a folder, graded by the JUnit Platform engine with {@code katajudge.katas}, as under Surefire. */
class FolderKataEngineTest {

    @Test
    void theEngineGradesSubmissionsOfAFolderKata(@TempDir Path katas) {
        Path folder = FolderKatas.pawnCount(katas);
        Map<String, SubmissionResult> results = new ConcurrentHashMap<>();
        Map<String, String> skipped = new ConcurrentHashMap<>();
        Map<String, TestExecutionResult.Status> finished = new ConcurrentHashMap<>();
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestEngineAutoRegistration(false)
                .addTestEngines(new KataTestEngine())
                .build());
        launcher.execute(LauncherDiscoveryRequestBuilder.request()
                .configurationParameters(Map.of(EngineSettings.KATAS, katas.toString(), EngineSettings.JOBS, "2"))
                .enableImplicitConfigurationParameters(false)
                .selectors(DiscoverySelectors.selectDirectory(folder.resolve("submissions").toString()))
                .build(), new TestExecutionListener() {
                    @Override
                    public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
                        String json = entry.getKeyValuePairs().get(KataTestEngine.RESULT_ENTRY);
                        if (json != null) {
                            SubmissionResult result = ReportJson.fromJson(json);
                            results.put(Path.of(result.submission()).getFileName().toString(), result);
                        }
                    }

                    @Override
                    public void executionSkipped(TestIdentifier test, String reason) {
                        skipped.put(test.getDisplayName(), reason);
                    }

                    @Override
                    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                        // two submissions have tests of the same name: keyed by the whole unique id
                        finished.put(test.getUniqueId() + " " + test.getDisplayName(), result.getStatus());
                    }
                });
        assertEquals(Verdict.ACCEPTED, results.get("streams").verdict(), () -> results.get("streams").message());
        assertEquals("pawn-count", results.get("streams").kata());
        assertTrue(results.get("streams").cases() > 0, "random tests of pawns ran");
        SubmissionResult wrong = results.get("counts-ones-only");
        assertEquals(Verdict.WRONG_ANSWER, wrong.verdict());
        assertTrue(wrong.counterexample().replay().contains("fuzz --katas " + katas + " --kata pawn-count"),
                wrong.counterexample().replay());
        assertEquals("no random tests: empty has no generator, only the fixed examples test it",
                skipped.entrySet().stream().filter(e -> e.getKey().endsWith(" › random tests of empty"))
                        .map(java.util.Map.Entry::getValue).findFirst().orElse(null),
                "a skipped test in every Platform report: " + skipped);
        assertEquals(List.of(TestExecutionResult.Status.SUCCESSFUL), finished.entrySet().stream()
                .filter(e -> e.getKey().contains("streams") && e.getKey().endsWith(" › random tests of pawns"))
                .map(Map.Entry::getValue).toList());
        assertEquals(List.of(TestExecutionResult.Status.FAILED), finished.entrySet().stream()
                .filter(e -> e.getKey().contains("counts-ones-only") && e.getKey().endsWith(" › random tests of pawns"))
                .map(Map.Entry::getValue).toList());
    }
}
