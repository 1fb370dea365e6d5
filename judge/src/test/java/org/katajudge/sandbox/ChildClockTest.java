package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The arithmetic of a child's clock ({@link ChildClock.Account}), without /proc. */
class ChildClockTest {

    private static final long MS = 1_000_000L;

    @Test
    void theJudgesOwnLatenessIsNotChargedToTheChild() {
        // A child that ran 5 ms of every 100 ms, sampled by a judge thread that is late by 30 ms
        // between reading the clock and reading /proc every other time: the intervals see
        // 125 ms then 65 ms of wait for 100 ms of time. Charged interval by interval (clamped at
        // zero, never less than the CPU time) that made 5 + 35 ms for 10 ms of work; the whole sums
        // make the 10 ms.
        ChildClock.Account account = new ChildClock.Account();
        for (int i = 0; i < 300; i++) {
            account.add(100 * MS, 5 * MS, 125 * MS);
            account.add(100 * MS, 5 * MS, 65 * MS);
        }
        assertEquals(3_000 * MS, account.charged(), "600 intervals of 5 ms of work");
    }

    @Test
    void neverLessThanTheCpuTimeOfAllItsThreads() {
        // the carrier threads only wait, another thread computes
        ChildClock.Account account = new ChildClock.Account();
        for (int i = 0; i < 10; i++) {
            account.add(100 * MS, 80 * MS, 100 * MS);
        }
        assertEquals(800 * MS, account.charged());
    }

    @Test
    void whatProcDoesNotTellCountsInFullAndTheClockNeverRunsBackwards() {
        ChildClock.Account account = new ChildClock.Account();
        account.add(100 * MS, -1, -1);
        assertEquals(100 * MS, account.charged());
        account.add(100 * MS, 0, 100 * MS);
        assertEquals(100 * MS, account.charged(), "a waiting interval adds nothing");
        account.add(100 * MS, 0, 40 * MS);
        assertEquals(160 * MS, account.charged());
        long before = account.charged();
        account.add(10 * MS, 0, 90 * MS); // more wait than time: a late reading
        assertTrue(account.charged() >= before, "never decreases");
        account.add(100 * MS, 10 * MS, 100 * MS);
        assertTrue(account.charged() >= before);
    }

    @Test
    void theTimeAChildWaitsForItsSubmissionIsNotCharged() {
        // a process that does not exist: /proc tells nothing, so the clock is the wall clock, less what is held
        long[] now = {0};
        ChildClock clock = new ChildClock(Long.MAX_VALUE, () -> now[0]);
        now[0] += 300 * MS; // the child starts and connects
        clock.hold();       // then waits for its classes while the source compiles
        now[0] += 5_000 * MS;
        assertEquals(300 * MS, clock.charged(), "nothing charged while held");
        assertEquals(300 * MS, clock.wall(), "nor counted against the wall-clock ceiling");
        clock.resume();
        assertEquals(300 * MS, clock.charged(), "from where it stopped");
        now[0] += 100 * MS;
        assertEquals(400 * MS, clock.charged());
        assertEquals(400 * MS, clock.wall());
        clock.resume(); // not held: nothing changes
        now[0] += 1_000 * MS;
        assertEquals(1_400 * MS, clock.charged(), "a clock never held charges all its time, as before");
    }
}
