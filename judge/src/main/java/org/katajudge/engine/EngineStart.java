package org.katajudge.engine;

import org.katajudge.compile.SourceCompiler;
import org.katajudge.compile.worker.CompilerPool;
import org.katajudge.compile.worker.WorkerReserve;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;

/**
 * A {@link GradingEngine} on its way: from {@link GradingEngine#start} on, the first compiler
 * worker boots and the sandbox is checked (which isolation works here: {@code java -version} in
 * it), both in the background, while the caller reads its catalog, its submissions and its
 * options; {@link #open()} then waits for what is not ready yet. The worker's start and first
 * compile are the longest step of grading one submission in a fresh process: begun before the
 * catalog is read, they are off the path of everything else.
 *
 * <p>Errors surface where they did before: a sandbox that does not work is {@link #open()}'s
 * {@link SandboxException}, after whatever the caller checks first. Closing a start that was never
 * opened (a usage error found meanwhile) stops the worker and waits for the check's processes.
 */
public final class EngineStart implements AutoCloseable {

    private final EngineOptions options;
    private final UnaryOperator<SourceCompiler> compilers;
    private final CompilerPool workers;
    private final CompletableFuture<SandboxLauncher> sandbox = new CompletableFuture<>();
    private boolean opened;
    private boolean closed;

    private EngineStart(EngineOptions options, UnaryOperator<SourceCompiler> compilers) {
        this.options = options;
        this.compilers = compilers;
        this.workers = new CompilerPool(options.compileLimits(), options.jobs(), WorkerReserve.ofThisJvm());
    }

    static EngineStart begin(EngineOptions options, UnaryOperator<SourceCompiler> compilers) {
        EngineStart start = new EngineStart(options, compilers);
        start.workers.prestart();
        Thread check = new Thread(start::checkSandbox, "kata-judge-sandbox-check");
        check.setDaemon(true);
        check.start();
        return start;
    }

    /** Picks (or checks) the isolation; children end in the background while the next submission compiles. */
    private void checkSandbox() {
        try {
            sandbox.complete(SandboxLauncher.create(options.isolation(), Limits.DEFAULT).closingInBackground());
        } catch (SandboxException | RuntimeException | Error e) {
            sandbox.completeExceptionally(e);
        }
    }

    /**
     * The engine, once the sandbox is checked; the workers started here are its own. Called once.
     *
     * @throws SandboxException when the isolation asked for does not work on this machine (the start is closed then)
     */
    public synchronized GradingEngine open() throws SandboxException {
        if (opened || closed) {
            throw new IllegalStateException(opened ? "the engine is already open" : "the engine start was closed");
        }
        SandboxLauncher launcher;
        try {
            launcher = awaitSandbox();
        } catch (SandboxException | RuntimeException | Error e) {
            close();
            throw e;
        }
        opened = true;
        return GradingEngine.of(options, launcher, workers, compilers);
    }

    private SandboxLauncher awaitSandbox() throws SandboxException {
        try {
            return sandbox.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SandboxException("interrupted while the sandbox was checked", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SandboxException sandboxFailure) {
                throw sandboxFailure;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        }
    }

    /** Stops what was started, unless {@link #open()} handed it to an engine (which closes it). */
    @Override
    public synchronized void close() {
        if (opened || closed) {
            return;
        }
        closed = true;
        workers.close();
        try {
            sandbox.join(); // the check's probe processes end before the judge does
        } catch (RuntimeException e) {
            // a failed check is no one's concern once nothing is graded
        }
    }
}
