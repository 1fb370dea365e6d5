package org.katajudge.engine.plan;

import java.time.Duration;
import java.util.Locale;

/** Durations as people write them on a command line or in a build's configuration. */
public final class Durations {

    private Durations() {
    }

    /**
     * Parses {@code 10s}, {@code 2m}, {@code 1500ms}, {@code 1h} or an ISO-8601 duration ({@code PT10S}).
     *
     * @throws IllegalArgumentException naming the text when it is none of these
     */
    public static Duration parse(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (value.startsWith("pt")) {
                return Duration.parse(value.toUpperCase(Locale.ROOT));
            }
            if (value.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
            }
            long amount = Long.parseLong(value.substring(0, value.length() - 1));
            return switch (value.charAt(value.length() - 1)) {
                case 's' -> Duration.ofSeconds(amount);
                case 'm' -> Duration.ofMinutes(amount);
                case 'h' -> Duration.ofHours(amount);
                default -> throw new IllegalArgumentException();
            };
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a duration: \"" + text + "\" (use e.g. 10s, 2m, 500ms)");
        }
    }
}
