package org.katajudge.cli;

import org.katajudge.engine.plan.Durations;
import org.katajudge.sandbox.Isolation;
import org.katajudge.shard.Shard;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;
import java.util.Locale;

/**
 * The typed values of the judge's options, each with the one-line message a bad value gets. A
 * converter's message is what follows the option's name: {@link JudgeCommandLine} says it as
 * {@code grade: --cases must be a number, got "many"}.
 */
final class OptionValues {

    private OptionValues() {
    }

    /** A value refused: {@link #getMessage()} follows the option's name (so it starts with a space or a colon). */
    static final class BadValue extends TypeConversionException {
        BadValue(String afterOptionName) {
            super(afterOptionName);
        }
    }

    /** An integer within {@code [min, max]}. */
    abstract static class IntBetween implements ITypeConverter<Integer> {
        private final int min;
        private final int max;

        IntBetween(int min, int max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public Integer convert(String value) {
            int number;
            try {
                number = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new BadValue(" must be a number, got \"" + value + "\"");
            }
            if (number < min || number > max) {
                throw new BadValue(" must be between " + min + " and " + max + ", got " + number);
            }
            return number;
        }
    }

    /** Random cases per method of a grading ({@code grade}, {@code serve}); 0: no random tests in the grade. */
    static final class Cases extends IntBetween {
        Cases() {
            super(0, 10_000_000);
        }
    }

    /** {@code fuzz --cases}: at least one. */
    static final class FuzzCases extends IntBetween {
        FuzzCases() {
            super(1, Integer.MAX_VALUE);
        }
    }

    /** Gradings at once. */
    static final class Jobs extends IntBetween {
        Jobs() {
            super(1, 256);
        }
    }

    static final class Port extends IntBetween {
        Port() {
            super(0, 65535);
        }
    }

    static final class Queue extends IntBetween {
        Queue() {
            super(0, 100_000);
        }
    }

    static final class PerStudent extends IntBetween {
        PerStudent() {
            super(1, 1000);
        }
    }

    static final class PerMinute extends IntBetween {
        PerMinute() {
            super(1, 100_000);
        }
    }

    /** {@code fuzz --history N}: calls drawn before the replayed one. */
    static final class History extends IntBetween {
        History() {
            super(1, 1 << 16);
        }
    }

    /** A seed: any whole number. */
    static final class Seed implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                throw new BadValue(" must be a whole number, got \"" + value + "\"");
            }
        }
    }

    /** {@code --isolation MODE}: {@code auto} (no value: the strongest that works here) or an isolation. */
    static final class IsolationMode implements ITypeConverter<Isolation> {
        @Override
        public Isolation convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "auto" -> null;
                case "bwrap", "unshare", "none" -> Isolation.valueOf(value.toUpperCase(Locale.ROOT));
                default -> throw new BadValue(" must be auto, bwrap, unshare or none, got \"" + value + "\"");
            };
        }
    }

    /** What {@code --isolation} takes, for shell completion. */
    static final class IsolationModes implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.List.of("auto", "bwrap", "unshare", "none").iterator();
        }
    }

    /** A duration such as {@code 30s} or {@code 2m}, to the millisecond. */
    static final class Time implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Duration.ofMillis(Durations.parse(value).toMillis());
            } catch (IllegalArgumentException e) {
                throw new BadValue(": " + e.getMessage());
            }
        }
    }

    /** {@code --shard K/N}. */
    static final class ShardValue implements ITypeConverter<Shard> {
        @Override
        public Shard convert(String value) {
            try {
                return Shard.parse(value);
            } catch (IllegalArgumentException e) {
                throw new BadValue(": " + e.getMessage());
            }
        }
    }

    /** A similarity threshold: above 0, at most 1. */
    static final class Threshold implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double threshold;
            try {
                threshold = Double.parseDouble(value.trim());
            } catch (NumberFormatException e) {
                threshold = Double.NaN;
            }
            if (!(threshold > 0 && threshold <= 1)) {
                throw new BadValue(" must be a number above 0 and at most 1 (a share of shared code: 0.5 is half), got \""
                        + value + "\"");
            }
            return threshold;
        }
    }
}
