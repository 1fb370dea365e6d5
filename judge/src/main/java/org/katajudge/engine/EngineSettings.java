package org.katajudge.engine;

import java.io.File;
import org.junit.platform.engine.ConfigurationParameters;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.compile.CompileLimits;
import org.katajudge.sandbox.Isolation;
import org.katajudge.scoring.ScoringException;
import org.katajudge.scoring.ScoringRules;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@link KataTestEngine}'s configuration parameters, so that the same engine runs from the
 * judge's command line and from any JUnit Platform launcher (Maven Surefire in a challenge repo,
 * with these keys in {@code junit-platform.properties}, {@code configurationParameters} or
 * {@code -D} system properties).
 */
public final class EngineSettings {

    public static final String PREFIX = "katajudge.";
    /** The katas directory; the judge's bundled copy when absent. */
    public static final String KATAS = PREFIX + "katas";
    /** The kata of submissions outside kata-named directories. */
    public static final String KATA = PREFIX + "kata";
    /**
     * Paths to grade, separated by the path separator: instead of a {@link KataSolutions} class's
     * own (so {@code -Dkatajudge.paths=...} narrows a run), or, when no class, file or directory
     * is selected at all, on their own.
     */
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
    /** With {@link #REPLAY_CHOICES}: one generated case to replay. */
    public static final String REPLAY_METHOD = PREFIX + "replay.method";
    public static final String REPLAY_CHOICES = PREFIX + "replay.choices";
    /**
     * {@code true} (default) or {@code false}: under a {@link KataSolutions} class, print a
     * failing submission's whole result as its first failed test's output.
     */
    public static final String PRINT_RESULTS = PREFIX + "print.results";
    /** Calls to replay in order, one per line or separated by {@code ;}: {@code METHOD:CHOICES} or {@code METHOD@EXAMPLE}. */
    public static final String REPLAY_CALLS = PREFIX + "replay.calls";
    /** With a replay: how many calls of the replayed case's method, drawn with the seed, come first. */
    public static final String REPLAY_DRAWN = PREFIX + "replay.drawn";
    /** When the command started (epoch milliseconds): fuzz mode's budget counts from here. */
    public static final String STARTED = PREFIX + "started";
    /** How a person runs the judge, for replay commands. */
    public static final String COMMAND = PREFIX + "command";
    /** A teacher's assignment file: what tests are worth ({@code org.katajudge.scoring.ScoringRules}). */
    public static final String SCORING = PREFIX + "scoring";
    /**
     * {@code true} or {@code false}: scoring mode, where random tests run their whole fixed set of
     * cases and earn the fraction passed. Default: on with {@link #SCORING}, unless the file says
     * {@code "partialCredit": false}; off without.
     */
    public static final String PARTIAL_CREDIT = PREFIX + "partialCredit";
    /** {@code true}: publish results as students may see them ({@code org.katajudge.report.StudentView}). */
    public static final String STUDENT_VIEW = PREFIX + "studentView";
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

    /** How a person runs the judge, when configured (the judge's CLI sets it). */
    static Optional<String> command(ConfigurationParameters parameters) {
        return parameters.get(COMMAND).filter(c -> !c.isBlank());
    }

    static boolean printResults(ConfigurationParameters parameters) {
        return !parameters.get(PRINT_RESULTS).orElse("true").trim().equalsIgnoreCase("false");
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
        int drawn = parameters.get(REPLAY_DRAWN).map(Integer::parseInt).orElse(0);
        Optional<GradingOptions.Replay> replay = parameters.get(REPLAY_CALLS)
                .map(calls -> new GradingOptions.Replay(Arrays.stream(calls.split("[;\\n]")).filter(l -> !l.isBlank())
                        .map(l -> GradingOptions.Replay.Step.parse(l.strip(), null)).toList(), drawn))
                .or(() -> parameters.get(REPLAY_CHOICES)
                        .map(choices -> new GradingOptions.Replay(List.of(GradingOptions.Replay.Step.generated(
                                parameters.get(REPLAY_METHOD).orElseThrow(
                                        () -> new IllegalArgumentException(REPLAY_CHOICES + " needs " + REPLAY_METHOD)),
                                ChoiceSequence.parse(choices))), drawn)));
        long startedNanos = parameters.get(STARTED).map(Long::parseLong)
                .map(millis -> System.nanoTime() - Math.max(0, System.currentTimeMillis() - millis) * 1_000_000L)
                .orElse(0L);
        return new GradingOptions(seed, cases, fuzz, time, enforce, replay,
                parameters.get(COMMAND).orElse(GradingOptions.DEFAULT_COMMAND), scoring(parameters))
                .startingAt(startedNanos);
    }

    /**
     * The scoring asked for: the assignment file read and parsed (not yet checked against katas).
     *
     * @throws IllegalArgumentException naming the file when it cannot be used
     */
    static GradingOptions.Scoring scoring(ConfigurationParameters parameters) {
        ScoringRules assignment = ScoringRules.NONE;
        Optional<String> file = parameters.get(SCORING).filter(s -> !s.isBlank());
        if (file.isPresent()) {
            try {
                assignment = ScoringRules.read(Path.of(file.get()));
            } catch (ScoringException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        boolean byDefault = file.isPresent() && assignment.partialCredit().orElse(true);
        boolean partialCredit = parameters.get(PARTIAL_CREDIT).map(Boolean::parseBoolean).orElse(byDefault);
        return new GradingOptions.Scoring(assignment, partialCredit);
    }

    static boolean studentView(ConfigurationParameters parameters) {
        return parameters.get(STUDENT_VIEW).map(Boolean::parseBoolean).orElse(false);
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
