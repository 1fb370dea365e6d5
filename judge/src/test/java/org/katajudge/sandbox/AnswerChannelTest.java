package org.katajudge.sandbox;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The judge's side of the pipes, against a stand-in for the runner in this JVM: the right token
 * connects and the files are gone, anything else is refused, and no way a child can fail to
 * connect (never opening, dying, opening and saying nothing) leaves the judge waiting.
 */
class AnswerChannelTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path scratch;

    private final ScheduledExecutorService monitor = Executors.newSingleThreadScheduledExecutor();
    /** This test's own: ending the JVM's would end the connects of other test classes running beside it. */
    private final ConnectsUnderWay connects = new ConnectsUnderWay();
    /** Each blocking stand-in on a thread of its own: one blocked in a shared pool holds others' tasks. */
    private static final Executor OWN_THREAD = task -> new Thread(task, "answer-channel-test").start();

    @AfterEach
    void stopMonitor() {
        monitor.shutdownNow();
    }

    /** The runner's side: token from its stdin line, then requests (read) and answers (write) opened. */
    private static CompletableFuture<Void> runner(AnswerChannel channel, byte[] sent, byte[] answer, byte[] request) {
        return CompletableFuture.runAsync(() -> {
            try (InputStream requests = new FileInputStream(channel.files().get(0).toFile());
                 OutputStream answers = new FileOutputStream(channel.files().get(1).toFile())) {
                answers.write(sent);
                answers.write(answer);
                answers.flush();
                // read as the runner reads (FileInputStream.readNBytes would ask a pipe for its position)
                byte[] got = new java.io.DataInputStream(requests).readNBytes(request.length);
                assertArrayEquals(request, got);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, OWN_THREAD);
    }

    private static byte[] token(AnswerChannel channel) {
        return Arrays.copyOf(channel.tokenLine(), channel.tokenLine().length - 1);
    }

    @Test
    void theRunnerWithTheTokenConnectsAndThePipesAreGoneThen() throws Exception {
        AnswerChannel channel = AnswerChannel.create(scratch, connects);
        for (Path fifo : channel.files()) {
            assertTrue(Files.exists(fifo), "made: " + fifo);
        }
        byte[] request = "LOAD".getBytes(StandardCharsets.US_ASCII);
        CompletableFuture<Void> runner = runner(channel, token(channel), "READY".getBytes(StandardCharsets.US_ASCII),
                request);
        channel.connect(WAIT, new WallClock(), () -> true, monitor);
        for (Path fifo : channel.files()) {
            assertFalse(Files.exists(fifo), "nobody can open it again by name: " + fifo);
        }
        assertEquals("READY", new String(channel.input().readNBytes(5), StandardCharsets.US_ASCII));
        channel.output().write(request);
        runner.get(10, TimeUnit.SECONDS);
        channel.close();
    }

    @Test
    void aPretenderWithoutTheTokenIsRefused() throws Exception {
        AnswerChannel channel = AnswerChannel.create(scratch, connects);
        byte[] wrong = token(channel).clone();
        wrong[0] ^= 1;
        runner(channel, wrong, new byte[0], new byte[0]);
        IOException refused = assertThrows(IOException.class,
                () -> assertTimeoutPreemptively(WAIT, () -> channel.connect(WAIT, new WallClock(), () -> true, monitor)));
        assertTrue(refused.getMessage().contains("token"), refused.getMessage());
        channel.close();
    }

    @Test
    void aChildThatEndsBeforeOpeningThePipesIsGivenUpAtOnce() throws Exception {
        AnswerChannel channel = AnswerChannel.create(scratch, connects);
        long dies = System.nanoTime() + 200_000_000L;
        IOException gone = assertThrows(IOException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> channel.connect(WAIT, new WallClock(), () -> System.nanoTime() < dies, monitor)));
        assertEquals("the child ended before it connected", gone.getMessage());
        channel.close();
    }

    @Test
    void aChildSeenEndedIsSaidToHaveEndedEvenIfItLooksAliveAgainWhenTheMessageIsWritten() throws Exception {
        // the message says what ended the wait: asked again when the message is written, a killed
        // process not yet reaped still looks alive
        AnswerChannel channel = AnswerChannel.create(scratch, connects);
        AtomicInteger looks = new AtomicInteger();
        IOException gone = assertThrows(IOException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> channel.connect(WAIT, new WallClock(), () -> looks.getAndIncrement() > 0, monitor)));
        assertEquals("the child ended before it connected", gone.getMessage());
        channel.close();
    }

    @Test
    void aChildGoneBeforeTheJudgeEvenOpensItsEndIsGivenUp() throws Exception {
        // The guard's first look comes before the judge's thread reaches its open (a thread late on a
        // busy machine, or during a SIGTERM's shutdown): a release then had no open to end, and the open
        // that came after it waited for a reader forever.
        AnswerChannel channel = AnswerChannel.create(scratch, connects);
        java.util.concurrent.ScheduledThreadPoolExecutor early = new java.util.concurrent.ScheduledThreadPoolExecutor(1) {
            @Override
            public java.util.concurrent.ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay,
                                                                                long delay, TimeUnit unit) {
                command.run(); // the first look, before connect goes on
                return super.scheduleWithFixedDelay(command, initialDelay, delay, unit);
            }
        };
        try {
            IOException gone = assertThrows(IOException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> channel.connect(WAIT, new WallClock(), () -> false, early)));
            assertEquals("the child ended before it connected", gone.getMessage());
        } finally {
            early.shutdownNow();
            channel.close();
        }
    }

    @Test
    void aChildThatNeverOpensThePipesIsGivenUpAtTheDeadline() throws Exception {
        AnswerChannel channel = AnswerChannel.create(scratch, connects);
        IOException late = assertThrows(IOException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> channel.connect(Duration.ofMillis(300), new WallClock(), () -> true, monitor)));
        assertTrue(late.getMessage().startsWith("the child did not connect within"), late.getMessage());
        channel.close();
    }

    @Test
    void aChildThatOpensThePipesAndSaysNothingIsGivenUpAtTheDeadline() throws Exception {
        AnswerChannel channel = AnswerChannel.create(scratch, connects);
        CompletableFuture<Void> silent = CompletableFuture.runAsync(() -> {
            try (InputStream requests = new FileInputStream(channel.files().get(0).toFile());
                 OutputStream answers = new FileOutputStream(channel.files().get(1).toFile())) {
                requests.read(); // holds both ends until the judge gives up (its end closes: EOF)
            } catch (IOException e) {
                // the judge closed its end
            }
        }, OWN_THREAD);
        IOException late = assertThrows(IOException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> channel.connect(Duration.ofMillis(300), new WallClock(), () -> true, monitor)));
        assertTrue(late.getMessage().startsWith("the child did not connect within"), late.getMessage());
        channel.close();
        silent.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aConnectUnderWayIsEndedBeforeTheJudgesFilesGoAtItsExit() throws Exception {
        AnswerChannel channel = AnswerChannel.create(scratch, connects);
        CompletableFuture<IOException> connecting = waitForNoChild(channel);
        connects.exit(Duration.ofMinutes(1)); // returns when no connect is left under way
        assertTrue(connecting.isDone(), "the connect ended before the files may go");
        IOException ended = connecting.get();
        assertEquals("the judge is exiting: the child was not connected", String.valueOf(ended.getMessage()));
        channel.close();
    }

    @Test
    void aConnectBegunOnceTheJudgeExitsGivesUpWithoutOpeningAnything() throws Exception {
        // Begun after the exit's release of the connects under way, an open would wait for a runner that
        // can no longer open its end once the judge's files are removed (found: a SIGTERM while a child
        // started; the judge held its exit for a minute and wrote no report).
        connects.exit(Duration.ofSeconds(10));
        AnswerChannel channel = AnswerChannel.create(scratch, connects);
        IOException exiting = assertThrows(IOException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> channel.connect(Duration.ofHours(1), new WallClock(), () -> true, monitor)));
        assertEquals("the judge is exiting: the child was not connected", exiting.getMessage());
        assertFalse(Files.exists(channel.files().get(0)) || Files.exists(channel.files().get(1)), "the pipes are gone");
        channel.close();
    }

    @Test
    void anExitEndsOnlyItsOwnConnects() throws Exception {
        // One test's exit ended the JVM's every connect: children of other test classes, running beside
        // it, failed at 0.1 s of their start with "did not connect within 20 s" (a CI run, two fresh-clone runs).
        ConnectsUnderWay others = new ConnectsUnderWay();
        Path otherScratch = Files.createDirectory(scratch.resolve("other"));
        AnswerChannel other = AnswerChannel.create(otherScratch, others);
        CompletableFuture<IOException> otherConnecting = waitForNoChild(other);
        AnswerChannel own = AnswerChannel.create(scratch, connects);
        CompletableFuture<IOException> ownConnecting = waitForNoChild(own);
        connects.exit(Duration.ofMinutes(1));
        assertEquals("the judge is exiting: the child was not connected", ownConnecting.get().getMessage());
        Thread.sleep(200); // the guard's ticks come every 20 ms: time for a wrong release to show
        assertFalse(otherConnecting.isDone(), "another judge's connect still waits for its child");
        others.exit(Duration.ofMinutes(1));
        assertEquals("the judge is exiting: the child was not connected", otherConnecting.get().getMessage());
        own.close();
        other.close();
    }

    /**
     * Starts {@code channel}'s connect, which no child ever answers, on a thread of its own, and
     * returns once that thread waits in the open.
     */
    private CompletableFuture<IOException> waitForNoChild(AnswerChannel channel) throws InterruptedException {
        AtomicReference<Thread> connecting = new AtomicReference<>();
        CompletableFuture<IOException> connect = CompletableFuture.supplyAsync(() -> {
            connecting.set(Thread.currentThread());
            try {
                channel.connect(Duration.ofHours(1), new WallClock(), () -> true, monitor);
                return null;
            } catch (IOException e) {
                return e;
            }
        }, OWN_THREAD);
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!connect.isDone() && !waitsInOpen(connecting.get())) {
            assertTrue(System.nanoTime() < deadline, "the connect never reached its open"); // a guard, not a measure
            Thread.sleep(10);
        }
        return connect;
    }

    /** Whether {@code thread} is in a connect that opens the requests pipe: the open waits for a reader. */
    private static boolean waitsInOpen(Thread thread) {
        if (thread == null) {
            return false;
        }
        StackTraceElement[] stack = thread.getStackTrace();
        return Arrays.stream(stack).anyMatch(frame -> frame.getMethodName().equals("connect")
                && frame.getClassName().equals(AnswerChannel.class.getName()))
                && Arrays.stream(stack).anyMatch(frame -> frame.getClassName().contains("FileChannel")
                || frame.getClassName().contains("UnixChannelFactory") || frame.getClassName().contains("UnixNativeDispatcher"));
    }

    /** The time since it was made: a stand-in child's clock (ChildClock's without /proc). */
    private static final class WallClock implements java.util.function.LongSupplier {
        private final long started = System.nanoTime();

        @Override
        public long getAsLong() {
            return System.nanoTime() - started;
        }
    }
}
