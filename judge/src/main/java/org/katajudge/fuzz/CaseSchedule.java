package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.choice.ChoiceSource;
import org.katajudge.kata.EntryPoint;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
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
 *       simplest form; then the {@link Boundaries}: each component of each kind at its extremes
 *       (a number at {@code MIN_VALUE} and {@code MAX_VALUE}, a range at its ends), and every
 *       draw of a kind at its top; then two small variants of each kind;</li>
 *   <li>then random inputs whose choices may grow with the case number, every third one a
 *       mutation of a case that reached a rule outcome not covered yet, taking turns with the
 *       boundary pairs (two components at their extremes together) until those are done.</li>
 * </ol>
 * A schedule that {@linkplain #CaseSchedule(EntryPoint, long, String, Coverage, boolean) repeats}
 * goes on after a small domain's enumeration with passes over the whole domain again, each in
 * its own shuffled order, for as long as it is asked: state a submission keeps between calls
 * shows only after many calls.
 * Case {@code i} depends only on the seed, the salt and {@code i} (and for steered cases, on the
 * reference's answers to earlier cases), never on the submission or the number of jobs.
 *
 * <p>Why one long file: the order above is one sequence whose phases hand over to each other by case number; the boundary values and probes it draws on are their own classes.
 */
final class CaseSchedule {

    /** Enumeration stops here even for a domain declared small. */
    private static final int MAX_ENUMERATED = 20_000;
    private static final int EDGE_VARIANTS = 3;
    /** The probes' pools, as {@link ProbeMemo} names them: the generator's draws, or a small domain's enumeration. */
    private static final String RANDOM_POOL = "random";
    private static final String DOMAIN_POOL = "domain";
    /** Random inputs drawn for the collision probes to start from. */
    private static final int PROBE_POOL_RANDOM = 48;

    private final EntryPoint entryPoint;
    private final long seed;
    private final String salt;
    private final ProbeMemo memo;
    private final Coverage coverage;
    private final boolean enumerate;

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
    private Boundaries boundaries;
    private List<GeneratedCase> extremes;
    private int extremeIndex;
    private int pairIndex;
    private boolean pairTurn;
    private List<GeneratedCase> probes;
    private int probeIndex;
    /** Whether the last case returned is the first of a collision pair. */
    private boolean leadsPair;
    /** A small domain in the order it is asked: the collision probes' pairs, then the rest. */
    private List<GeneratedCase> enumeration;
    private int enumerationIndex;

    CaseSchedule(EntryPoint entryPoint, long seed, String salt, Coverage coverage) {
        this(entryPoint, seed, salt, coverage, false);
    }

    CaseSchedule(EntryPoint entryPoint, long seed, String salt, Coverage coverage, boolean repeat) {
        this(entryPoint, seed, salt, coverage, repeat, ProbeMemo.standard());
    }

    /** @param memo where the collision probes are kept across runs (they are the same either way) */
    CaseSchedule(EntryPoint entryPoint, long seed, String salt, Coverage coverage, boolean repeat, ProbeMemo memo) {
        this.entryPoint = entryPoint;
        this.salt = salt;
        this.memo = memo;
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

    /** Whether the last case returned is the first of a collision pair: the next case is its partner. */
    boolean leadsPair() {
        return leadsPair;
    }

    /** The next case, or empty when an exhaustive schedule is finished. */
    Optional<GeneratedCase> next() {
        leadsPair = false;
        if (enumerate) {
            return nextEnumerated();
        }
        countKinds();
        if (edgeIndex < kinds) {
            return Optional.of(edgeCase()); // every kind in its simplest form
        }
        findBoundaries();
        if (extremeIndex < extremes.size()) {
            return Optional.of(extremes.get(extremeIndex++)); // each component at its extremes, then all of them
        }
        if (edgeIndex < kinds * EDGE_VARIANTS) {
            return Optional.of(edgeCase()); // small variants of each kind
        }
        findProbes();
        if (probeIndex < probes.size()) {
            leadsPair = probeIndex % 2 == 0;
            return Optional.of(probes.get(probeIndex++)); // inputs that collide under common keys, in pairs
        }
        pairTurn = !pairTurn;
        if (pairTurn && pairIndex < boundaries.pairs().size()) {
            return Optional.of(boundaries.pairs().get(pairIndex++)); // two components at their extremes, every other case
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

    private void countKinds() {
        if (kinds < 0) {
            ChoiceRecorder probe = new ChoiceRecorder(ChoiceSequence.EMPTY.replaySource());
            entryPoint.generate(probe);
            kinds = probe.bounds().isEmpty() ? 1 : probe.bounds().get(0);
        }
    }

    private void findBoundaries() {
        if (boundaries == null) {
            boundaries = Boundaries.of(entryPoint, kinds);
            extremes = new ArrayList<>(boundaries.single());
            extremes.addAll(boundaries.uniform());
        }
    }

    private void findProbes() {
        if (probes == null) {
            probes = pairsInARow(memo.pairs(entryPoint, seed, salt, RANDOM_POOL,
                    () -> CollisionProbes.of(entryPoint, probePool(), this::drawnByEncoder)));
        }
    }

    /**
     * Searches this schedule's collision probes now, as its first cases would (which then draw the
     * same), so that its memo keeps them: where they are kept, if they are.
     */
    Optional<Path> keepProbes() {
        if (enumerate) {
            if (enumeration == null) {
                enumeration = probesFirst(enumerate(entryPoint));
            }
        } else {
            countKinds();
            findBoundaries();
            findProbes();
        }
        return memo.file(entryPoint, seed, salt, enumerate ? DOMAIN_POOL : RANDOM_POOL)
                .filter(Files::isRegularFile);
    }

    /** Edge case {@code edgeIndex}: kind {@code edgeIndex % kinds}, all zeros in the first round, small random choices after. */
    private GeneratedCase edgeCase() {
        int kind = edgeIndex % kinds;
        int variant = edgeIndex / kinds;
        edgeIndex++;
        SplittableRandom random = new SplittableRandom(mix(seed, -1 - edgeIndex));
        return generate((index, bound) -> index == 0 ? kind
                : variant == 0 ? 0 : random.nextInt(Math.min(bound, 2 * variant)));
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
        if (enumeration == null) {
            enumeration = probesFirst(enumerate(entryPoint));
        }
        GeneratedCase generated = enumeration.get(enumerationIndex);
        leadsPair = enumerationIndex < probes.size() && enumerationIndex % 2 == 0;
        enumerationIndex++;
        enumerated = enumerationIndex;
        enumerationDone = enumerationIndex == enumeration.size();
        if (repeat) {
            domain.add(generated);
        }
        return Optional.of(generated);
    }

    /**
     * A small domain's inputs, each once: the collision probes' pairs first, each pair together,
     * then the rest in the order of the enumeration.
     */
    private List<GeneratedCase> probesFirst(List<GeneratedCase> all) {
        Map<String, GeneratedCase> byArgs = new HashMap<>();
        all.forEach(c -> byArgs.putIfAbsent(Arrays.deepToString(c.args()), c));
        List<CollisionProbes.Pair> pairs = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (CollisionProbes.Pair pair : memo.pairs(entryPoint, seed, salt, DOMAIN_POOL, () -> CollisionProbes.of(entryPoint, all,
                args -> Optional.ofNullable(byArgs.get(Arrays.deepToString(args)))))) {
            // each input once: a pair whose inputs another pair already took is left out
            String first = Arrays.deepToString(pair.first().args());
            String second = Arrays.deepToString(pair.second().args());
            if (!used.contains(first) && !used.contains(second) && !first.equals(second)) {
                used.add(first);
                used.add(second);
                pairs.add(pair);
            }
        }
        probes = pairsInARow(pairs);
        List<GeneratedCase> order = new ArrayList<>(probes);
        for (GeneratedCase c : all) {
            if (!used.contains(Arrays.deepToString(c.args()))) {
                order.add(c);
            }
        }
        return order;
    }

    /**
     * Every input of a small domain, by enumerating the generator's choice tree like an odometer:
     * the next sequence increments the last draw that has room and drops what follows. At most
     * {@link #MAX_ENUMERATED}.
     */
    static List<GeneratedCase> enumerate(EntryPoint entryPoint) {
        List<GeneratedCase> all = new ArrayList<>();
        int[] prefix = new int[0];
        while (true) {
            int[] current = prefix;
            ChoiceRecorder recorder = new ChoiceRecorder((index, bound) -> index < current.length ? current[index] : 0);
            Object[] args = entryPoint.generate(recorder);
            all.add(new GeneratedCase(args, recorder.recorded()));
            int[] values = recorder.recorded().toArray();
            List<Integer> bounds = recorder.bounds();
            int position = values.length - 1;
            while (position >= 0 && values[position] + 1 >= bounds.get(position)) {
                position--;
            }
            if (position < 0 || all.size() >= MAX_ENUMERATED) {
                return all;
            }
            prefix = Arrays.copyOf(values, position + 1);
            prefix[position]++;
        }
    }

    private static List<GeneratedCase> pairsInARow(List<CollisionProbes.Pair> pairs) {
        List<GeneratedCase> cases = new ArrayList<>();
        for (CollisionProbes.Pair pair : pairs) {
            cases.add(pair.first());
            cases.add(pair.second());
        }
        return cases;
    }

    /**
     * The inputs collision partners are made from: every kind's simplest form, the boundary
     * inputs, and small random inputs of the seed's own.
     */
    private List<GeneratedCase> probePool() {
        List<GeneratedCase> pool = new ArrayList<>();
        for (int kind = 0; kind < kinds; kind++) {
            int k = kind;
            pool.add(generate((index, bound) -> index == 0 ? k : 0));
        }
        pool.addAll(extremes);
        for (int i = 0; i < PROBE_POOL_RANDOM; i++) {
            SplittableRandom random = new SplittableRandom(mix(seed, -3_000_000L - i));
            int cap = 2 + i / 4;
            pool.add(generate((position, bound) -> position == 0 || random.nextInt(4) == 0
                    ? random.nextInt(bound) : random.nextInt(Math.min(bound, cap))));
        }
        return pool;
    }

    /** The case the kata's encoder gives for {@code args}, if it has one and it draws them. */
    private Optional<GeneratedCase> drawnByEncoder(Object[] args) {
        try {
            return entryPoint.encode(args).map(choices -> replay(entryPoint, choices));
        } catch (RuntimeException e) {
            return Optional.empty(); // not an input the encoder knows
        }
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
