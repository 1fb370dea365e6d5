package org.katajudge.server;

import java.util.Locale;
import java.util.Optional;

/** How much of a kata an attempt runs: the API's {@code "mode"}. */
public enum Mode {
    /** The kata's fixed examples (and the student's saved cases): "Run examples". */
    EXAMPLES,
    /** The whole grade, random tests included, as {@code grade} gives it: "Attempt". */
    FULL;

    /** The name in the API: {@code examples} or {@code full}. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Mode> parse(String text) {
        for (Mode mode : values()) {
            if (mode.apiName().equals(text)) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }
}
