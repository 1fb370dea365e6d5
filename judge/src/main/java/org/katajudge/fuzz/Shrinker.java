package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.fuzz.shrink.Shape;
import org.katajudge.fuzz.shrink.ShrinkPass;
import org.katajudge.fuzz.shrink.ShrinkPasses;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Makes a failing case as small as possible by editing its choice sequence, Hypothesis-style.
 * "Smaller" is the kata's natural size first (pieces on the board, a vector's length, see
 * {@link EntryPoint#size}), then the choices in shortlex order. A candidate is kept only when it
 * is smaller and the submission still fails in the same way; every shrunk case is one the
 * generator can draw, and its choices replay it.
 *
 * <p>The passes ({@link ShrinkPasses#ALL}, each a pure function in {@code fuzz.shrink}) run
 * cheapest first, each repeated while it helps; after one helps, back to the first. Then the case
 * moves to its general kind through the kata's encoder, where every piece can go. Candidates go
 * to the submission in batches, so one round trip to its JVM tests many.
 */
final class Shrinker {

    private static final int BATCH = 32;

    private final EntryPoint entryPoint;
    private final int method;
    private final Target target;
    private final int maxEvaluations;
    private final long deadlineNanos;
    private final Set<ChoiceSequence> tried = new HashSet<>();
    private int evaluations;
    /** While not -1, only candidates of this kind (first draw) are tried. */
    private int frozenKind = -1;

    Shrinker(EntryPoint entryPoint, int method, Target target, int maxEvaluations, long deadlineNanos) {
        this.entryPoint = entryPoint;
        this.method = method;
        this.target = target;
        this.maxEvaluations = maxEvaluations;
        this.deadlineNanos = deadlineNanos;
    }

    /** Whether a failure of this kind is worth shrinking: reproducible in a live JVM and cheap to retry. */
    static boolean shrinkable(CallResult result) {
        return result.outcome() == CallResult.Outcome.RETURNED || result.outcome() == CallResult.Outcome.THREW;
    }

    /** Calls made to the submission so far. */
    int evaluations() {
        return evaluations;
    }

    Failure shrink(Failure failure) {
        tried.add(failure.found().choices());
        if (entryPoint.smallDomain()) {
            return exhaustive(failure);
        }
        Failure best = local(failure);
        // The general kind: a starting position or an aimed board becomes a list of pieces, each
        // of which can then go. Kept only when it ends smaller than what the passes reached.
        for (int attempt = 0; attempt < 2 && budgetLeft(); attempt++) {
            Optional<ChoiceSequence> encoded = entryPoint.encode(best.found().args());
            if (encoded.isEmpty() || encoded.get().equals(best.found().choices()) || !tried.add(encoded.get())) {
                break;
            }
            Optional<Failure> general = reproduce(best, encoded.get());
            if (general.isEmpty()) {
                break;
            }
            // First within the general kind (a simpler kind would often just take the old shape
            // back), then anywhere from there.
            frozenKind = encoded.get().get(0);
            Failure shrunk = local(general.get());
            frozenKind = -1;
            shrunk = local(shrunk);
            if (!smaller(shrunk, best)) {
                break;
            }
            best = new Failure(shrunk.found(), shrunk.expected(), shrunk.result(), shrunk.verdict(),
                    Math.max(shrunk.shrinkSteps(), best.shrinkSteps() + 1), failure.original());
        }
        return best;
    }

    /** A small domain is tried whole: the smallest failing input there is, exactly. */
    private Failure exhaustive(Failure failure) {
        List<ChoiceSequence> all = new ArrayList<>();
        CaseSchedule schedule = new CaseSchedule(entryPoint, 0, "", new Coverage(entryPoint.method(), List.of()));
        for (Optional<GeneratedCase> next = schedule.next(); next.isPresent(); next = schedule.next()) {
            all.add(next.get().choices());
        }
        Failure best = failure;
        while (budgetLeft()) {
            Failure better = tryCandidates(all, best);
            if (better == best) {
                break;
            }
            best = better;
        }
        return best;
    }

    /**
     * The passes in order, each repeated while it helps; after a pass that helped, back to the
     * first (cheapest) one, so the costly passes run only when the cheap ones are stuck.
     */
    private Failure local(Failure start) {
        Failure best = start;
        int pass = 0;
        List<ShrinkPass> passes = ShrinkPasses.ALL;
        while (pass < passes.size() && budgetLeft()) {
            boolean helped = false;
            while (budgetLeft()) {
                Shape shape = Shape.of(entryPoint, best.found().choices());
                Failure better = tryCandidates(passes.get(pass).candidates(shape), best);
                if (better == best) {
                    break;
                }
                best = better;
                helped = true;
            }
            pass = helped && pass > 0 ? 0 : pass + 1;
        }
        return best;
    }

    /** Tests candidates in batches; the first batch with a smaller same-way failure wins, its smallest. */
    private Failure tryCandidates(List<ChoiceSequence> candidates, Failure best) {
        List<GeneratedCase> batch = new ArrayList<>();
        List<Explanation> expected = new ArrayList<>();
        long bestSize = entryPoint.size(best.found().args());
        for (int i = 0; i < candidates.size() && budgetLeft(); i++) {
            GeneratedCase candidate = CaseSchedule.replay(entryPoint, candidates.get(i));
            if (frozenKind >= 0 && (candidate.choices().length() == 0 || candidate.choices().get(0) != frozenKind)) {
                continue;
            }
            if (!tried.add(candidate.choices())
                    || !smaller(entryPoint.size(candidate.args()), candidate.choices(), bestSize, best.found().choices())) {
                continue; // already tried, or normalizing made it no smaller
            }
            batch.add(candidate);
            expected.add(Fuzzer.expected(entryPoint, candidate.args()));
            if (batch.size() == BATCH) {
                Failure better = evaluate(batch, expected, best);
                if (better != best) {
                    return better;
                }
                batch.clear();
                expected.clear();
            }
        }
        return batch.isEmpty() ? best : evaluate(batch, expected, best);
    }

    private Failure evaluate(List<GeneratedCase> batch, List<Explanation> expected, Failure best) {
        List<CallResult> results = target.call(method, batch.stream().map(GeneratedCase::args).toList());
        evaluations += results.size();
        Failure smallest = best;
        for (int i = 0; i < results.size(); i++) {
            CallResult result = results.get(i);
            Verdict verdict = CaseJudgement.judge(entryPoint, expected.get(i), result);
            if (CaseJudgement.sameFailure(best.verdict(), best.result(), verdict, result)) {
                Failure candidate = new Failure(batch.get(i), expected.get(i), result, verdict, best.shrinkSteps() + 1,
                        best.original());
                if (smaller(candidate, smallest)) {
                    smallest = candidate;
                }
            }
        }
        return smallest;
    }

    /** The case drawn by {@code choices}, as a failure of the same kind as {@code like}, if it is one. */
    private Optional<Failure> reproduce(Failure like, ChoiceSequence choices) {
        GeneratedCase candidate = CaseSchedule.replay(entryPoint, choices);
        Explanation expected = Fuzzer.expected(entryPoint, candidate.args());
        List<CallResult> results = target.call(method, List.<Object[]>of(candidate.args()));
        evaluations += results.size();
        if (results.isEmpty()) {
            return Optional.empty();
        }
        Verdict verdict = CaseJudgement.judge(entryPoint, expected, results.get(0));
        return CaseJudgement.sameFailure(like.verdict(), like.result(), verdict, results.get(0))
                ? Optional.of(new Failure(candidate, expected, results.get(0), verdict, like.shrinkSteps(), like.original()))
                : Optional.empty();
    }

    private boolean smaller(Failure a, Failure b) {
        return smaller(entryPoint.size(a.found().args()), a.found().choices(),
                entryPoint.size(b.found().args()), b.found().choices());
    }

    private static boolean smaller(long sizeA, ChoiceSequence a, long sizeB, ChoiceSequence b) {
        return sizeA != sizeB ? sizeA < sizeB : a.compareTo(b) < 0;
    }

    private boolean budgetLeft() {
        return evaluations < maxEvaluations && System.nanoTime() < deadlineNanos;
    }
}
