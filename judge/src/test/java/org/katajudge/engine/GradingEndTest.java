package org.katajudge.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.katajudge.TestHome;
import org.katajudge.sandbox.SandboxLauncher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Children end in the background while grading goes on ({@code sandbox.Reaper}); when the engine
 * says grading is over, every one of them has ended and its scratch directory is gone.
 */
@Isolated("checks that no process of this JVM outlives grading: nothing else may start processes meanwhile")
class GradingEndTest {

    @Test
    void whenTheEngineReturnsEveryChildHasEndedAndItsScratchDirectoryIsGone() throws IOException {
        Path squares = TestHome.submissions().resolve("chess-square-color");
        // This JVM's own scratch directories only: another judge on the machine has its own. One
        // that starts meanwhile, as this judge names them and as judges before issue 19 did:
        Path scratch = SandboxLauncher.scratchDirectories();
        List<Path> before = scratchDirectories(scratch);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path otherJudge = Files.createTempDirectory(tmp, "kata-judge-1-");
        Files.createDirectories(otherJudge.resolve("children").resolve("child-1"));
        Path olderJudge = Files.createTempDirectory(tmp, "kata-judge-child-");
        AtomicInteger submissions = new AtomicInteger();
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .enableImplicitConfigurationParameters(false);
        for (String sample : List.of("accepted/parity-formula", "accepted/light-square-table",
                "wrong_answer/rank-parity-only", "accepted/char-code-sum")) {
            request.selectors(DiscoverySelectors.selectDirectory(squares.resolve(sample).toString()));
        }
        LauncherFactory.create(LauncherConfig.builder().enableTestEngineAutoRegistration(false)
                        .addTestEngines(new KataTestEngine()).build())
                .execute(request.build(), new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                        if (test.getUniqueIdObject().getLastSegment().getType().equals(SubmissionDescriptor.SEGMENT)) {
                            submissions.incrementAndGet();
                        }
                    }
                });
        assertEquals(4, submissions.get(), "every submission graded");
        List<String> children = ProcessHandle.current().descendants()
                .map(p -> p.info().commandLine().orElse(""))
                .filter(command -> command.contains("bwrap") || command.contains("org.katajudge.sandbox.runner.Runner"))
                .toList();
        assertEquals(List.of(), children, "children still running");
        List<Path> left = scratchDirectories(scratch);
        left.removeAll(before);
        deleteTree(otherJudge);
        deleteTree(olderJudge);
        assertEquals(List.of(), left, "scratch directories left");
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static List<Path> scratchDirectories(Path scratch) throws IOException {
        if (!Files.isDirectory(scratch)) {
            return new ArrayList<>();
        }
        try (Stream<Path> entries = Files.list(scratch)) {
            return new ArrayList<>(entries.toList());
        }
    }
}
