package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceRecorder.Part;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Makes a failing case as small as possible by editing its choice sequence, Hypothesis-style.
 * "Smaller" is the kata's natural size first (pieces on the board, a vector's length, see
 * {@link EntryPoint#size}), then the choices in shortlex order. A candidate is kept only when it
 * is smaller and the submission still fails in the same way; every shrunk case is one the
 * generator can draw, and its choices replay it.
 *
 * <p>The passes, cheapest first, each repeated while it helps: delete whole parts (a piece,
 * however many draws it took, with the count before it lowered), delete and zero spans of draws,
 * minimize each draw by binary search (a value of any size shrinks in a few dozen calls), reorder
 * neighbouring parts, move the case to a simpler kind of input (its general kind through the
 * kata's encoder, or a lower first draw with the rest kept or drawn afresh), and change a draw
 * upward when that removes a piece. Candidates go to the submission in batches, so one round trip
 * to its JVM tests many.
 */
final class Shrinker {

    private static final int BATCH = 32;
    /** How far before a deleted part the pass looks for the count to lower. */
    private static final int COUNT_REACH = 16;
    /** Values tried below a choice, and fresh tails per value, in the redraw pass. */
    private static final int REDRAW_VALUES = 8;
    private static final int REDRAW_TAILS = 4;
    private static final int REDRAW_KIND_TAILS = 96;

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
        Pass[] passes = Pass.values();
        while (pass < passes.length && budgetLeft()) {
            boolean helped = false;
            while (budgetLeft()) {
                Failure better = tryCandidates(candidates(passes[pass], best), best);
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

    private enum Pass {
        DELETE_PARTS, DELETE_SPANS, ZERO, MINIMIZE_VALUES, BORROW, LOWER_AND_DELETE, REORDER, SHIFT, LOWER_KIND,
        RAISE_TO_REMOVE, DELETE_AND_MOVE, REDRAW
    }

    /** SHIFT runs on sequences up to this long, between draws this close. */
    private static final int SHIFT_LENGTH = 48;
    private static final int SHIFT_REACH = 8;
    /** DELETE_AND_MOVE runs when the case has at most this many parts, trying values up to this. */
    private static final int MOVE_PARTS = 12;
    private static final int MOVE_VALUES = 128;

    private List<ChoiceSequence> candidates(Pass pass, Failure best) {
        Shape shape = shape(best.found().choices());
        int[] values = shape.values;
        List<ChoiceSequence> candidates = new ArrayList<>();
        switch (pass) {
            case DELETE_PARTS -> {
                // Whole parts, longest first; a deleted element's count is lowered with it.
                List<Part> parts = new ArrayList<>(shape.parts);
                parts.sort(Comparator.comparingInt(Part::length).reversed().thenComparingInt(Part::start));
                for (Part part : parts) {
                    candidates.add(delete(values, part.start(), part.end(), -1));
                    for (Part outer : shape.parts) {
                        if (outer.start() < part.start() && outer.end() >= part.end() && values[outer.start()] > 0) {
                            candidates.add(delete(values, part.start(), part.end(), outer.start()));
                        }
                    }
                    for (int count = part.start() - 1; count >= 0 && count >= part.start() - COUNT_REACH; count--) {
                        if (values[count] > 0) {
                            candidates.add(delete(values, part.start(), part.end(), count));
                        }
                    }
                }
            }
            case DELETE_SPANS -> {
                for (int size : new int[] {8, 4, 3, 2, 1}) {
                    for (int start = 0; start + size <= values.length; start++) {
                        candidates.add(delete(values, start, start + size, -1));
                    }
                }
            }
            case ZERO -> {
                for (Part part : shape.parts) {
                    candidates.add(zero(values, part.start(), part.end()));
                }
                for (int size : new int[] {8, 4, 2, 1}) {
                    for (int start = 0; start + size <= values.length; start++) {
                        candidates.add(zero(values, start, start + size));
                    }
                }
                candidates.removeIf(c -> c.equals(ChoiceSequence.of(values)));
            }
            case MINIMIZE_VALUES -> {
                // Below each value: 0, then halves towards it (a binary search spread over rounds), then v - 1.
                for (int i = 0; i < values.length; i++) {
                    int v = values[i];
                    for (int lower : lowerValues(v)) {
                        int[] edited = values.clone();
                        edited[i] = lower;
                        candidates.add(ChoiceSequence.of(edited));
                    }
                }
            }
            case BORROW -> {
                // A digit of a number drawn in several draws lowered, the next one raised to its top:
                // (1, 0) becomes (0, 65535), which the binary search then brings down.
                for (int i = 0; i + 1 < values.length; i++) {
                    if (values[i] > 0 && values[i + 1] < shape.bounds.get(i + 1) - 1) {
                        int[] edited = values.clone();
                        edited[i]--;
                        edited[i + 1] = shape.bounds.get(i + 1) - 1;
                        candidates.add(ChoiceSequence.of(edited));
                    }
                }
            }
            case SHIFT -> {
                // One draw raised and a nearby one lowered by as much: a start square moved one way and a
                // vector shortened by as much keeps where the move lands, with a smaller vector.
                for (int i = 0; values.length <= SHIFT_LENGTH && i < values.length; i++) {
                    for (int j = Math.max(0, i - SHIFT_REACH); j < Math.min(values.length, i + SHIFT_REACH + 1); j++) {
                        for (int step = 1; j != i && step <= values[j]; step *= 2) {
                            if (values[i] + step < shape.bounds.get(i)) {
                                int[] edited = values.clone();
                                edited[i] += step;
                                edited[j] -= step;
                                candidates.add(ChoiceSequence.of(edited));
                            }
                        }
                    }
                }
            }
            case DELETE_AND_MOVE -> {
                // A piece removed and another draw set to any value: two pieces that show a bug together
                // become one piece that shows it alone, somewhere else.
                if (shape.parts.size() <= MOVE_PARTS) {
                    boolean[] inPart = new boolean[values.length];
                    shape.parts.forEach(p -> Arrays.fill(inPart, p.start(), p.end(), true));
                    for (Part part : shape.parts) {
                        for (int i = 0; i < values.length; i++) {
                            if (!inPart[i] || i >= part.start() && i < part.end()) {
                                continue; // only another piece moves (a background draw is no piece)
                            }
                            for (int value = 0; value < Math.min(shape.bounds.get(i), MOVE_VALUES); value++) {
                                if (value == values[i]) {
                                    continue;
                                }
                                int[] moved = values.clone();
                                moved[i] = value;
                                candidates.add(delete(moved, part.start(), part.end(), -1));
                                for (Part outer : shape.parts) {
                                    if (outer.start() < part.start() && outer.end() >= part.end() && moved[outer.start()] > 0) {
                                        candidates.add(delete(moved, part.start(), part.end(), outer.start()));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            case LOWER_AND_DELETE -> {
                // A count lowered by one, and a span of up to 4 draws after it deleted: an element without a marked part.
                for (int i = 0; i < values.length; i++) {
                    if (values[i] == 0) {
                        continue;
                    }
                    for (int size = 1; size <= 4; size++) {
                        for (int start = i + 1; start + size <= values.length && start <= i + COUNT_REACH; start++) {
                            candidates.add(delete(values, start, start + size, i));
                        }
                    }
                }
            }
            case REORDER -> {
                // Neighbouring parts of the same depth swapped, when that makes the sequence smaller.
                for (Part first : shape.parts) {
                    for (Part second : shape.parts) {
                        if (second.start() == first.end() && second.depth() == first.depth()) {
                            int[] edited = values.clone();
                            System.arraycopy(values, second.start(), edited, first.start(), second.length());
                            System.arraycopy(values, first.start(), edited, first.start() + second.length(), first.length());
                            if (Arrays.compare(edited, values) < 0) {
                                candidates.add(ChoiceSequence.of(edited));
                            }
                        }
                    }
                }
            }
            case LOWER_KIND -> {
                // A simpler kind of input with the rest kept: the same tail, or the tail from any later draw on.
                for (int kind = 0; values.length > 0 && kind < values[0]; kind++) {
                    for (int from = 1; from <= values.length && from <= 1 + COUNT_REACH; from++) {
                        int[] edited = new int[1 + values.length - from];
                        edited[0] = kind;
                        System.arraycopy(values, from, edited, 1, values.length - from);
                        candidates.add(ChoiceSequence.of(edited));
                    }
                }
            }
            case RAISE_TO_REMOVE -> {
                // Other small values of each draw, higher ones included: kept only when the size drops.
                for (int i = 0; i < values.length; i++) {
                    for (int value = 0; value < Math.min(shape.bounds.get(i), 6); value++) {
                        if (value != values[i]) {
                            int[] edited = values.clone();
                            edited[i] = value;
                            candidates.add(ChoiceSequence.of(edited));
                        }
                    }
                }
            }
            case REDRAW -> candidates.addAll(redrawn(values, shape.bounds));
        }
        return candidates;
    }

    /** 0, then values spread below {@code v}: its halves down to 1, v - 1, and a few near it. */
    private static int[] lowerValues(int v) {
        if (v <= 0) {
            return new int[0];
        }
        List<Integer> lower = new ArrayList<>();
        lower.add(0);
        for (int step = v / 2; step > 0; step /= 2) {
            lower.add(v - step);
            lower.add(step);
        }
        lower.add(v - 1);
        return lower.stream().mapToInt(Integer::intValue).filter(x -> x >= 0 && x < v).distinct().sorted().toArray();
    }

    /** {@code values} without {@code [start, end)}, and with the value at {@code lowered} one less (if not -1). */
    private static ChoiceSequence delete(int[] values, int start, int end, int lowered) {
        int[] edited = new int[values.length - (end - start)];
        System.arraycopy(values, 0, edited, 0, start);
        System.arraycopy(values, end, edited, start, values.length - end);
        if (lowered >= 0) {
            edited[lowered]--;
        }
        return ChoiceSequence.of(edited);
    }

    private static ChoiceSequence zero(int[] values, int start, int end) {
        int[] edited = values.clone();
        Arrays.fill(edited, start, end, 0);
        return ChoiceSequence.of(edited);
    }

    /**
     * For each choice, some lower values, each followed by small random choices instead of the
     * old tail; for the first choice, the kind of input, every other kind with many tails: a
     * kind whose small inputs fail too is the biggest simplification there is (a bug shown by
     * six soldiers may also show with two generals), and its failing inputs are a small part of
     * it. Deterministic: the tails are seeded from the sequence being shrunk.
     */
    private List<ChoiceSequence> redrawn(int[] values, List<Integer> bounds) {
        List<ChoiceSequence> candidates = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(ChoiceSequence.of(values).hashCode());
        for (int i = 0; i < values.length; i++) {
            // Any other kind, higher ones too: they are kept only when their input is smaller.
            int tails = i == 0 ? REDRAW_KIND_TAILS : REDRAW_TAILS;
            int top = i == 0 ? bounds.get(0) : Math.min(values[i], REDRAW_VALUES);
            for (int other = 0; other < top; other++) {
                if (other == values[i]) {
                    continue;
                }
                for (int tail = 0; tail < tails; tail++) {
                    int[] edited = Arrays.copyOf(values, i == 0 ? Math.max(values.length, 16) : values.length);
                    edited[i] = other;
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

    /** A sequence as the generator reads it: its values, the bound of each draw, its marked parts. */
    private Shape shape(ChoiceSequence choices) {
        ChoiceRecorder recorder = new ChoiceRecorder(choices.replaySource());
        entryPoint.generate(recorder);
        return new Shape(recorder.recorded().toArray(), recorder.bounds(), recorder.parts());
    }

    private record Shape(int[] values, List<Integer> bounds, List<Part> parts) {
    }
}
