package org.katajudge.engine;

import java.io.File;
import org.junit.platform.engine.ConfigurationParameters;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.compile.CompileLimits;
import org.katajudge.sandbox.Isolation;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@link KataTestEngine}'s configuration parameters, so that the same engine runs from the
 * judge's command line and from any JUnit Platform launcher (Maven Surefire in a challenge repo,
 * with these keys in {@code junit-platform.properties} or {@code configurationParameters}).
 */
public final class EngineSettings {

    public static final String PREFIX = "katajudge.";
    /** The katas directory; the judge's bundled copy when absent. */
    public static final String KATAS = PREFIX + "katas";
    /** The kata of submissions outside kata-named directories. */
    public static final String KATA = PREFIX + "kata";
    /** Paths to grade, separated by the path separator, when no file or directory selectors are given. */
    public static final String PATHS = PREFIX + "paths";
    public static final String SEED = PREFIX + "seed";
    public static final String CASES = PREFIX + "cases";
    public static final String JOBS = PREFIX + "jobs";
    /** {@code grade} (default) or {@code fuzz}. */
    public static final String MODE = PREFIX + "mode";
    /** Fuzz mode's budget, e.g. {@code 10s}, {@code 2m}, {@code 500ms}. */
    public static final String TIME = PREFIX + "time";
    /** {@code auto} (default), {@code bwrap}, {@code unshare} or {@code none}. */
    public static final String ISOLATION = PREFIX + "isolation";
    /** {@code enforce} (default) or {@code off}: off only for testing the sandbox itself. */
    public static final String POLICY = PREFIX + "policy";
    public static final String REPLAY_METHOD = PREFIX + "replay.method";
    public static final String REPLAY_CHOICES = PREFIX + "replay.choices";
    /** How a person runs the judge, for replay commands. */
    public static final String COMMAND = PREFIX + "command";
    /** CPU time of one compile, e.g. {@code 10s} (the default). */
    public static final String COMPILE_TIME = PREFIX + "compile.time";
    /** The compiler worker's heap in MiB (default 384). */
    public static final String COMPILE_HEAP = PREFIX + "compile.heapMegabytes";
    /** A submission's sources together, in bytes (default 262144: 256 KiB). */
    public static final String COMPILE_SOURCE_BYTES = PREFIX + "compile.maxSourceBytes";

    private EngineSettings() {
    }

    static Optional<Path> katas(ConfigurationParameters parameters) {
        return parameters.get(KATAS).map(Path::of);
    }

    static Optional<String> kata(ConfigurationParameters parameters) {
        return parameters.get(KATA);
    }

    static List<Path> paths(ConfigurationParameters parameters) {
        return parameters.get(PATHS)
                .map(value -> Arrays.stream(value.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList())
                .orElse(List.of());
    }

    static int jobs(ConfigurationParameters parameters) {
        return parameters.get(JOBS).map(Integer::parseInt).orElse(Runtime.getRuntime().availableProcessors());
    }

    static Optional<Isolation> isolation(ConfigurationParameters parameters) {
        String value = parameters.get(ISOLATION).orElse("auto").toLowerCase(Locale.ROOT);
        return value.equals("auto") ? Optional.empty() : Optional.of(Isolation.valueOf(value.toUpperCase(Locale.ROOT)));
    }

    static CompileLimits compileLimits(ConfigurationParameters parameters) {
        CompileLimits limits = CompileLimits.DEFAULT;
        limits = parameters.get(COMPILE_TIME).map(EngineSettings::duration).map(limits::withCpuTime).orElse(limits);
        limits = parameters.get(COMPILE_HEAP).map(Integer::parseInt).map(limits::withHeapMegabytes).orElse(limits);
        return parameters.get(COMPILE_SOURCE_BYTES).map(Long::parseLong).map(limits::withMaxSourceBytes).orElse(limits);
    }

    static GradingOptions options(ConfigurationParameters parameters) {
        long seed = parameters.get(SEED).map(Long::parseLong).orElse(0L);
        boolean fuzz = parameters.get(MODE).orElse("grade").equals("fuzz");
        int cases = parameters.get(CASES).map(Integer::parseInt)
                .orElse(fuzz ? Integer.MAX_VALUE : GradingOptions.DEFAULT_CASES);
        Optional<Duration> time = parameters.get(TIME).map(EngineSettings::duration);
        boolean enforce = !parameters.get(POLICY).orElse("enforce").equals("off");
        Optional<GradingOptions.Replay> replay = parameters.get(REPLAY_CHOICES)
                .map(choices -> new GradingOptions.Replay(parameters.get(REPLAY_METHOD).orElseThrow(
                        () -> new IllegalArgumentException(REPLAY_CHOICES + " needs " + REPLAY_METHOD)),
                        ChoiceSequence.parse(choices)));
        return new GradingOptions(seed, cases, fuzz, time, enforce, replay,
                parameters.get(COMMAND).orElse(GradingOptions.DEFAULT_COMMAND));
    }

    /**
     * Parses {@code 10s}, {@code 2m}, {@code 1500ms}, {@code 1h} or an ISO-8601 duration ({@code PT10S}).
     *
     * @throws IllegalArgumentException naming the text when it is none of these
     */
    public static Duration duration(String text) {
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
