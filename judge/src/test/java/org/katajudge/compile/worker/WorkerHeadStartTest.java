package org.katajudge.compile.worker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.SourceFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The worker begun as the judge starts serves the first pool started with the same command, once;
 * begun for another command it serves no one. (The judge's start begins one for {@code grade} and
 * {@code fuzz} only: Main; the reports are the same with it: SameResultsWithCachesIT.)
 */
@ResourceLock("WorkerHeadStart") // one head start per JVM: these tests take turns
class WorkerHeadStartTest {

    /** The command a pool with the judge's limits starts its first worker with. */
    private static List<String> poolCommand() {
        return WorkerHeadStart.command(CompileLimits.DEFAULT);
    }

    @Test
    void theFirstPoolTakesTheWorkerBegunAtTheJudgesStart() {
        WorkerHeadStart.begin(CompileLimits.DEFAULT);
        CompilerPool pool = new CompilerPool(CompileLimits.DEFAULT, 1);
        try {
            pool.prestart();
            Compilation compiled = pool.compile(List.of(new SourceFile("SquareColor.java", CompilerPoolTest.PARITY)),
                    CompilerPoolTest.SQUARE_COLOR, true);
            assertInstanceOf(Compilation.Compiled.class, compiled, compiled::toString);
            assertTrue(WorkerHeadStart.take(poolCommand()).isEmpty(), "the pool took it: nothing is left to take");
            assertTrue(pool.workersStarted() == 1, "one worker in all, not the begun one and one more: "
                    + pool.workersStarted());
        } finally {
            pool.close();
        }
    }

    @Test
    void aWorkerBegunForAnotherCommandServesNoOne() {
        List<String> command = poolCommand();
        WorkerHeadStart.begin(CompileLimits.DEFAULT);
        List<String> other = new ArrayList<>(command);
        other.add(1, "-Xmx100m");
        assertTrue(WorkerHeadStart.take(other).isEmpty(), "begun for the judge's own limits, not these");
        assertTrue(WorkerHeadStart.take(command).isEmpty(), "and stopped: nothing left to take");
    }

    @Test
    void aWorkerIsTakenOnce() {
        List<String> command = poolCommand();
        WorkerHeadStart.begin(CompileLimits.DEFAULT);
        Optional<WorkerProcess> worker = WorkerHeadStart.take(command);
        try {
            assertTrue(worker.isPresent(), "a worker was begun");
            assertTrue(worker.get().isAlive());
            assertFalse(WorkerHeadStart.take(command).isPresent(), "taken once");
        } finally {
            worker.ifPresent(WorkerProcess::close);
        }
    }
}
