package org.katajudge.sandbox;

import org.katajudge.jvm.ChildClock;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The judge's side of one child JVM holding one submission: sends batches of cases, reads back
 * one {@link CallResult} per case. After a fatal result (timeout, output limit, memory, death)
 * the child is gone and the session is closed; open a new one to go on.
 *
 * <p>This class is the client and the lifecycle: it starts the protocol (the token, the runner's
 * connection, LOAD), sends the frames ({@link Frames}) and ends the child. The protocol runs over
 * an {@link AnswerChannel}, pipes only the runner holds; {@link AnswerReader} reads every answer
 * within bounds; {@link ChildMonitor} kills a child that prints too much, fills its temp directory,
 * stops answering or runs out of time; {@link ExitDiagnosis} says what a call did when its child
 * died instead of answering. What the child writes to stdout and stderr is drained, counted
 * against the output limit and otherwise only used to explain how the JVM ended. Frames are
 * written by a thread of their own, so that a child answering a large batch can never block on a
 * full pipe while the judge is still writing.
 */
public final class SandboxSession implements AutoCloseable {

    /** How long {@link #close()} waits for the child to end by itself before it kills it. */
    static final Duration EXIT_WAIT = Duration.ofMillis(500);
    /** The child JVM's threads that carry it forward (its clock's): main threads, the collector, the runner's caller (its comm: cut to 15). */
    private static final List<String> CARRIERS = List.of("java", "VM Thread", "kata-judge-call");

    private final ChildProcess child;
    private final AnswerChannel channel;
    private final Limits limits;
    private final ChildMonitor monitor;
    private final AnswerReader answers;
    private final OutputStream requests;
    private final ExecutorService writer;
    private final Release cleanup;
    private final Duration exitWait;
    private boolean closed;

    private SandboxSession(ChildProcess child, AnswerChannel channel, Limits limits, ChildMonitor monitor,
                           Release cleanup, Duration exitWait) {
        this.child = child;
        this.channel = channel;
        this.limits = limits;
        this.monitor = monitor;
        this.cleanup = cleanup;
        this.exitWait = exitWait;
        this.answers = new AnswerReader(channel.input(), limits);
        this.requests = channel.output();
        this.writer = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "kata-judge-writer-" + child.pid());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Hands the child its token and waits for its runner to connect; then holds the child's clock
     * until its submission is loaded. On failure everything is released (the child killed,
     * {@code cleanup} run).
     *
     * @param watchedTmp the child's temp directory when it is on the host's file system (no sized
     *                   tmpfs of its own): the monitor bounds its total size; null otherwise
     */
    static ConnectedChild connect(ChildProcess child, AnswerChannel channel, Limits limits, Path watchedTmp,
                                  ScheduledExecutorService scheduler, Release cleanup, Duration exitWait)
            throws SandboxException {
        ChildClock clock = new ChildClock(child.pid(), CARRIERS);
        try {
            OutputStream stdin = child.stdin();
            stdin.write(channel.tokenLine());
            stdin.flush();
            channel.connect(ChildMonitor.STARTUP, clock::charged, child::alive, scheduler);
            // nothing else ever comes on stdin; kept open until now, its end before the connection
            // told the runner that the judge was gone (the runner's JudgeWatch)
            stdin.close();
        } catch (IOException e) {
            closeQuietly(child.stdin());
            child.killTree();
            OptionalInt status = child.awaitExit(Duration.ofSeconds(2));
            channel.close();
            cleanup.release(false);
            throw new SandboxException("the child JVM did not start"
                    + (status.isPresent() ? " (exit status " + status.getAsInt() + ")" : "")
                    + ": " + e.getMessage() + "; stderr: " + child.stderrHead().strip(), e);
        }
        clock.hold(); // until the submission is handed over: waiting for it is not the child's time
        return new ConnectedChild(child, channel, clock, limits, watchedTmp, cleanup, exitWait);
    }

    /**
     * Loads the submission into a connected child, which this session then owns: its clock runs
     * again and its monitor starts, as for a child that connected this very moment. On failure
     * everything is released (the child killed, its cleanup run).
     */
    static SandboxSession open(ConnectedChild connected, LoadRequest request, ScheduledExecutorService scheduler)
            throws SandboxException, SubmissionLoadException {
        connected.clock().resume();
        ChildMonitor monitor = new ChildMonitor(connected.child(), connected.clock(), connected.channel(),
                connected.limits(), connected.watchedTmp());
        SandboxSession session = new SandboxSession(connected.child(), connected.channel(), connected.limits(), monitor,
                connected.cleanup(), connected.exitWait());
        monitor.start(scheduler);
        try {
            session.load(request);
            return session;
        } catch (SandboxException | SubmissionLoadException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    private void load(LoadRequest request) throws SandboxException, SubmissionLoadException {
        send(Frames.load(request, limits));
        monitor.awaiting(true);
        monitor.progress();
        AnswerReader.Loaded loaded;
        try {
            loaded = answers.loaded();
        } catch (IOException e) {
            OptionalInt status = child.awaitExit(Duration.ofSeconds(2));
            String killed = monitor.killedBecause();
            throw new SandboxException("the child JVM did not start"
                    + (status.isPresent() ? " (exit status " + status.getAsInt() + ")" : "")
                    + (killed != null ? " (" + killed + ")" : "")
                    + ": " + e.getMessage() + "; stderr: " + child.stderrHead().strip(), e);
        } finally {
            monitor.awaiting(false);
        }
        if (!loaded.ready()) {
            throw new SubmissionLoadException(loaded.failure());
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
        byte[] batch = Frames.batch(methodIndex, cases);
        monitor.progress();
        monitor.awaiting(true);
        send(batch);
        answers.startBatch(cases.size());
        try {
            for (int i = 0; i < cases.size(); i++) {
                CallResult result = answers.read();
                monitor.answered(result);
                if (!result.fatal() && monitor.printedTooMuch()) {
                    String because = monitor.killForOutput();
                    result = new CallResult(monitor.killedAs(), null, because, result.elapsedNanos(), result.output(),
                            result.outputTotal());
                }
                results.add(result);
                if (result.fatal()) {
                    close();
                    break;
                }
            }
        } catch (IOException e) {
            results.add(ExitDiagnosis.of(e, child, monitor, limits));
            close();
        } finally {
            monitor.awaiting(false);
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
        monitor.progress();
        monitor.awaiting(true);
        send(Frames.reset());
        try {
            if (answers.reset().ready()) {
                return true;
            }
        } catch (IOException e) {
            // the child is gone: closed below, and the next session starts afresh
        } finally {
            monitor.awaiting(false);
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

    private void send(byte[] frame) {
        writer.execute(() -> {
            try {
                requests.write(frame);
                requests.flush();
            } catch (IOException ignored) {
                // the child is gone; the reader sees the end of its pipe
            }
        });
    }

    /**
     * Ends the child now, from any thread: a call under way returns as it does when the child dies.
     * For a run that was cancelled (Ctrl-C, SIGTERM), where what the call would answer is no one's
     * grade, and a hanging call would hold the exit for as long as its time limit takes on a busy
     * machine. {@link #close} still releases everything.
     */
    public void abort() {
        if (!closed) {
            child.killTree();
        }
    }

    /** Asks the child to finish, kills its tree if it does not, and releases everything. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        monitor.stop();
        writer.execute(() -> {
            try {
                requests.write(Frames.end());
                requests.close();
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
        cleanup.release(status.isPresent() && status.getAsInt() == 0 && monitor.killedBecause() == null);
    }

    private static void closeQuietly(OutputStream stream) {
        try {
            stream.close();
        } catch (IOException ignored) {
            // the child is being killed: its end is gone too
        }
    }

    /** What the launcher releases once a child has ended: its scratch directory and its user. */
    interface Release {
        /** @param exitedCleanly whether the child ended by itself with status 0 when asked to, not killed */
        void release(boolean exitedCleanly);
    }
}
