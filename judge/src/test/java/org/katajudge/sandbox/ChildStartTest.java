package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.katajudge.kata.ValueType;
import org.katajudge.sandbox.CallResult.Outcome;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A child started before its submission is compiled ({@link ChildStart}) is the child a late start
 * would give: the same answers, verdicts and containment; and one that is never used (a compile
 * error, a cancelled run) leaves no process, scratch directory or user lease behind, whether it is
 * ended while its runner still connects or once it waits for its classes.
 */
@Isolated("counts this JVM's child processes and scratch directories: nothing else may make any meanwhile")
class ChildStartTest {

    private static final String SOURCE = """
            public class Hostile {
                public static int ok(int x) { return 2 * x; }

                public static int fail(int x) { throw new IllegalStateException("boom " + x); }

                public static int spin(int x) {
                    long n = 0;
                    while (true) {
                        n += x;
                    }
                }

                public static int print(int n) {
                    System.out.println("out " + n);
                    return n;
                }

                public static int contained(int x) {
                    int seen = 0;
                    if (new java.io.File("/etc/shadow").canRead()) seen |= 1;
                    if (new java.io.File(System.getProperty("user.home"), ".m2").canRead()) seen |= 2;
                    if (System.getenv("HOME") != null && new java.io.File(System.getenv("HOME")).canWrite()) seen |= 4;
                    return seen;
                }
            }
            """;
    private static final LoadRequest REQUEST = SandboxFixtures.request(SOURCE,
            SandboxFixtures.method("ok", ValueType.INT, ValueType.INT),
            SandboxFixtures.method("fail", ValueType.INT, ValueType.INT),
            SandboxFixtures.method("spin", ValueType.INT, ValueType.INT),
            SandboxFixtures.method("print", ValueType.INT, ValueType.INT),
            SandboxFixtures.method("contained", ValueType.INT, ValueType.INT));

    private final SandboxLauncher launcher = SandboxFixtures.strongest(SandboxFixtures.SMALL);

    @Test
    void aChildStartedEarlyAnswersAsAChildStartedLate() throws Exception {
        List<String> late;
        try (SandboxSession session = launcher.open(REQUEST, false)) {
            late = answers(session);
        }
        ChildStart start = launcher.start(false);
        awaitConnected(start);
        List<String> early;
        try (SandboxSession session = start.load(REQUEST)) {
            early = answers(session);
        }
        assertEquals(late, early);
        assertTrue(early.get(2).startsWith(Outcome.TIMED_OUT + " "), () -> "the spin timed out: " + early);
    }

    @Test
    void aChildStartedForNothingLeavesNothingBehind() throws Exception {
        Set<Path> scratchBefore = scratchDirectories();
        Set<Long> processesBefore = descendants();

        ChildStart waiting = launcher.start(false);
        awaitConnected(waiting); // connected, waiting for classes that never come (a compile error)
        Set<Long> started = descendants();
        started.removeAll(processesBefore);
        assertFalse(started.isEmpty(), "the child runs before it is loaded");
        Set<Path> scratch = scratchDirectories();
        scratch.removeAll(scratchBefore);
        assertEquals(1, scratch.size(), () -> "one scratch directory: " + scratch);
        List<Integer> users = childUsers(started);
        users.forEach(uid -> assertTrue(ChildUser.leased(uid), "its user is leased while it runs"));
        waiting.close();
        assertGone(started, scratchBefore, users);
        assertThrows(IllegalStateException.class, () -> waiting.load(REQUEST), "an ended child is not loaded");

        ChildStart connecting = launcher.start(false);
        connecting.close(); // at once: the runner has not connected yet, perhaps not even started
        assertGone(new java.util.HashSet<>(), scratchBefore, users);
        Set<Long> left = descendants();
        left.removeAll(processesBefore);
        assertEquals(Set.of(), aliveOf(left, Duration.ofSeconds(10)), "no process of a child ended while it started");
    }

    /**
     * A child ended at any moment of its start leaves no process anywhere, not only none below the
     * judge (an orphan is init's, outside the judge's tree). The red team saw a bubblewrap process
     * left as an orphan in about one of twelve compile errors of a class server; this test, which
     * ends children after 0, 9, 18... ms, caught one in a loaded suite run (not alone): a root
     * judge's lease now ends every process of the child's user after a child that did not end by
     * itself, under every isolation.
     */
    @Test
    void aChildEndedAnyTimeDuringItsStartLeavesNoProcessAnywhere() throws Exception {
        String marker = JudgeDirectory.children().toString(); // in every command line of this JVM's children
        for (int i = 0; i < 24; i++) {
            ChildStart start = launcher.start(false);
            Thread.sleep(9L * i);
            start.close();
        }
        List<ProcessHandle> left = SandboxFixtures.survivorsAfter(marker, Duration.ofSeconds(15));
        assertEquals(List.of(), left, () -> "outlived their end: " + SandboxFixtures.describe(left));
    }

    @Test
    void aLoadedChildIsItsSessionsToEnd() throws Exception {
        Set<Path> scratchBefore = scratchDirectories();
        ChildStart start = launcher.start(false);
        SandboxSession session = start.load(REQUEST);
        start.close(); // does nothing: the session owns the child now
        assertEquals("RETURNED 14", answer(SandboxFixtures.callOnce(session, 0, 7)));
        session.close();
        assertEquals(scratchBefore, scratchDirectories(), "the session's end releases everything");
    }

    private static List<String> answers(SandboxSession session) {
        List<String> answers = new ArrayList<>();
        answers.add(answer(SandboxFixtures.callOnce(session, 0, 21)));
        answers.add(answer(SandboxFixtures.callOnce(session, 1, 3)));
        answers.add(answer(SandboxFixtures.callOnce(session, 2, 1)));
        return answers;
    }

    /** What a verdict is made of: the outcome, the value, the message's first line, what was printed. */
    private static String answer(CallResult result) {
        String detail = result.detail() == null ? "" : result.detail().lines().findFirst().orElse("");
        return result.outcome() + " " + result.value() + (detail.isEmpty() ? "" : " " + detail.replaceAll("\\d+ ms", "N ms"))
                + (result.output().isEmpty() ? "" : " printed " + result.output());
    }

    @Test
    void theSameContainmentAndOutput() throws Exception {
        List<String> late;
        try (SandboxSession session = launcher.open(REQUEST, false)) {
            late = List.of(answer(SandboxFixtures.callOnce(session, 4, 0)), answer(SandboxFixtures.callOnce(session, 3, 5)));
        }
        ChildStart start = launcher.start(false);
        awaitConnected(start);
        try (SandboxSession session = start.load(REQUEST)) {
            assertEquals(late, List.of(answer(SandboxFixtures.callOnce(session, 4, 0)),
                    answer(SandboxFixtures.callOnce(session, 3, 5))));
        }
    }

    private static void awaitConnected(ChildStart start) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos(); // a loaded machine starts slowly
        while (!start.connected() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(start.connected(), "the child connected");
    }

    private static void assertGone(Set<Long> processes, Set<Path> scratchBefore, List<Integer> users) {
        assertEquals(Set.of(), aliveOf(processes, Duration.ofSeconds(10)), "the child's processes are gone");
        assertEquals(scratchBefore, scratchDirectories(), "its scratch directory is gone");
        users.forEach(uid -> assertFalse(ChildUser.leased(uid), "its user is given back"));
    }

    /** The users of {@code processes} that are a child's own (a root judge switches users). */
    private static List<Integer> childUsers(Set<Long> processes) {
        List<Integer> users = new ArrayList<>();
        for (long pid : processes) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                    if (line.startsWith("Uid:")) {
                        int uid = Integer.parseInt(line.split("\\s+")[1]);
                        if (uid >= ChildUser.BASE && !users.contains(uid)) {
                            users.add(uid);
                        }
                    }
                }
            } catch (IOException | RuntimeException gone) {
                // ended meanwhile
            }
        }
        return users;
    }

    private static Set<Long> aliveOf(Set<Long> pids, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        Set<Long> alive = running(pids);
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            alive = running(pids);
        }
        return alive;
    }

    /** Alive and not a zombie waiting for init to reap it. */
    private static Set<Long> running(Set<Long> pids) {
        return pids.stream().filter(pid -> {
            try {
                String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
                return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
            } catch (IOException | RuntimeException gone) {
                return false;
            }
        }).collect(Collectors.toSet());
    }

    private static Set<Long> descendants() {
        return ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    private static Set<Path> scratchDirectories() {
        Path root = SandboxLauncher.scratchDirectories();
        if (!Files.isDirectory(root)) {
            return new java.util.HashSet<>();
        }
        try (Stream<Path> entries = Files.list(root)) {
            return entries.collect(Collectors.toSet());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
