package org.katajudge.sandbox;

import org.katajudge.kata.ValueType;
import org.katajudge.sandbox.CallResult.Outcome;
import org.katajudge.sandbox.runner.Runner;
import org.katajudge.sandbox.runner.Wire;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The judge's side of one child JVM holding one submission: sends batches of cases, reads back
 * one {@link CallResult} per case. After a fatal result (timeout, output limit, memory, death)
 * the child is gone and the session is closed; open a new one to go on.
 *
 * <p>The protocol runs over an {@link AnswerChannel}, pipes only the runner holds; what the
 * child writes to stdout and stderr is drained, counted against the output limit and otherwise
 * only used to explain how the JVM ended. Nothing the child sends is read unbounded: each field
 * has a size the judge accepts, and more is a broken protocol that ends the child.
 *
 * <p>A monitor kills the child's whole process tree when it stops answering (the per-call cap
 * plus a grace, should the child's own watchdog fail), when the session's total time is up (both
 * in the child's own time, {@link ChildClock}: a busy machine does not make a child look hung), or
 * when what it printed passes the output limit. Batches are written by a separate
 * thread so that a child answering a large batch can never block on a full pipe while
 * the judge is still writing.
 */
public final class SandboxSession implements AutoCloseable {

    /** Time for the child JVM to start and answer READY ({@link ChildClock}'s time: waits for a CPU not counted). */
    private static final Duration STARTUP = Duration.ofSeconds(20);
    /**
     * The wall-clock ceiling of a child, as a multiple of its total budget: the last resort should
     * its clock tell nothing true (a child that only ever waits for a CPU is not costing much).
     */
    private static final int WALL_CEILING_FACTOR = 4;
    /** Extra time for the first call: class initialization and the JIT's first steps. */
    private static final Duration FIRST_CALL = Duration.ofSeconds(5);
    /** How long {@link #close()} waits for the child to end by itself before it kills it. */
    static final Duration EXIT_WAIT = Duration.ofMillis(500);
    /**
     * How long the judge reads on after the child exited, without reading anything, before it
     * blames something holding the pipe.
     */
    private static final Duration AFTER_EXIT = Duration.ofSeconds(2);
    /** How long the judge waits for a dead child's last words on stderr to be read (they tell how it died). */
    private static final Duration OUTPUT_END = Duration.ofSeconds(30);

    /** The largest class name, message and stack the judge accepts from the runner, in UTF-8 bytes. */
    private static final int MAX_NAME_BYTES = 3 * Wire.MAX_FRAME_CHARS + 64;
    private static final int MAX_MESSAGE_BYTES = 3 * Wire.MAX_TEXT_CHARS + 64;
    private static final int MAX_STACK_BYTES = Wire.MAX_STACK_FRAMES * (3 * Wire.MAX_FRAME_CHARS + 70) + 64;

    /** How often the monitor measures a temp directory on the host's file system. */
    private static final long TMP_CHECK_NANOS = 200_000_000L;
    /** The most entries the monitor counts in it: more is over the limit too. */
    private static final int TMP_MAX_ENTRIES = 10_000;

    private final ChildProcess child;
    private final ChildClock clock;
    private final AnswerChannel channel;
    private final Limits limits;
    private final Path watchedTmp;
    private long tmpCheckedNanos;
    private final Release cleanup;
    private final Duration exitWait;
    private final DataInputStream in;
    private final OutputStream out;
    private final ExecutorService writer;
    private final ScheduledFuture<?> watch;
    /** The child's time ({@link ChildClock#charged()}) at its last answer or request. */
    private volatile long lastProgressCharged;
    /** Bytes the runner counted through System.out and System.err, as of its last answer. */
    private volatile long printedThroughRunner;
    private volatile boolean awaiting;
    private volatile boolean firstCall = true;
    private volatile String killedBecause;
    private volatile Outcome killedAs = Outcome.TIMED_OUT;
    private volatile long exitSeenNanos;
    private volatile boolean closedAfterExit;
    private boolean closed;

    private SandboxSession(ChildProcess child, ChildClock clock, AnswerChannel channel, Limits limits, Path watchedTmp,
                           ScheduledExecutorService monitor, Release cleanup, Duration exitWait) {
        this.child = child;
        this.clock = clock;
        this.lastProgressCharged = clock.charged();
        this.exitWait = exitWait;
        this.channel = channel;
        this.watchedTmp = watchedTmp;
        this.limits = limits;
        this.cleanup = cleanup;
        this.in = new DataInputStream(new BufferedInputStream(channel.input(), 1 << 16));
        this.out = channel.output();
        this.writer = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "kata-judge-writer-" + child.pid());
            thread.setDaemon(true);
            return thread;
        });
        this.watch = monitor.scheduleWithFixedDelay(this::checkDeadlines, 20, 20, TimeUnit.MILLISECONDS);
    }

    /**
     * Hands the child its token, waits for its runner to connect, and loads the submission.
     * On failure everything is released (the child killed, {@code cleanup} run).
     *
     * @param watchedTmp the child's temp directory when it is on the host's file system (no sized
     *                   tmpfs of its own): the monitor bounds its total size; null otherwise
     */
    static SandboxSession open(ChildProcess child, AnswerChannel channel, LoadRequest request, Limits limits,
                               Path watchedTmp, ScheduledExecutorService monitor, Release cleanup,
                               Duration exitWait)
            throws SandboxException, SubmissionLoadException {
        ChildClock clock = new ChildClock(child.pid());
        try {
            OutputStream stdin = child.stdin();
            stdin.write(channel.tokenLine());
            stdin.close(); // nothing else ever comes on stdin
            channel.connect(STARTUP, clock::charged, child::alive, monitor);
        } catch (IOException e) {
            child.killTree();
            OptionalInt status = child.awaitExit(Duration.ofSeconds(2));
            channel.close();
            cleanup.release(false);
            throw new SandboxException("the child JVM did not start"
                    + (status.isPresent() ? " (exit status " + status.getAsInt() + ")" : "")
                    + ": " + e.getMessage() + "; stderr: " + child.stderrHead().strip(), e);
        }
        SandboxSession session = new SandboxSession(child, clock, channel, limits, watchedTmp, monitor, cleanup, exitWait);
        try {
            session.load(request);
            return session;
        } catch (SandboxException | SubmissionLoadException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    private void load(LoadRequest request) throws SandboxException, SubmissionLoadException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream frame = new DataOutputStream(bytes)) {
            frame.writeInt(Wire.MAGIC);
            frame.writeByte(Wire.LOAD);
            Wire.writeString(frame, request.className());
            frame.writeInt(request.classes().size());
            for (Map.Entry<String, byte[]> type : request.classes().entrySet()) {
                Wire.writeString(frame, type.getKey());
                Wire.writeBytes(frame, type.getValue());
            }
            frame.writeInt(request.methods().size());
            for (LoadRequest.Method method : request.methods()) {
                Wire.writeString(frame, method.name());
                frame.writeInt(method.parameters().size());
                for (ValueType parameter : method.parameters()) {
                    frame.writeByte(Wire.tagOf(parameter.javaClass()));
                }
                frame.writeByte(Wire.tagOf(method.returns().javaClass()));
            }
            frame.writeInt((int) Math.min(Integer.MAX_VALUE, limits.perCall().toMillis()));
            frame.writeInt((int) Math.min(Integer.MAX_VALUE, limits.perCallCap().toMillis()));
            frame.writeLong(limits.outputBytes());
            frame.writeInt(limits.keptOutputBytes());
        } catch (IOException e) {
            throw new IllegalStateException(e); // a ByteArrayOutputStream does not fail
        }
        send(bytes.toByteArray());
        awaiting = true;
        progress();
        try {
            if (in.readInt() != Wire.MAGIC) {
                throw new SandboxException("the child JVM did not speak the protocol; stderr: " + child.stderrHead());
            }
            byte answer = in.readByte();
            if (answer == Wire.LOAD_FAILED) {
                throw new SubmissionLoadException(Wire.readString(in, MAX_MESSAGE_BYTES));
            }
            if (answer != Wire.READY) {
                throw new SandboxException("the child JVM answered " + answer + " to LOAD");
            }
        } catch (IOException e) {
            OptionalInt status = child.awaitExit(Duration.ofSeconds(2));
            throw new SandboxException("the child JVM did not start"
                    + (status.isPresent() ? " (exit status " + status.getAsInt() + ")" : "")
                    + (killedBecause != null ? " (" + killedBecause + ")" : "")
                    + ": " + child.stderrHead().strip(), e);
        } finally {
            awaiting = false;
        }
    }

    /**
     * Calls method {@code methodIndex} (of the {@link LoadRequest}) on each case, in order.
     *
     * @return one result per case, up to and including the first fatal one; fewer than the cases
     *         when the child died, never more
     */
    public List<CallResult> call(int methodIndex, List<Object[]> cases) {
        List<CallResult> results = new ArrayList<>(cases.size());
        if (closed || cases.isEmpty()) {
            return results;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + cases.size() * 32);
        try (DataOutputStream frame = new DataOutputStream(bytes)) {
            frame.writeByte(Wire.BATCH);
            frame.writeInt(methodIndex);
            frame.writeInt(cases.size());
            for (Object[] args : cases) {
                for (Object arg : args) {
                    Wire.writeValue(frame, arg);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        progress();
        awaiting = true;
        send(bytes.toByteArray());
        // What the judge accepts for the whole batch: the runner's answer and text budgets, and a
        // little per case; more is a broken protocol (a judge holding 4096 results of 1 MiB each
        // would run out of memory).
        long budget = Runner.MAX_BATCH_ANSWER_BYTES + 3L * Runner.MAX_BATCH_TEXT_CHARS + limits.keptOutputBytes()
                + cases.size() * 4096L;
        try {
            for (int i = 0; i < cases.size(); i++) {
                CallResult result = readResult();
                printedThroughRunner = result.outputTotal();
                if (!result.fatal() && printed() > limits.outputBytes()) {
                    result = outputLimit(result);
                }
                budget -= Wire.encodedSize(result.value()) + (result.detail() == null ? 0 : 3L * result.detail().length())
                        + result.output().length();
                if (budget < 0) {
                    throw new IOException("broken protocol: a batch larger than the judge accepts");
                }
                progress();
                firstCall = false;
                results.add(result);
                if (result.fatal()) {
                    close();
                    break;
                }
            }
        } catch (IOException e) {
            results.add(deathResult(e));
            close();
        } finally {
            awaiting = false;
        }
        return results;
    }

    /**
     * Loads the submission's classes anew in the same JVM, so that its static state starts over:
     * what a fresh JVM would give, without the cost of starting one.
     *
     * @return whether the child did; when not, the session is closed (open a new one)
     */
    public boolean reset() {
        if (closed) {
            return false;
        }
        progress();
        awaiting = true;
        send(new byte[] {Wire.RESET});
        try {
            byte answer = in.readByte();
            if (answer == Wire.READY) {
                return true;
            }
            if (answer == Wire.LOAD_FAILED) {
                Wire.readString(in);
            }
        } catch (IOException e) {
            // the child is gone: closed below, and the next session starts afresh
        } finally {
            awaiting = false;
        }
        close();
        return false;
    }

    /** The child's process id (the outermost process of its command: limits, user, isolation, then the JVM). */
    long childPid() {
        return child.pid();
    }

    public boolean isOpen() {
        return !closed;
    }

    private CallResult readResult() throws IOException {
        byte status = in.readByte();
        long elapsed = in.readLong();
        String output = new String(Wire.readBytes(in, limits.keptOutputBytes()), StandardCharsets.UTF_8);
        long outputTotal = in.readLong();
        return switch (status) {
            case Wire.OK -> new CallResult(Outcome.RETURNED, Wire.readValue(in, Runner.MAX_ANSWER_BYTES + 16), null,
                    elapsed, output, outputTotal);
            case Wire.THREW, Wire.OUT_OF_MEMORY -> {
                String type = Wire.readString(in, MAX_NAME_BYTES);
                String message = Wire.readString(in, MAX_MESSAGE_BYTES);
                String stack = Wire.readString(in, MAX_STACK_BYTES);
                String detail = type + ("null".equals(message) ? "" : ": " + message)
                        + (stack.isEmpty() ? "" : "\n" + stack.stripTrailing());
                yield status == Wire.THREW
                        ? new CallResult(Outcome.THREW, null, detail, elapsed, output, outputTotal)
                        : new CallResult(Outcome.OUT_OF_MEMORY, null, "the JVM ran out of memory (" + memoryLimits()
                        + "): " + detail, elapsed, output, outputTotal);
            }
            case Wire.TIMEOUT -> new CallResult(Outcome.TIMED_OUT, null, cpuTimeout(), elapsed, output, outputTotal);
            case Wire.WALL_TIMEOUT -> new CallResult(Outcome.TIMED_OUT, null, wallTimeout(), elapsed, output, outputTotal);
            case Wire.OUTPUT_LIMIT -> new CallResult(Outcome.OUTPUT_LIMIT, null,
                    "the submission printed more than " + limits.outputBytes() + " bytes", elapsed, output, outputTotal);
            case Wire.ANSWER_LIMIT -> new CallResult(Outcome.OUTPUT_LIMIT, null,
                    "the call returned an answer larger than " + Runner.MAX_ANSWER_BYTES + " bytes", elapsed, output,
                    outputTotal);
            default -> throw new IOException("corrupt answer: status " + status);
        };
    }

    private String cpuTimeout() {
        return "the call ran longer than " + limits.perCall().toMillis() + " ms";
    }

    private String wallTimeout() {
        return "the call did not finish within " + limits.perCallCap().toMillis() + " ms, not counting time it waited"
                + " for a CPU (its limit: " + limits.perCall().toMillis() + " ms of CPU or blocked time)";
    }

    private String memoryLimits() {
        return "heap limit " + limits.heapMegabytes() + " MiB, " + limits.memoryMegabytes() + " MiB in all";
    }

    /**
     * Whether the JVM's last words and exit status say it ran out of memory: -XX:+ExitOnOutOfMemoryError
     * (heap, metaspace, thread stacks) exits with status 3, a failed native allocation in the JVM is a
     * fatal error (status 1 without core dumps); each after its own message on stderr.
     */
    private static boolean jvmRanOutOfMemory(OptionalInt status, String stderr) {
        if (status.isEmpty()) {
            return false;
        }
        int code = status.getAsInt();
        // a fatal error ends with exit(1) when core dumps are off (-XX:-CreateCoredumpOnCrash), else abort()
        return (code == 3 && stderr.contains("Terminating due to java.lang.OutOfMemoryError"))
                || ((code == 1 || code == 128 + 6) && (stderr.contains("insufficient memory for the Java Runtime Environment")
                || stderr.contains("Native memory allocation") || stderr.contains("Out of Memory Error")))
                || code == Runner.EXIT_AFTER_OUT_OF_MEMORY;
    }

    /** What the call in progress did, judged from how the child ended. */
    private CallResult deathResult(IOException cause) {
        boolean corrupt = !(cause instanceof EOFException) && killedBecause == null && !closedAfterExit;
        if (corrupt) {
            child.killTree(); // it writes what is not the protocol: nothing it says can be trusted now
        }
        OptionalInt status = child.awaitExit(Duration.ofSeconds(5));
        if (status.isEmpty()) {
            child.killTree();
            status = child.awaitExit(Duration.ofSeconds(5));
        }
        child.killTree(); // and whatever it left behind
        child.awaitOutputEnd(OUTPUT_END);
        String stderr = child.stderrHead().strip();
        String reason = killedBecause;
        if (reason != null) {
            return new CallResult(killedAs, null, reason, 0, "", 0);
        }
        if (corrupt) {
            return new CallResult(Outcome.DIED, null, "the child JVM broke the judge's protocol ("
                    + cause.getMessage() + ") and was stopped", 0, "", 0);
        }
        if (jvmRanOutOfMemory(status, stderr)) {
            return new CallResult(Outcome.OUT_OF_MEMORY, null, "ran out of memory (" + memoryLimits() + "): "
                    + memoryLine(stderr), 0, "", 0);
        }
        // Should the runner's last answer ever be lost, its exit status still says what it was.
        if (status.isPresent() && status.getAsInt() == Runner.EXIT_AFTER_TIMEOUT) {
            return new CallResult(Outcome.TIMED_OUT, null, cpuTimeout(), 0, "", 0);
        }
        if (status.isPresent() && status.getAsInt() == Runner.EXIT_AFTER_OUTPUT_LIMIT) {
            return new CallResult(Outcome.OUTPUT_LIMIT, null, "the submission printed more than "
                    + limits.outputBytes() + " bytes", 0, "", 0);
        }
        String how = status.isEmpty() ? "the child JVM could not be stopped"
                : status.getAsInt() > 128 ? "the child JVM was killed by signal " + (status.getAsInt() - 128)
                : "the child JVM exited with status " + status.getAsInt();
        return new CallResult(Outcome.DIED, null, how + " during this call"
                + (stderr.isEmpty() ? "" : ": " + firstLine(stderr)), 0, "", 0);
    }

    private void checkDeadlines() {
        if (closed || killedBecause != null) {
            return;
        }
        long now = System.nanoTime();
        if (printed() > limits.outputBytes()) {
            killedAs = Outcome.OUTPUT_LIMIT;
            kill(printedTooMuch());
            return;
        }
        if (watchedTmp != null && now - tmpCheckedNanos > TMP_CHECK_NANOS) {
            tmpCheckedNanos = now;
            if (tmpTooLarge()) {
                killedAs = Outcome.DIED;
                kill("the submission wrote more than " + (SandboxLauncher.TMP_BYTES >> 20)
                        + " MiB into its temp directory and was stopped");
                return;
            }
        }
        if (awaiting && !child.alive()) {
            // Gone, but its pipe is not at its end: wake the reader, which then reads how the child ended.
            if (exitSeenNanos == 0) {
                exitSeenNanos = now;
            } else if (now - exitSeenNanos > AFTER_EXIT.toNanos()) {
                exitSeenNanos = now;
                child.killTree();
                closedAfterExit = true;
                channel.close();
            }
            return;
        }
        long charged = clock.charged();
        Duration silent = Duration.ofNanos(charged - lastProgressCharged);
        Duration allowed = limits.perCallCap().plus(grace()).plus(firstCall ? FIRST_CALL : Duration.ZERO);
        Duration budget = limits.total().plus(STARTUP);
        if (awaiting && silent.compareTo(allowed) > 0) {
            kill("the child JVM stopped answering for " + silent.toMillis() + " ms (not counting time it waited for"
                    + " a CPU) and was killed");
        } else if (Duration.ofNanos(charged).compareTo(budget) > 0) {
            kill("the run took longer than its total limit of " + limits.total().toSeconds() + " s and was killed");
        } else if (Duration.ofNanos(clock.wall()).compareTo(budget.multipliedBy(WALL_CEILING_FACTOR)) > 0) {
            kill("the run took longer than " + budget.multipliedBy(WALL_CEILING_FACTOR).toSeconds()
                    + " s by the wall clock and was killed");
        }
    }

    /**
     * Everything the submission printed: what the runner counted through System.out and System.err,
     * and what reached the JVM's real standard output and error (code that bypasses the policy
     * can write there; the JVM's own messages do), as far as the judge has drained it.
     */
    private long printed() {
        return printedThroughRunner + child.outputBytes();
    }

    private String printedTooMuch() {
        return "the submission printed more than " + limits.outputBytes() + " bytes (" + printedThroughRunner
                + " through System.out and System.err, " + child.outputBytes()
                + " straight to its JVM's standard output and error) and was stopped";
    }

    /** A call that returned or threw, but printed past the limit counting both ways: the child is stopped. */
    private CallResult outputLimit(CallResult result) {
        String because = printedTooMuch();
        killedAs = Outcome.OUTPUT_LIMIT;
        kill(because);
        return new CallResult(Outcome.OUTPUT_LIMIT, null, because, result.elapsedNanos(), result.output(),
                result.outputTotal());
    }

    /** Whether the child's temp directory holds more than its bound, in bytes or in entries. */
    private boolean tmpTooLarge() {
        try (Stream<Path> paths = Files.walk(watchedTmp)) {
            long[] seen = new long[2]; // bytes, entries
            return paths.anyMatch(path -> {
                seen[1]++;
                try {
                    seen[0] += Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) ? Files.size(path) : 0;
                } catch (IOException gone) {
                    // deleted meanwhile
                }
                return seen[0] > SandboxLauncher.TMP_BYTES || seen[1] > TMP_MAX_ENTRIES;
            });
        } catch (IOException | UncheckedIOException e) {
            return false; // unreadable for a moment: the next check sees it
        }
    }

    /** How long past the per-call limit the judge waits for the child's own watchdog. */
    private Duration grace() {
        return Duration.ofMillis(Math.max(1000, limits.perCall().toMillis()));
    }

    /** The child answered, or was asked something: its silence is counted from now. */
    private void progress() {
        lastProgressCharged = clock.charged();
        if (exitSeenNanos != 0) {
            exitSeenNanos = System.nanoTime(); // the child is gone, but the judge still reads what it wrote
        }
    }

    private void kill(String because) {
        killedBecause = because;
        child.killTree();
        channel.close(); // a read blocked on the pipe ends now
    }

    private void send(byte[] frame) {
        writer.execute(() -> {
            try {
                out.write(frame);
                out.flush();
            } catch (IOException ignored) {
                // the child is gone; the reader sees the end of its stdout
            }
        });
    }

    /** Asks the child to finish, kills its tree if it does not, and releases everything. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        watch.cancel(false);
        writer.execute(() -> {
            try {
                out.write(Wire.END);
                out.close();
            } catch (IOException ignored) {
                // already gone
            }
        });
        writer.shutdown();
        OptionalInt status = child.awaitExit(exitWait);
        if (status.isEmpty()) {
            child.killTree();
            child.awaitExit(Duration.ofSeconds(5));
        } else {
            child.killTree(); // anything it left running
        }
        channel.close();
        cleanup.release(status.isPresent() && status.getAsInt() == 0 && killedBecause == null);
    }

    /** What the launcher releases once a child has ended: its scratch directory and its user. */
    interface Release {
        /** @param exitedCleanly whether the child ended by itself with status 0 when asked to, not killed */
        void release(boolean exitedCleanly);
    }

    private static String firstLine(String text) {
        return text.lines().findFirst().orElse("");
    }

    /** The line of the JVM's last words that says what ran out. */
    private static String memoryLine(String stderr) {
        return stderr.lines().filter(line -> line.contains("OutOfMemoryError") || line.contains("memory allocation")
                        || line.contains("insufficient memory"))
                .map(line -> line.replaceFirst("^#\\s*", "")).findFirst().orElse(firstLine(stderr));
    }
}
