package org.katajudge.sandbox.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The watchdog's sleeps between samples (drawn, so that one sample does not tell when the next comes), and its reads. */
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
    void samplesReadApartAreReadAgainAtMostTwice(@TempDir Path proc) throws IOException {
        Path task = proc.resolve("task");
        Files.createDirectories(task);
        // /proc/PID/task/TID/stat: state S, utime 3 and stime 1 ticks; schedstat: run, waited, slices
        Files.writeString(task.resolve("stat"), "42 (kata-judge-call) S 1 1 1 0 -1 0 0 0 0 0 3 1 0 0 20 0 1 0 0 0 0\n");
        Files.writeString(task.resolve("schedstat"), "7000000 2000000 5\n");
        ThreadClock clock = ThreadClock.of(task);
        ThreadClock[] clocks = {clock, clock, clock};
        long[][] samples = new long[3][];
        long[] began = new long[1];

        long before = System.nanoTime();
        assertEquals(1, Watchdog.readTogether(clocks, samples, began, Long.MAX_VALUE), "read together: once");
        assertTrue(began[0] >= before, "when the reads began");
        assertEquals(Watchdog.SAMPLE_TRIES, Watchdog.readTogether(clocks, samples, began, -1),
                "read apart every time: tried again, then counted as they are");
        for (long[] sample : samples) {
            assertArrayEquals(ThreadClock.reading('S', 30_000_000L, 10_000_000L, 7_000_000L, 2_000_000L), sample);
        }
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
