package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;
import org.katajudge.kata.ValueType;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A batch of many calls, each well within its time but together longer than the judge waits for
 * an answer, is answered as it goes: its answers were held until the batch ended, and a correct
 * solution got TIME_LIMIT_EXCEEDED ("stopped answering") on a quiet machine, while on a busy one
 * the batches were smaller and it passed (found by the red team).
 */
class LongBatchTest {

    private static final String SOURCE = """
            public class Hostile {
                public static int spin(int millis) {
                    long end = System.nanoTime() + millis * 1_000_000L;
                    long turns = 0;
                    while (System.nanoTime() < end) {
                        turns++;
                    }
                    return turns >= 0 ? millis : -1;
                }
            }
            """;

    @Test
    void aLongBatchOfShortCallsIsAnsweredAsItGoes() {
        // 100 ms a call: the judge waits 10 x 100 ms + 1 s + 1 s = 3 s for an answer; the batch takes about 4 s
        Limits limits = SandboxFixtures.SMALL.withPerCall(Duration.ofMillis(100));
        try (SandboxSession session = SandboxFixtures.open(SandboxFixtures.strongest(limits),
                SandboxFixtures.request(SOURCE, SandboxFixtures.method("spin", ValueType.INT, ValueType.INT)))) {
            assertEquals(CallResult.Outcome.RETURNED, SandboxFixtures.callOnce(session, 0, 1).outcome(),
                    "the first call, which has an allowance of its own for the JVM's start");
            List<Object[]> cases = IntStream.range(0, 100).mapToObj(i -> SandboxFixtures.args(40)).toList();
            List<CallResult> results = session.call(0, cases);
            assertEquals(100, results.size(), results::toString);
            for (CallResult result : results) {
                assertEquals(CallResult.Outcome.RETURNED, result.outcome(), result::toString);
                assertEquals(40, result.value());
            }
        }
    }
}
