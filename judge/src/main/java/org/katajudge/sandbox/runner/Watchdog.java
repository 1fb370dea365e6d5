package org.katajudge.sandbox.runner;

/**
 * Watches the call in progress, on two clocks, so that how busy the machine is does not change
 * a verdict (issue 19):
 * <ul>
 *   <li>its <em>time</em>, held against the per-call limit: the calling thread's CPU time in user
 *       mode plus the time the thread was blocked (sleeping, waiting on something). While it waits
 *       for a garbage collection, the collector's CPU time in user mode counts instead (the serial
 *       collector works on the VM thread); while it is blocked otherwise, less the time the VM
 *       thread or this watchdog, awake, waited for a CPU meanwhile (a safepoint waits for every
 *       thread). Time waiting for a CPU is not counted, nor the kernel's time: on a virtual
 *       machine, the kernel's time for memory touched the first time depends on the host (a heap
 *       filled in 0.2 s of CPU on an idle machine took 0.94 s, 0.77 s of it the kernel's, on a
 *       loaded one). A policy-abiding call has little else to spend there, and what it does spend,
 *       the second clock bounds. Counted from schedstat's exact counters ({@link CallTime} says
 *       how and why); without schedstat, by the caller's state at each sample as before: its user
 *       time if it is runnable, the whole interval (less the VM thread's or the watchdog's wait)
 *       if it is blocked, which misses the blocked time of intervals that end with it runnable;</li>
 *   <li>its <em>presence</em>, held against the per-call cap: the wall-clock time less the time the
 *       calling thread (or, while it waits, the VM thread or the watchdog) waited for a CPU, from
 *       /proc's schedstat, summed over the call ({@link CallPresence} says why). It stops calls
 *       that neither compute in user mode nor block, whatever the load.</li>
 * </ul>
 * Sampled from /proc about every tick (each sleep drawn from half a tick to a tick and a half),
 * the caller, the VM thread and the watchdog read together ({@link #readTogether});
 * the time before a call's first sample counts as at most two ticks (the watchdog wakes within a
 * tick and a half unless the whole JVM waited for a CPU). Without
 * schedstat the cap is on the wall clock; without /proc both are. When a call runs long, the
 * answers before it are flushed, in case it never ends.
 */
final class Watchdog implements Runnable {

    /** Reads of the three samples that take longer than this by the wall clock may be apart: {@link #readTogether}. */
    static final long TORN_NANOS = 1_000_000L;
    static final int SAMPLE_TRIES = 3;

    private final Answers answers;
    private final long perCallNanos;
    private final long perCallCapNanos;
    private final ThreadClock caller;
    private final ThreadClock vmThread;
    private final long tickMillis;
    /**
     * The state of the draw of each sleep between samples (xorshift): from half a tick to a tick
     * and a half, so that the last sample does not tell a call when the next one comes (a sleep
     * that falls between two samples finding the caller running escapes the time clock: CallTime).
     */
    private long draw = System.nanoTime() | 1;

    /** The case being watched, and its two clocks so far. */
    private long observed;
    private long time;
    private long presence;
    private long lastSample;
    private long[] last;
    private long[] lastVm;
    private long[] lastOwn;
    /**
     * The exact part of the time (from schedstat), and the part counted by state where schedstat
     * told nothing. Made now, not at the first long call, so that its class is in the runner's
     * class-data archive: the archive's training calls are too short to make one (RunnerArchiveTest).
     */
    private CallTime exact = new CallTime(null, null);
    private long byState;
    /** The exact part of the presence (from schedstat), and the part counted interval by interval where schedstat told nothing. */
    private CallPresence exactPresence = new CallPresence();
    private long presenceByState;

    private Watchdog(Answers answers, long perCallNanos, long perCallCapNanos, ThreadClock caller, ThreadClock vmThread) {
        this.answers = answers;
        this.perCallNanos = perCallNanos;
        this.perCallCapNanos = perCallCapNanos;
        this.caller = caller;
        this.vmThread = vmThread;
        this.tickMillis = Math.max(1, Math.min(10, perCallNanos / 20_000_000L));
    }

    /** Starts the watchdog's daemon thread; {@code caller} is the clock of the thread that calls the submission. */
    static void start(Answers answers, long perCallNanos, long perCallCapNanos, ThreadClock caller) {
        Watchdog watchdog = new Watchdog(answers, perCallNanos, perCallCapNanos, caller,
                ThreadClock.ofThreadNamed("VM Thread"));
        Thread thread = new Thread(watchdog, "kata-judge-watchdog");
        thread.setDaemon(true);
        thread.setPriority(Thread.MAX_PRIORITY);
        thread.start();
    }

    @Override
    public void run() {
        ThreadClock own = ThreadClock.ofCurrentThread();
        ThreadClock[] clocks = {caller, vmThread, own};
        long[][] samples = new long[3][];
        long[] began = new long[1];
        long flushedFor = 0;
        long awakeWaited = 0;
        while (true) {
            try {
                Thread.sleep(nextSleepMillis());
            } catch (InterruptedException e) {
                return;
            }
            long sequence = answers.currentCase();
            long started = answers.callStartedNanos();
            if (started == 0 || sequence != answers.currentCase()) {
                awakeWaited = 0;
                continue;
            }
            readTogether(clocks, samples, began, TORN_NANOS);
            long now = began[0];
            long[] sample = samples[0];
            long[] vm = samples[1];
            long[] self = samples[2];
            account(sequence, started, now, sample, vm, self, awakeWaited);
            long wall = now - started;
            if ((sample == null ? wall : time) > perCallNanos) {
                answers.endCaseAndHalt(Wire.TIMEOUT, Runner.EXIT_AFTER_TIMEOUT);
            } else if ((sample == null || sample[ThreadClock.WAITED] < 0 ? wall : presence) > perCallCapNanos) {
                answers.endCaseAndHalt(Wire.WALL_TIMEOUT, Runner.EXIT_AFTER_TIMEOUT);
            } else if (wall > 50_000_000L && flushedFor != started) {
                flushedFor = started;
                answers.run();
            }
            // what this watchdog waited for a CPU while awake after sampling, counted with the next interval
            long waitedNow = own.waitedNanos();
            awakeWaited = self == null || self[ThreadClock.WAITED] < 0 || waitedNow < 0 ? 0
                    : Math.max(0, waitedNow - self[ThreadClock.WAITED]);
        }
    }

    /**
     * Reads the samples of {@code clocks} into {@code into}, and when the reads began into {@code
     * began[0]}; again, up to {@link #SAMPLE_TRIES} times in all, while the reads took more than
     * {@code tornNanos} by the wall clock. Returns how many times they were read.
     *
     * <p>Samples read apart do not tell one interval: this watchdog is a Java thread, and between
     * two reads it may stop at a safepoint until a collection ends, or wait for a CPU. A caller
     * read before a collection and the VM thread after it put the collection's run in one interval
     * and the caller's being held by it in the next, where nothing excused it: at load 40 on 2
     * cores a heap exhausted in 50 ms of CPU was charged 950 ms of blocked time so, and came out
     * TIME_LIMIT_EXCEEDED. Whatever kept the reads apart is over when they are read again; samples
     * still read apart after the last try are counted as they are (the clocks' sums stay exact,
     * and a machine that keeps every read waiting must not stop the watchdog).
     */
    static int readTogether(ThreadClock[] clocks, long[][] into, long[] began, long tornNanos) {
        int tries = 0;
        long ended;
        do {
            tries++;
            began[0] = System.nanoTime();
            for (int i = 0; i < clocks.length; i++) {
                into[i] = clocks[i].sample();
            }
            ended = System.nanoTime();
        } while (ended - began[0] > tornNanos && tries < SAMPLE_TRIES);
        return tries;
    }

    private long nextSleepMillis() {
        draw = nextDraw(draw);
        return sleepMillis(tickMillis, draw);
    }

    /** The draw after {@code draw} (xorshift; never 0 after a draw that is not). */
    static long nextDraw(long draw) {
        draw ^= draw << 13;
        draw ^= draw >>> 7;
        return draw ^ draw << 17;
    }

    /** The sleep a draw gives: from half a tick to a tick and a half, at least 1 ms. */
    static long sleepMillis(long tickMillis, long draw) {
        return Math.max(1, tickMillis / 2 + Math.floorMod(draw, tickMillis + 1));
    }

    /**
     * Adds what happened since the last sample to the two clocks of case {@code sequence}; {@code
     * awakeWaited} is what this watchdog waited for a CPU while awake since then.
     */
    private void account(long sequence, long started, long now, long[] sample, long[] vm, long[] self, long awakeWaited) {
        long elapsed = now - lastSample;
        if (sequence != observed) {
            observed = sequence;
            byState = Math.min(now - started, 2 * tickMillis * 1_000_000L);
            presenceByState = byState;
            exact = new CallTime(sample, vm);
            exactPresence = new CallPresence();
        } else {
            exact.add(elapsed, sample, vm, awakeWaited);
            if (sample != null && last != null) {
                long ownWaited = self == null || lastOwn == null ? 0 : ThreadClock.waited(self, lastOwn, elapsed);
                long starved = Math.max(vm == null || lastVm == null ? 0 : ThreadClock.waited(vm, lastVm, elapsed), ownWaited);
                if (CallTime.exact(sample, last)) {
                    exactPresence.add(elapsed, sample, last, vm, lastVm, ownWaited);
                } else {
                    boolean blocked = sample[ThreadClock.BLOCKED] != 0;
                    presenceByState += elapsed - (blocked ? starved : ThreadClock.waited(sample, last, elapsed));
                    byState += byState(elapsed, sample, vm, starved);
                }
            }
        }
        time = byState + exact.charged();
        presence = presenceByState + exactPresence.presence();
        lastSample = now;
        last = sample;
        lastVm = vm;
        lastOwn = self;
    }

    /** The time of an interval by the caller's state at its end: where schedstat tells nothing. */
    private long byState(long elapsed, long[] sample, long[] vm, long starved) {
        if (sample[ThreadClock.BLOCKED] == 0) {
            return sample[ThreadClock.USER] - last[ThreadClock.USER];
        }
        if (vm != null && lastVm != null
                && (vm[ThreadClock.RUNNABLE] != 0 || vm[ThreadClock.USER] > lastVm[ThreadClock.USER])) {
            return vm[ThreadClock.USER] - lastVm[ThreadClock.USER]; // collecting garbage
        }
        return elapsed - starved;
    }
}
