package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.sandbox.CallResult.Outcome;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.sandbox.SandboxFixtures.SMALL;
import static org.katajudge.sandbox.SandboxFixtures.callOnce;
import static org.katajudge.sandbox.SandboxFixtures.method;

/**
 * How busy the machine is changes no outcome (issue 19). Each child here shares one CPU with
 * spinners pinned to it ({@link SandboxFixtures#oneBusyCpu}): it gets a known share of a CPU at
 * most, whatever else the machine does, so that each test sees the starvation it needs every
 * time. The judge's clocks count what the child did, not the time it waited for a CPU.
 * Compiled with the policy off (to stop the runner's own watchdog).
 *
 * <p>Not isolated from the other test classes: its spinners and its children are pinned to one
 * CPU, and the others run on the rest of the machine meanwhile (a busy machine, which they must
 * pass on anyway; isolated, the other CPUs stood idle for the class's 36 s). Its own tests run one
 * after another: two at once would share the one CPU, and each would wait longer for it.
 */
class BusyCpuTest {

    private static final String SOURCE = """
            public class Hostile {
                public static int ok(int x) { return 2 * x; }

                /** Computes until its own thread has used {@code millis} of CPU time; returns the wall-clock time it took. */
                public static int computeFor(int millis) throws java.io.IOException {
                    long started = System.nanoTime();
                    java.nio.file.Path stat = java.nio.file.Path.of("/proc/thread-self/stat");
                    long sum = 0;
                    while (true) {
                        for (int i = 0; i < 100_000; i++) {
                            sum += i ^ sum;
                        }
                        String line = java.nio.file.Files.readString(stat);
                        String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
                        long cpuMillis = 10 * (Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
                        if (cpuMillis >= millis + (sum == 42 ? 1 : 0)) {
                            return (int) ((System.nanoTime() - started) / 1_000_000);
                        }
                    }
                }

                /** Stops the runner's own watchdog, then computes as {@link #computeFor} does. */
                @SuppressWarnings("deprecation")
                public static int stopWatchdogAndCompute(int millis) throws java.io.IOException {
                    for (Thread thread : Thread.getAllStackTraces().keySet()) {
                        if (thread.getName().contains("watchdog")) {
                            thread.stop();
                        }
                    }
                    return computeFor(millis);
                }

                public static int hog(int x) {
                    java.util.List<long[]> kept = new java.util.ArrayList<>();
                    while (true) {
                        kept.add(new long[1 << 19]); // 4 MiB at a time
                    }
                }
            }
            """;

    private static final LoadRequest REQUEST = SandboxFixtures.request(SOURCE,
            method("ok", INT, INT),
            method("computeFor", INT, INT),
            method("stopWatchdogAndCompute", INT, INT),
            method("hog", INT, INT));
    private static final int OK = 0;
    private static final int COMPUTE_FOR = 1;
    private static final int STOP_WATCHDOG_AND_COMPUTE = 2;
    private static final int HOG = 3;

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void theJudgesMonitorDoesNotCountTheTimeAChildWaitsForACpu(Isolation isolation) throws Exception {
        // One CPU shared with 7 spinners: an eighth of it at most. Its watchdog stopped, a call
        // computing 600 ms of CPU time takes 4.8 s and more by the wall clock, past the monitor's
        // allowance for a silent call (100 ms a call: a cap of 2 s and a grace of 1 s). By the
        // wall clock the judge killed it as hung; counting only the time the child had, it lets
        // it finish.
        Limits limits = SMALL.withPerCall(Duration.ofMillis(100));
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, limits);
        CallResult result;
        try (SandboxFixtures.OneBusyCpu cpu = SandboxFixtures.oneBusyCpu(7);
             SandboxSession session = cpu.open(launcher, REQUEST)) {
            assertEquals(2, callOnce(session, OK, 1).value());
            // a guard against a hang, not a measure
            result = assertTimeoutPreemptively(Duration.ofMinutes(2),
                    () -> callOnce(session, STOP_WATCHDOG_AND_COMPUTE, 600));
        }
        assertEquals(Outcome.RETURNED, result.outcome(), result::toString);
        int wallMillis = (int) result.value();
        assertTrue(wallMillis > limits.perCallCap().toMillis() + 1000, "precondition: the call took " + wallMillis
                + " ms by the wall clock, more than the monitor allows a silent call of its time");
    }

    @Test
    void aCallWithinItsTimeIsNeitherCutShortByItsLimitNorByItsCap() throws Exception {
        // One CPU shared with 15 spinners: a call that needs 900 ms of CPU takes longer than its
        // 1 s limit and its 11 s cap by the wall clock, and still passes. By the wall clock the cap
        // cut it short.
        SandboxLauncher launcher = SandboxFixtures.strongest(Limits.DEFAULT);
        CallResult result;
        try (SandboxFixtures.OneBusyCpu cpu = SandboxFixtures.oneBusyCpu(15);
             SandboxSession session = cpu.open(launcher, REQUEST)) {
            assertEquals(2, callOnce(session, OK, 1).value());
            result = callOnce(session, COMPUTE_FOR, 900);
        }
        assertEquals(Outcome.RETURNED, result.outcome(), result::toString);
        int wallMillis = (int) result.value();
        assertTrue(wallMillis > Limits.DEFAULT.perCallCap().toMillis(), "precondition: the CPU was busy enough that"
                + " the call took " + wallMillis + " ms by the wall clock, more than its cap");
    }

    @Test
    void aBusyMachineDoesNotTurnExhaustingTheHeapIntoATimeout() throws Exception {
        // While the collector works, the calling thread is blocked; on a busy machine the collector
        // waits for a CPU, and counting that wait as the call's time turned a heap exhausted within
        // a second of CPU time into TIME_LIMIT_EXCEEDED (seen in a full test run). The collector's
        // own CPU time counts instead, and the judge's monitor does not count the waits either.
        SandboxLauncher launcher = SandboxFixtures.strongest(Limits.DEFAULT); // the grading heap: 256 MiB, 1 s a call
        CallResult result;
        try (SandboxFixtures.OneBusyCpu cpu = SandboxFixtures.oneBusyCpu(15);
             SandboxSession session = cpu.open(launcher, REQUEST)) {
            assertEquals(2, callOnce(session, OK, 1).value());
            result = callOnce(session, HOG, 0);
        }
        assertEquals(Outcome.OUT_OF_MEMORY, result.outcome(), result::toString);
    }
}
