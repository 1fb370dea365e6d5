package org.katajudge.sandbox;

import org.katajudge.jvm.ChildClock;
import org.katajudge.sandbox.CallResult.Outcome;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Watches one child for as long as its session lives, every 20 ms on the judge's one monitor
 * thread, and kills its whole process tree when
 * <ul>
 *   <li>what it printed passes the output limit, counting what the runner counted through
 *       System.out and System.err and what reached the JVM's own stdout and stderr;</li>
 *   <li>its temp directory on the host's file system (where it has no sized tmpfs of its own)
 *       passes its bound, in bytes or in entries;</li>
 *   <li>it stops answering for the per-call cap plus a grace, should its own watchdog fail; or</li>
 *   <li>its total time is up;</li>
 * </ul>
 * the last two in the child's own time ({@link ChildClock}), so that a busy machine does not make
 * a child look hung, with a wall-clock ceiling as the last resort. When the child is gone but its
 * pipe is not at its end (something it left holds it), it wakes the reader. It remembers why it
 * killed, which is what the call in progress then gets ({@link ExitDiagnosis}).
 */
final class ChildMonitor {

    /** Time for the child JVM to start and answer READY (the child's time: waits for a CPU not counted). */
    static final Duration STARTUP = Duration.ofSeconds(20);
    /** Extra time for the first call: class initialization and the JIT's first steps. */
    private static final Duration FIRST_CALL = Duration.ofSeconds(5);
    /**
     * The wall-clock ceiling of a child, as a multiple of its total budget: the last resort should
     * its clock tell nothing true (a child that only ever waits for a CPU is not costing much).
     */
    private static final int WALL_CEILING_FACTOR = 4;
    /**
     * How long the judge reads on after the child exited, without reading anything, before it
     * blames something holding the pipe.
     */
    private static final Duration AFTER_EXIT = Duration.ofSeconds(2);
    /** How often the monitor measures a temp directory on the host's file system. */
    private static final long TMP_CHECK_NANOS = 200_000_000L;
    /** The most entries the monitor counts in it: more is over the limit too. */
    private static final int TMP_MAX_ENTRIES = 10_000;

    private final ChildProcess child;
    private final ChildClock clock;
    private final AnswerChannel channel;
    private final Limits limits;
    private final Path watchedTmp;
    private ScheduledFuture<?> watch;
    private long tmpCheckedNanos;

    /** The child's time ({@link ChildClock#charged()}) at its last answer or request. */
    private volatile long lastProgressCharged;
    /** Bytes the runner counted through System.out and System.err, as of its last answer. */
    private volatile long printedThroughRunner;
    private volatile boolean awaiting;
    private volatile boolean firstCall = true;
    private volatile long exitSeenNanos;
    private volatile boolean closedAfterExit;
    private volatile boolean stopped;
    private String killedBecause;
    private Outcome killedAs;

    /**
     * @param watchedTmp the child's temp directory when it is on the host's file system (no sized
     *                   tmpfs of its own): its total size is bounded here; null otherwise
     */
    ChildMonitor(ChildProcess child, ChildClock clock, AnswerChannel channel, Limits limits, Path watchedTmp) {
        this.child = child;
        this.clock = clock;
        this.channel = channel;
        this.limits = limits;
        this.watchedTmp = watchedTmp;
        this.lastProgressCharged = clock.charged();
    }

    void start(ScheduledExecutorService monitor) {
        watch = monitor.scheduleWithFixedDelay(this::check, 20, 20, TimeUnit.MILLISECONDS);
    }

    void stop() {
        stopped = true;
        if (watch != null) {
            watch.cancel(false);
        }
    }

    /** Whether the judge waits for the child to answer (its silence counts then). */
    void awaiting(boolean waiting) {
        awaiting = waiting;
    }

    /** The child answered, or was asked something: its silence is counted from now. */
    void progress() {
        lastProgressCharged = clock.charged();
        if (exitSeenNanos != 0) {
            exitSeenNanos = System.nanoTime(); // the child is gone, but the judge still reads what it wrote
        }
    }

    /** The child answered a call: the first call's extra time is over. */
    void answered(CallResult result) {
        printedThroughRunner = result.outputTotal();
        firstCall = false;
        progress();
    }

    /**
     * Whether everything the submission printed passes the limit: what the runner counted through
     * System.out and System.err, and what reached the JVM's real standard output and error (code
     * that bypasses the policy can write there; the JVM's own messages do), as far as the judge
     * has drained it.
     */
    boolean printedTooMuch() {
        return printedThroughRunner + child.outputBytes() > limits.outputBytes();
    }

    /** Stops the child for having printed too much; what the call in progress gets. */
    String killForOutput() {
        String because = "the submission printed more than " + limits.outputBytes() + " bytes (" + printedThroughRunner
                + " through System.out and System.err, " + child.outputBytes()
                + " straight to its JVM's standard output and error) and was stopped";
        kill(Outcome.OUTPUT_LIMIT, because);
        return killedBecause();
    }

    /** Why the monitor killed the child, or null when it did not. */
    synchronized String killedBecause() {
        return killedBecause;
    }

    /** What the call in progress was when the monitor killed the child. */
    synchronized Outcome killedAs() {
        return killedAs;
    }

    /** Whether the monitor closed the pipe of a child that had exited, because something still held it. */
    boolean closedAfterExit() {
        return closedAfterExit;
    }

    private void check() {
        if (stopped || killedBecause() != null) {
            return;
        }
        long now = System.nanoTime();
        if (printedTooMuch()) {
            killForOutput();
            return;
        }
        if (watchedTmp != null && now - tmpCheckedNanos > TMP_CHECK_NANOS) {
            tmpCheckedNanos = now;
            if (tmpTooLarge()) {
                kill(Outcome.DIED, "the submission wrote more than " + (SandboxLauncher.TMP_BYTES >> 20)
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
            kill(Outcome.TIMED_OUT, "the child JVM stopped answering for " + silent.toMillis()
                    + " ms (not counting time it waited for a CPU) and was killed");
        } else if (Duration.ofNanos(charged).compareTo(budget) > 0) {
            kill(Outcome.TIMED_OUT, "the run took longer than its total limit of " + limits.total().toSeconds()
                    + " s and was killed");
        } else if (Duration.ofNanos(clock.wall()).compareTo(budget.multipliedBy(WALL_CEILING_FACTOR)) > 0) {
            kill(Outcome.TIMED_OUT, "the run took longer than " + budget.multipliedBy(WALL_CEILING_FACTOR).toSeconds()
                    + " s by the wall clock and was killed");
        }
    }

    /** How long past the per-call limit the judge waits for the child's own watchdog. */
    private Duration grace() {
        return Duration.ofMillis(Math.max(1000, limits.perCall().toMillis()));
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

    /** Kills the child's tree, the first reason only; a read blocked on its pipe ends. */
    private void kill(Outcome as, String because) {
        synchronized (this) {
            if (killedBecause != null) {
                return;
            }
            killedBecause = because;
            killedAs = as;
        }
        child.killTree();
        channel.close();
    }
}
