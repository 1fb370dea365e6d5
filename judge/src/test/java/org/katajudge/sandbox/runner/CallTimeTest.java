package org.katajudge.sandbox.runner;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The arithmetic of a call's time ({@link CallTime}), without /proc: threads simulated as the kernel counts them. */
class CallTimeTest {

    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;

    @Test
    void slicesOfComputingAndSleepingAreChargedInFull() {
        // The red team's submission: 1.9 ms of computing and a 1 ms sleep, 400 times. A sample finds
        // it asleep at a third of the samples only; all its sleeps count.
        Run run = new Run(7);
        for (int i = 0; i < 400; i++) {
            run.compute(1_900 * US).sleep(1 * MS);
        }
        assertChargedAsItDid(run);
    }

    @Test
    void onALoadedMachineTheWaitsAfterEachSleepAreNotCharged() {
        // the same, waking each time to wait 3 ms for a CPU
        Run run = new Run(11);
        for (int i = 0; i < 400; i++) {
            run.compute(1_900 * US).sleep(1 * MS).waitForCpu(3 * MS);
        }
        assertChargedAsItDid(run);
    }

    @Test
    void computingOnABusyCpuIsChargedItsRunOnlyWhateverTheSamplesSee() {
        // a sixteenth of a CPU: the wait under way at a sample is not in schedstat yet, and must not
        // be taken for blocked time
        Run run = new Run(13);
        for (int i = 0; i < 300; i++) {
            run.compute(3 * MS).waitForCpu(45 * MS);
        }
        assertChargedAsItDid(run);
        assertTrue(run.charged() > 890 * MS, "its run: " + run.charged() / MS + " ms");
    }

    @Test
    void computingOnABusyCpuIsPresentForItsRunNotForItsWaits() {
        // the same sixteenth of a CPU: each wait spans several samples and shows only when it ends.
        // Clamped interval by interval the presence was about 40 ms of every 48 (the intervals
        // before a wait ended showed none of it; the one where it did was credited at most its
        // length), and the 4 s cap stopped an infinite loop before its 300 ms limit did (load 20)
        Run run = new Run(19);
        for (int i = 0; i < 100; i++) {
            run.compute(3 * MS).waitForCpu(45 * MS);
        }
        assertTrue(run.presence() >= 300 * MS - 10 * MS, "its run: " + run.presence() / MS + " ms");
        assertTrue(run.presence() <= 300 * MS + 50 * MS, "its run and at most a wait under way, not the wall clock's "
                + run.now / MS + " ms: " + run.presence() / MS + " ms");
    }

    @Test
    void sleepingIsPresentInFullAndComputingOnAnIdleCpuToo() {
        Run run = new Run(23);
        for (int i = 0; i < 100; i++) {
            run.compute(2 * MS).sleep(3 * MS);
        }
        assertTrue(run.presence() >= run.now - 20 * MS && run.presence() <= run.now,
                run.presence() / MS + " ms present of " + run.now / MS);
    }

    @Test
    void presenceIsASumThatNeverDecreases() {
        CallPresence presence = new CallPresence();
        long[] before = ThreadClock.reading('R', 0, 0, 0, 0);
        long[] now = ThreadClock.reading('R', 0, 0, 1 * MS, 0);
        presence.add(10 * MS, now, before, null, null, 0);
        assertEquals(10 * MS, presence.presence(), "a wait under way is not in schedstat yet");
        before = now;
        now = ThreadClock.reading('R', 0, 0, 2 * MS, 30 * MS);
        presence.add(10 * MS, now, before, null, null, 0);
        assertEquals(10 * MS, presence.presence(), "a wait of 30 ms ended: the sum falls to -10 ms, the presence stays");
        before = now;
        now = ThreadClock.reading('S', 0, 0, 2 * MS, 30 * MS);
        presence.add(10 * MS, now, before, null, null, 4 * MS);
        assertEquals(10 * MS, presence.presence(), "blocked 10 ms, but the wait counted late (begun before the"
                + " call) left none to excuse: the sum is 0");
        before = now;
        presence.add(10 * MS, now, before, null, null, 4 * MS);
        assertEquals(10 * MS, presence.presence(), "blocked, 4 ms of the watchdog's waits excused: the sum is 6 ms");
        presence.add(10 * MS, now, before, null, null, 0);
        assertEquals(16 * MS, presence.presence(), "blocked: all of it, from the sum");
    }

    @Test
    void onAVeryLoadedMachineTheVmThreadsWakingDoesNotExcuseSleeps() {
        // Load 28 on 2 cores: each 1 ms sleep is followed by a wait of 40 ms for a CPU, and so is
        // each of the VM thread's wakes, once a second, to see whether a safepoint is due (none
        // is: the caller is never held). Excusing such an interval's whole time off a CPU, not its
        // blocked time, let the waits it held stand for the sleeps of other intervals: a call that
        // slept 383 times returned within its 1 s limit (ShortSleepsTest at load 28)
        Run run = new Run(29).withVmWaking(1_000 * MS, 40 * MS);
        for (int i = 0; i < 400; i++) {
            run.compute(2 * MS).sleep(1 * MS).waitForCpu(40 * MS);
        }
        assertChargedAsItDid(run);
    }

    @Test
    void collectionsBetweenTwoSamplesThatFindTheCallerRunningAreNotCharged() {
        // A heap filling up on a loaded machine: the caller computes 8 ms, asks for a collection
        // and is held while the VM thread waits 1.5 ms for a CPU and collects for 0.3 ms. Most
        // collections fall between two samples that find the caller running: excusing only the
        // VM thread's run there charged its waits as the caller's blocked time, and a heap
        // exhausted under load came out TIME_LIMIT_EXCEEDED (LimitSamplesUnderLoadTest). The VM
        // thread also wakes once a second, as above
        Run run = new Run(31).withVmWaking(1_000 * MS, 40 * MS);
        for (int i = 0; i < 100; i++) {
            run.compute(8 * MS).collect(1_500 * US, 300 * US);
        }
        String charged = "charged " + run.charged() / US + " µs for 800 ms of computing and 30 ms of collecting";
        assertTrue(run.charged() >= 800 * MS - 20 * MS, charged);
        assertTrue(run.charged() <= 830 * MS + 10 * MS, charged);
    }

    @Test
    void aHeapFillingUpOnAVeryLoadedMachineIsPresentForItsWorkNotForTheCollectorsWaits() {
        // Load 40 on 2 cores: the caller computes 5 ms and asks for a collection, which waits a
        // second for a CPU and runs 10 ms, 12 times. No sample finds the caller held (the watchdog
        // waits for each safepoint's end): excusing the VM thread's waits only where a sample found
        // the caller blocked, the call was present for the whole 12 s and passed its 11 s cap
        Run run = new Run(37).withVmWaking(1_000 * MS, 40 * MS);
        for (int i = 0; i < 12; i++) {
            run.compute(5 * MS).waitForCpu(200 * MS).collect(1_000 * MS, 10 * MS);
        }
        run.compute(5 * MS);
        String present = "present " + run.presence() / MS + " ms of " + run.now / MS + " ms by the wall clock";
        assertTrue(run.presence() >= 65 * MS + 120 * MS - 20 * MS, present);
        assertTrue(run.presence() <= 65 * MS + 120 * MS + 300 * MS, present);
        assertTrue(run.charged() <= 65 * MS + 120 * MS + 20 * MS, "charged " + run.charged() / MS + " ms");
    }

    @Test
    void oneLongSleepIsChargedInFull() {
        Run run = new Run(17);
        run.compute(1 * MS).sleep(1_400 * MS);
        assertChargedAsItDid(run);
        assertTrue(run.charged() > 1_390 * MS, "its sleep: " + run.charged() / MS + " ms");
    }

    @Test
    void kernelTimeIsNotCharged() {
        // 300 ms of run, 100 ms of it in kernel mode by stat's stime (whole clock ticks)
        CallTime time = new CallTime(ThreadClock.reading('R', 0, 0, 0, 0), null);
        for (int i = 1; i <= 30; i++) {
            long system = (i / 3) * 10 * MS;
            time.add(10 * MS, ThreadClock.reading('R', 0, system, i * 10 * MS, 0), null, 0);
        }
        assertEquals(200 * MS, time.charged());
    }

    @Test
    void whileTheCallerWaitsForTheCollectorItsUserTimeCountsNotTheWallClock() {
        // the serial collector on the VM thread: 8 ms of run and 2 ms of wait for a CPU in every
        // 10 ms, a quarter of its run in kernel mode (memory touched the first time); the caller blocked
        CallTime time = new CallTime(ThreadClock.reading('S', 0, 0, 50 * MS, 0), ThreadClock.reading('S', 0, 0, 0, 0));
        for (int i = 1; i <= 40; i++) {
            long[] vm = ThreadClock.reading('R', 0, (i / 4) * 10 * MS, i * 8 * MS, i * 2 * MS);
            time.add(10 * MS, ThreadClock.reading('S', 0, 0, 50 * MS, 0), vm, 0);
        }
        assertEquals(320 * MS - 100 * MS, time.charged(), "the collector's user time, not 400 ms of wall clock");
    }

    @Test
    void aWaitCountedLateDoesNotTurnACollectionIntoChargedTime() {
        // 2 ms of run, then a wait for a CPU still under way at the sample (not in schedstat yet);
        // then 1 ms of run and a collection of 9 ms: the late wait makes the first interval look
        // blocked and the second not
        long[] idleVm = ThreadClock.reading('S', 0, 0, 0, 0);
        CallTime time = new CallTime(ThreadClock.reading('R', 0, 0, 0, 0), idleVm);
        time.add(10 * MS, ThreadClock.reading('R', 0, 0, 2 * MS, 0), idleVm, 0);
        time.add(10 * MS, ThreadClock.reading('S', 0, 0, 3 * MS, 8 * MS), ThreadClock.reading('R', 0, 0, 6 * MS, 3 * MS), 0);
        assertEquals(3 * MS + 6 * MS, time.charged(), "the caller's run and the collector's");
    }

    @Test
    void blockedTimeWhileTheWatchdogWaitedForACpuAwakeIsNotCharged() {
        CallTime time = new CallTime(ThreadClock.reading('S', 0, 0, 50 * MS, 0), ThreadClock.reading('S', 0, 0, 0, 0));
        long[] idleVm = ThreadClock.reading('S', 0, 0, 0, 0);
        time.add(10 * MS, ThreadClock.reading('S', 0, 0, 50 * MS, 0), idleVm, 4 * MS);
        assertEquals(6 * MS, time.charged());
        time.add(10 * MS, ThreadClock.reading('S', 0, 0, 50 * MS, 0), idleVm, 40 * MS);
        assertEquals(6 * MS, time.charged(), "never more than the interval's blocked time");
        time.add(10 * MS, ThreadClock.reading('S', 0, 0, 50 * MS, 0), idleVm, 0);
        assertEquals(16 * MS, time.charged());
    }

    @Test
    void withoutSchedstatNothingIsCountedHereAndTheNextExactIntervalStartsAfresh() {
        CallTime time = new CallTime(ThreadClock.reading('S', 0, 0, -1, -1), null);
        time.add(10 * MS, ThreadClock.reading('S', 0, 0, -1, -1), null, 0);
        assertEquals(0, time.charged(), "the watchdog counts these by state");
        time.add(10 * MS, ThreadClock.reading('S', 0, 0, 50 * MS, 0), null, 0);
        assertEquals(0, time.charged(), "the first sample with schedstat only starts the count");
        time.add(10 * MS, null, null, 0);
        time.add(10 * MS, ThreadClock.reading('S', 0, 0, 50 * MS, 0), null, 0);
        assertEquals(0, time.charged(), "nor after a sample that failed");
        time.add(10 * MS, ThreadClock.reading('S', 0, 0, 50 * MS, 0), null, 0);
        assertEquals(10 * MS, time.charged());
    }

    /**
     * Charged all the thread computed and slept up to the last sample that found it asleep (exact
     * then), and never more than it computed and slept up to the last sample (its waits for a CPU
     * are not charged; a run not yet in schedstat is not charged yet), nor much less.
     */
    private static void assertChargedAsItDid(Run run) {
        String charged = "charged " + run.charged() / US + " µs; computed and slept " + run.chargeableWhenLastAsleep / US
                + " µs up to the last sample finding it asleep, " + run.chargeable / US + " µs up to the last";
        assertTrue(run.charged() >= run.chargeableWhenLastAsleep, charged);
        assertTrue(run.charged() <= run.chargeable, charged);
        assertTrue(run.charged() >= run.chargeable - 20 * MS, charged);
    }

    /**
     * A call on a simulated thread, in steps of 10 µs, sampled about every 10 ms (a little jitter,
     * seeded), never during a collection (the watchdog, a Java thread, waits for a safepoint's
     * end): its run shows in schedstat at each 4 ms scheduler tick and when a slice ends, a wait
     * for a CPU when the wait ends; its state is R while it computes or waits, S while it sleeps
     * or is held by a collection. No kernel time; the VM thread idle unless told otherwise.
     */
    private static final class Run {
        private static final long STEP = 10 * US;
        private final Random random;
        private final long[] idleVm = ThreadClock.reading('S', 0, 0, 0, 0);
        /** The VM thread: waking every {@code vmEvery} (0: never) to wait {@code vmWait} for a CPU and run 50 µs. */
        private long vmEvery;
        private long vmWait;
        private char vmDoing = 'S';
        private long vmPhaseEnd;
        private long vmRun;
        private long vmWaited;
        private long vmShownRun;
        private long vmShownWaited;
        /** How long the VM thread's next run lasts: 50 µs for a wake, a collection's own. */
        private long vmRunFor = 50 * US;
        private final CallTime time;
        private final CallPresence presence = new CallPresence();
        private long[] lastReading;
        private long[] lastVmReading;
        private long now;
        private long nextSample;
        private long lastSample;
        private long run;
        private long waited;
        private long shownRun;
        private long shownWaited;
        /** What the thread computed and slept up to the last sample, and up to the last that found it asleep. */
        private long chargeable;
        private long chargeableWhenLastAsleep;
        private char doing = 'S';

        Run(long seed) {
            random = new Random(seed);
            lastReading = reading();
            lastVmReading = idleVm;
            time = new CallTime(lastReading, idleVm);
            nextSample = 10 * MS;
        }

        Run withVmWaking(long every, long wait) {
            vmEvery = every;
            vmWait = wait;
            return this;
        }

        Run compute(long nanos) {
            return spend('C', nanos);
        }

        Run sleep(long nanos) {
            return spend('S', nanos);
        }

        Run waitForCpu(long nanos) {
            return spend('W', nanos);
        }

        /** The caller held (blocked) while the VM thread waits {@code vmWaits} for a CPU and then collects for {@code vmRuns}. */
        Run collect(long vmWaits, long vmRuns) {
            vmDoing = 'W';
            vmPhaseEnd = now + vmWaits;
            vmRunFor = vmRuns;
            return spend('G', vmWaits + vmRuns + STEP);
        }

        long charged() {
            return time.charged();
        }

        long presence() {
            return presence.presence();
        }

        private Run spend(char activity, long nanos) {
            if (doing == 'C' && activity != 'C') {
                shownRun = run; // the slice ends
            }
            if (doing == 'W' && activity != 'W') {
                shownWaited = waited; // it gets a CPU
            }
            doing = activity;
            for (long spent = 0; spent < nanos; spent += STEP) {
                now += STEP;
                run += activity == 'C' ? STEP : 0;
                waited += activity == 'W' ? STEP : 0;
                if (activity == 'C' && now % (4 * MS) == 0) {
                    shownRun = run; // the scheduler's tick
                }
                stepVm();
                if (now >= nextSample && doing != 'G') {
                    long[] reading = reading();
                    long[] vm = vmReading();
                    time.add(now - lastSample, reading, vm, 0);
                    presence.add(now - lastSample, reading, lastReading, vm, lastVmReading, 0);
                    lastReading = reading;
                    lastVmReading = vm;
                    lastSample = now;
                    chargeable = now - waited;
                    chargeableWhenLastAsleep = doing == 'S' ? chargeable : chargeableWhenLastAsleep;
                    nextSample = now + 10 * MS + random.nextInt(200) * US;
                }
            }
            return this;
        }

        private void stepVm() {
            if (vmEvery == 0 && vmDoing == 'S') {
                return;
            }
            if (vmDoing == 'S' && now % vmEvery == 0) {
                vmDoing = 'W';
                vmPhaseEnd = now + vmWait;
            } else if (vmDoing == 'W') {
                vmWaited += STEP;
                if (now >= vmPhaseEnd) {
                    vmShownWaited = vmWaited;
                    vmDoing = 'C';
                    vmPhaseEnd = now + vmRunFor;
                }
            } else if (vmDoing == 'C') {
                vmRun += STEP;
                if (now >= vmPhaseEnd) {
                    vmShownRun = vmRun;
                    vmDoing = 'S';
                    vmRunFor = 50 * US;
                }
            }
        }

        private long[] vmReading() {
            return vmEvery == 0 && vmRun == 0 && vmDoing == 'S' ? idleVm : ThreadClock.reading(vmDoing == 'S' ? 'S' : 'R', vmShownRun, 0, vmShownRun, vmShownWaited);
        }

        private long[] reading() {
            return ThreadClock.reading(doing == 'S' || doing == 'G' ? 'S' : 'R', shownRun, 0, shownRun, shownWaited);
        }
    }
}
