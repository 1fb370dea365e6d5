package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Makes a failing case as simple as possible by editing its choice sequence, Hypothesis-style:
 * delete spans of choices, zero spans, lower single choices. A candidate is kept only when it is
 * smaller (shortlex) and the submission still fails in the same way; the passes repeat until
 * none helps or the budget is spent. One shrinker serves every generator, and every shrunk case
 * is one the generator could have drawn.
 *
 * <p>Candidates go to the submission in batches, so one round trip to the child JVM tests many.
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

    Failure shrink(Failure failure) {
        Failure best = failure;
        tried.add(best.found().choices());
        boolean improved = true;
        while (improved && budgetLeft()) {
            improved = false;
            for (Pass pass : Pass.values()) {
                Failure better = runPass(pass, best);
                if (better != best) {
                    best = better;
                    improved = true;
                    break; // start over with the cheapest passes on the smaller case
                }
                if (!budgetLeft()) {
                    break;
                }
            }
        }
        return best;
    }

    /**
     * The edits of one kind; each makes the sequence shorter or lexicographically smaller. The
     * last one, tried only when the others are stuck, lowers a choice and draws the choices
     * after it afresh: lowering the kind of input (the first choice) usually changes what the
     * rest of the sequence means, so the old tail rarely still fails.
     */
    private enum Pass {
        DELETE_SPANS, ZERO_SPANS, LOWER_VALUES, LOWER_AND_DELETE, LOWER_AND_REDRAW
    }

    /** How far after a lowered count the lower-and-delete pass looks for what the count covered. */
    private static final int LOWER_AND_DELETE_REACH = 16;

    /**
     * Values tried below a choice, and fresh tails per value, in the redraw pass. The first
     * choice, the kind of input, gets many tails: a simpler kind that fails too is the biggest
     * simplification there is, and its failing inputs are a small part of the kind.
     */
    private static final int REDRAW_VALUES = 8;
    private static final int REDRAW_TAILS = 4;
    private static final int REDRAW_KIND_TAILS = 96;

    private Failure runPass(Pass pass, Failure best) {
        int[] values = best.found().choices().toArray();
        List<ChoiceSequence> candidates = new ArrayList<>();
        switch (pass) {
            case DELETE_SPANS -> {
                for (int size : new int[] {8, 4, 2, 1}) {
                    for (int start = 0; start + size <= values.length; start++) {
                        int[] edited = new int[values.length - size];
                        System.arraycopy(values, 0, edited, 0, start);
                        System.arraycopy(values, start + size, edited, start, values.length - start - size);
                        candidates.add(ChoiceSequence.of(edited));
                    }
                }
            }
            case ZERO_SPANS -> {
                for (int size : new int[] {8, 4, 2, 1}) {
                    for (int start = 0; start + size <= values.length; start++) {
                        int[] edited = values.clone();
                        boolean changed = false;
                        for (int i = start; i < start + size; i++) {
                            changed |= edited[i] != 0;
                            edited[i] = 0;
                        }
                        if (changed) {
                            candidates.add(ChoiceSequence.of(edited));
                        }
                    }
                }
            }
            case LOWER_VALUES -> {
                for (int i = 0; i < values.length; i++) {
                    int v = values[i];
                    for (int lower : new int[] {v / 2, v - 1}) {
                        if (lower >= 0 && lower < v) {
                            int[] edited = values.clone();
                            edited[i] = lower;
                            candidates.add(ChoiceSequence.of(edited));
                        }
                    }
                }
            }
            case LOWER_AND_DELETE -> {
                // A count lowered by one, and the choices of one element it counted deleted.
                for (int i = 0; i < values.length; i++) {
                    if (values[i] == 0) {
                        continue;
                    }
                    for (int size = 1; size <= 2; size++) {
                        for (int start = i + 1; start + size <= values.length && start <= i + LOWER_AND_DELETE_REACH; start++) {
                            int[] edited = new int[values.length - size];
                            System.arraycopy(values, 0, edited, 0, start);
                            System.arraycopy(values, start + size, edited, start, values.length - start - size);
                            edited[i]--;
                            candidates.add(ChoiceSequence.of(edited));
                        }
                    }
                }
            }
            case LOWER_AND_REDRAW -> candidates.addAll(redrawn(values));
        }
        return tryCandidates(candidates, best);
    }

    /**
     * For each choice, some lower values, each followed by small random choices instead of the
     * old tail. Deterministic: the tails are seeded from the sequence being shrunk.
     */
    private List<ChoiceSequence> redrawn(int[] values) {
        List<ChoiceSequence> candidates = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(ChoiceSequence.of(values).hashCode());
        for (int i = 0; i < values.length; i++) {
            int tails = i == 0 ? REDRAW_KIND_TAILS : REDRAW_TAILS;
            for (int lower = 0; lower < values[i] && lower < REDRAW_VALUES; lower++) {
                for (int tail = 0; tail < tails; tail++) {
                    int[] edited = Arrays.copyOf(values, values.length);
                    edited[i] = lower;
                    int cap = 1 + tail % 4; // small values: the tail of a simple input
                    for (int j = i + 1; j < edited.length; j++) {
                        edited[j] = random.nextInt(cap);
                    }
                    candidates.add(ChoiceSequence.of(edited));
                }
            }
        }
        return candidates;
    }

    /** Tests candidates in batches; the first batch with a smaller same-way failure wins, smallest first. */
    private Failure tryCandidates(List<ChoiceSequence> candidates, Failure best) {
        List<GeneratedCase> batch = new ArrayList<>();
        List<Explanation> expected = new ArrayList<>();
        for (int i = 0; i < candidates.size() && budgetLeft(); i++) {
            GeneratedCase candidate = CaseSchedule.replay(entryPoint, candidates.get(i));
            if (candidate.choices().compareTo(best.found().choices()) >= 0 || !tried.add(candidate.choices())) {
                continue; // normalizing made it no simpler, or it was already tried
            }
            batch.add(candidate);
            expected.add(Fuzzer.expected(entryPoint, candidate.args()));
            if (batch.size() == BATCH || i == candidates.size() - 1) {
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
        List<Object[]> args = batch.stream().map(GeneratedCase::args).toList();
        List<CallResult> results = target.call(method, args);
        evaluations += results.size();
        Failure smallest = best;
        for (int i = 0; i < results.size(); i++) {
            CallResult result = results.get(i);
            Verdict verdict = CaseJudgement.judge(entryPoint, expected.get(i), result);
            if (CaseJudgement.sameFailure(best.verdict(), best.result(), verdict, result)
                    && batch.get(i).choices().compareTo(smallest.found().choices()) < 0) {
                smallest = new Failure(batch.get(i), expected.get(i), result, verdict, best.shrinkSteps() + 1,
                        best.original());
            }
        }
        return smallest;
    }

    private boolean budgetLeft() {
        return evaluations < maxEvaluations && System.nanoTime() < deadlineNanos;
    }
}
