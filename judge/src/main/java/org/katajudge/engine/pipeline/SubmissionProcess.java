package org.katajudge.engine.pipeline;

import org.katajudge.fuzz.Target;
import org.katajudge.fuzz.TargetUnavailableException;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.SafeText;
import org.katajudge.sandbox.CallResult;
import org.katajudge.sandbox.ChildStart;
import org.katajudge.sandbox.LoadRequest;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;
import org.katajudge.sandbox.SandboxSession;
import org.katajudge.sandbox.SubmissionLoadException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A submission running in sandboxed child JVMs: one JVM for as long as it lives, a new one after
 * a fatal result (the shrinker, the remaining examples and scoring's remaining cases go on after
 * a crash). Also keeps what the submission printed, across JVMs, within the output limits, and
 * stops taking calls once grading is cancelled (Ctrl-C), ending the one under way.
 */
final class SubmissionProcess implements Target, AutoCloseable {

    /** Looks, while a call is under way, whether the run was cancelled (one thread for all submissions). */
    private static final ScheduledExecutorService CANCEL_WATCH = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "kata-judge-cancel-watch");
        thread.setDaemon(true);
        return thread;
    });
    private static final long CANCEL_POLL_MILLIS = 100;

    private final SandboxLauncher launcher;
    private final LoadRequest request;
    private final boolean peakSpeed;
    private final BooleanSupplier cancelled;
    /** The first JVM, started while the sources compiled; null once used or when there was none. */
    private ChildStart early;
    private final StringBuilder output = new StringBuilder();
    private SandboxSession session;
    private long printedBefore;   // bytes printed in JVMs that are gone
    private long printedNow;      // bytes printed in the current JVM
    private boolean truncated;
    private int starts;

    SubmissionProcess(SandboxLauncher launcher, LoadRequest request, boolean peakSpeed) {
        this(launcher, request, peakSpeed, () -> false);
    }

    /** @param cancelled asked before each batch: when true, no further call is made */
    SubmissionProcess(SandboxLauncher launcher, LoadRequest request, boolean peakSpeed, BooleanSupplier cancelled) {
        this(launcher, request, peakSpeed, cancelled, Optional.empty());
    }

    /**
     * @param early the first JVM, already started by {@code launcher} with {@code peakSpeed} (while
     *              the sources compiled); this process loads it or, unused, ends it
     */
    SubmissionProcess(SandboxLauncher launcher, LoadRequest request, boolean peakSpeed, BooleanSupplier cancelled,
                      Optional<ChildStart> early) {
        this.launcher = launcher;
        this.request = request;
        this.peakSpeed = peakSpeed;
        this.cancelled = cancelled;
        this.early = early.orElse(null);
    }

    /** Starts the first JVM now (or loads the one started early), so that start-up problems surface before any case. */
    void start() throws SandboxException, SubmissionLoadException {
        if (early != null) {
            ChildStart first = early;
            early = null;
            session = first.load(request);
        } else {
            session = launcher.open(request, peakSpeed);
        }
        starts++;
    }

    @Override
    public List<CallResult> call(int method, List<Object[]> cases) {
        if (cancelled.getAsBoolean()) {
            throw new TargetUnavailableException("grading was interrupted", null);
        }
        if (session == null || !session.isOpen()) {
            printedBefore += printedNow;
            printedNow = 0;
            try {
                start();
            } catch (SandboxException | SubmissionLoadException e) {
                throw new TargetUnavailableException("cannot restart the submission's JVM: " + e.getMessage(), e);
            }
        }
        List<CallResult> results;
        SandboxSession calling = session;
        // a call under way when the run is cancelled is ended at once: its answer is no one's grade
        ScheduledFuture<?> watch = CANCEL_WATCH.scheduleWithFixedDelay(() -> {
            if (cancelled.getAsBoolean()) {
                calling.abort();
            }
        }, CANCEL_POLL_MILLIS, CANCEL_POLL_MILLIS, TimeUnit.MILLISECONDS);
        try {
            results = calling.call(method, cases);
        } finally {
            watch.cancel(false);
        }
        List<CallResult> bounded = new ArrayList<>(results.size());
        for (CallResult result : results) {
            keep(result);
            bounded.add(bounded(result));
        }
        return bounded;
    }

    /**
     * The result without what the judge keeps elsewhere or not at all: its output (kept above)
     * and all but the start of a long exception text, so that what a submission throws is held
     * no longer than it takes to read it.
     */
    private static CallResult bounded(CallResult result) {
        String detail = result.detail();
        boolean longDetail = detail != null && detail.length() > 2 * ResultBounds.ERROR_CHARS;
        if (!longDetail && result.output().isEmpty()) {
            return result;
        }
        return new CallResult(result.outcome(), result.value(),
                longDetail ? SafeText.clip(detail, ResultBounds.ERROR_CHARS) : detail, result.elapsedNanos(), "",
                result.outputTotal());
    }

    @Override
    public void reset() {
        if (session != null && session.isOpen() && !session.reset()) {
            printedBefore += printedNow;
            printedNow = 0;
        }
        // a closed session: the next call starts a new JVM, which is fresh anyway
    }

    /**
     * Ends the current JVM: the next call starts a new one. Unlike {@link #reset()}, which loads
     * the classes anew in the same JVM, nothing of what ran before can reach what runs after, not
     * even through the JVM's own state (its interned strings, its caches): the hidden examples run
     * so, after everything a student sees, and a failure's replay is confirmed so.
     */
    @Override
    public void restart() {
        close();
        session = null;
        printedBefore += printedNow;
        printedNow = 0;
    }

    private void keep(CallResult result) {
        printedNow = Math.max(printedNow, result.outputTotal());
        String text = result.output();
        int room = launcher.limits().keptOutputBytes() - output.length();
        if (text.length() > room) {
            truncated = true;
            text = text.substring(0, Math.max(0, room));
        }
        output.append(text);
    }

    /** What the submission printed, in all its JVMs. */
    CapturedOutput output() {
        long size = printedBefore + printedNow;
        String text = output.toString();
        return new CapturedOutput(text, truncated || size > text.getBytes(StandardCharsets.UTF_8).length, size);
    }

    /** How many JVMs were started for this submission. */
    int starts() {
        return starts;
    }

    /** Ends the JVM, in the background if the launcher does so (grading goes on meanwhile). */
    @Override
    public void close() {
        if (early != null) {
            launcher.close(early);
            early = null;
        }
        if (session != null) {
            launcher.close(session);
        }
    }
}
