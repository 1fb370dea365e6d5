package org.katajudge.sandbox;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.sandbox.CallResult.Outcome;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.sandbox.SandboxFixtures.SMALL;
import static org.katajudge.sandbox.SandboxFixtures.callOnce;
import static org.katajudge.sandbox.SandboxFixtures.describe;
import static org.katajudge.sandbox.SandboxFixtures.method;
import static org.katajudge.sandbox.SandboxFixtures.millisSince;

/**
 * Submissions that multiply: threads without end, and processes that outlive their JVM while
 * holding its pipes. None may hang the judge or leave a process running after the session.
 */
@Execution(ExecutionMode.CONCURRENT)
class ProcessContainmentTest {

    private static final String SPAWNER = """
            public class Hostile {
                /** Threads that never end, as fast as the JVM can start them. */
                public static int threadBomb(String unused) {
                    while (true) {
                        Thread thread = new Thread(() -> {
                            try {
                                Thread.sleep(Long.MAX_VALUE);
                            } catch (InterruptedException ignored) {
                                // keep the thread
                            }
                        });
                        thread.start();
                    }
                }

                /** A grandchild with pipes of its own, not waited for; then a hung call. */
                public static int spawnAndSpin(String seconds) throws Exception {
                    new ProcessBuilder("sleep", seconds).start();
                    System.out.println("spawned");
                    spin();
                    return 0;
                }

                /**
                 * A sleep in the background of a shell that exits at once: the sleep is orphaned (no
                 * longer a descendant of this JVM) and holds this JVM's stdout and stderr, which are
                 * the protocol's pipes to the judge.
                 */
                public static int orphanHoldingPipesAndSpin(String seconds) throws Exception {
                    new ProcessBuilder("sh", "-c", "sleep " + seconds + " &").inheritIO().start().waitFor();
                    System.out.println("spawned");
                    spin();
                    return 0;
                }

                /** The same orphan, then the JVM exits: the judge must not wait for the pipe's end. */
                public static int orphanHoldingPipesAndExit(String seconds) throws Exception {
                    new ProcessBuilder("sh", "-c", "sleep " + seconds + " &").inheritIO().start().waitFor();
                    System.exit(0);
                    return 0;
                }

                /** A sleep in a session of its own, its shell gone: neither this JVM's descendant nor in its process group. */
                public static int daemonAndSpin(String seconds) throws Exception {
                    new ProcessBuilder("sh", "-c", "setsid sleep " + seconds + " >/dev/null 2>&1 </dev/null &").start().waitFor();
                    System.out.println("spawned");
                    spin();
                    return 0;
                }

                private static void spin() {
                    while (true) {
                        Thread.onSpinWait();
                    }
                }
            }
            """;

    private static final LoadRequest REQUEST = SandboxFixtures.request(SPAWNER,
            method("threadBomb", INT, STRING),
            method("spawnAndSpin", INT, STRING),
            method("orphanHoldingPipesAndSpin", INT, STRING),
            method("orphanHoldingPipesAndExit", INT, STRING),
            method("daemonAndSpin", INT, STRING));
    private static final int THREAD_BOMB = 0;
    private static final int SPAWN_AND_SPIN = 1;
    private static final int ORPHAN_AND_SPIN = 2;
    private static final int ORPHAN_AND_EXIT = 3;
    private static final int DAEMON_AND_SPIN = 4;

    /**
     * A guard against a hang, not a measure (a loaded machine may take many times longer than an
     * idle one): well below the grandchild's 601 s, so that a survivor is still there to be found.
     */
    private static final Duration HANG = Duration.ofMinutes(2);

    /** The argument of this test's {@code sleep}, unique on the machine, so its survivors can be found. */
    private final String sleepSeconds = SandboxFixtures.uniqueSleepSeconds();

    @AfterEach
    void killWhatAFailedTestLeft() {
        SandboxFixtures.killProcessesWith(sleepSeconds);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void aThreadBombEndsFatallyWithinTheLimitsAndLeavesNoProcess(Isolation isolation) {
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL);
        SandboxSession[] opened = new SandboxSession[1];
        CallResult result = assertTimeoutPreemptively(HANG, () -> {
            try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
                opened[0] = session;
                CallResult bomb = callOnce(session, THREAD_BOMB, "");
                assertFalse(session.isOpen());
                return bomb;
            }
        });

        // TIMED_OUT when the call's time runs out first, OUT_OF_MEMORY when threads run out first
        assertTrue(result.outcome() == Outcome.TIMED_OUT || result.outcome() == Outcome.OUT_OF_MEMORY,
                result::toString);
        List<ProcessHandle> left = SandboxFixtures.survivorsOf(opened[0], Duration.ofSeconds(3));
        assertTrue(left.isEmpty(), () -> "left behind: " + describe(left));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Isolation.class, names = {"UNSHARE", "BWRAP"})
    void aGrandchildDoesNotOutliveTheSession(Isolation isolation) {
        assertTimedOutAndNothingSurvives(isolation, SPAWN_AND_SPIN);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Isolation.class, names = {"UNSHARE", "BWRAP"})
    void anOrphanHoldingTheProtocolPipesCannotHangTheJudge(Isolation isolation) {
        assertTimedOutAndNothingSurvives(isolation, ORPHAN_AND_SPIN);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Isolation.class, names = {"UNSHARE", "BWRAP"})
    void anOrphanHoldingThePipesOfAJvmThatExitedCannotHangTheJudge(Isolation isolation) {
        assertDiedPromptlyAndNothingSurvives(isolation);
    }

    // Without OS isolation the same submissions defeat the judge. Under UNSHARE and BWRAP the
    // child JVM (or bwrap's init) is PID 1 of its own namespace, so the kernel kills every
    // process of the namespace when it ends; under NONE nothing does.

    @Test
    void withoutIsolationAGrandchildDoesNotOutliveTheSession() {
        assertTimedOutAndNothingSurvives(Isolation.NONE, SPAWN_AND_SPIN);
    }

    @Test
    void withoutIsolationAnOrphanHoldingTheProtocolPipesDoesNotOutliveTheSession() {
        assertTimedOutAndNothingSurvives(Isolation.NONE, ORPHAN_AND_SPIN);
    }

    /** What no tree or group reaches: the child's user does, which only a root judge gives it. */
    @Test
    void withoutIsolationADaemonInASessionOfItsOwnDoesNotOutliveTheSession() {
        assumeTrue(ChildUser.switches(), "the judge does not run as root here, so its children run as itself and a"
                + " daemon of theirs in a session of its own is out of its reach (isolation none: see docs/reference/isolation.md)");
        assertTimedOutAndNothingSurvives(Isolation.NONE, DAEMON_AND_SPIN);
    }

    @Test
    void withoutIsolationAnOrphanHoldingThePipesOfAJvmThatExitedCannotHangTheJudge() {
        assertDiedPromptlyAndNothingSurvives(Isolation.NONE);
    }

    private void assertDiedPromptlyAndNothingSurvives(Isolation isolation) {
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL);
        SandboxSession[] opened = new SandboxSession[1];
        CallResult result = assertTimeoutPreemptively(HANG, () -> {
            try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
                opened[0] = session;
                return callOnce(session, ORPHAN_AND_EXIT, sleepSeconds);
            }
        });
        assertEquals(Outcome.DIED, result.outcome(), result::toString);
        assertTrue(result.detail().contains("status 0"), result.detail());
        // A namespace's end, or (isolation none, a root judge) the child's user, ends the orphan with the
        // child, so the pipes it held end too; only an ordinary user's judge without isolation cannot reach
        // it, waits for their end to its limit (30 s) and says why.
        boolean reachable = isolation != Isolation.NONE || ChildUser.switches();
        assertEquals(!reachable, result.detail().contains(ExitDiagnosis.OUTPUT_HELD), result::toString);
        assertNoSurvivor(opened[0]);
    }

    private void assertTimedOutAndNothingSurvives(Isolation isolation, int method) {
        // 3 s a call: time enough to start the grandchild even on a busy machine (the call is blocked
        // while it starts, and that time counts), so that the test does not pass merely because the
        // call timed out before there was anything to contain
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL.withPerCall(Duration.ofSeconds(3)));
        SandboxSession[] opened = new SandboxSession[1];
        assertTimeoutPreemptively(HANG, () -> {
            SandboxSession session = SandboxFixtures.open(launcher, REQUEST);
            opened[0] = session;
            try {
                CallResult result = callOnce(session, method, sleepSeconds);
                assertEquals(Outcome.TIMED_OUT, result.outcome(), result::toString);
                assertEquals("spawned\n", result.output(), "precondition: the grandchild was started");
                long closing = System.nanoTime();
                session.close(); // already closed by the fatal result; must return at once either way
                assertTrue(millisSince(closing) < 2000, "close() took " + millisSince(closing) + " ms");
            } finally {
                session.close();
            }
        });
        assertNoSurvivor(opened[0]);
    }

    /** Neither the grandchild (found by its unique argument: it left the session's tree) nor the session's own processes. */
    private void assertNoSurvivor(SandboxSession session) {
        List<ProcessHandle> survivors = SandboxFixtures.survivorsAfter(sleepSeconds, Duration.ofSeconds(3));
        assertTrue(survivors.isEmpty(), () -> "still running after the session: " + describe(survivors));
        List<ProcessHandle> left = SandboxFixtures.survivorsOf(session, Duration.ofSeconds(1));
        assertTrue(left.isEmpty(), () -> "left behind: " + describe(left));
    }
}
