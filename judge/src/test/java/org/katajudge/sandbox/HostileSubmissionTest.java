package org.katajudge.sandbox;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.katajudge.sandbox.CallResult.Outcome;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.sandbox.SandboxFixtures.SMALL;
import static org.katajudge.sandbox.SandboxFixtures.args;
import static org.katajudge.sandbox.SandboxFixtures.callOnce;
import static org.katajudge.sandbox.SandboxFixtures.describe;
import static org.katajudge.sandbox.SandboxFixtures.method;

/**
 * Submissions that fail, hang, exit, exhaust memory or flood their output, compiled with the
 * policy OFF: the sandbox alone must turn each into the right {@link Outcome}
 * without harming the judge. The key cases run under every isolation this machine offers.
 */
@Execution(ExecutionMode.CONCURRENT)
class HostileSubmissionTest {

    private static final String HOSTILE = """
            public class Hostile {
                private static final java.util.List<Object> KEPT = new java.util.ArrayList<>();

                public static int ok(int x) { return 2 * x; }

                public static int fail(int x) { return deeper(x); }

                private static int deeper(int x) {
                    throw new IllegalStateException("boom " + x);
                }

                public static int recurse(int depth) { return recurse(depth + 1) + 1; }

                public static int badMessage(int x) {
                    throw new RuntimeException() {
                        @Override
                        public String getMessage() { throw new IllegalStateException("no message for you"); }
                    };
                }

                public static int readStdin(int x) throws java.io.IOException {
                    int first = System.in.read();
                    byte[] rest = System.in.readAllBytes();
                    boolean line = new java.util.Scanner(System.in).hasNextLine();
                    return first == -1 && rest.length == 0 && !line ? 1 : 0;
                }

                public static int print(int n) {
                    System.out.println("out " + n);
                    System.err.println("err " + n);
                    return n;
                }

                public static int exitIfNegative(int x) {
                    if (x < 0) {
                        System.exit(-x);
                    }
                    return 2 * x;
                }

                public static int haltIfNegative(int x) {
                    if (x < 0) {
                        Runtime.getRuntime().halt(-x);
                    }
                    return 2 * x;
                }

                public static int spin(int x) {
                    long n = 0;
                    while (true) {
                        n += x;
                    }
                }

                public static int sleepForever(int x) {
                    while (true) {
                        try {
                            Thread.sleep(60_000);
                        } catch (InterruptedException swallowed) {
                            // and sleep again
                        }
                    }
                }

                public static int hog(int x) {
                    java.util.List<long[]> kept = new java.util.ArrayList<>();
                    while (true) {
                        kept.add(new long[1 << 19]); // 4 MiB at a time
                    }
                }

                public static int flood(int x) {
                    String line = "x".repeat(999);
                    while (true) {
                        System.out.println(line);
                    }
                }

                public static int endlessMessage(int x) {
                    throw new RuntimeException() {
                        @Override
                        public String getMessage() {
                            while (true) {
                                Thread.onSpinWait();
                            }
                        }
                    };
                }

                /** Stops the runner's own watchdog thread, then loops: only the judge's monitor is left. */
                @SuppressWarnings("deprecation")
                public static int stopWatchdogAndSpin(int x) {
                    int stopped = 0;
                    for (Thread thread : Thread.getAllStackTraces().keySet()) {
                        if (thread.getName().contains("watchdog")) {
                            thread.stop();
                            stopped++;
                        }
                    }
                    if (stopped == 0) {
                        return -1; // nothing to stop: the test must notice, not pass by accident
                    }
                    while (true) {
                        Thread.onSpinWait();
                    }
                }

                /** Stops the runner's own watchdog, then sleeps: the child computes nothing and waits for no CPU. */
                @SuppressWarnings("deprecation")
                public static int stopWatchdogAndSleep(int x) throws InterruptedException {
                    for (Thread thread : Thread.getAllStackTraces().keySet()) {
                        if (thread.getName().contains("watchdog")) {
                            thread.stop();
                        }
                    }
                    while (true) {
                        Thread.sleep(60_000);
                    }
                }

                /** Reads the protocol's own stdin, bypassing System.in. */
                public static int rawStdin(int x) throws java.io.IOException {
                    return new java.io.FileInputStream(java.io.FileDescriptor.in).read();
                }

                /** Not the JVM running out: the submission's own throw. */
                public static int throwOutOfMemory(int x) { throw new OutOfMemoryError("not really"); }

                /** Native memory outside the heap: each Deflater holds about 300 KiB of zlib's. */
                public static int deflaters(int x) {
                    while (true) {
                        KEPT.add(new java.util.zip.Deflater());
                    }
                }

                public static int hugeMessage(int x) { throw new IllegalStateException("m".repeat(16 << 20)); }

                public static String hugeAnswer(int x) { return "a".repeat(x == 0 ? 2 << 20 : x); }

                /** How many JDK tools the child can find (javac counts 1000). */
                public static int tools(int x) {
                    return (int) java.util.ServiceLoader.load(java.util.spi.ToolProvider.class).stream().count()
                            + (java.util.spi.ToolProvider.findFirst("javac").isPresent() ? 1000 : 0);
                }

                /** Writes 1 GiB into its temp directory. */
                public static String fillTmp(int x) throws java.io.IOException {
                    java.nio.file.Path file = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "fill");
                    byte[] mebibyte = new byte[1 << 20];
                    try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(file)) {
                        for (int i = 0; i < 1024; i++) {
                            out.write(mebibyte);
                        }
                    }
                    return "wrote 1 GiB";
                }

                /** Writes files of 16 MiB, each below the file size limit, into its temp directory until one fails. */
                public static String fillTmpWithFiles(int x) throws java.io.IOException {
                    byte[] mebibyte = new byte[1 << 20];
                    for (int f = 0; f < 64; f++) {
                        java.nio.file.Path file = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "part-" + f);
                        try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(file)) {
                            for (int i = 0; i < 16; i++) {
                                out.write(mebibyte);
                            }
                        }
                    }
                    return "wrote 1 GiB in files of 16 MiB";
                }

                /** Floods the real stdout, bypassing System.out and its count. */
                public static int floodRawStdout(int x) throws java.io.IOException {
                    java.io.FileOutputStream out = new java.io.FileOutputStream(java.io.FileDescriptor.out);
                    byte[] block = new byte[1 << 16];
                    while (true) {
                        out.write(block);
                    }
                }

                /**
                 * Looks for the protocol's pipes among its own file descriptors and tries to open
                 * them again through /proc/self/fd, after trying to give them back a mode: writing
                 * a frame there would pass for an answer. "pipes=N opened=M" (M must be 0).
                 */
                public static String reopenPipes(int x) {
                    int pipes = 0;
                    int opened = 0;
                    for (int fd = 3; fd < 256; fd++) {
                        java.nio.file.Path link = java.nio.file.Path.of("/proc/self/fd/" + fd);
                        String target;
                        try {
                            target = java.nio.file.Files.readSymbolicLink(link).toString();
                        } catch (Exception e) {
                            continue;
                        }
                        if (!target.contains(".fifo")) {
                            continue;
                        }
                        pipes++;
                        try {
                            java.nio.file.Files.setPosixFilePermissions(link,
                                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
                        } catch (Exception e) {
                            // not allowed: the open below shows what that means
                        }
                        try (java.io.FileOutputStream out = new java.io.FileOutputStream(link.toString())) {
                            out.write(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 42});
                            opened++;
                        } catch (Exception e) {
                            // refused: as it must be
                        }
                        try (java.io.FileInputStream in = new java.io.FileInputStream(link.toString())) {
                            opened++;
                        } catch (Exception e) {
                            // refused
                        }
                    }
                    return "pipes=" + pipes + " opened=" + opened;
                }

                /** Writes garbage into the protocol's own stdout, bypassing System.out. */
                public static int rawStdout(int x) throws java.io.IOException {
                    java.io.FileOutputStream out = new java.io.FileOutputStream(java.io.FileDescriptor.out);
                    out.write("garbage, not a frame".getBytes());
                    out.flush();
                    return 2 * x;
                }
            }
            """;

    private static final LoadRequest.Method[] METHODS = {
            method("ok", INT, INT),
            method("fail", INT, INT),
            method("recurse", INT, INT),
            method("badMessage", INT, INT),
            method("readStdin", INT, INT),
            method("print", INT, INT),
            method("exitIfNegative", INT, INT),
            method("haltIfNegative", INT, INT),
            method("spin", INT, INT),
            method("sleepForever", INT, INT),
            method("hog", INT, INT),
            method("flood", INT, INT),
            method("endlessMessage", INT, INT),
            method("stopWatchdogAndSpin", INT, INT),
            method("rawStdin", INT, INT),
            method("rawStdout", INT, INT),
            method("throwOutOfMemory", INT, INT),
            method("deflaters", INT, INT),
            method("hugeMessage", INT, INT),
            method("hugeAnswer", STRING, INT),
            method("tools", INT, INT),
            method("fillTmp", STRING, INT),
            method("floodRawStdout", INT, INT),
            method("fillTmpWithFiles", STRING, INT),
            method("reopenPipes", STRING, INT),
            method("stopWatchdogAndSleep", INT, INT),
    };
    private static final int OK = 0;
    private static final int FAIL = 1;
    private static final int RECURSE = 2;
    private static final int BAD_MESSAGE = 3;
    private static final int READ_STDIN = 4;
    private static final int PRINT = 5;
    private static final int EXIT_IF_NEGATIVE = 6;
    private static final int HALT_IF_NEGATIVE = 7;
    private static final int SPIN = 8;
    private static final int SLEEP_FOREVER = 9;
    private static final int HOG = 10;
    private static final int FLOOD = 11;
    private static final int ENDLESS_MESSAGE = 12;
    private static final int STOP_WATCHDOG = 13;
    private static final int RAW_STDIN = 14;
    private static final int RAW_STDOUT = 15;
    private static final int THROW_OUT_OF_MEMORY = 16;
    private static final int DEFLATERS = 17;
    private static final int HUGE_MESSAGE = 18;
    private static final int HUGE_ANSWER = 19;
    private static final int TOOLS = 20;
    private static final int FILL_TMP = 21;
    private static final int FLOOD_RAW_STDOUT = 22;
    private static final int FILL_TMP_WITH_FILES = 23;
    private static final int REOPEN_PIPES = 24;
    private static final int STOP_WATCHDOG_AND_SLEEP = 25;

    private static final LoadRequest REQUEST = SandboxFixtures.request(HOSTILE, METHODS);

    private static SandboxSession open(Isolation isolation) {
        return SandboxFixtures.open(SandboxFixtures.launcher(isolation, SMALL), REQUEST);
    }

    private static SandboxSession openStrongest() {
        return SandboxFixtures.open(SandboxFixtures.strongest(SMALL), REQUEST);
    }

    /** The line of the first source line containing {@code text}, as a stack frame shows it. */
    private static int lineOf(String text) {
        List<String> lines = HOSTILE.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("not in the source: " + text);
    }

    /** After a fatal outcome: the session refuses further calls and no process of it is left. */
    private static void assertGone(SandboxSession session) {
        assertFalse(session.isOpen(), "a fatal outcome closes the session");
        assertEquals(List.of(), session.call(OK, List.<Object[]>of(args(1))), "no call runs in a closed session");
        List<ProcessHandle> left = SandboxFixtures.survivorsOf(session, Duration.ofSeconds(3));
        assertTrue(left.isEmpty(), () -> "processes left behind: " + describe(left));
    }

    /** One fatal call in a fresh child under the strongest isolation; the child must be gone after it. */
    private static CallResult callAndClose(int method) {
        try (SandboxSession session = openStrongest()) {
            CallResult result = callOnce(session, method, 0);
            assertGone(session);
            return result;
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void anExceptionIsThrewWithItsClassAndTheSubmissionsOwnFrames(Isolation isolation) {
        try (SandboxSession session = open(isolation)) {
            CallResult before = callOnce(session, OK, 1);
            CallResult thrown = callOnce(session, FAIL, 7);
            CallResult after = callOnce(session, OK, 2);

            assertEquals(2, before.value());
            assertEquals(Outcome.THREW, thrown.outcome(), thrown::toString);
            String detail = thrown.detail();
            assertAll(
                    () -> assertTrue(detail.startsWith("java.lang.IllegalStateException: boom 7"), detail),
                    () -> assertTrue(detail.contains("Hostile.deeper(Hostile.java:"
                            + lineOf("throw new IllegalStateException(\"boom") + ")"), detail),
                    () -> assertTrue(detail.contains("Hostile.fail(Hostile.java:"
                            + lineOf("public static int fail") + ")"), detail),
                    // only the submission's frames: nothing of the runner or of reflection
                    () -> assertFalse(detail.contains("org.katajudge"), detail),
                    () -> assertFalse(detail.contains("java.lang.reflect") || detail.contains("jdk.internal"), detail),
                    () -> assertFalse(thrown.fatal()));
            assertEquals(Outcome.RETURNED, after.outcome(), "the session goes on after THREW");
            assertEquals(4, after.value());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void aStackOverflowIsThrewAndTheSessionGoesOn(Isolation isolation) {
        try (SandboxSession session = open(isolation)) {
            CallResult overflow = callOnce(session, RECURSE, 0);
            CallResult badMessage = callOnce(session, BAD_MESSAGE, 0);
            CallResult after = callOnce(session, OK, 21);

            assertEquals(Outcome.THREW, overflow.outcome(), overflow::toString);
            assertTrue(overflow.detail().startsWith("java.lang.StackOverflowError"), overflow.detail());
            assertTrue(overflow.detail().contains("Hostile.recurse(Hostile.java:" + lineOf("return recurse(") + ")"),
                    overflow.detail());
            assertTrue(overflow.detail().lines().count() <= 12, () -> "the stack is cut short: " + overflow.detail());
            // no count of the frames left out: how deep an overflow gets varies from run to run
            assertTrue(overflow.detail().contains("... more (a stack overflow: how deep varies from run to run)"),
                    overflow.detail());
            assertFalse(overflow.detail().matches("(?s).*\\.\\.\\. \\d+ more.*"), overflow.detail());

            // an exception whose getMessage() throws is still reported, with its class
            assertEquals(Outcome.THREW, badMessage.outcome(), badMessage::toString);
            assertTrue(badMessage.detail().startsWith("Hostile$"), badMessage.detail());
            assertTrue(badMessage.detail().contains("getMessage threw java.lang.IllegalStateException"),
                    badMessage.detail());

            assertEquals(42, after.value(), "the session goes on after THREW");
            assertTrue(session.isOpen());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void stdinIsEmptyAndStderrIsCapturedNotLeaked(Isolation isolation) {
        try (SandboxSession session = open(isolation)) {
            CallResult first = callOnce(session, PRINT, 1);
            CallResult stdin = callOnce(session, READ_STDIN, 0);
            CallResult second = callOnce(session, PRINT, 2);
            CallResult exit = callOnce(session, EXIT_IF_NEGATIVE, -9);

            assertEquals("out 1\nerr 1\n", first.output(), "System.out and System.err are captured per call");
            assertEquals(12, first.outputTotal());
            assertEquals(1, stdin.value(), "System.in is at its end: the protocol's stdin is out of reach");
            assertEquals("out 2\nerr 2\n", second.output(), "the protocol is intact after reading System.in");
            assertEquals(24, second.outputTotal());
            assertEquals(Outcome.DIED, exit.outcome(), exit::toString);
            // The JVM's stderr is quoted in DIED's detail: System.err must not have reached it.
            assertTrue(exit.detail().contains("exited with status 9"), exit.detail());
            assertFalse(exit.detail().contains("err "), exit.detail());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void systemExitIsDiedWithItsStatusAndEarlierResultsStayIntact(Isolation isolation) {
        try (SandboxSession session = open(isolation)) {
            List<CallResult> before = session.call(EXIT_IF_NEGATIVE, List.of(args(1), args(2), args(3)));
            List<CallResult> exit = session.call(EXIT_IF_NEGATIVE, List.of(args(-3), args(4)));

            assertEquals(List.of(2, 4, 6), before.stream().map(CallResult::value).toList());
            assertEquals(1, exit.size(), () -> "nothing after the fatal case: " + exit);
            assertEquals(Outcome.DIED, exit.get(0).outcome(), exit::toString);
            assertTrue(exit.get(0).detail().contains("exited with status 3"), exit.get(0).detail());
            assertGone(session);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void haltIsDiedWithItsStatus(Isolation isolation) {
        try (SandboxSession session = open(isolation)) {
            CallResult before = callOnce(session, HALT_IF_NEGATIVE, 5);
            CallResult halt = callOnce(session, HALT_IF_NEGATIVE, -5);

            assertEquals(10, before.value());
            assertEquals(Outcome.DIED, halt.outcome(), halt::toString);
            assertTrue(halt.detail().contains("exited with status 5"), halt.detail());
            assertGone(session);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void exitInAStaticInitializerIsDiedAtTheFirstCall(Isolation isolation) {
        LoadRequest exitsWhenInitialized = SandboxFixtures.request("""
                public class Hostile {
                    static {
                        System.exit(7);
                    }

                    public static int ok(int x) { return x; }
                }
                """, method("ok", INT, INT));
        // Loading does not initialize the class, so the session opens; the exit comes with the first call.
        try (SandboxSession session = SandboxFixtures.open(SandboxFixtures.launcher(isolation, SMALL),
                exitsWhenInitialized)) {
            CallResult first = callOnce(session, 0, 1);
            assertEquals(Outcome.DIED, first.outcome(), first::toString);
            assertTrue(first.detail().contains("exited with status 7"), first.detail());
            assertGone(session);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void anInfiniteLoopTimesOutWithinAboutThePerCallLimit(Isolation isolation) {
        assertTimesOut(isolation, SPIN);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void aSleepThatSwallowsInterruptsTimesOut(Isolation isolation) {
        assertTimesOut(isolation, SLEEP_FOREVER);
    }

    private static void assertTimesOut(Isolation isolation, int method) {
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL);
        CallResult result;
        try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
            assertEquals(2, callOnce(session, OK, 1).value());
            result = callOnce(session, method, 1);
            assertGone(session);
        }
        assertEquals(Outcome.TIMED_OUT, result.outcome(), result::toString);
        // the runner's own watchdog caught it by the CPU-or-blocked time it counts, not by the
        // cap nor the judge's last-resort monitor
        assertEquals("the call ran longer than 300 ms", result.detail());
        assertTrue(result.elapsedNanos() >= SMALL.perCall().toNanos(), result::toString);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void exhaustingTheHeapIsOutOfMemory(Isolation isolation) {
        // More time than SMALL's 300 ms: on a busy machine the collector's last full GCs before giving up
        // take longer than that, and the call would time out instead
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL.withPerCall(Duration.ofSeconds(3)));
        CallResult result;
        try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
            result = callOnce(session, HOG, 0);
            assertGone(session);
        }
        assertEquals(Outcome.OUT_OF_MEMORY, result.outcome(), result::toString);
        assertTrue(result.detail().contains("heap limit 64 MiB"), result.detail());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void printingPastTheLimitIsOutputLimitWithTheKeptPartBounded(Isolation isolation) {
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL);
        List<CallResult> results;
        try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
            results = List.of(callOnce(session, PRINT, 1), callOnce(session, FLOOD, 0));
            assertGone(session);
        }
        CallResult normal = results.get(0);
        CallResult flood = results.get(1);

        assertEquals("out 1\nerr 1\n", normal.output());
        assertEquals(Outcome.OUTPUT_LIMIT, flood.outcome(), flood::toString);
        assertTrue(flood.outputTotal() > SMALL.outputBytes(), flood::toString);
        assertTrue(flood.outputTotal() < 2 * SMALL.outputBytes(), "it stopped soon after the limit: " + flood);
        int kept = flood.output().getBytes(StandardCharsets.UTF_8).length;
        assertTrue(kept > 0, "the head of the flood is kept for the report");
        assertTrue(kept + 12 <= SMALL.keptOutputBytes(), "kept " + kept + " bytes, more than the limit");
        assertTrue(flood.output().startsWith("xxx"), flood.output());
    }

    @Test
    void anExitInsideABatchKeepsTheAnswersBeforeIt() {
        try (SandboxSession session = openStrongest()) {
            List<CallResult> results = session.call(EXIT_IF_NEGATIVE, List.of(args(1), args(2), args(-3), args(4)));
            assertEquals(3, results.size(), results::toString);
            assertEquals(2, results.get(0).value());
            assertEquals(4, results.get(1).value());
            assertEquals(Outcome.DIED, results.get(2).outcome());
        }
    }

    @Test
    void anExceptionWhoseMessageNeverReturnsTimesOut() {
        // describe() calls getMessage() inside the timed call; a message that loops must not hang the runner
        CallResult result = callAndClose(ENDLESS_MESSAGE);
        assertEquals(Outcome.TIMED_OUT, result.outcome(), result::toString);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {STOP_WATCHDOG, STOP_WATCHDOG_AND_SLEEP})
    void stoppingTheRunnersWatchdogStillTimesOutByTheJudgesMonitor(int method) {
        try (SandboxSession session = openStrongest()) {
            assertEquals(2, callOnce(session, OK, 1).value());
            // a guard against a hang, not a measure: the monitor waits the per-call cap plus a grace
            // of max(1 s, per call), of the child's time (waits for a CPU are not counted; a child
            // that computes or sleeps is charged all of it)
            CallResult result = assertTimeoutPreemptively(Duration.ofMinutes(2),
                    () -> callOnce(session, method, 0));

            assertEquals(Outcome.TIMED_OUT, result.outcome(), result::toString);
            assertTrue(result.detail().contains("stopped answering"), result.detail());
            assertGone(session);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void theRealStdinIsClosedAndHoldsNoToken(Isolation isolation) {
        // the runner read the token before any submission code ran, and the judge closed stdin
        try (SandboxSession session = open(isolation)) {
            CallResult result = callOnce(session, RAW_STDIN, 0);
            assertEquals(-1, result.value(), result::toString);
            assertEquals(4, callOnce(session, OK, 2).value(), "the protocol is intact");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void garbageWrittenToTheRealStdoutCannotReachTheAnswerChannel(Isolation isolation) {
        // the protocol is a socket only the runner holds: fd 1 is plain output, drained and counted
        try (SandboxSession session = open(isolation)) {
            List<CallResult> results = assertTimeoutPreemptively(Duration.ofMinutes(2),
                    () -> session.call(RAW_STDOUT, List.of(args(1), args(2), args(3))));
            assertEquals(List.of(2, 4, 6), results.stream().map(CallResult::value).toList(), results::toString);
            assertEquals(10, callOnce(session, OK, 5).value(), "the protocol is intact");
            assertTrue(session.isOpen());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void theProtocolsPipesCannotBeOpenedAgainThroughProc(Isolation isolation) {
        // The runner's pipes are in its fd table (the probe finds both: it looks in the right place),
        // but their files are gone and their mode is 000, which a child of another user cannot
        // change (nor anyone under bubblewrap's read-only mount). A judge that is not root runs its
        // children as itself: without bubblewrap such a child could change the mode back (README).
        Assumptions.assumeTrue(isolation == Isolation.BWRAP || ChildUser.switches(),
                "the judge does not run as root here: its children are its own user");
        try (SandboxSession session = open(isolation)) {
            CallResult result = callOnce(session, REOPEN_PIPES, 0);
            assertEquals("pipes=2 opened=0", result.value(), result::toString);
            assertEquals(4, callOnce(session, OK, 2).value(), "the protocol is intact");
            assertTrue(session.isOpen());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void aSubmissionsOwnOutOfMemoryErrorIsAnExceptionNotTheJvmRunningOut(Isolation isolation) {
        try (SandboxSession session = open(isolation)) {
            CallResult thrown = callOnce(session, THROW_OUT_OF_MEMORY, 0);
            assertEquals(Outcome.THREW, thrown.outcome(), thrown::toString);
            assertTrue(thrown.detail().startsWith("java.lang.OutOfMemoryError: not really"), thrown.detail());
            assertEquals(2, callOnce(session, OK, 1).value(), "the session goes on after THREW");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void nativeMemoryOutsideTheHeapIsBoundedAndOutOfMemory(Isolation isolation) {
        // Deflaters hold zlib's memory, not heap: only the address-space limit stops them
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL.withPerCall(Duration.ofSeconds(5)));
        CallResult result;
        try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
            result = callOnce(session, DEFLATERS, 0);
            assertGone(session);
        }
        assertEquals(Outcome.OUT_OF_MEMORY, result.outcome(), result::toString);
        assertTrue(result.detail().contains(SMALL.memoryMegabytes() + " MiB in all"), result.detail());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void aHugeMessageArrivesCutToAFewKilobytes(Isolation isolation) {
        try (SandboxSession session = open(isolation)) {
            List<CallResult> results = session.call(HUGE_MESSAGE, List.of(args(1), args(2), args(3)));
            assertEquals(3, results.size());
            for (CallResult result : results) {
                assertEquals(Outcome.THREW, result.outcome());
                assertTrue(result.detail().startsWith("java.lang.IllegalStateException: mmm"), result.detail());
                assertTrue(result.detail().length() < 16 << 10, "detail of " + result.detail().length() + " chars");
                assertTrue(result.detail().contains("more characters)"), "says it was cut");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void anAnswerLargerThanAMebibyteIsOutputLimit(Isolation isolation) {
        CallResult result;
        try (SandboxSession session = open(isolation)) {
            result = callOnce(session, HUGE_ANSWER, 0);
            assertGone(session);
        }
        assertEquals(Outcome.OUTPUT_LIMIT, result.outcome(), result::toString);
        assertTrue(result.detail().contains("answer larger than"), result.detail());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void noJdkToolIsWithinReach(Isolation isolation) {
        // java.base only: ToolProvider finds neither javac nor jar nor any other tool
        try (SandboxSession session = open(isolation)) {
            assertEquals(0, callOnce(session, TOOLS, 0).value());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void theTempDirectoryIsBounded(Isolation isolation) {
        // bubblewrap: a /tmp of 64 MiB; elsewhere no file may grow past 64 MiB (RLIMIT_FSIZE)
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL.withPerCall(Duration.ofSeconds(10)));
        try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
            CallResult result = callOnce(session, FILL_TMP, 0);
            assertEquals(Outcome.THREW, result.outcome(), result::toString);
            assertTrue(result.detail().contains("IOException") || result.detail().contains("FileSystemException"),
                    result.detail());
            assertEquals(2, callOnce(session, OK, 1).value(), "the session goes on");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void floodingTheRealStdoutIsOutputLimit(Isolation isolation) {
        // Several floods: killing the child's wrapper before its JVM closed the judge's end of the
        // pipe first, and the JVM answered THREW (broken pipe) before its SIGKILL, in 2 of 3
        // isolations within 60 floods (-Dreps=60); the tree is now killed leaves first.
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL.withPerCall(Duration.ofSeconds(5)));
        for (int rep = 0; rep < Integer.getInteger("reps", 5); rep++) {
            try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
                CallResult result = callOnce(session, FLOOD_RAW_STDOUT, 0);
                assertEquals(Outcome.OUTPUT_LIMIT, result.outcome(), result::toString);
                assertGone(session);
            }
        }
    }

    @Test
    void aBatchIsBoundedInAllNotOnlyPerCall() {
        // 4 KiB messages on each of 300 cases: the first mebibyte of text in full, then short
        List<Object[]> cases = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            cases.add(args(i));
        }
        try (SandboxSession session = openStrongest()) {
            List<CallResult> thrown = session.call(HUGE_MESSAGE, cases);
            assertEquals(300, thrown.size());
            long chars = thrown.stream().mapToLong(r -> r.detail().length()).sum();
            assertTrue(chars < (1 << 20) + 300 * 512, chars + " characters of details in one batch");
            assertTrue(thrown.get(299).detail().length() < 512, thrown.get(299).detail());
            assertTrue(thrown.get(0).detail().length() > 4000, "the first ones come in full");

            // answers of 768 KiB: each is allowed, but not 16 MiB of them in one batch
            List<Object[]> large = new java.util.ArrayList<>();
            for (int i = 0; i < 40; i++) {
                large.add(args(768 << 10));
            }
            List<CallResult> answers = session.call(HUGE_ANSWER, large);
            assertTrue(answers.size() < 40, "stopped within the batch");
            assertEquals(Outcome.RETURNED, answers.get(0).outcome());
            CallResult last = answers.get(answers.size() - 1);
            assertEquals(Outcome.OUTPUT_LIMIT, last.outcome(), last::toString);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void manyFilesBelowTheFileSizeLimitStillCannotFillTheDisk(Isolation isolation) {
        // bubblewrap: the 64 MiB tmpfs is full; elsewhere the judge measures the temp directory and stops the child
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL.withPerCall(Duration.ofSeconds(20)));
        CallResult result;
        try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
            result = callOnce(session, FILL_TMP_WITH_FILES, 0);
        }
        if (isolation == Isolation.BWRAP) {
            assertEquals(Outcome.THREW, result.outcome(), result::toString);
        } else {
            assertEquals(Outcome.DIED, result.outcome(), result::toString);
            assertTrue(result.detail().contains("temp directory"), result.detail());
        }
    }
}
