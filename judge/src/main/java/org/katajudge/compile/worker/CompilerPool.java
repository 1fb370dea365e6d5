package org.katajudge.compile.worker;

import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.ExpectedClass;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.compile.SourceFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Compiles submissions in compiler worker JVMs, so that no source can hurt the judge: each
 * worker has a bounded heap and exits when it runs out, each compile has a deadline in CPU time,
 * and a worker that ran out of time or memory, crashed or broke the protocol is killed and
 * replaced. Such a source is that submission's COMPILE_ERROR, with a message saying what
 * happened. Workers start when first needed (at most {@code size} of them, one per grading
 * thread) and are reused, so javac stays warm across a batch; a pool given a {@link WorkerReserve}
 * takes its workers from there first and leaves its idle ones there when it closes.
 *
 * <p>One file past 300 lines: taking, returning, replacing and closing workers share one lock
 * and one idle list; split, their order on a worker's failure could no longer be read at once.
 */
public final class CompilerPool implements SourceCompiler, AutoCloseable {

    private static final String CANNOT_START = "the compiler cannot start: ";
    private final CompileLimits limits;
    /** How long a compile may go without progress, not counting its worker's waits for a CPU: {@link CompileLimits#wallTime}. */
    private final Duration stall;
    private final int size;
    private final WorkerReserve reserve;
    /** A kata's own code was compiled here: no worker of this pool goes to the reserve. */
    private boolean compiledKataCode;
    /** The workers' command; without the class-data archive once a worker failed to start with it. */
    private volatile List<String> command;
    private final Deque<WorkerProcess> idle = new ArrayDeque<>();
    private final List<WorkerProcess> all = new ArrayList<>();
    /** Workers whose process runs but which are not ready yet: closing the pool stops them too. */
    private final List<WorkerProcess> booting = new ArrayList<>();
    private int starting;
    /** Of the workers starting, those started ahead ({@link #prestart()}) that no compile waits for yet. */
    private int startingAhead;
    /** Compiles waiting for a worker. */
    private int waiting;
    private int started;
    private boolean closed;
    /** Training a worker archive for later runs ({@link WorkerArchive}): waited for on close. */
    private final List<Thread> training = new ArrayList<>();
    private final Thread shutdownHook = new Thread(this::close, "kata-judge-compiler-pool-shutdown");

    /**
     * @param limits what one compile may take
     * @param size   at most this many workers at once: the number of grading threads
     */
    public CompilerPool(CompileLimits limits, int size) {
        this(limits, size, WorkerReserve.none());
    }

    /**
     * @param reserve where the pool takes workers from before it starts any, and leaves its idle
     *                ones when it closes
     */
    public CompilerPool(CompileLimits limits, int size, WorkerReserve reserve) {
        this(limits, size, WorkerProcess.command(limits), new ArrayList<>(), reserve);
    }

    /** Workers map their class-data archive from the judge's cache when it has one, else one is trained meanwhile. */
    private CompilerPool(CompileLimits limits, int size, List<String> command, List<Thread> training, WorkerReserve reserve) {
        this(limits, size, WorkerArchive.find(command, training).map(a -> WorkerArchive.mapping(command, a)).orElse(command),
                reserve, limits.wallTime());
        this.training.addAll(training);
    }

    /** A pool whose workers run {@code command} (tests: workers that misbehave). */
    CompilerPool(CompileLimits limits, int size, List<String> command) {
        this(limits, size, command, WorkerReserve.none(), limits.wallTime());
    }

    /** A pool whose workers run {@code command} and are stopped when a compile makes no progress for {@code stall} (tests). */
    CompilerPool(CompileLimits limits, int size, List<String> command, Duration stall) {
        this(limits, size, command, WorkerReserve.none(), stall);
    }

    private CompilerPool(CompileLimits limits, int size, List<String> command, WorkerReserve reserve, Duration stall) {
        if (size < 1) {
            throw new IllegalArgumentException("a pool of " + size + " workers");
        }
        this.limits = limits;
        this.stall = stall;
        this.size = size;
        this.reserve = reserve;
        this.command = List.copyOf(command);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    public CompileLimits limits() {
        return limits;
    }

    /**
     * @throws CompilerUnavailableException when no worker can be started: the judge's problem
     */
    @Override
    public Compilation compile(List<SourceFile> sources, ExpectedClass expected, boolean enforcePolicy) {
        Optional<String> tooLarge = limits.tooLarge(sources);
        if (tooLarge.isPresent()) {
            return Compilation.Failed.because(tooLarge.get());
        }
        return compile(new WorkerWire.Request(sources, expected, enforcePolicy));
    }

    /**
     * Compiles a kata folder's own code (the teacher's, trusted) against the authoring API, in a
     * worker with the same bounds as a submission's compile: no policy, no signature check.
     *
     * @throws CompilerUnavailableException when no worker can be started
     */
    public Compilation compileKataCode(List<SourceFile> sources) {
        synchronized (this) {
            compiledKataCode = true;
        }
        return compile(new WorkerWire.Request(sources, ExpectedClass.NONE, false, true));
    }

    private Compilation compile(WorkerWire.Request request) {
        for (int attempt = 1; ; attempt++) {
            WorkerProcess worker = acquire();
            try {
                Compilation compilation = worker.compile(request, stall);
                release(worker);
                return compilation;
            } catch (WorkerProcess.HarmedException e) {
                discard(worker);
                // A crash or a stall may be the machine's (the OOM killer, a signal, a stopped process): the same
                // source gets one more worker, and that one without the class-data archive, in case the archive
                // was what crashed it.
                if (e.harm == WorkerProcess.Harm.STALLED && attempt == 2) {
                    // javac does not hang on a source: two stopped workers are the machine's problem
                    throw new CompilerUnavailableException(e.getMessage() + ", in two workers");
                }
                if (!e.harm.mayBeTheMachines() || attempt == 2) {
                    return Compilation.Failed.because(e.getMessage());
                }
                command = WorkerArchive.unmapped(command);
            } catch (RuntimeException | Error e) {
                discard(worker);
                throw e;
            }
        }
    }

    /**
     * Starts one worker now, in the background, so that it is ready (javac loaded and warm) by the
     * time the first source arrives, instead of starting then; a source that arrives while it
     * starts waits for it rather than starting a worker of its own (whose start would be all to
     * wait for again). A worker that cannot start is left to the first compile to report.
     */
    public void prestart() {
        synchronized (this) {
            if (closed || all.size() + starting >= size) {
                return;
            }
            starting++;
            startingAhead++;
        }
        Thread thread = new Thread(() -> {
            WorkerProcess worker = null;
            try {
                // the worker the judge began at its own start, when it was begun for this very command
                Optional<WorkerProcess> begun = WorkerHeadStart.take(command);
                worker = begun.isPresent() ? begun.get() : startWorker();
            } catch (IOException | RuntimeException e) {
                // said by the first compile, which starts one of its own
            }
            boolean unused;
            boolean handOn;
            synchronized (this) {
                starting--;
                startingAhead--;
                unused = worker != null && closed;
                handOn = !compiledKataCode;
                if (worker != null && !closed) {
                    started++;
                    all.add(worker);
                    idle.addFirst(worker);
                }
                notifyAll();
            }
            if (unused && !(handOn && reserve.keep(limits, command, worker))) {
                worker.close(); // ready, but the pool closed meanwhile (a usage error): a later pool may take it
            }
        }, "kata-judge-compiler-prestart");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * The compiler workers' class-data archive in the judge's cache, made now (a training worker)
     * when it is not there yet; empty where there is no cache or the workers cannot map one.
     */
    public static Optional<Path> prepareArchive(CompileLimits limits) {
        return WorkerArchive.prepare(WorkerProcess.command(limits));
    }

    /** Workers started since the pool was created, replacements included. */
    public synchronized int workersStarted() {
        return started;
    }

    /** The process ids of the live workers. */
    public synchronized List<Long> workerPids() {
        return all.stream().map(WorkerProcess::pid).toList();
    }

    private WorkerProcess acquire() {
        synchronized (this) {
            while (true) {
                if (closed) {
                    throw new CompilerUnavailableException(CANNOT_START + "the compiler pool is closed");
                }
                WorkerProcess worker = idle.pollFirst();
                if (worker != null) {
                    if (worker.isAlive()) {
                        return worker;
                    }
                    all.remove(worker);
                    continue;
                }
                // a worker started ahead is this compile's when no compile before it waits for it: starting
                // another would only make this compile wait for a second JVM's start instead of the first's
                if (all.size() + starting < size && waiting >= startingAhead) {
                    starting++;
                    break;
                }
                waiting++;
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CompilerUnavailableException(CANNOT_START + "interrupted while waiting for a compiler worker");
                } finally {
                    waiting--;
                }
            }
        }
        WorkerProcess worker;
        try {
            worker = startWorker();
        } catch (IOException | RuntimeException e) {
            synchronized (this) {
                starting--;
                notifyAll();
            }
            throw new CompilerUnavailableException(CANNOT_START + e.getMessage(), e);
        }
        synchronized (this) {
            starting--;
            started++;
            notifyAll();
            if (!closed) {
                all.add(worker);
                return worker;
            }
        }
        worker.close();
        throw new CompilerUnavailableException(CANNOT_START + "the compiler pool is closed");
    }

    /**
     * A worker: one the reserve kept for this command, else a new one. One that cannot start with
     * the class-data archive (a JVM may crash on a damaged one) is started again without it, and so
     * are all after it: an archive never costs a compile.
     */
    private WorkerProcess startWorker() throws IOException {
        List<String> tried = command;
        Optional<WorkerProcess> kept = reserve.take(limits, tried);
        if (kept.isPresent()) {
            return kept.get();
        }
        try {
            return startWorker(tried);
        } catch (IOException | RuntimeException e) {
            List<String> plain = WorkerArchive.unmapped(tried);
            if (plain.equals(tried) || isClosed()) {
                throw e;
            }
            command = plain;
            return startWorker(plain);
        }
    }

    /** A worker running {@code command}; one still booting when the pool closes is stopped then. */
    private WorkerProcess startWorker(List<String> command) throws IOException {
        WorkerProcess[] launched = new WorkerProcess[1];
        try {
            return WorkerProcess.start(limits, command, worker -> {
                launched[0] = worker;
                boolean tooLate;
                synchronized (this) {
                    tooLate = closed;
                    if (!tooLate) {
                        booting.add(worker);
                    }
                }
                if (tooLate) {
                    worker.close(); // a run that ended before it needed a compiler (a usage error)
                }
            });
        } finally {
            synchronized (this) {
                booting.remove(launched[0]);
            }
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    private synchronized void release(WorkerProcess worker) {
        if (closed) {
            worker.close();
        } else {
            idle.addFirst(worker); // the warmest worker first
        }
        notifyAll();
    }

    private void discard(WorkerProcess worker) {
        worker.close();
        synchronized (this) {
            all.remove(worker);
            notifyAll();
        }
    }

    /**
     * Stops every worker, but for the idle ones its reserve keeps; compiles in progress end with
     * {@link CompilerUnavailableException} or a crash.
     */
    @Override
    public void close() {
        List<WorkerProcess> workers;
        List<WorkerProcess> idleWorkers;
        boolean handOn;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            idleWorkers = new ArrayList<>(idle);
            workers = new ArrayList<>(all);
            workers.removeAll(idleWorkers);
            workers.addAll(booting);
            all.clear();
            idle.clear();
            handOn = !compiledKataCode;
            notifyAll();
        }
        List<String> keptFor = command;
        for (WorkerProcess worker : idleWorkers) {
            if (!(handOn && reserve.keep(limits, keptFor, worker))) {
                workers.add(worker);
            }
        }
        workers.forEach(WorkerProcess::close);
        for (Thread thread : training) {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(60)); // a later run maps what it writes
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // already shutting down: this is the hook
        }
    }
}
