package org.katajudge.scoring;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Points as people read them: {@code 12}, {@code 12.5}, {@code 7.33}. */
public final class Points {

    private Points() {
    }

    /**
     * At most two decimals, no trailing zeros, never an exponent. Cut, not rounded: 12.997 of 13
     * points shows as 12.99, never as full marks (after the noise of floating point is rounded
     * away: 9.999999999999998 is 10).
     */
    public static String format(double points) {
        return format(points, 2);
    }

    /** As {@link #format(double)}, with at most {@code decimals} decimals. */
    public static String format(double points, int decimals) {
        if (!Double.isFinite(points)) {
            return String.valueOf(points);
        }
        return BigDecimal.valueOf(points).setScale(9, RoundingMode.HALF_EVEN).setScale(decimals, RoundingMode.DOWN)
                .stripTrailingZeros().toPlainString();
    }
}
