package org.katajudge.sandbox;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.sandbox.CallResult.Outcome;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.sandbox.SandboxFixtures.callOnce;
import static org.katajudge.sandbox.SandboxFixtures.method;

/**
 * A call's sleeps count against its limit however short they are (found by the red team): the
 * runner's watchdog decided each interval between two samples by the calling thread's state at
 * the sample, so a call that alternated about 2 ms of computing and a 1 ms sleep was seen asleep
 * at a third of the samples, and most of its sleeps were never charged. The watchdog now counts
 * them from schedstat's exact counters ({@code runner.CallTime}).
 */
class ShortSleepsTest {

    private static final String SOURCE = """
            public class Hostile {
                public static int ok(int x) { return 2 * x; }

                /** Computes 2 ms by the wall clock, sleeps 1 ms, again, until its thread has run {@code millis}; returns the rounds. */
                public static int computeAndNap(int millis) throws Exception {
                    java.nio.file.Path schedstat = java.nio.file.Path.of("/proc/thread-self/schedstat");
                    long start = ran(schedstat);
                    long sum = 0;
                    int rounds = 0;
                    while (ran(schedstat) - start < millis * 1_000_000L) {
                        long slice = System.nanoTime();
                        while (System.nanoTime() - slice < 2_000_000L) {
                            for (int i = 0; i < 1_000; i++) {
                                sum += i ^ sum;
                            }
                        }
                        Thread.sleep(1);
                        rounds++;
                    }
                    return rounds + (sum == 42 ? 1 : 0);
                }

                private static long ran(java.nio.file.Path schedstat) throws java.io.IOException {
                    return Long.parseLong(java.nio.file.Files.readString(schedstat).split(" ")[0]);
                }
            }
            """;

    private static final LoadRequest REQUEST = SandboxFixtures.request(SOURCE,
            method("ok", INT, INT),
            method("computeAndNap", INT, INT));
    private static final int OK = 0;
    private static final int COMPUTE_AND_NAP = 1;

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void computingBetweenShortSleepsIsChargedItsSleeps(Isolation isolation) {
        // 1 s a call. 800 ms of CPU time in slices of 2 ms by the wall clock, each followed by a
        // 1 ms sleep: some 380 sleeps (more on a loaded machine, whose slices hold less CPU time),
        // about 1.15 s of time, loaded or not. Counted by the thread's state at each sample, it was
        // charged its CPU time and about a third of its sleeps: 0.86 to 1.05 s, mostly under the limit.
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/schedstat")), "no schedstat on this kernel");
        Limits limits = Limits.DEFAULT;
        CallResult result;
        try (SandboxSession session = SandboxFixtures.open(SandboxFixtures.launcher(isolation, limits), REQUEST)) {
            assertEquals(2, callOnce(session, OK, 1).value());
            result = callOnce(session, COMPUTE_AND_NAP, 800);
        }
        assertEquals(Outcome.TIMED_OUT, result.outcome(), result::toString);
        assertEquals(Details.timedOut(limits), result.detail(), "the watchdog's time, not its cap nor the judge's monitor");
    }
}
