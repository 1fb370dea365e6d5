package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

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
 */
public final class Fuzzer {

    private static final int FIRST_BATCH = 64;
    private static final int LARGEST_BATCH = 4096;

    private Fuzzer() {
    }

    /**
     * @param seed               reproduces the cases
     * @param cases              random cases per entry point (small domains are enumerated whole regardless)
     * @param time               stop drawing new cases after this long, for all entry points together; empty for no limit
     * @param stopAtFirstFailure stop every entry point at the first failure (fuzzing); else only a fatal failure
     *                           (the submission's JVM died) stops the others
     * @param shrinkCalls        at most this many submission calls while shrinking; 0 for no shrinking
     * @param shrinkTime         at most this long shrinking
     * @param everyCase          scoring: run every case of each entry point's fixed set, failures and crashes
     *                           included (the first failure is still the one shrunk), so that the fraction
     *                           passed means something; an entry point stops early only after
     *                           {@link #MAX_FATAL_IN_A_ROW} crashes or timeouts in a row, or {@link #MAX_FATAL}
     *                           in all
     */
    public record Settings(long seed, int cases, Optional<Duration> time, boolean stopAtFirstFailure, int shrinkCalls,
                           Duration shrinkTime, boolean everyCase) {

        public Settings(long seed, int cases, Optional<Duration> time, boolean stopAtFirstFailure, int shrinkCalls,
                        Duration shrinkTime) {
            this(seed, cases, time, stopAtFirstFailure, shrinkCalls, shrinkTime, false);
        }

        public static Settings grading(long seed, int cases) {
            return new Settings(seed, cases, Optional.empty(), false, 2000, Duration.ofSeconds(10));
        }

        /** Grading for points: every one of the {@code cases} cases runs (see {@link #everyCase()}). */
        public static Settings scoring(long seed, int cases) {
            return new Settings(seed, cases, Optional.empty(), false, 2000, Duration.ofSeconds(10), true);
        }

        public static Settings fuzzing(long seed, int cases, Duration time) {
            return new Settings(seed, cases, Optional.of(time), true, 5000, Duration.ofSeconds(20));
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
     * Runs the random tests of every entry point; one without a generator (examples only) gets a
     * run of no cases.
     *
     * @param kataId distinguishes the case streams of katas under one seed
     * @return one run per entry point, in order
     */
    public static List<MethodRun> run(String kataId, List<EntryPoint> entryPoints, Target target, Settings settings) {
        long started = System.nanoTime();
        long stopDrawingAt = settings.time().map(t -> started + t.toNanos()).orElse(Long.MAX_VALUE);
        List<MethodState> methods = new ArrayList<>();
        for (int m = 0; m < entryPoints.size(); m++) {
            methods.add(new MethodState(entryPoints.get(m), m, kataId + "/" + entryPoints.get(m).method(), settings.seed()));
        }
        boolean stopped = false;
        while (!stopped && methods.stream().anyMatch(s -> !s.done) && System.nanoTime() < stopDrawingAt) {
            for (MethodState method : methods) {
                if (method.done) {
                    continue;
                }
                long before = System.nanoTime();
                method.runBatch(target, settings);
                method.nanos += System.nanoTime() - before;
                if (method.failure != null && !settings.everyCase()
                        && (settings.stopAtFirstFailure() || method.failure.result().fatal())) {
                    stopped = true;
                    break;
                }
                if (System.nanoTime() >= stopDrawingAt) {
                    break;
                }
            }
        }
        return methods.stream().map(MethodState::result).toList();
    }

    /** One entry point's progress. */
    private static final class MethodState {
        private final EntryPoint entryPoint;
        private final int index;
        private final Coverage coverage;
        private final CaseSchedule schedule;
        private int run;
        private int passed;
        private int fatalInARow;
        private int fatal;
        private int notRun;        // cases of the fixed set left out after too many crashes in a row
        private boolean gaveUp;
        private int batchSize = FIRST_BATCH;
        private boolean done;
        private Failure failure;
        private long nanos;

        MethodState(EntryPoint entryPoint, int index, String salt, long seed) {
            this.entryPoint = entryPoint;
            this.index = index;
            this.coverage = new Coverage(entryPoint.method(), entryPoint.hasGenerator() ? entryPoint.rules() : List.of());
            this.schedule = entryPoint.hasGenerator() ? new CaseSchedule(entryPoint, seed, salt, coverage) : null;
            this.done = schedule == null;
        }

        void runBatch(Target target, Settings settings) {
            int size = schedule.exhaustive() ? batchSize : Math.min(batchSize, settings.cases() - run);
            List<GeneratedCase> batch = new ArrayList<>(size);
            List<Explanation> expected = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                Optional<GeneratedCase> next = schedule.next();
                if (next.isEmpty()) {
                    break;
                }
                GeneratedCase generated = next.get();
                Explanation explanation = expected(entryPoint, generated.args());
                coverage.record(generated.choices(), explanation.checks());
                batch.add(generated);
                expected.add(explanation);
            }
            int judged = 0;
            while (judged < batch.size()) {
                // A fatal result ends the child's answers early; in every-case mode the rest of the
                // batch goes to a fresh JVM (the target restarts it).
                List<CallResult> results = target.call(index,
                        batch.subList(judged, batch.size()).stream().map(GeneratedCase::args).toList());
                if (results.isEmpty()) {
                    done = true; // a target that answers nothing cannot be asked again
                    return;
                }
                for (CallResult result : results) {
                    GeneratedCase generated = batch.get(judged);
                    Explanation explanation = expected.get(judged);
                    judged++;
                    run++;
                    Verdict verdict = CaseJudgement.judge(entryPoint, explanation, result);
                    if (verdict == Verdict.ACCEPTED) {
                        passed++;
                        fatalInARow = 0;
                        continue;
                    }
                    if (failure == null) {
                        failure = new Failure(generated, explanation, result, verdict, 0, generated);
                        if (settings.shrinkCalls() > 0 && Shrinker.shrinkable(result)) {
                            long deadline = System.nanoTime() + settings.shrinkTime().toNanos();
                            failure = new Shrinker(entryPoint, index, target, settings.shrinkCalls(), deadline).shrink(failure);
                        }
                    }
                    if (!settings.everyCase()) {
                        done = true;
                        return;
                    }
                    fatalInARow = result.fatal() ? fatalInARow + 1 : 0;
                    fatal += result.fatal() ? 1 : 0;
                    if (fatalInARow >= MAX_FATAL_IN_A_ROW || fatal >= MAX_FATAL) {
                        giveUp(settings, batch.size() - judged);
                        return;
                    }
                }
            }
            batchSize = Math.min(batchSize * 2, LARGEST_BATCH);
            done = schedule.finished() || (!schedule.exhaustive() && run >= settings.cases()) || batch.isEmpty();
        }

        /** Stops calling this entry point, counting what is left of its fixed set as not run. */
        private void giveUp(Settings settings, int drawnButNotRun) {
            gaveUp = true;
            done = true;
            if (schedule.exhaustive()) {
                int left = drawnButNotRun;
                while (schedule.next().isPresent()) {
                    left++;
                }
                notRun = left;
            } else {
                notRun = Math.max(0, settings.cases() - run);
            }
        }

        MethodRun result() {
            return new MethodRun(run, passed, run + notRun, gaveUp, schedule != null && schedule.finished() && failure == null,
                    Optional.ofNullable(failure), coverage.summary(), nanos);
        }
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
