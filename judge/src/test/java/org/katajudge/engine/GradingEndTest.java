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
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> before = scratchDirectories(tmp);
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
        List<Path> left = scratchDirectories(tmp);
        left.removeAll(before);
        assertEquals(List.of(), left, "scratch directories left");
    }

    private static List<Path> scratchDirectories(Path tmp) throws IOException {
        try (Stream<Path> entries = Files.list(tmp)) {
            return new ArrayList<>(entries.filter(p -> p.getFileName().toString().startsWith("kata-judge-child-")).toList());
        }
    }
}
