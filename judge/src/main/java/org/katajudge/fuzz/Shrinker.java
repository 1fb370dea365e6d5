package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.fuzz.shrink.Shape;
import org.katajudge.fuzz.shrink.ShrinkPass;
import org.katajudge.fuzz.shrink.ShrinkPasses;
import org.katajudge.kata.EntryPoint;
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
 * is smaller and its {@link Judge} says the failure still shows; every shrunk case is one the
 * generator can draw, and its choices replay it.
 *
 * <p>The passes ({@link ShrinkPasses#ALL}, each a pure function in {@code fuzz.shrink}) run
 * cheapest first, each repeated while it helps; after one helps, back to the first. Then the case
 * moves to its general kind through the kata's encoder, where every piece can go. Candidates go
 * to the judge in batches, so one round trip to the submission's JVM tests many. The shrinker
 * stops when no pass helps or the {@link AnalysisBudget} is spent: a count of calls, so the same
 * failure shrinks to the same case on any machine.
 */
final class Shrinker {

    private static final int BATCH = 32;

    /** Whether a candidate still shows the failure being shrunk. */
    interface Judge {
        /**
         * @param candidates cases of the shrinker's entry point, each with its choices
         * @return per candidate, in order, how the failure showed, or empty when it did not; fewer
         *         results than candidates when the budget or the submission's JVM ended
         */
        List<Optional<Replays.Judged>> judge(List<GeneratedCase> candidates);
    }

    private final EntryPoint entryPoint;
    private final Judge judge;
    private final AnalysisBudget budget;
    private final Set<ChoiceSequence> tried = new HashSet<>();
    /** While not -1, only candidates of this kind (first draw) are tried. */
    private int frozenKind = -1;

    Shrinker(EntryPoint entryPoint, Judge judge, AnalysisBudget budget) {
        this.entryPoint = entryPoint;
        this.judge = judge;
        this.budget = budget;
    }

    /** Whether a failure of this kind is worth shrinking: reproducible in a live JVM and cheap to retry. */
    static boolean shrinkable(CallResult result) {
        return result.outcome() == CallResult.Outcome.RETURNED || result.outcome() == CallResult.Outcome.THREW;
    }

    /** The smallest case found that still fails, with how it failed; {@code failure} itself when none is smaller. */
    Failure shrink(Failure failure) {
        tried.add(failure.found().choices());
        if (entryPoint.smallDomain()) {
            return exhaustive(failure);
        }
        Failure best = local(failure);
        // The general kind: a starting position or an aimed board becomes a list of pieces, each
        // of which can then go. Kept only when it ends smaller than what the passes reached.
        for (int attempt = 0; attempt < 2 && budget.left(); attempt++) {
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
        List<ChoiceSequence> all = CaseSchedule.enumerate(entryPoint).stream().map(GeneratedCase::choices).toList();
        Failure best = failure;
        while (budget.left()) {
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
        while (pass < passes.size() && budget.left()) {
            boolean helped = false;
            while (budget.left()) {
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

    /** Tests candidates in batches; the first batch with a smaller failing case wins, its smallest. */
    private Failure tryCandidates(List<ChoiceSequence> candidates, Failure best) {
        List<GeneratedCase> batch = new ArrayList<>();
        long bestSize = entryPoint.size(best.found().args());
        for (int i = 0; i < candidates.size() && budget.left(); i++) {
            GeneratedCase candidate = CaseSchedule.replay(entryPoint, candidates.get(i));
            if (frozenKind >= 0 && (candidate.choices().length() == 0 || candidate.choices().get(0) != frozenKind)) {
                continue;
            }
            if (!tried.add(candidate.choices())
                    || !smaller(entryPoint.size(candidate.args()), candidate.choices(), bestSize, best.found().choices())) {
                continue; // already tried, or normalizing made it no smaller
            }
            batch.add(candidate);
            if (batch.size() == BATCH) {
                Failure better = evaluate(batch, best);
                if (better != best) {
                    return better;
                }
                batch.clear();
            }
        }
        return batch.isEmpty() ? best : evaluate(batch, best);
    }

    private Failure evaluate(List<GeneratedCase> batch, Failure best) {
        List<Optional<Replays.Judged>> results = judge.judge(batch);
        Failure smallest = best;
        for (int i = 0; i < results.size(); i++) {
            if (results.get(i).isPresent()) {
                Replays.Judged judged = results.get(i).get();
                Failure candidate = new Failure(batch.get(i), judged.expected(), judged.result(), judged.verdict(),
                        best.shrinkSteps() + 1, best.original());
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
        List<Optional<Replays.Judged>> results = judge.judge(List.of(candidate));
        if (results.isEmpty() || results.get(0).isEmpty()) {
            return Optional.empty();
        }
        Replays.Judged judged = results.get(0).get();
        return Optional.of(new Failure(candidate, judged.expected(), judged.result(), judged.verdict(),
                like.shrinkSteps(), like.original()));
    }

    private boolean smaller(Failure a, Failure b) {
        return smaller(entryPoint.size(a.found().args()), a.found().choices(),
                entryPoint.size(b.found().args()), b.found().choices());
    }

    private static boolean smaller(long sizeA, ChoiceSequence a, long sizeB, ChoiceSequence b) {
        return sizeA != sizeB ? sizeA < sizeB : a.compareTo(b) < 0;
    }
}
