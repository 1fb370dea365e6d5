package org.katajudge.fuzz;

import org.katajudge.reference.kata.EntryPoint;
import org.katajudge.reference.kata.Explanation;
import org.katajudge.reference.kata.ValueType;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Differential testing of one entry point: draws cases from the kata's generator in the order of
 * a {@link CaseSchedule}, computes each expected answer in the judge from a copy of the input,
 * runs the submission on them in batches, and stops at the first disagreement, which it shrinks.
 * {@code grade} and {@code fuzz} both use it; they differ in {@link Settings}.
 */
public final class Fuzzer {

    private Fuzzer() {
    }

    /**
     * @param seed           reproduces the cases
     * @param cases          random cases per entry point (small domains are enumerated whole regardless)
     * @param time           stop drawing new cases after this long (fuzz {@code --time}); empty for no limit
     * @param shrink         whether to shrink a failure
     * @param shrinkCalls    at most this many submission calls while shrinking
     * @param shrinkTime     at most this long shrinking
     */
    public record Settings(long seed, int cases, Optional<Duration> time, boolean shrink, int shrinkCalls,
                           Duration shrinkTime) {

        public static Settings grading(long seed, int cases) {
            return new Settings(seed, cases, Optional.empty(), true, 2000, Duration.ofSeconds(10));
        }
    }

    /**
     * Runs the random tests of entry point {@code method} of a kata.
     *
     * @param salt distinguishes the case streams of different entry points under one seed,
     *             e.g. {@code "checkers-game-over/whiteMoves"}
     */
    public static MethodRun run(EntryPoint entryPoint, int method, String salt, Target target, Settings settings) {
        long started = System.nanoTime();
        long stopDrawingAt = settings.time().map(t -> started + t.toNanos()).orElse(Long.MAX_VALUE);
        Coverage coverage = new Coverage(entryPoint.method(), entryPoint.rules());
        CaseSchedule schedule = new CaseSchedule(entryPoint, settings.seed(), salt, coverage);
        int run = 0;
        int batchSize = 64;
        while (!schedule.finished() && (schedule.exhaustive() || run < settings.cases())
                && System.nanoTime() < stopDrawingAt) {
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
            List<CallResult> results = target.call(method, batch.stream().map(GeneratedCase::args).toList());
            for (int i = 0; i < results.size(); i++) {
                run++;
                CallResult result = results.get(i);
                Verdict verdict = CaseJudgement.judge(entryPoint, expected.get(i), result);
                if (verdict != Verdict.ACCEPTED) {
                    Failure failure = new Failure(batch.get(i), expected.get(i), result, verdict, 0, batch.get(i));
                    if (settings.shrink() && Shrinker.shrinkable(result)) {
                        long deadline = System.nanoTime() + settings.shrinkTime().toNanos();
                        failure = new Shrinker(entryPoint, method, target, settings.shrinkCalls(), deadline)
                                .shrink(failure);
                    }
                    return new MethodRun(run, false, Optional.of(failure), coverage.summary(),
                            System.nanoTime() - started);
                }
            }
            batchSize = Math.min(batchSize * 2, 1024);
        }
        return new MethodRun(run, schedule.finished(), Optional.empty(), coverage.summary(), System.nanoTime() - started);
    }

    /** The reference's answer on a copy of {@code args}, so nothing can change the original. */
    static Explanation expected(EntryPoint entryPoint, Object[] args) {
        return entryPoint.explain(copy(entryPoint, args));
    }

    /** A deep copy of arguments, for callers that must keep the originals untouched. */
    public static Object[] copy(EntryPoint entryPoint, Object[] args) {
        Object[] copy = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            ValueType type = entryPoint.parameters().get(i);
            copy[i] = type.copy(args[i]);
        }
        return copy;
    }
}
