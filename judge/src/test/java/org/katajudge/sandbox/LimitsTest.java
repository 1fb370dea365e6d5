package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The limits as the README states them: fair per call, a total that grows with the cases asked for. */
class LimitsTest {

    @Test
    void theTotalBudgetGrowsWithTheCasesAskedFor() {
        assertEquals(Duration.ofSeconds(60), Limits.DEFAULT.withTotalForCases(0).total());
        // 14 examples and the default 300 cases of one method
        assertEquals(Duration.ofMillis(60_000 + 314 * 10), Limits.DEFAULT.withTotalForCases(314).total());
        // --cases 100000 on four methods: not cut short by a fixed minute
        assertEquals(Duration.ofSeconds(60 + 4000), Limits.DEFAULT.withTotalForCases(400_000).total());
    }

    @Test
    void aCallMayTakeTenTimesItsCpuLimitPlusASecondByTheWallClock() {
        assertEquals(Duration.ofSeconds(11), Limits.DEFAULT.perCallCap());
        assertEquals(Duration.ofMillis(4000), Limits.DEFAULT.withPerCall(Duration.ofMillis(300)).perCallCap());
    }

    @Test
    void theAddressSpaceIsTheHeapPlusRoomForTheJvmItself() {
        assertEquals(256 + Limits.NATIVE_MEGABYTES, Limits.DEFAULT.memoryMegabytes());
        assertThrows(IllegalArgumentException.class, () -> new Limits(256, 16, Duration.ofSeconds(1),
                Duration.ofSeconds(60), 1, 1, 300), "an address space the JVM cannot even start in");
    }
}
