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
}
