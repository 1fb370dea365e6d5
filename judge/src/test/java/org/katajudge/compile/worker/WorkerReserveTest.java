package org.katajudge.compile.worker;

import org.junit.jupiter.api.Test;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.SourceFile;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.compile.worker.CompilerPoolTest.PARITY;
import static org.katajudge.compile.worker.CompilerPoolTest.SMALL;
import static org.katajudge.compile.worker.CompilerPoolTest.SQUARE_COLOR;

/**
 * A closed pool leaves its idle workers to the next pool of the JVM with the same limits and
 * command, through a reserve of its own here (the JVM's is sized by a system property); what a
 * worker must not carry to another pool, it does not.
 */
class WorkerReserveTest {

    private static long compileOnce(CompilerPool pool) {
        Compilation compiled = pool.compile(List.of(new SourceFile("SquareColor.java", PARITY)), SQUARE_COLOR, true);
        assertInstanceOf(Compilation.Compiled.class, compiled, compiled::toString);
        List<Long> pids = pool.workerPids();
        assertEquals(1, pids.size(), pids::toString);
        return pids.get(0);
    }

    /** A pool with small limits that compiles once and closes, leaving its worker to {@code reserve}; the worker's pid. */
    private static long leftIn(WorkerReserve reserve) {
        try (CompilerPool pool = new CompilerPool(SMALL, 1, reserve)) {
            return compileOnce(pool);
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static void awaitEnd(long pid) {
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
    }

    @Test
    void theNextPoolCompilesWithTheWorkerAClosedPoolLeft() {
        long first;
        try (WorkerReserve reserve = WorkerReserve.withCapacity(1)) {
            first = leftIn(reserve);
            assertTrue(alive(first), "the idle worker outlives its pool");
            assertEquals(1, reserve.size());
            try (CompilerPool next = new CompilerPool(SMALL, 1, reserve)) {
                assertEquals(first, compileOnce(next), "the same JVM compiles for the next pool");
                assertEquals(0, reserve.size(), "taken, not shared");
            }
            assertEquals(1, reserve.size(), "and left again");
        }
        awaitEnd(first);
        assertFalse(alive(first), "closing the reserve ends the workers it kept");
    }

    @Test
    void aPoolWithOtherLimitsStartsAWorkerOfItsOwn() {
        try (WorkerReserve reserve = WorkerReserve.withCapacity(2)) {
            long small = leftIn(reserve);
            try (CompilerPool other = new CompilerPool(SMALL.withHeapMegabytes(96), 1, reserve)) {
                assertNotEquals(small, compileOnce(other), "a worker is kept for its own limits only");
            }
            assertEquals(2, reserve.size());
        }
    }

    @Test
    void aPoolThatCompiledAKatasOwnCodeLeavesNothing() {
        try (WorkerReserve reserve = WorkerReserve.withCapacity(1)) {
            long worker;
            try (CompilerPool pool = new CompilerPool(CompileLimits.DEFAULT, 1, reserve)) {
                Compilation compiled = pool.compileKataCode(List.of(new SourceFile("Hidden.java",
                        "public class Hidden { static int answer() { return 42; } }")));
                assertInstanceOf(Compilation.Compiled.class, compiled, compiled::toString);
                worker = pool.workerPids().get(0);
            }
            assertEquals(0, reserve.size(), "kept nothing");
            awaitEnd(worker);
            assertFalse(alive(worker), "the worker ended with its pool");
        }
    }

    @Test
    void aFullReserveKeepsTheNewestWorkerAndEndsTheOldest() {
        try (WorkerReserve reserve = WorkerReserve.withCapacity(1)) {
            CompilerPool a = new CompilerPool(SMALL, 1, reserve);
            CompilerPool b = new CompilerPool(SMALL, 1, reserve);
            long older = compileOnce(a);
            long newer = compileOnce(b);
            a.close();
            b.close();
            awaitEnd(older);
            assertFalse(alive(older), "the oldest made room");
            assertTrue(alive(newer));
            assertEquals(1, reserve.size());
        }
    }

    @Test
    void aWorkerThatDiedInTheReserveIsNotHandedOut() {
        try (WorkerReserve reserve = WorkerReserve.withCapacity(1)) {
            long dead = leftIn(reserve);
            ProcessHandle.of(dead).ifPresent(ProcessHandle::destroyForcibly);
            awaitEnd(dead);
            try (CompilerPool next = new CompilerPool(SMALL, 1, reserve)) {
                assertNotEquals(dead, compileOnce(next), "a live worker of its own");
            }
        }
    }

    @Test
    void aReserveThatKeepsNothingLeavesThePoolToEndItsWorkers() {
        long worker = leftIn(WorkerReserve.none());
        awaitEnd(worker);
        assertFalse(alive(worker));
    }
}
