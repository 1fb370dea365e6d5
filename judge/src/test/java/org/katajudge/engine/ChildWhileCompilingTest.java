package org.katajudge.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.katajudge.TestHome;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.SandboxLauncher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run of at most one submission per grading thread starts each submission's child JVM while
 * its sources compile ({@code pipeline.ChildTiming}); a child started for a source that then
 * does not compile, or for a run cancelled meanwhile, ends with nothing left behind: no process,
 * no scratch directory (its verdicts: {@link EarlyChildVerdictsTest}).
 */
@Isolated("counts this JVM's child processes and scratch directories: nothing else may make any meanwhile")
class ChildWhileCompilingTest {

    private static final Path SQUARES = TestHome.submissions().resolve("chess-square-color");

    @Test
    void aSourceThatDoesNotCompileEndsTheChildStartedForIt() throws Exception {
        Set<Path> scratchBefore = scratchDirectories();
        AtomicBoolean childWasRunning = new AtomicBoolean();
        UnaryOperator<SourceCompiler> failing = compiler -> (sources, expected, enforce) -> {
            childWasRunning.set(awaitChild());
            return Compilation.Failed.because("not this time");
        };
        GradingOutcome outcome;
        try (GradingEngine engine = GradingEngine.open(EngineOptions.defaults().withJobs(1), failing)) {
            outcome = engine.grade(EarlyChildVerdictsTest.plan(SQUARES.resolve("accepted/parity-formula")), GradingEvents.NONE, () -> false);
        }
        assertTrue(childWasRunning.get(), "the child ran while the source compiled");
        assertEquals(Verdict.COMPILE_ERROR, outcome.resultsByPath().get(0).verdict());
        assertNothingLeft(scratchBefore);
    }

    @Test
    void aRunCancelledWhileItCompilesEndsTheChildStartedForIt() throws Exception {
        Set<Path> scratchBefore = scratchDirectories();
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicBoolean childWasRunning = new AtomicBoolean();
        UnaryOperator<SourceCompiler> cancelling = compiler -> (sources, expected, enforce) -> {
            childWasRunning.set(awaitChild());
            cancelled.set(true); // Ctrl-C while the source compiles
            return compiler.compile(sources, expected, enforce);
        };
        GradingOutcome outcome;
        try (GradingEngine engine = GradingEngine.open(EngineOptions.defaults().withJobs(1), cancelling)) {
            outcome = engine.grade(EarlyChildVerdictsTest.plan(SQUARES.resolve("accepted/parity-formula")), GradingEvents.NONE, cancelled::get);
        }
        assertTrue(childWasRunning.get(), "the child ran while the source compiled");
        assertTrue(outcome.interrupted());
        assertEquals(1, outcome.notGraded().size(), "not graded: " + outcome);
        assertNothingLeft(scratchBefore);
    }

    /** Waits (a loaded machine: up to a minute) until a child JVM of this judge runs. */
    private static boolean awaitChild() {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (System.nanoTime() < deadline) {
            if (!children().isEmpty()) {
                return true;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /** This JVM's submission children: their wrappers and JVMs, under any isolation. */
    private static List<String> children() {
        return ProcessHandle.current().descendants()
                .filter(ProcessHandle::isAlive)
                .map(p -> p.info().commandLine().orElse(""))
                .filter(command -> command.contains("bwrap") || command.contains("org.katajudge.sandbox.runner.Runner")
                        || command.contains("requests.fifo"))
                .toList();
    }

    private static void assertNothingLeft(Set<Path> scratchBefore) {
        assertEquals(List.of(), children(), "children still running once the engine is closed");
        assertEquals(scratchBefore, scratchDirectories(), "scratch directories left");
    }

    private static Set<Path> scratchDirectories() {
        Path root = SandboxLauncher.scratchDirectories();
        if (!Files.isDirectory(root)) {
            return new HashSet<>();
        }
        try (Stream<Path> entries = Files.list(root)) {
            return entries.collect(Collectors.toSet());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
