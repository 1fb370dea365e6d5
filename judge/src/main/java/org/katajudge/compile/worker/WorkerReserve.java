package org.katajudge.compile.worker;

import org.katajudge.compile.CompileLimits;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Idle compiler workers that a closed {@link CompilerPool} leaves to the next pool of the same JVM
 * with the same limits and command, instead of stopping them: a JVM that opens engine after engine
 * (the judge's own test suite: some 340 worker starts of half a second of CPU each) then starts a
 * worker once, not once per engine.
 *
 * <p>Off unless asked for ({@code -Dkatajudge.compilers.reserve=N}: at most N idle workers kept;
 * the judge's surefire run asks for 4). A run of the command line has one pool and exits after it,
 * and a closed pool stopping its workers is what its other callers rely on.
 *
 * <p>What a kept worker carries over is what a worker reused within a batch carries over, and
 * {@code ReusedJavac} sees to it that it is nothing of an earlier submission. Only idle, live
 * workers are kept, so none that a compile harmed (that one was discarded); a pool that compiled a
 * kata's own code keeps nothing for others. Kept workers end with the JVM (a shutdown hook, and
 * their input closes with it) or with {@link #close()}.
 */
public final class WorkerReserve implements AutoCloseable {

    /** The system property that sizes this JVM's reserve. */
    public static final String PROPERTY = "katajudge.compilers.reserve";

    private static final WorkerReserve NONE = new WorkerReserve(0);

    /** This JVM's reserve, made on first use (a holder class: initialised once, by the JVM). */
    private static final class OfThisJvm {
        static final WorkerReserve RESERVE = create();

        private static WorkerReserve create() {
            int capacity = Math.max(0, Integer.getInteger(PROPERTY, 0));
            if (capacity == 0) {
                return NONE;
            }
            WorkerReserve reserve = new WorkerReserve(capacity);
            Runtime.getRuntime().addShutdownHook(new Thread(reserve::close, "kata-judge-compiler-reserve-end"));
            return reserve;
        }
    }

    private record Kept(CompileLimits limits, List<String> command, WorkerProcess worker) {
    }

    private final int capacity;
    private final List<Kept> kept = new ArrayList<>();
    private boolean closed;

    private WorkerReserve(int capacity) {
        this.capacity = capacity;
    }

    /** The reserve of this JVM: empty and keeping nothing unless {@value #PROPERTY} is set. */
    public static WorkerReserve ofThisJvm() {
        return OfThisJvm.RESERVE;
    }

    /** A reserve that keeps nothing: a closed pool stops its workers. */
    public static WorkerReserve none() {
        return NONE;
    }

    /** A reserve of its own keeping at most {@code capacity} workers (tests); its owner closes it. */
    static WorkerReserve withCapacity(int capacity) {
        return new WorkerReserve(capacity);
    }

    /** A live worker kept for {@code limits} and {@code command}, now the caller's; empty when there is none. */
    Optional<WorkerProcess> take(CompileLimits limits, List<String> command) {
        List<WorkerProcess> dead = new ArrayList<>();
        Optional<WorkerProcess> taken = Optional.empty();
        synchronized (this) {
            for (Iterator<Kept> it = kept.iterator(); it.hasNext() && taken.isEmpty(); ) {
                Kept candidate = it.next();
                if (!candidate.worker().isAlive()) {
                    it.remove();
                    dead.add(candidate.worker());
                } else if (candidate.limits().equals(limits) && candidate.command().equals(command)) {
                    it.remove();
                    taken = Optional.of(candidate.worker());
                }
            }
        }
        dead.forEach(WorkerProcess::close); // outside the lock: a close waits for the process
        return taken;
    }

    /**
     * Keeps {@code worker}, idle and alive, for a later pool, in place of the one kept longest when
     * the reserve is full (that one may be for a command no pool uses any more: a pool that
     * trained the workers' archive ran them without it); false when the reserve is closed or keeps
     * nothing: then the caller stops it.
     */
    boolean keep(CompileLimits limits, List<String> command, WorkerProcess worker) {
        Kept oldest = null;
        synchronized (this) {
            if (closed || capacity == 0 || !worker.isAlive()) {
                return false;
            }
            if (kept.size() >= capacity) {
                oldest = kept.remove(0);
            }
            kept.add(new Kept(limits, List.copyOf(command), worker));
        }
        if (oldest != null) {
            oldest.worker().close();
        }
        return true;
    }

    /** How many workers are kept now. */
    synchronized int size() {
        return kept.size();
    }

    /** Stops every kept worker; keeps none from now on. */
    @Override
    public void close() {
        List<Kept> ending;
        synchronized (this) {
            closed = true;
            ending = new ArrayList<>(kept);
            kept.clear();
        }
        ending.forEach(k -> k.worker().close());
    }
}
