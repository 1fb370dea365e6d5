package org.katajudge.jvm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The arithmetic of a child's clock ({@link ChildClock.Account}), without /proc, and its reading of a /proc made here. */
class ChildClockTest {

    @TempDir
    Path proc;

    private static final long MS = 1_000_000L;
    /** A sandboxed child's carriers (SandboxSession's). */
    private static final List<String> SANDBOXED = List.of("java", "VM Thread", "kata-judge-call");

    @Test
    void theJudgesOwnLatenessIsNotChargedToTheChild() {
        // A child that ran 5 ms of every 100 ms, sampled by a judge thread that is late by 30 ms
        // between reading the clock and reading /proc every other time: the intervals see
        // 125 ms then 65 ms of wait for 100 ms of time. Charged interval by interval (clamped at
        // zero, never less than the CPU time) that made 5 + 35 ms for 10 ms of work; the whole sums
        // make the 10 ms.
        ChildClock.Account account = new ChildClock.Account();
        for (int i = 0; i < 300; i++) {
            account.add(100 * MS, 5 * MS, 125 * MS);
            account.add(100 * MS, 5 * MS, 65 * MS);
        }
        assertEquals(3_000 * MS, account.charged(), "600 intervals of 5 ms of work");
    }

    @Test
    void neverLessThanTheCpuTimeOfAllItsThreads() {
        // the carrier threads only wait, another thread computes
        ChildClock.Account account = new ChildClock.Account();
        for (int i = 0; i < 10; i++) {
            account.add(100 * MS, 80 * MS, 100 * MS);
        }
        assertEquals(800 * MS, account.charged());
    }

    @Test
    void whatProcDoesNotTellCountsInFullAndTheClockNeverRunsBackwards() {
        ChildClock.Account account = new ChildClock.Account();
        account.add(100 * MS, -1, -1);
        assertEquals(100 * MS, account.charged());
        account.add(100 * MS, 0, 100 * MS);
        assertEquals(100 * MS, account.charged(), "a waiting interval adds nothing");
        account.add(100 * MS, 0, 40 * MS);
        assertEquals(160 * MS, account.charged());
        long before = account.charged();
        account.add(10 * MS, 0, 90 * MS); // more wait than time: a late reading
        assertTrue(account.charged() >= before, "never decreases");
        account.add(100 * MS, 10 * MS, 100 * MS);
        assertTrue(account.charged() >= before);
    }

    @Test
    void theTimeAChildWaitsForItsSubmissionIsNotCharged() {
        // a process that does not exist: /proc tells nothing, so the clock is the wall clock, less what is held
        long[] now = {0};
        ChildClock clock = new ChildClock(Long.MAX_VALUE, List.of("java"), () -> now[0], java.nio.file.Path.of("/proc"));
        now[0] += 300 * MS; // the child starts and connects
        clock.hold();       // then waits for its classes while the source compiles
        now[0] += 5_000 * MS;
        assertEquals(300 * MS, clock.charged(), "nothing charged while held");
        assertEquals(300 * MS, clock.wall(), "nor counted against the wall-clock ceiling");
        clock.resume();
        assertEquals(300 * MS, clock.charged(), "from where it stopped");
        now[0] += 100 * MS;
        assertEquals(400 * MS, clock.charged());
        assertEquals(400 * MS, clock.wall());
        clock.resume(); // not held: nothing changes
        now[0] += 1_000 * MS;
        assertEquals(1_400 * MS, clock.charged(), "a clock never held charges all its time, as before");
    }

    @Test
    void aCallerThatComesAfterTheFirstSampleHasItsWaitsForACpuSubtracted() throws IOException {
        // Seen at load 20: the first sample, a second after the start, found the JVM still starting,
        // one of its helper threads not yet renamed ("java", its creator's name) and the caller not
        // there yet. Picked once, those names stood for the carriers for good: the caller's waits for
        // a CPU were never subtracted and a call computing 0.6 s was charged the wall clock's 5 s.
        long[] now = {0};
        long pid = ProcessHandle.current().pid(); // a live process whose /proc is the one made here
        Path jvm = proc.resolve(String.valueOf(pid));
        write(jvm.resolve("comm"), "java");
        thread(jvm, 1, "java", 0, 0);
        thread(jvm, 2, "java", 0, 0);
        thread(jvm, 3, "VM Thread", 0, 0);
        thread(jvm, 4, "java", 0, 0); // a helper thread, started, not yet named
        cpu(jvm, 0);
        ChildClock clock = new ChildClock(pid, SANDBOXED, () -> now[0], proc);
        now[0] = 1_000 * MS;
        long atFirstSample = clock.charged();
        thread(jvm, 4, "C1 CompilerThre", 0, 0);
        long run = 0;
        long waited = 0;
        for (int step = 1; step <= 50; step++) { // 5 s on a CPU shared by 8: an eighth of it
            if (step == 2) {
                thread(jvm, 5, "kata-judge-call", 0, 0); // the caller starts, and computes
            } else if (step > 2) {
                run += 12_500_000L;
                waited += 87_500_000L;
                thread(jvm, 5, "kata-judge-call", run, waited);
                cpu(jvm, run / 10_000_000L);
            }
            now[0] += 100 * MS;
            clock.charged();
        }
        long charged = clock.charged() - atFirstSample;
        assertTrue(charged >= run, "never less than its CPU time: " + charged / MS + " ms");
        assertTrue(charged < run + 400 * MS, "its CPU time and the intervals before the caller ran, not the "
                + "wall clock's 5 s: " + charged / MS + " ms charged for " + run / MS + " ms of CPU");
    }

    @Test
    void onlyTheThreadsNamedAsCarriersHaveTheirWaitsSubtracted() throws IOException {
        // a compiler worker's compile at load 35-49 on 2 cores: its thread "compiler" computes a
        // twenty-fifth of the time; by the wall clock it outlasted the backstop, a COMPILE_ERROR
        long pid = ProcessHandle.current().pid();
        Path jvm = proc.resolve(String.valueOf(pid));
        write(jvm.resolve("comm"), "java");
        thread(jvm, 1, "java", 0, 0);
        thread(jvm, 2, "VM Thread", 0, 0);
        thread(jvm, 3, "compiler", 0, 0);
        cpu(jvm, 0);
        long[] now = {0};
        ChildClock worker = new ChildClock(pid, List.of("java", "compiler", "VM Thread"), () -> now[0], proc);
        ChildClock sandboxed = new ChildClock(pid, SANDBOXED, () -> now[0], proc);
        long run = 0;
        long waited = 0;
        for (int step = 1; step <= 200; step++) { // 20 s
            run += 4 * MS;
            waited += 96 * MS;
            thread(jvm, 3, "compiler", run, waited);
            cpu(jvm, run / 10_000_000L);
            now[0] += 100 * MS;
            worker.charged();
            sandboxed.charged();
        }
        assertTrue(worker.charged() < 1_000 * MS + run + 200 * MS,
                "its first second, its CPU time and a sample's slack: " + worker.charged() / MS + " ms of 20 s");
        assertEquals(20_000 * MS, sandboxed.charged(), "a thread not named is not a carrier: the wall clock");
    }

    private static void thread(Path jvm, int tid, String name, long runNanos, long waitedNanos) throws IOException {
        Path task = jvm.resolve("task").resolve(String.valueOf(tid));
        write(task.resolve("comm"), name);
        write(task.resolve("schedstat"), runNanos + " " + waitedNanos + " 1");
    }

    /** The process's stat with {@code ticks} of user time (its 14th field). */
    private static void cpu(Path jvm, long ticks) throws IOException {
        write(jvm.resolve("stat"), "1 (java) S 0 0 0 0 0 0 0 0 0 0 " + ticks + " 0 0 0 20 0 9 0");
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text + "\n");
    }
}
