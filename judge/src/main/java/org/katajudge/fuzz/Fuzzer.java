package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Differential testing of a kata's entry points: draws cases from the kata's generators in the
 * order of a {@link CaseSchedule}, computes each expected answer in the judge from a copy of the
 * input, runs the submission on them in batches, and shrinks the first disagreement. The entry
 * points take turns, a batch each, so a bug in the last method is found as soon as one in the
 * first. {@code grade} and {@code fuzz} both use it; they differ in {@link Settings}.
 *
 * <p>All calls go to one instance of the submission, as in real use, and among the new cases the
 * search asks earlier inputs again at growing distances (consistency probes, see
 * {@link MethodSearch}). An answer that changed is a wrong answer that only shows after other
 * calls: {@link FailureAnalysis} then finds the calls it depends on. In fuzz mode a small domain
 * is not enumerated once but again and again, each pass shuffled, until the budget ends.
 */
public final class Fuzzer {

    private Fuzzer() {
    }

    /**
     * How a search runs, each setting by name: start from {@link #grading}, {@link #scoring} or
     * {@link #fuzzing} and change what differs with the {@code with...} methods.
     */
    public static final class Settings {
        private final long seed;
        private final int cases;
        private final Optional<Duration> time;
        private final boolean stopAtFirstFailure;
        private final int shrinkCalls;
        private final Duration shrinkSafetyTime;
        private final int probeEvery;
        private final boolean repeatSmallDomains;
        private final long startedNanos;
        private final boolean everyCase;

        private Settings(long seed, int cases, Optional<Duration> time, boolean stopAtFirstFailure, int shrinkCalls,
                         Duration shrinkSafetyTime, int probeEvery, boolean repeatSmallDomains, long startedNanos,
                         boolean everyCase) {
            this.seed = seed;
            this.cases = cases;
            this.time = time;
            this.stopAtFirstFailure = stopAtFirstFailure;
            this.shrinkCalls = shrinkCalls;
            this.shrinkSafetyTime = shrinkSafetyTime;
            this.probeEvery = probeEvery;
            this.repeatSmallDomains = repeatSmallDomains;
            this.startedNanos = startedNanos;
            this.everyCase = everyCase;
        }

        /** {@code grade}: {@code cases} per method, each asked again twice on average. */
        public static Settings grading(long seed, int cases) {
            return new Settings(seed, cases, Optional.empty(), false, 200_000, Duration.ofSeconds(30), 1, false, 0, false);
        }

        /** Grading for points: every one of the {@code cases} cases runs (see {@link #everyCase()}). */
        public static Settings scoring(long seed, int cases) {
            return grading(seed, cases).withEveryCase(true);
        }

        /**
         * {@code fuzz}: until the first failure or the end of the budget; one re-ask per eight new
         * cases, small domains over and over. The failure found is analysed to the end of its
         * own budget of calls, however late it came.
         */
        public static Settings fuzzing(long seed, int cases, Duration time) {
            return new Settings(seed, cases, Optional.of(time), true, 1_000_000, Duration.ofSeconds(60), 8, true, 0, false);
        }

        /** Reproduces the cases. */
        public long seed() {
            return seed;
        }

        /** Random cases per entry point (small domains are enumerated whole regardless). */
        public int cases() {
            return cases;
        }

        /**
         * The budget of the search, for all entry points together, counted from the start of
         * {@link #run} (start-up is not counted); empty for no limit.
         */
        public Optional<Duration> time() {
            return time;
        }

        /**
         * Whether every entry point stops at the first failure (fuzzing); else only a fatal failure
         * (the submission's JVM died) stops the others.
         */
        public boolean stopAtFirstFailure() {
            return stopAtFirstFailure;
        }

        /**
         * At most this much work on the submission while analysing a failure (replays, the search
         * for the calls it needs, shrinking), counted in calls (a round trip and a fresh start
         * count as several, see {@link AnalysisBudget}). A count, not a time, so that a seed gives
         * the same counterexample on any machine; 0 for none (the failure as found).
         */
        public int shrinkCalls() {
            return shrinkCalls;
        }

        /**
         * A safety limit on the wall-clock time of one failure's analysis, far above what the
         * call budget takes a submission that answers in milliseconds; reached, it makes the
         * failure {@link Failure#cutShort()}.
         */
        public Duration shrinkSafetyTime() {
            return shrinkSafetyTime;
        }

        /** Ask earlier inputs again after every this many new cases (1: two re-asks per case). */
        public int probeEvery() {
            return probeEvery;
        }

        /** After a small domain's enumeration, pass over it again until the budget ends. */
        public boolean repeatSmallDomains() {
            return repeatSmallDomains;
        }

        /**
         * When the command started ({@link System#nanoTime()}), 0 when unknown. No longer counted
         * against {@link #time()} (issue 21: the budget counts the search, not start-up); kept
         * until the engine stops passing it.
         */
        public long startedNanos() {
            return startedNanos;
        }

        /**
         * Scoring: run every case of each entry point's fixed set, failures and crashes included
         * (the first failure is still the one analysed and shrunk), so that the fraction passed
         * means something; an entry point stops early only after {@link #MAX_FATAL_IN_A_ROW}
         * crashes or timeouts in a row, or {@link #MAX_FATAL} in all.
         */
        public boolean everyCase() {
            return everyCase;
        }

        public Settings withSeed(long newSeed) {
            return new Settings(newSeed, cases, time, stopAtFirstFailure, shrinkCalls, shrinkSafetyTime, probeEvery,
                    repeatSmallDomains, startedNanos, everyCase);
        }

        public Settings withCases(int newCases) {
            return new Settings(seed, newCases, time, stopAtFirstFailure, shrinkCalls, shrinkSafetyTime, probeEvery,
                    repeatSmallDomains, startedNanos, everyCase);
        }

        /** These settings with a time budget, or none ({@code Optional.empty()}). */
        public Settings withTime(Optional<Duration> newTime) {
            return new Settings(seed, cases, newTime, stopAtFirstFailure, shrinkCalls, shrinkSafetyTime, probeEvery,
                    repeatSmallDomains, startedNanos, everyCase);
        }

        public Settings withStopAtFirstFailure(boolean stop) {
            return new Settings(seed, cases, time, stop, shrinkCalls, shrinkSafetyTime, probeEvery,
                    repeatSmallDomains, startedNanos, everyCase);
        }

        public Settings withShrinkCalls(int calls) {
            return new Settings(seed, cases, time, stopAtFirstFailure, calls, shrinkSafetyTime, probeEvery,
                    repeatSmallDomains, startedNanos, everyCase);
        }

        public Settings withShrinkSafetyTime(Duration newShrinkSafetyTime) {
            return new Settings(seed, cases, time, stopAtFirstFailure, shrinkCalls, newShrinkSafetyTime, probeEvery,
                    repeatSmallDomains, startedNanos, everyCase);
        }

        public Settings withProbeEvery(int every) {
            return new Settings(seed, cases, time, stopAtFirstFailure, shrinkCalls, shrinkSafetyTime, every,
                    repeatSmallDomains, startedNanos, everyCase);
        }

        public Settings withRepeatSmallDomains(boolean repeat) {
            return new Settings(seed, cases, time, stopAtFirstFailure, shrinkCalls, shrinkSafetyTime, probeEvery,
                    repeat, startedNanos, everyCase);
        }

        public Settings withEveryCase(boolean every) {
            return new Settings(seed, cases, time, stopAtFirstFailure, shrinkCalls, shrinkSafetyTime, probeEvery,
                    repeatSmallDomains, startedNanos, every);
        }

        /** These settings with the command's start recorded (see {@link #startedNanos()}: not counted against the budget). */
        public Settings startingAt(long nanos) {
            return new Settings(seed, cases, time, stopAtFirstFailure, shrinkCalls, shrinkSafetyTime, probeEvery,
                    repeatSmallDomains, nanos, everyCase);
        }

        @Override
        public String toString() {
            return "Settings[seed=" + seed + ", cases=" + cases + ", time=" + time + ", stopAtFirstFailure="
                    + stopAtFirstFailure + ", shrinkCalls=" + shrinkCalls + ", shrinkSafetyTime=" + shrinkSafetyTime
                    + ", probeEvery=" + probeEvery + ", repeatSmallDomains=" + repeatSmallDomains
                    + ", startedNanos=" + startedNanos + ", everyCase=" + everyCase + "]";
        }
    }

    /**
     * In {@link Settings#everyCase()} mode, an entry point whose calls crashed or timed out this
     * many times in a row is not called again: each costs a new JVM and up to the per-call limit,
     * so a submission that hangs on everything would otherwise cost minutes. The cases not run
     * count as failed, and the run says so.
     */
    public static final int MAX_FATAL_IN_A_ROW = 3;
    /** As {@link #MAX_FATAL_IN_A_ROW}, for crashes or timeouts in all: bounds what hanging on some inputs costs. */
    public static final int MAX_FATAL = 30;

    /**
     * Runs the random tests of every entry point on a submission no call has been made to yet;
     * one without a generator (examples only) gets a run of no cases.
     *
     * @param kataId distinguishes the case streams of katas under one seed
     * @return one run per entry point, in order
     */
    public static List<MethodRun> run(String kataId, List<EntryPoint> entryPoints, Target target, Settings settings) {
        return run(kataId, entryPoints, new CallLog(target), settings);
    }

    /** Runs the random tests of every entry point; {@code log} holds the calls made before (fixed examples). */
    public static List<MethodRun> run(String kataId, List<EntryPoint> entryPoints, CallLog log, Settings settings) {
        return run(kataId, entryPoints, log, settings, null);
    }

    /**
     * As {@link #run(String, List, CallLog, Settings)}, reading the new cases and their expected
     * answers from {@code streams} (shared by the submissions of one grader; null: drawn here).
     */
    public static List<MethodRun> run(String kataId, List<EntryPoint> entryPoints, CallLog log, Settings settings,
                                      CaseStreams streams) {
        // The budget counts the search alone: compiling and starting the submission's JVM, however
        // slow on a busy machine, come before and are not taken out of it.
        long started = System.nanoTime();
        // A twentieth of the budget is left for what follows the search: closing the JVM, the report.
        long stopDrawingAt = settings.time().map(t -> started + t.toNanos() - t.toNanos() / 20).orElse(Long.MAX_VALUE);
        List<MethodSearch> methods = new ArrayList<>();
        for (int m = 0; m < entryPoints.size(); m++) {
            methods.add(new MethodSearch(kataId, entryPoints.get(m), m, settings, streams));
        }
        SearchContext context = new SearchContext(kataId, entryPoints, log, settings, stopDrawingAt);
        boolean stopped = false;
        boolean first = true; // every method gets its first batch, even if compiling and starting ate the budget
        while (!stopped && methods.stream().anyMatch(s -> !s.done()) && (first || System.nanoTime() < stopDrawingAt)) {
            first = false;
            for (MethodSearch method : methods) {
                if (method.done()) {
                    continue;
                }
                method.runBatch(context);
                if (method.stopsTheSearch(settings)) {
                    stopped = true;
                    break;
                }
                if (System.nanoTime() >= stopDrawingAt && methods.stream().allMatch(m -> m.started() || m.done())) {
                    break;
                }
            }
        }
        return methods.stream().map(MethodSearch::result).toList();
    }

    /** The reference's answer on a copy of {@code args}, so nothing can change the original. */
    public static Explanation expected(EntryPoint entryPoint, Object[] args) {
        return entryPoint.explain(copy(entryPoint, args));
    }

    /** A deep copy of arguments, for callers that must keep the originals untouched. */
    public static Object[] copy(EntryPoint entryPoint, Object[] args) {
        Object[] copy = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            copy[i] = entryPoint.parameters().get(i).copy(args[i]);
        }
        return copy;
    }
}
