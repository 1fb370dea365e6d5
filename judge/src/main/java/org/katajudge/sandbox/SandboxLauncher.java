package org.katajudge.sandbox;

import org.katajudge.files.Trees;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;

/**
 * Starts child JVMs for submissions: picks the OS isolation ({@link IsolationProbe}), prepares
 * each child's scratch directory, user and answer channel, starts it ({@link ChildCommand},
 * {@link ChildProcess}) and opens a {@link SandboxSession} on it; ends sessions, at once or in the
 * background ({@link Reaper}). One launcher serves a whole grading run.
 */
public final class SandboxLauncher {

    /** The size of bubblewrap's private /tmp, and the largest file a child may write in any mode. */
    static final long TMP_BYTES = 64L << 20;

    /** Watches every session's deadlines; one daemon thread for the whole judge. */
    private static final ScheduledExecutorService MONITOR = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "kata-judge-sandbox-monitor");
        thread.setDaemon(true);
        return thread;
    });

    private final Isolation isolation;
    private final Limits limits;
    /** Ends sessions in the background, or null: {@link #close(SandboxSession)} ends them at once. */
    private final Reaper reaper;

    private SandboxLauncher(Isolation isolation, Limits limits, Reaper reaper) {
        this.isolation = isolation;
        this.limits = limits;
        this.reaper = reaper;
    }

    /**
     * @param requested the isolation to use, or empty for the strongest that works here
     * @throws SandboxException when the requested isolation does not work on this machine
     */
    public static SandboxLauncher create(Optional<Isolation> requested, Limits limits) throws SandboxException {
        Isolation isolation;
        if (requested.isPresent()) {
            isolation = requested.get();
            if (!IsolationProbe.works(isolation)) {
                throw new SandboxException("isolation " + isolation.optionValue() + " does not work on this machine"
                        + (isolation == Isolation.BWRAP ? " (is bubblewrap installed? apt-get install bubblewrap)" : ""));
            }
        } else {
            isolation = IsolationProbe.strongest();
        }
        return new SandboxLauncher(isolation, limits, null);
    }

    /**
     * The directory this judge process makes its children's scratch directories in, and nothing
     * else: each is removed when its child has ended (the judge's other processes and other
     * judges have their own).
     */
    public static Path scratchDirectories() {
        return JudgeDirectory.children();
    }

    /**
     * Makes now what this launcher's children start from, kept in the judge's cache when it has one
     * (the runtime image, the runner's jar and archive: {@link SandboxCache}), instead of on the first
     * child's start; returns the runner's archive, or empty when there is none (off, or it could not
     * be made: children then start without it).
     */
    public Optional<Path> prepareCaches() {
        return RunnerArchive.of(this);
    }

    /** The judge's cache directory as the sandbox uses it (a root judge's children must reach it), if any. */
    public static Optional<Path> cacheDirectory() {
        return SandboxCache.get().map(org.katajudge.cache.JudgeCache::root);
    }

    /** How this launcher's children are started: their command line and environment. */
    ChildCommand command() {
        return new ChildCommand(isolation, limits);
    }

    public Isolation isolation() {
        return isolation;
    }

    public Limits limits() {
        return limits;
    }

    /** A launcher like this one with other limits (e.g. a kata's own per-call time). */
    public SandboxLauncher withLimits(Limits other) {
        return new SandboxLauncher(isolation, other, reaper);
    }

    /**
     * A launcher like this one whose {@link #close(SandboxSession)} ends sessions in the
     * background ({@link Reaper}); it and the launchers made from it share one reaper, which
     * {@link #awaitClosed(Duration)} waits for.
     */
    public SandboxLauncher closingInBackground() {
        return new SandboxLauncher(isolation, limits, new Reaper());
    }

    /** Ends a session of this launcher: in the background if it {@link #closingInBackground() closes there}, else now. */
    public void close(SandboxSession session) {
        if (reaper == null) {
            session.close();
        } else {
            reaper.close(session::close);
        }
    }

    /**
     * Waits until every session given to {@link #close(SandboxSession)} has ended (children
     * gone, scratch directories deleted); false if some had not within {@code timeout}.
     */
    public boolean awaitClosed(Duration timeout) {
        return reaper == null || reaper.awaitAll(timeout);
    }

    /**
     * Starts a child JVM and loads the submission into it.
     *
     * @param peakSpeed whether to let the JIT reach full speed (fuzzing many cases) rather than
     *                  start as fast as possible (grading a few hundred)
     */
    public SandboxSession open(LoadRequest request, boolean peakSpeed)
            throws SandboxException, SubmissionLoadException {
        Optional<Path> archive = RunnerArchive.of(this);
        try {
            return open(request, peakSpeed, archive, false, scratch -> { });
        } catch (SandboxException e) {
            if (archive.isEmpty()) {
                throw e;
            }
            // a JVM may crash on a damaged archive: the archive never costs a submission its run
            return open(request, peakSpeed, Optional.empty(), false, scratch -> { });
        }
    }

    /**
     * Starts a child JVM now, in the background, for a submission whose classes are not there
     * yet (its sources compile meanwhile): the same command, user and limits as {@link #open},
     * and the same session once {@link ChildStart#load loaded}. Hand it to {@link #close(ChildStart)}
     * if it is not used.
     */
    public ChildStart start(boolean peakSpeed) {
        return ChildStart.begin(this, peakSpeed);
    }

    /**
     * Ends a child started for nothing (its submission did not compile, the run was cancelled):
     * in the background if this launcher {@link #closingInBackground() closes there}, else now.
     * Does nothing to a child already loaded: its session ends it.
     */
    public void close(ChildStart start) {
        if (reaper == null) {
            start.close();
        } else {
            reaper.close(start::close);
        }
    }

    /**
     * Starts a child that maps the runner's archive (when there is one) or, with {@code dumpArchive},
     * one that writes it at its end to {@value RunnerArchive#FILE_NAME} in its scratch directory,
     * which is then writable ({@link RunnerArchive}'s training run; no submission ever runs there).
     * {@code afterCleanExit} runs once the child has ended by itself with status 0 when asked to
     * (not killed: a training child killed while it wrote its archive left half a file), before its
     * scratch directory is deleted.
     */
    SandboxSession open(LoadRequest request, boolean peakSpeed, Optional<Path> archive, boolean dumpArchive,
                        Consumer<Path> afterCleanExit)
            throws SandboxException, SubmissionLoadException {
        return SandboxSession.open(launch(peakSpeed, archive, dumpArchive, afterCleanExit, child -> { }), request,
                MONITOR);
    }

    /** Opens a session on a child that {@link #launch} made. */
    static SandboxSession open(ConnectedChild child, LoadRequest request) throws SandboxException, SubmissionLoadException {
        return SandboxSession.open(child, request, MONITOR);
    }

    /**
     * Starts a child (as {@link #open(LoadRequest, boolean, Optional, boolean, Consumer)} says) and
     * waits until its runner has connected; nothing of a submission is in it yet.
     *
     * @param started told the process as soon as it runs, before its runner connects (to end it early)
     */
    ConnectedChild launch(boolean peakSpeed, Optional<Path> archive, boolean dumpArchive, Consumer<Path> afterCleanExit,
                          Consumer<ChildProcess> started)
            throws SandboxException {
        ChildUser.Lease user = ChildUser.lease(isolation);
        Path scratch = null;
        AnswerChannel channel = null;
        try {
            scratch = Files.createTempDirectory(JudgeDirectory.children(), "child-");
            Path tmp = Files.createDirectory(scratch.resolve("tmp"));
            channel = AnswerChannel.create(scratch);
            user.own(scratch, tmp); // the pipes stay the judge's (mode 666 until the runner holds them)
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            if (scratch != null) {
                Trees.deleteQuietly(scratch);
            }
            user.close();
            throw new SandboxException("cannot prepare the child's scratch directory: " + e.getMessage(), e);
        }
        Path scratchDir = scratch;
        SandboxSession.Release cleanup = exitedCleanly -> {
            try {
                if (exitedCleanly) {
                    afterCleanExit.accept(scratchDir);
                }
            } finally {
                Trees.deleteQuietly(scratchDir);
                user.closeAfter(exitedCleanly);
            }
        };
        ChildProcess child;
        try {
            child = ChildProcess.start(command().runner(peakSpeed, scratch, user, archive, dumpArchive),
                    command().environment(scratch),
                    scratch, 16 << 10, isolation == Isolation.NONE && Tools.SETSID, user::endLeftovers);
        } catch (IOException e) {
            channel.close();
            cleanup.release(false);
            throw new SandboxException(e.getMessage(), e);
        }
        started.accept(child);
        // bubblewrap's /tmp is a sized tmpfs; elsewhere the judge bounds the child's temp directory itself
        Path watchedTmp = isolation == Isolation.BWRAP ? null : scratch.resolve("tmp");
        // the training run writes the archive as the JVM ends: give it time to finish
        Duration exitWait = dumpArchive ? RunnerArchive.DUMP_TIME : SandboxSession.EXIT_WAIT;
        return SandboxSession.connect(child, channel, limits, watchedTmp, MONITOR, cleanup, exitWait);
    }
}
