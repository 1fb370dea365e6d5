package org.katajudge.engine;

import org.junit.platform.engine.ConfigurationParameters;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.compile.CompileLimits;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.Durations;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.ParameterNames;
import org.katajudge.sandbox.Isolation;
import org.katajudge.scoring.ScoringException;
import org.katajudge.scoring.ScoringRules;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@link KataTestEngine}'s configuration parameters, read into the engine's typed options: how
 * a JUnit Platform launcher configures the judge (Maven Surefire in a challenge repo, with these
 * keys in {@code junit-platform.properties}, {@code configurationParameters} or {@code -D} system
 * properties). The judge's own command line builds the typed options directly.
 */
public final class EngineSettings {

    public static final String PREFIX = ParameterNames.PREFIX;
    /** The katas directory; the judge's bundled copy when absent. */
    public static final String KATAS = ParameterNames.KATAS;
    /** The kata of submissions outside kata-named directories. */
    public static final String KATA = ParameterNames.KATA;
    /**
     * Paths to grade, separated by the path separator: instead of a {@link KataSolutions} class's
     * own (so {@code -Dkatajudge.paths=...} narrows a run), or, when no class, file or directory
     * is selected at all, on their own.
     */
    public static final String PATHS = ParameterNames.PATHS;
    public static final String SEED = ParameterNames.SEED;
    public static final String CASES = ParameterNames.CASES;
    public static final String JOBS = ParameterNames.JOBS;
    /** {@code grade} (default) or {@code fuzz}. */
    public static final String MODE = ParameterNames.MODE;
    /** Fuzz mode's budget, e.g. {@code 10s}, {@code 2m}, {@code 500ms}. */
    public static final String TIME = ParameterNames.TIME;
    /** {@code auto} (default), {@code bwrap}, {@code unshare} or {@code none}. */
    public static final String ISOLATION = ParameterNames.ISOLATION;
    /** {@code enforce} (default) or {@code off}: off only for testing the sandbox itself. */
    public static final String POLICY = ParameterNames.POLICY;
    /** With {@link #REPLAY_CHOICES}: one generated case to replay. */
    public static final String REPLAY_METHOD = ParameterNames.REPLAY_METHOD;
    public static final String REPLAY_CHOICES = ParameterNames.REPLAY_CHOICES;
    /**
     * {@code true} (default) or {@code false}: under a {@link KataSolutions} class, print a
     * failing submission's whole result as its first failed test's output.
     */
    public static final String PRINT_RESULTS = ParameterNames.PRINT_RESULTS;
    /** Calls to replay in order, one per line or separated by {@code ;}: {@code METHOD:CHOICES} or {@code METHOD@EXAMPLE}. */
    public static final String REPLAY_CALLS = ParameterNames.REPLAY_CALLS;
    /** With a replay: how many calls of the replayed case's method, drawn with the seed, come first. */
    public static final String REPLAY_DRAWN = ParameterNames.REPLAY_DRAWN;
    /** When the command started (epoch milliseconds): fuzz mode's budget counts from here. */
    public static final String STARTED = ParameterNames.STARTED;
    /** How a person runs the judge, for replay commands. */
    public static final String COMMAND = ParameterNames.COMMAND;
    /** A teacher's assignment file: what tests are worth ({@code org.katajudge.scoring.ScoringRules}). */
    public static final String SCORING = ParameterNames.SCORING;
    /**
     * {@code true} or {@code false}: scoring mode, where random tests run their whole fixed set of
     * cases and earn the fraction passed. Default: on with {@link #SCORING}, unless the file says
     * {@code "partialCredit": false}; off without. (Fuzzing and replays earn no partial credit.)
     */
    public static final String PARTIAL_CREDIT = ParameterNames.PARTIAL_CREDIT;
    /** {@code true}: publish results as students may see them ({@code org.katajudge.report.StudentView}). */
    public static final String STUDENT_VIEW = ParameterNames.STUDENT_VIEW;
    /** CPU time of one compile, e.g. {@code 10s} (the default). */
    public static final String COMPILE_TIME = ParameterNames.COMPILE_TIME;
    /** The compiler worker's heap in MiB (default 384). */
    public static final String COMPILE_HEAP = ParameterNames.COMPILE_HEAP;
    /** A submission's sources together, in bytes (default 262144: 256 KiB). */
    public static final String COMPILE_SOURCE_BYTES = ParameterNames.COMPILE_SOURCE_BYTES;

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

    static boolean studentView(ConfigurationParameters parameters) {
        return parameters.get(STUDENT_VIEW).map(Boolean::parseBoolean).orElse(false);
    }

    /** The engine's options: jobs, isolation, compile limits. */
    static EngineOptions engineOptions(ConfigurationParameters parameters) {
        int jobs = Math.max(1, parameters.get(JOBS).map(Integer::parseInt).orElse(Runtime.getRuntime().availableProcessors()));
        String isolation = parameters.get(ISOLATION).orElse("auto").toLowerCase(Locale.ROOT);
        CompileLimits limits = CompileLimits.DEFAULT;
        limits = parameters.get(COMPILE_TIME).map(EngineSettings::duration).map(limits::withCpuTime).orElse(limits);
        limits = parameters.get(COMPILE_HEAP).map(Integer::parseInt).map(limits::withHeapMegabytes).orElse(limits);
        limits = parameters.get(COMPILE_SOURCE_BYTES).map(Long::parseLong).map(limits::withMaxSourceBytes).orElse(limits);
        return new EngineOptions(jobs, isolation.equals("auto") ? Optional.empty()
                : Optional.of(Isolation.valueOf(isolation.toUpperCase(Locale.ROOT))), limits);
    }

    /** How to grade. */
    static GradingOptions options(ConfigurationParameters parameters) {
        long seed = parameters.get(SEED).map(Long::parseLong).orElse(0L);
        boolean fuzz = parameters.get(MODE).orElse("grade").equals("fuzz");
        int cases = parameters.get(CASES).map(Integer::parseInt)
                .orElse(fuzz ? Integer.MAX_VALUE : GradingMode.DEFAULT_CASES);
        Optional<Duration> time = parameters.get(TIME).map(EngineSettings::duration);
        boolean enforce = !parameters.get(POLICY).orElse("enforce").equals("off");
        int drawn = parameters.get(REPLAY_DRAWN).map(Integer::parseInt).orElse(0);
        Optional<List<GradingMode.Replay.Step>> replay = parameters.get(REPLAY_CALLS)
                .map(calls -> Arrays.stream(calls.split("[;\\n]")).filter(l -> !l.isBlank())
                        .map(l -> GradingMode.Replay.Step.parse(l.strip(), null)).toList())
                .or(() -> parameters.get(REPLAY_CHOICES)
                        .map(choices -> List.of(GradingMode.Replay.Step.generated(
                                parameters.get(REPLAY_METHOD).orElseThrow(
                                        () -> new IllegalArgumentException(REPLAY_CHOICES + " needs " + REPLAY_METHOD)),
                                ChoiceSequence.parse(choices)))));
        long startedNanos = parameters.get(STARTED).map(Long::parseLong)
                .map(millis -> System.nanoTime() - Math.max(0, System.currentTimeMillis() - millis) * 1_000_000L)
                .orElse(0L);
        String command = parameters.get(COMMAND).orElse(GradingOptions.DEFAULT_COMMAND);
        ScoringRules assignment = assignment(parameters);
        boolean byDefault = parameters.get(SCORING).filter(s -> !s.isBlank()).isPresent()
                && assignment.partialCredit().orElse(true);
        boolean partialCredit = parameters.get(PARTIAL_CREDIT).map(Boolean::parseBoolean).orElse(byDefault);
        GradingMode.Search search = fuzz ? new GradingMode.Fuzz(cases, time.orElse(GradingMode.DEFAULT_FUZZ_TIME), startedNanos)
                : partialCredit ? new GradingMode.Score(cases) : new GradingMode.Grade(cases);
        GradingMode mode = replay.<GradingMode>map(calls -> new GradingMode.Replay(calls, drawn, search)).orElse(search);
        return new GradingOptions(seed, mode, assignment, enforce, command);
    }

    /**
     * The assignment file asked for, read and parsed (not yet checked against katas).
     *
     * @throws IllegalArgumentException naming the file when it cannot be used
     */
    private static ScoringRules assignment(ConfigurationParameters parameters) {
        Optional<String> file = parameters.get(SCORING).filter(s -> !s.isBlank());
        if (file.isEmpty()) {
            return ScoringRules.NONE;
        }
        try {
            return ScoringRules.read(Path.of(file.get()));
        } catch (ScoringException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * Parses {@code 10s}, {@code 2m}, {@code 1500ms}, {@code 1h} or an ISO-8601 duration ({@code PT10S}).
     *
     * @throws IllegalArgumentException naming the text when it is none of these
     */
    public static Duration duration(String text) {
        return Durations.parse(text);
    }
}
