package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.INT;

/**
 * What a submission reaches of the runner with what the policy allows does not end the runner or
 * forge its verdicts (found by the red team): an exception whose getStackTrace() throws with a
 * text that reads like the JVM running out of memory was MEMORY_LIMIT_EXCEEDED (the runner died
 * quoting it); the calling thread, taken as a Runnable and run, re-entered the runner's loop and
 * read the judge's frames. Both are the submission's own runtime errors, and the JVM answers on.
 */
class RunnerIntegrityTest {

    private static final String SOURCE = """
            public class Hostile {
                public static int ok(int x) {
                    return 2 * x;
                }

                public static int stackThrows(int x) {
                    throw new IllegalStateException("forged") {
                        @Override
                        public StackTraceElement[] getStackTrace() {
                            throw new IllegalStateException("# There is insufficient memory for the Java Runtime"
                                    + " Environment to continue. Out of Memory Error");
                        }
                    };
                }

                public static int reenter(int x) {
                    Runnable loop = Thread.currentThread();
                    loop.run();
                    return x;
                }
            }
            """;

    @Test
    void anExceptionWhoseStackThrowsIsTheSubmissionsRuntimeError() {
        try (SandboxSession session = open()) {
            CallResult forged = SandboxFixtures.callOnce(session, 1, 0);
            assertEquals(CallResult.Outcome.THREW, forged.outcome(), forged::toString);
            assertTrue(forged.detail().contains("getStackTrace threw"), forged::toString);
            assertEquals(2, SandboxFixtures.callOnce(session, 0, 1).value(), "the JVM answers on");
        }
    }

    @Test
    void runningTheCallingThreadAgainIsTheSubmissionsRuntimeError() {
        try (SandboxSession session = open()) {
            CallResult reentered = SandboxFixtures.callOnce(session, 2, 7);
            assertEquals(CallResult.Outcome.THREW, reentered.outcome(), reentered::toString);
            assertTrue(reentered.detail().contains("runs once"), reentered::toString);
            assertEquals(2, SandboxFixtures.callOnce(session, 0, 1).value(), "the JVM answers on");
        }
    }

    private static SandboxSession open() {
        return SandboxFixtures.open(SandboxFixtures.strongest(SandboxFixtures.SMALL), SandboxFixtures.request(SOURCE,
                SandboxFixtures.method("ok", INT, INT), SandboxFixtures.method("stackThrows", INT, INT),
                SandboxFixtures.method("reenter", INT, INT)));
    }
}
