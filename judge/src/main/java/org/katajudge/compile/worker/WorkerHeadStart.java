package org.katajudge.compile.worker;

import org.katajudge.compile.CompileLimits;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The first compiler worker of a grading command, started as the judge's JVM itself starts, before
 * its command line is even parsed. In a fresh process that grades one submission, the worker's start
 * and first compile are the longest step (bench/cold-single.sh), and everything the judge does
 * before its engine starts (the command line's parsing, the catalog) was time the worker could have
 * been booting. The first {@link CompilerPool} started with the same command takes it
 * ({@link #take}); nothing else changes: same command, same limits, same checks of its start.
 *
 * <p>A worker no pool takes (a usage error found while the command line is read) is stopped at the
 * JVM's exit: it costs the CPU of a worker's start, once, on a run that grades nothing.
 */
public final class WorkerHeadStart {

    private static final AtomicReference<Pending> PENDING = new AtomicReference<>();

    /**
     * A worker on its way: {@code launched} as soon as its process runs, {@code begun} once it is
     * ready (empty when its start failed).
     */
    private record Pending(AtomicReference<WorkerProcess> launched, CompletableFuture<Optional<Begun>> begun) {
    }

    private record Begun(List<String> command, WorkerProcess worker) {
    }

    private WorkerHeadStart() {
    }

    /**
     * Starts, in the background, the worker a pool with {@code limits} would start first
     * ({@link #command}). Once per JVM; returns at once (even the archive is looked for in the
     * background: the caller goes on reading its command line meanwhile).
     */
    public static void begin(CompileLimits limits) {
        Pending pending = new Pending(new AtomicReference<>(), new CompletableFuture<>());
        if (!PENDING.compareAndSet(null, pending)) {
            return;
        }
        Thread thread = new Thread(() -> {
            Optional<Begun> begun = Optional.empty();
            try {
                List<String> command = command(limits);
                begun = Optional.of(new Begun(command, WorkerProcess.start(limits, command, pending.launched()::set)));
            } catch (IOException | RuntimeException | Error e) {
                // the pool starts its own, and says why if that fails too
            } finally {
                pending.begun().complete(begun);
            }
        }, "kata-judge-compiler-head-start");
        thread.setDaemon(true);
        thread.start();
        Runtime.getRuntime().addShutdownHook(new Thread(WorkerHeadStart::discard, "kata-judge-compiler-head-start-end"));
    }

    /**
     * The command a pool with {@code limits} starts its first worker with: mapping the workers'
     * archive when the cache has it, else without (the pool then trains one for later runs).
     */
    static List<String> command(CompileLimits limits) {
        List<String> plain = WorkerProcess.command(limits);
        return WorkerArchive.existing(plain).map(archive -> WorkerArchive.mapping(plain, archive)).orElse(plain);
    }

    /** At the JVM's exit: a worker no pool took is stopped, booted or not (not waited for). */
    private static void discard() {
        Pending pending = PENDING.getAndSet(null);
        if (pending != null && pending.launched().get() != null) {
            pending.launched().get().close();
        }
    }

    /**
     * The worker begun for {@code command} (waiting for its start), or empty: none begun, its start
     * failed, or it was begun for another command (then it is stopped). Taken once.
     */
    static Optional<WorkerProcess> take(List<String> command) {
        Pending pending = PENDING.getAndSet(null);
        if (pending == null) {
            return Optional.empty();
        }
        Optional<Begun> begun = pending.begun().join();
        if (begun.isPresent() && !begun.get().command().equals(command)) {
            begun.get().worker().close();
            return Optional.empty();
        }
        return begun.map(Begun::worker);
    }
}
