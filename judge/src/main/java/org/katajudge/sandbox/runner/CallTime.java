package org.katajudge.sandbox.runner;

import static org.katajudge.sandbox.runner.ThreadClock.BLOCKED;
import static org.katajudge.sandbox.runner.ThreadClock.RUN;
import static org.katajudge.sandbox.runner.ThreadClock.RUNNABLE;
import static org.katajudge.sandbox.runner.ThreadClock.SYSTEM;
import static org.katajudge.sandbox.runner.ThreadClock.USER;
import static org.katajudge.sandbox.runner.ThreadClock.WAITED;

/**
 * The {@link Watchdog}'s first clock, the <em>time</em> of one call, from schedstat's exact
 * counters instead of the calling thread's state at each sample: a call that alternated 1.9 ms of
 * computing and a 1 ms sleep, 400 times, was found asleep at a third of the samples, most of its
 * sleeps were never counted, and it passed a 1 s limit (red team).
 *
 * <p>Over an interval of {@code elapsed} between two samples the caller ran {@code run} (user and
 * kernel mode), waited for a CPU {@code waited}, and was blocked the rest: {@code elapsed - run -
 * waited}. Its user time is its run less its kernel time: stat's utime + stime of a task are its
 * run already, split by where the scheduler's ticks found it, so stime alone apportions it, to a
 * tick over the whole call (sums kept whole, not clamped interval by interval, since a tick of
 * stime is 10 ms and an interval's run often less); while stime does not move, all the run counts
 * as user time (the conservative side).
 *
 * <p>The counters of a thread are exact while it is off a CPU only: a slice being run is added at
 * the scheduler's next tick or when it ends (ms late), a wait for a CPU when it ends (on a loaded
 * machine, any time later). So blocked time is charged when a sample finds the caller blocked (S
 * or D): everything since the last such sample is then known exactly, whatever came between. A
 * sample that finds it runnable charges its run so far only. The cases:
 * <ul>
 *   <li>computing: its run less kernel time; waits for a CPU are not run, and one still under way
 *       at a sample is not taken for blocked time, since nothing is charged as blocked until a
 *       sample finds the caller blocked, and by then the wait is counted;</li>
 *   <li>sleeping, however short and often: all of it, at the next sample finding it asleep; only
 *       sleeps after the last such sample of a call escape (a call that sleeps a fraction f of its
 *       time is found asleep at about a fraction f of the samples);</li>
 *   <li>a garbage-collection storm (the serial collector works on the VM thread, the caller waits):
 *       in an interval where the VM thread ran or is runnable, the caller's time off a CPU is not
 *       charged, and the VM thread's user time is instead, up to that time, over the call; so
 *       neither the collector's waits for a CPU nor its kernel time (first-touched memory) count. A
 *       safepoint held up by a starved thread counts the same way: the VM thread polls meanwhile;</li>
 *   <li>a fully loaded machine: the caller's waits for a CPU are never charged, exactly, nor the VM
 *       thread's (above);</li>
 *   <li>the watchdog starved: being late changes nothing, the counters being cumulative. The
 *       VM thread's waits for a CPU, and the watchdog's while it is awake (from a sample until it
 *       sleeps again, when it could hold the caller up), are excused, up to the caller's time off
 *       a CPU in that interval, where a sample at either end found the caller blocked (below); not the watchdog's wait on waking, when it holds no lock and
 *       stops no safepoint: excusing that one hid two thirds of such short sleeps on a loaded
 *       machine.</li>
 * </ul>
 * What is excused is the interval's time off a CPU, not its blocked time: a wait counted late
 * moves blocked time from one interval to the next, and only the sum since the last sample that
 * found the caller blocked is exact. So an excuse must not reach past the caller's being held:
 * where a sample at either end of the interval found the caller blocked, the interval's time off a
 * CPU is excused as above; found runnable at both ends, only if the VM thread ran at least {@link
 * #WAKE_RUN} in it (a collection, a safepoint's work: the caller was held), else only the VM
 * thread's run. The VM thread wakes once a second to see whether a safepoint is due, runs 20-150
 * µs (up to ~270 under load) and holds nobody; on a machine at load 28 each wake first waited
 * ~40 ms for a CPU, and with every interval of that wait excused in full, the caller's own waits
 * meanwhile stood for its short sleeps elsewhere: a call that slept 383 times returned within its
 * 1 s limit. What is left: a wake that runs more than {@link #WAKE_RUN} excuses one interval. A
 * collection runs 450 µs or more (serial collector, -Xmx64m; measured at 726 µs and up per 10 ms
 * of a heap filling up). Intervals without schedstat are the watchdog's to count, by state; this
 * clock then starts again from the next sample.
 */
final class CallTime {

    /** More than the VM thread runs in most wakes that only see whether a safepoint is due, less than a collection. */
    static final long WAKE_RUN = 200_000L;

    private long[] last;
    private long[] lastVm;
    /** Run and kernel time of the caller, and of the VM thread, over the call. */
    private long run;
    private long system;
    private long vmRun;
    private long vmSystem;
    /** The caller's time off a CPU during the VM thread's work: what the VM thread's user time may stand for. */
    private long collecting;
    /** Blocked time (raw, it may be negative) and its excused part since the last sample that found the caller blocked. */
    private long pendingBlocked;
    private long pendingExcused;
    private long blocked;

    /** A call's clock from its first samples of the caller and of the VM thread (either may be null). */
    CallTime(long[] caller, long[] vm) {
        this.last = caller;
        this.lastVm = vm;
    }

    /** Whether the interval between two samples of the caller can be counted here: both have schedstat's figures. */
    static boolean exact(long[] now, long[] before) {
        return now != null && before != null && now[RUN] >= 0 && before[RUN] >= 0
                && now[WAITED] >= 0 && before[WAITED] >= 0;
    }

    /**
     * Counts the interval up to the samples {@code caller} and {@code vm} (either may be null),
     * {@code elapsed} nanoseconds long, in which the watchdog waited {@code watchdogWaited} for a
     * CPU while awake. An interval that is not {@link #exact} only moves the start.
     */
    void add(long elapsed, long[] caller, long[] vm, long watchdogWaited) {
        if (!exact(caller, last)) {
            last = caller;
            lastVm = vm;
            pendingBlocked = 0;
            pendingExcused = 0;
            return;
        }
        long ran = caller[RUN] - last[RUN];
        run += ran;
        system += caller[SYSTEM] - last[SYSTEM];
        long offCpu = Math.max(0, elapsed - ran);
        boolean held = caller[BLOCKED] != 0 || last[BLOCKED] != 0;
        boolean vmSeen = vm != null && lastVm != null;
        long vmRan = vmSeen ? ThreadClock.ran(vm, lastVm) : 0;
        long excused;
        if (vmSeen && (vm[RUNNABLE] != 0 || vmRan > 0)) {
            collecting += offCpu;
            excused = held || vmRan >= WAKE_RUN ? offCpu : Math.min(offCpu, Math.max(0, vmRan));
        } else {
            long vmWaited = vmSeen ? ThreadClock.waited(vm, lastVm, elapsed) : 0;
            excused = held ? Math.min(offCpu, Math.max(vmWaited, watchdogWaited)) : 0;
        }
        if (vmSeen) {
            vmRun += vmRan;
            vmSystem += vm[RUN] >= 0 && lastVm[RUN] >= 0 ? vm[SYSTEM] - lastVm[SYSTEM] : 0;
        }
        pendingBlocked += elapsed - ran - (caller[WAITED] - last[WAITED]);
        pendingExcused += excused;
        if (caller[BLOCKED] != 0) {
            blocked += Math.max(0, pendingBlocked - pendingExcused);
            pendingBlocked = 0;
            pendingExcused = 0;
        }
        last = caller;
        lastVm = vm;
    }

    /** Nanoseconds charged since the first sample: user time, the collector's user time, blocked time. */
    long charged() {
        long vmUser = Math.max(0, vmRun - vmSystem);
        return Math.max(0, run - system) + Math.min(collecting, vmUser) + blocked;
    }
}
