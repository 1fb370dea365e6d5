package org.katajudge.sandbox;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A submission's child JVM started before its classes exist, so that it boots (maps its archive,
 * loads the runner, connects) while the sources compile, off the submission's critical path. It is
 * the child {@link SandboxLauncher#open(LoadRequest, boolean)} would start at that moment: the same
 * command, user, limits and isolation, and once {@link #load loaded} the same session, whose clock
 * and budget start as that one's would ({@link org.katajudge.jvm.ChildClock#hold()}: the time it waited for its
 * classes is not charged). Used at most once; one not loaded is {@link #close() ended} (a compile
 * error, a cancelled run), and leaves no process, scratch directory or user lease behind.
 */
public final class ChildStart implements AutoCloseable {

    /** Starts children in the background: a thread only while one starts. */
    private static final ExecutorService STARTERS = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "kata-judge-child-start");
        thread.setDaemon(true);
        return thread;
    });

    private final SandboxLauncher launcher;
    private final boolean peakSpeed;
    /** The runner's archive the child maps, if any: a child that fails with it is started again without. */
    private volatile Optional<Path> archive = Optional.empty();
    private final CompletableFuture<ConnectedChild> connected = new CompletableFuture<>();
    private ChildProcess process;
    private boolean closed;
    private boolean loaded;

    private ChildStart(SandboxLauncher launcher, boolean peakSpeed) {
        this.launcher = launcher;
        this.peakSpeed = peakSpeed;
    }

    static ChildStart begin(SandboxLauncher launcher, boolean peakSpeed) {
        ChildStart start = new ChildStart(launcher, peakSpeed);
        try {
            STARTERS.execute(start::launch);
        } catch (RuntimeException e) {
            start.connected.completeExceptionally(e);
        }
        return start;
    }

    private void launch() {
        try {
            synchronized (this) {
                if (closed) {
                    throw new SandboxException("the child was ended before it started");
                }
            }
            archive = RunnerArchive.of(launcher);
            connected.complete(launcher.launch(peakSpeed, archive, false, scratch -> { }, this::started));
        } catch (SandboxException | RuntimeException | Error e) {
            connected.completeExceptionally(e);
        }
    }

    /** Whether the child's runner has connected: it waits for its classes (tests). */
    boolean connected() {
        return connected.isDone() && !connected.isCompletedExceptionally();
    }

    /** The process runs: one ended meanwhile is killed now (its runner then never connects). */
    private synchronized void started(ChildProcess child) {
        process = child;
        if (closed) {
            child.killTree();
        }
    }

    /**
     * Loads the submission into this child, waiting for it to have started; the session then owns
     * it. A child that could not start with the runner's archive is started again without it, as
     * {@link SandboxLauncher#open(LoadRequest, boolean)} does.
     *
     * @throws IllegalStateException when this child was closed or already loaded
     */
    public SandboxSession load(LoadRequest request) throws SandboxException, SubmissionLoadException {
        synchronized (this) {
            if (closed || loaded) {
                throw new IllegalStateException(closed ? "the child was ended" : "the child is already loaded");
            }
            loaded = true;
        }
        try {
            return SandboxLauncher.open(awaitConnected(), request);
        } catch (SandboxException e) {
            if (archive.isEmpty() || Thread.currentThread().isInterrupted()) {
                throw e;
            }
            // a JVM may crash on a damaged archive: the archive never costs a submission its run
            return launcher.open(request, peakSpeed, Optional.empty(), false, scratch -> { });
        }
    }

    private ConnectedChild awaitConnected() throws SandboxException {
        try {
            return connected.get();
        } catch (InterruptedException e) {
            // the grading thread is being stopped: the child is no one's
            Thread.currentThread().interrupt();
            end();
            throw new SandboxException("interrupted while the child JVM started", e);
        } catch (ExecutionException e) {
            throw failure(e.getCause());
        }
    }

    /** Ends this child if it was never loaded, and waits until it is gone and released; does nothing after {@link #load}. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed || loaded) {
                return;
            }
            closed = true;
        }
        end();
    }

    private void end() {
        ChildProcess started;
        synchronized (this) {
            closed = true;
            started = process;
        }
        if (started != null) {
            started.killTree(); // the runner still connecting: its wait ends at once
        }
        try {
            connected.join().discard();
        } catch (CompletionException | java.util.concurrent.CancellationException e) {
            // it never connected: the launch released what it held
        }
    }

    private static SandboxException failure(Throwable cause) {
        if (cause instanceof SandboxException sandbox) {
            return sandbox;
        }
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new SandboxException(String.valueOf(cause), cause);
    }
}
