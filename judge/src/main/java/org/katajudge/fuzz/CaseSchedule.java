package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.choice.ChoiceSource;
import org.katajudge.kata.EntryPoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The order in which an entry point's inputs are tried, all drawn through the generator so that
 * every case has choices to replay and shrink:
 * <ol>
 *   <li>small domains: every input, by enumerating the generator's choice tree (all 64 squares,
 *       all 4096 square pairs), and nothing else;</li>
 *   <li>otherwise edge cases first: every kind of input (the generator's first draw) in its
 *       simplest form, then two small variants of each;</li>
 *   <li>then random inputs whose choices may grow with the case number, every third one a
 *       mutation of a case that reached a rule outcome not covered yet.</li>
 * </ol>
 * A schedule that {@linkplain #CaseSchedule(EntryPoint, long, String, Coverage, boolean) repeats}
 * goes on after a small domain's enumeration with passes over the whole domain again, each in
 * its own shuffled order, for as long as it is asked: state a submission keeps between calls
 * shows only after many calls.
 * Case {@code i} depends only on the seed, the salt and {@code i} (and for steered cases, on the
 * reference's answers to earlier cases), never on the submission or the number of jobs.
 */
final class CaseSchedule {

    /** Enumeration stops here even for a domain declared small. */
    private static final int MAX_ENUMERATED = 20_000;
    private static final int EDGE_VARIANTS = 3;

    private final EntryPoint entryPoint;
    private final long seed;
    private final Coverage coverage;
    private final boolean enumerate;

    private int[] nextEnumerated = new int[0];
    private boolean enumerationDone;
    private int enumerated;
    private final boolean repeat;
    private final List<GeneratedCase> domain = new ArrayList<>();
    private int[] order;
    private int orderPosition;
    private int passes;

    private int kinds = -1;
    private int edgeIndex;
    private long randomIndex;

    CaseSchedule(EntryPoint entryPoint, long seed, String salt, Coverage coverage) {
        this(entryPoint, seed, salt, coverage, false);
    }

    CaseSchedule(EntryPoint entryPoint, long seed, String salt, Coverage coverage, boolean repeat) {
        this.entryPoint = entryPoint;
        this.seed = seed ^ (salt.hashCode() * 0x9E3779B97F4A7C15L);
        this.coverage = coverage;
        this.enumerate = entryPoint.smallDomain();
        this.repeat = repeat && enumerate;
    }

    /** Completed repeated passes over a small domain after its enumeration (0 while enumerating). */
    int passes() {
        return passes;
    }

    /** Whether the last case came from a repeated pass, not the first enumeration. */
    boolean repeating() {
        return order != null;
    }

    /** Whether this schedule enumerates the whole domain. */
    boolean exhaustive() {
        return enumerate;
    }

    /** Whether an exhaustive schedule has produced every input (and does not repeat them). */
    boolean finished() {
        return enumerate && enumerationDone && !repeat;
    }

    /** Whether every input of a small domain was produced at least once. */
    boolean enumerated() {
        return enumerate && enumerationDone;
    }

    /** The next case, or empty when an exhaustive schedule is finished. */
    Optional<GeneratedCase> next() {
        if (enumerate) {
            return nextEnumerated();
        }
        if (kinds < 0) {
            ChoiceRecorder probe = new ChoiceRecorder(ChoiceSequence.EMPTY.replaySource());
            entryPoint.generate(probe);
            kinds = probe.bounds().isEmpty() ? 1 : probe.bounds().get(0);
        }
        if (edgeIndex < kinds * EDGE_VARIANTS) {
            int kind = edgeIndex % kinds;
            int variant = edgeIndex / kinds;
            edgeIndex++;
            SplittableRandom random = new SplittableRandom(mix(seed, -1 - edgeIndex));
            return Optional.of(generate((index, bound) -> index == 0 ? kind
                    : variant == 0 ? 0 : random.nextInt(Math.min(bound, 2 * variant))));
        }
        long index = randomIndex++;
        SplittableRandom random = new SplittableRandom(mix(seed, index));
        if (index % 3 == 2) {
            Optional<ChoiceSequence> steered = coverage.steer(random);
            if (steered.isPresent()) {
                return Optional.of(generate(steered.get().replaySource()));
            }
        }
        int cap = 2 + (int) Math.min(Integer.MAX_VALUE - 2, index / 8);
        return Optional.of(generate((position, bound) -> position == 0 || random.nextInt(4) == 0
                ? random.nextInt(bound) : random.nextInt(Math.min(bound, cap))));
    }

    private Optional<GeneratedCase> nextEnumerated() {
        if (enumerationDone) {
            if (!repeat || domain.isEmpty()) {
                return Optional.empty();
            }
            if (order == null || orderPosition == order.length) {
                if (order != null) {
                    passes++;
                }
                order = shuffled(domain.size(), new SplittableRandom(mix(seed, -1_000_000L - passes)));
                orderPosition = 0;
            }
            return Optional.of(domain.get(order[orderPosition++]));
        }
        int[] prefix = nextEnumerated;
        ChoiceRecorder recorder = new ChoiceRecorder((index, bound) -> index < prefix.length ? prefix[index] : 0);
        Object[] args = entryPoint.generate(recorder);
        int[] values = recorder.recorded().toArray();
        List<Integer> bounds = recorder.bounds();
        // Odometer: the next sequence increments the last draw that has room and drops what follows.
        int position = values.length - 1;
        while (position >= 0 && values[position] + 1 >= bounds.get(position)) {
            position--;
        }
        if (position < 0 || ++enumerated >= MAX_ENUMERATED) {
            enumerationDone = true;
        } else {
            int[] next = Arrays.copyOf(values, position + 1);
            next[position]++;
            nextEnumerated = next;
        }
        GeneratedCase generated = new GeneratedCase(args, recorder.recorded());
        if (repeat) {
            domain.add(generated);
        }
        return Optional.of(generated);
    }

    /** A permutation of {@code 0..size-1} (Fisher-Yates). */
    private static int[] shuffled(int size, SplittableRandom random) {
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        for (int i = size - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        return order;
    }

    private GeneratedCase generate(ChoiceSource source) {
        return generate(entryPoint, source);
    }

    /** Draws a case from {@code source}, recording the choices it used. */
    static GeneratedCase generate(EntryPoint entryPoint, ChoiceSource source) {
        ChoiceRecorder recorder = new ChoiceRecorder(source);
        Object[] args = entryPoint.generate(recorder);
        return new GeneratedCase(args, recorder.recorded());
    }

    /** Replays a sequence through the generator, normalizing it (clamped values, unused tail dropped). */
    static GeneratedCase replay(EntryPoint entryPoint, ChoiceSequence choices) {
        return generate(entryPoint, choices.replaySource());
    }

    /** SplitMix64's finalizer: independent streams from (seed, index). */
    static long mix(long seed, long index) {
        long z = seed + index * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
