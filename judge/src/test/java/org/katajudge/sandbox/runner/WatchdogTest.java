package org.katajudge.sandbox.runner;

import org.junit.jupiter.api.Test;

import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The watchdog's sleeps between samples: drawn, so that one sample does not tell when the next comes. */
class WatchdogTest {

    @Test
    void itsSleepsSpreadFromHalfATickToATickAndAHalf() {
        long draw = 12345 | 1;
        TreeMap<Long, Integer> seen = new TreeMap<>();
        for (int i = 0; i < 10_000; i++) {
            draw = Watchdog.nextDraw(draw);
            seen.merge(Watchdog.sleepMillis(10, draw), 1, Integer::sum);
        }
        assertEquals(5, seen.firstKey(), seen::toString);
        assertEquals(15, seen.lastKey(), seen::toString);
        assertEquals(11, seen.size(), "every length between: " + seen);
        seen.values().forEach(count -> assertTrue(count > 10_000 / 11 / 2, "about as often as each other: " + seen));
    }

    @Test
    void aTickOfOneMillisecondStillSleeps() {
        long draw = 7;
        for (int i = 0; i < 1_000; i++) {
            draw = Watchdog.nextDraw(draw);
            long sleep = Watchdog.sleepMillis(1, draw);
            assertTrue(sleep == 1, "never a busy loop, never more than a tick and a half: " + sleep);
        }
    }
}
