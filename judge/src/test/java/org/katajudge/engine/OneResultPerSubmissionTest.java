package org.katajudge.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherFactory;
import org.katajudge.TestHome;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One submission, one result, always: whatever breaks while grading one submission (an Error
 * thrown inside the judge, a source that exhausts the compiler) stays in that submission's
 * result, every other submission of the batch gets its own verdict, and the batch completes.
 */
class OneResultPerSubmissionTest {

    private static final Path SQUARES = TestHome.submissions().resolve("chess-square-color");

    private static final String PARITY = """
            public class SquareColor {
                public static boolean isLight(String coordinate) {
                    return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
                }
            }
            """;

    /** A compiler that breaks the judge, the way a bug of the judge would, for sources that ask for it. */
    private static SourceCompiler breaking(SourceCompiler compiler) {
        return (sources, expected, enforce) -> {
            String text = sources.get(0).text();
            if (text.contains("BREAK: StackOverflowError")) {
                throw new StackOverflowError();
            }
            if (text.contains("BREAK: OutOfMemoryError")) {
                throw new OutOfMemoryError("Java heap space");
            }
            if (text.contains("BREAK: NoClassDefFoundError")) {
                throw new NoClassDefFoundError("org/katajudge/Missing");
            }
            if (text.contains("BREAK: IllegalStateException")) {
                throw new IllegalStateException("a bug");
            }
            return compiler.compile(sources, expected, enforce);
        };
    }

    private static Path submission(Path root, String name, String... files) throws IOException {
        Path folder = root.resolve("chess-square-color").resolve(name);
        Files.createDirectories(folder);
        for (int i = 0; i < files.length; i += 2) {
            Files.writeString(folder.resolve(files[i]), files[i + 1]);
        }
        return folder;
    }

    @Test
    void errorsThrownWhileGradingOneSubmissionStayInItsResult(@TempDir Path root) throws IOException {
        List<Path> paths = new ArrayList<>();
        for (String error : List.of("StackOverflowError", "OutOfMemoryError", "NoClassDefFoundError", "IllegalStateException")) {
            paths.add(submission(root, "breaks-with-" + error, "SquareColor.java", "// BREAK: " + error + "\n" + PARITY));
        }
        paths.addAll(List.of(SQUARES.resolve("accepted"), SQUARES.resolve("wrong_answer/a1-light-inverted"),
                SQUARES.resolve("compile_error/syntax-error"), SQUARES.resolve("rejected/system-exit")));
        Run run = run(Map.of(EngineSettings.JOBS, "2"), OneResultPerSubmissionTest::breaking, paths);

        assertEquals(10, run.results.size(), () -> "one result per submission: " + run.results.keySet());
        for (String error : List.of("StackOverflowError", "OutOfMemoryError", "NoClassDefFoundError", "IllegalStateException")) {
            SubmissionResult result = run.result("breaks-with-" + error);
            assertEquals(Verdict.JUDGE_ERROR, result.verdict(), result.message());
            assertTrue(result.message().startsWith("judge error (not the submission's fault): internal error: java.lang."
                    + error), result.message());
            assertTrue(result.diagnostics().size() <= 20, "a bounded stack trace");
        }
        for (String accepted : List.of("char-code-sum", "light-square-table", "parity-formula")) {
            assertEquals(Verdict.ACCEPTED, run.result(accepted).verdict(), accepted);
        }
        assertEquals(Verdict.WRONG_ANSWER, run.result("a1-light-inverted").verdict());
        assertEquals(Verdict.COMPILE_ERROR, run.result("syntax-error").verdict());
        assertEquals(Verdict.REJECTED, run.result("system-exit").verdict());
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, run.root, "the batch completes");
    }

    @Test
    void sourcesThatExhaustTheCompilerAreCompileErrorsAndTheOthersAreGraded(@TempDir Path root) throws IOException {
        StringBuilder doubling = new StringBuilder("public class SquareColor {\n    static final String A0 = \"0123456789abcdef\";\n");
        for (int i = 1; i < 40; i++) {
            doubling.append("    static final String A").append(i).append(" = A").append(i - 1).append(" + A").append(i - 1).append(";\n");
        }
        doubling.append("    public static boolean isLight(String c) { return A39.isEmpty(); }\n}\n");
        List<Path> paths = new ArrayList<>(List.of(
                submission(root, "doubling-constants", "SquareColor.java", doubling.toString()),
                submission(root, "deep-package-helper", "SquareColor.java", PARITY,
                        "Helper.java", "package " + "a.".repeat(3000) + "a;\nclass Helper { }\n"),
                submission(root, "many-files", "SquareColor.java", PARITY, "Pad1.java", "class Pad1 { }\n" + "//".repeat(3000),
                        "Pad2.java", "class Pad2 { }\n" + "//".repeat(3000)),
                SQUARES.resolve("accepted"), SQUARES.resolve("wrong_answer/rank-parity-only")));
        Run run = run(Map.of(EngineSettings.JOBS, "2", EngineSettings.COMPILE_HEAP, "128",
                EngineSettings.COMPILE_TIME, "5s", EngineSettings.COMPILE_SOURCE_BYTES, "8192"), UnaryOperator.identity(), paths);

        assertEquals(7, run.results.size(), () -> "one result per submission: " + run.results.keySet());
        SubmissionResult doublingResult = run.result("doubling-constants");
        assertEquals(Verdict.COMPILE_ERROR, doublingResult.verdict());
        assertEquals("compile error: the compiler ran out of memory (128 MiB) on this source: simplify its constant"
                + " expressions, generic types or nesting", doublingResult.message());
        assertEquals(Verdict.ACCEPTED, run.result("deep-package-helper").verdict(), run.result("deep-package-helper").message());
        SubmissionResult many = run.result("many-files");
        assertEquals(Verdict.COMPILE_ERROR, many.verdict());
        assertEquals("compile error: the submission's sources take 11.9 KiB together, more than the 8 KiB a kata"
                + " solution may take", many.message());
        for (String accepted : List.of("char-code-sum", "light-square-table", "parity-formula")) {
            assertEquals(Verdict.ACCEPTED, run.result(accepted).verdict(), accepted);
        }
        assertEquals(Verdict.WRONG_ANSWER, run.result("rank-parity-only").verdict());
    }

    @Test
    void aKataClassInAPackageIsGradedWithANote(@TempDir Path root) throws IOException {
        Path folder = submission(root, "intellij-default", "SquareColor.java", "package com.example.chess;\n\n" + PARITY);
        Run run = run(Map.of(), UnaryOperator.identity(), List.of(folder));
        SubmissionResult result = run.result("intellij-default");
        assertEquals(Verdict.ACCEPTED, result.verdict(), result.message());
        assertEquals(List.of("SquareColor is in package com.example.chess; the kata expects the default package"
                + " — graded as it is"), result.notes());
    }

    private static Run run(Map<String, String> config, UnaryOperator<SourceCompiler> compilers, List<Path> paths) {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .configurationParameters(config)
                .enableImplicitConfigurationParameters(false);
        paths.forEach(path -> request.selectors(DiscoverySelectors.selectDirectory(path.toString())));
        Run run = new Run();
        LauncherFactory.create(LauncherConfig.builder()
                        .enableTestEngineAutoRegistration(false)
                        .addTestEngines(new KataTestEngine(compilers))
                        .build())
                .execute(request.build(), run);
        return run;
    }

    /** The results the engine published, by submission folder name, and how the run ended. */
    private static final class Run implements TestExecutionListener {
        final Map<String, SubmissionResult> results = new ConcurrentHashMap<>();
        volatile TestExecutionResult.Status root;

        @Override
        public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
            String json = entry.getKeyValuePairs().get(KataTestEngine.RESULT_ENTRY);
            if (json != null) {
                SubmissionResult result = ReportJson.fromJson(json);
                results.put(Path.of(result.submission()).getFileName().toString(), result);
            }
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (test.getParentId().isEmpty()) {
                root = result.getStatus();
            }
        }

        SubmissionResult result(String folder) {
            SubmissionResult result = results.get(folder);
            assertTrue(result != null, () -> "no result for " + folder + " in " + results.keySet());
            return result;
        }
    }
}
