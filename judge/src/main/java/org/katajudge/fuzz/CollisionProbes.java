package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.ValueType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * (Why one file past 300 lines: each key family below, polynomial hashes, sums, prefixes, low
 * bits, is a short search over the same pair-building code; split apart they would share most of
 * their state. The flattened input is {@link FlatInput}, the memo of searches {@link MiddleSearches}.)
 *
 * <p>Pairs of valid inputs that collide under the keys a memo or a cache is commonly (and wrongly)
 * built on, with different answers: asked one right after the other, the second gets the first
 * one's answer from such a memo. Student code memoises on {@code hashCode()} far more often than
 * on the input itself; a fuzzer that knows its input types can ask for the collisions instead of
 * waiting to draw one by luck (a 32-bit hash practically never collides at random).
 *
 * <p>The keys covered, for each entry point:
 * <ul>
 *   <li>{@code String.hashCode}, {@code Arrays.hashCode} and {@code Arrays.deepHashCode} of each
 *       argument, and {@code Objects.hash} of all of them (also {@code List.hashCode} and any other
 *       31-polynomial of the values);</li>
 *   <li>the sum of each argument's characters, elements or cells, and of all arguments' together
 *       (also any key that ignores their order: sorted characters, counts of each value);</li>
 *   <li>a truncated key: a prefix of the input (the partner differs only as near its end as can be,
 *       the last argument included), and an int's low 16 bits ({@code (short)}, {@code & 0xFFFF}).</li>
 * </ul>
 * A partner is made from an input the generator drew by changing some of its values to values the
 * generator puts there ({@link LinearCollisions} solves the equation of each key); it is kept only
 * when the reference accepts it, answers it differently, and the generator draws it too (the kata's
 * encoder, or the enumeration of a small domain), so that every probe replays from its choices.
 * Deterministic: the same pool gives the same pairs.
 */
final class CollisionProbes {

    /** Pairs wanted per key. */
    static final int PAIRS_PER_KEY = 2;
    /** Inputs of the pool tried per key, the smallest first. */
    private static final int INPUTS_TRIED = 256;
    /** Of those, how many may go to the costly meet-in-the-middle search. */
    private static final int MIDDLE_TRIED = 3;
    /** Solutions checked per input and key. */
    private static final int SOLUTIONS_TRIED = 24;
    /** Values a slot may take, the most frequent in the pool first. */
    private static final int ALPHABET = 24;
    /** Values a slot may take when meeting in the middle, if the input's own values are too few. */
    private static final int MIDDLE_ALPHABET = 4;

    /** Two colliding inputs and the key they collide under. */
    record Pair(GeneratedCase first, GeneratedCase second, String key) {
    }

    /** A key that is a linear form of the values: its weight per slot (0 outside the slots it reads). */
    private record LinearKey(String name, long[] weights, int bits) {
    }

    private CollisionProbes() {
    }

    /**
     * @param pool    inputs the generator drew, to start from
     * @param drawing the case the generator draws for given arguments, if it can draw them
     */
    static List<Pair> of(EntryPoint entryPoint, List<GeneratedCase> pool,
                         Function<Object[], Optional<GeneratedCase>> drawing) {
        List<GeneratedCase> inputs = new ArrayList<>(pool);
        Map<GeneratedCase, Long> sizes = new java.util.IdentityHashMap<>(); // measured once, not at every comparison
        inputs.sort((a, b) -> {
            long sizeA = sizes.computeIfAbsent(a, input -> entryPoint.size(input.args()));
            long sizeB = sizes.computeIfAbsent(b, input -> entryPoint.size(input.args()));
            return sizeA != sizeB ? Long.compare(sizeA, sizeB) : a.choices().compareTo(b.choices());
        });
        Map<String, long[]> alphabets = alphabets(entryPoint, inputs);
        Map<String, List<Pair>> byKey = new LinkedHashMap<>();
        Set<String> partners = new HashSet<>();
        Search search = new Search(entryPoint, drawing, partners);
        for (String key : keyNames(entryPoint)) {
            byKey.put(key, new ArrayList<>());
        }
        for (String key : byKey.keySet()) {
            List<Pair> pairs = byKey.get(key);
            int middle = 0;
            for (int i = 0; i < inputs.size() && i < INPUTS_TRIED && pairs.size() < PAIRS_PER_KEY; i++) {
                GeneratedCase input = inputs.get(i);
                FlatInput flat = FlatInput.of(entryPoint, input.args());
                boolean allowMiddle = middle < MIDDLE_TRIED;
                Optional<Pair> pair = search.partner(key, input, flat, alphabets, allowMiddle);
                if (search.middleUsed) {
                    middle++;
                }
                pair.ifPresent(pairs::add);
            }
        }
        List<Pair> all = new ArrayList<>();
        for (int round = 0; round < PAIRS_PER_KEY; round++) {
            for (List<Pair> pairs : byKey.values()) {
                if (round < pairs.size()) {
                    all.add(pairs.get(round));
                }
            }
        }
        return all;
    }

    /** The names of the keys probed for an entry point, in the order probed. */
    static List<String> keyNames(EntryPoint entryPoint) {
        List<String> names = new ArrayList<>();
        List<ValueType> types = entryPoint.parameters();
        List<String> params = entryPoint.parameterNames();
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i) != ValueType.BOOLEAN) {
                names.add("hashCode of " + params.get(i));
            }
        }
        if (types.size() > 1) {
            names.add("Objects.hash of all arguments");
        }
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i) != ValueType.BOOLEAN && types.get(i) != ValueType.INT) {
                names.add("sum of " + params.get(i));
            }
        }
        if (types.size() > 1) {
            names.add("sum of all arguments");
        }
        names.add("a prefix of the input");
        if (types.contains(ValueType.INT) || types.contains(ValueType.INT_ARRAY)) {
            names.add("the low 16 bits of an int");
        }
        return names;
    }

    private static boolean keyIsPolynomial(String key) {
        return key.startsWith("hashCode") || key.startsWith("Objects.hash");
    }

    /** Per slot position, the values the pool has there, the most frequent first. */
    private static Map<String, long[]> alphabets(EntryPoint entryPoint, List<GeneratedCase> pool) {
        Map<String, Map<Long, Integer>> counts = new HashMap<>();
        for (GeneratedCase input : pool) {
            FlatInput flat = FlatInput.of(entryPoint, input.args());
            for (int s = 0; s < flat.values.length; s++) {
                counts.computeIfAbsent(flat.position(s), p -> new HashMap<>()).merge(flat.values[s], 1, Integer::sum);
            }
        }
        Map<String, long[]> alphabets = new HashMap<>();
        counts.forEach((position, values) -> alphabets.put(position, values.entrySet().stream()
                .sorted((a, b) -> !a.getValue().equals(b.getValue()) ? b.getValue() - a.getValue()
                        : Long.compare(a.getKey(), b.getKey()))
                .limit(ALPHABET).mapToLong(Map.Entry::getKey).toArray()));
        return alphabets;
    }

    /** Finding one partner for one input under one key. */
    private static final class Search {
        private final EntryPoint entryPoint;
        private final Function<Object[], Optional<GeneratedCase>> drawing;
        private final Set<String> partners;
        /** Whether the last {@link #partner} call met in the middle. */
        private boolean middleUsed;

        Search(EntryPoint entryPoint, Function<Object[], Optional<GeneratedCase>> drawing, Set<String> partners) {
            this.entryPoint = entryPoint;
            this.drawing = drawing;
            this.partners = partners;
        }

        Optional<Pair> partner(String key, GeneratedCase input, FlatInput flat, Map<String, long[]> alphabets,
                               boolean allowMiddle) {
            Optional<Explanation> answer = answer(input.args());
            if (answer.isEmpty() || flat.values.length == 0) {
                return Optional.empty();
            }
            List<List<LinearCollisions.Change>> solutions;
            middleUsed = false;
            if (key.equals("a prefix of the input")) {
                solutions = lastChanges(flat, alphabets);
            } else if (key.equals("the low 16 bits of an int")) {
                solutions = lowBits(flat);
            } else {
                LinearKey linear = linearKey(key, flat);
                long[][] alphabet = alphabetOf(linear, flat, alphabets);
                long[][] wide = allowMiddle && keyIsPolynomial(key) ? middle(flat, alphabet) : null;
                Set<String> matter = wide == null ? Set.of() : matters(flat, wide, answer.get());
                // no single change alters the answer: a costly search would find look-alikes
                long[][] middle = matter.isEmpty() ? null : wide;
                middleUsed = middle != null;
                solutions = middle == null ? find(flat, alphabet, null, linear, matter)
                        : MiddleSearches.find(new MiddleSearches.Search(flat.values, alphabet, middle, linear.weights(),
                                linear.bits(), matter), () -> find(flat, alphabet, middle, linear, matter));
            }
            int tried = 0;
            for (List<LinearCollisions.Change> changes : solutions) {
                if (tried++ >= SOLUTIONS_TRIED) {
                    break;
                }
                Object[] args = flat.with(changes);
                Optional<Explanation> other = answer(args);
                if (other.isEmpty() || entryPoint.returns().equal(answer.get().answer(), other.get().answer())) {
                    continue; // invalid, or answered alike: a memo would be right by chance
                }
                Optional<GeneratedCase> drawn = drawing.apply(args);
                if (drawn.isPresent() && Arrays.deepEquals(drawn.get().args(), args)
                        && partners.add(Arrays.deepToString(args))) {
                    return Optional.of(new Pair(input, drawn.get(), key));
                }
            }
            return Optional.empty();
        }

        private static List<List<LinearCollisions.Change>> find(FlatInput flat, long[][] alphabet, long[][] middle,
                                                                  LinearKey linear, Set<String> matter) {
            return LinearCollisions.find(flat.values, alphabet, middle, linear.weights(), linear.bits(),
                    SOLUTIONS_TRIED, change -> matter.contains(change.slot() + "=" + change.value()));
        }

        /** The single changes that alone make the input answer differently (a piece placed, not a mark swapped). */
        private Set<String> matters(FlatInput flat, long[][] middle, Explanation answer) {
            Set<String> matter = new HashSet<>();
            for (int s = 0; s < middle.length; s++) {
                for (long value : middle[s]) {
                    LinearCollisions.Change change = new LinearCollisions.Change(s, value);
                    Optional<Explanation> other = answer(flat.with(List.of(change)));
                    if (other.isPresent() && !entryPoint.returns().equal(answer.answer(), other.get().answer())) {
                        matter.add(s + "=" + value);
                    }
                }
            }
            return matter;
        }

        /**
         * The values each slot may take when meeting in the middle: those the input has anywhere
         * (a board keeps its own style of background, and the search stays small), or when that
         * leaves too few, the slot's {@link #MIDDLE_ALPHABET} most frequent; null when even that
         * leaves less than one change per slot on average.
         */
        private static long[][] middle(FlatInput flat, long[][] alphabet) {
            Set<Long> vocabulary = new HashSet<>();
            Arrays.stream(flat.values).forEach(vocabulary::add);
            long[][] middle = new long[alphabet.length][];
            long own = 0;
            long[] words = vocabulary.stream().mapToLong(Long::longValue).sorted().toArray();
            for (int s = 0; s < alphabet.length; s++) {
                long x = flat.values[s];
                // a slot the generator varies may take any value the input has (a general off its
                // palace is a board too); a slot it never varies (a line's end) stays
                middle[s] = alphabet[s].length <= 1 ? new long[0] : Arrays.stream(words).filter(v -> v != x).toArray();
                own += middle[s].length;
            }
            if (own >= 2L * alphabet.length) {
                return middle;
            }
            long frequent = 0;
            for (int s = 0; s < alphabet.length; s++) {
                long x = flat.values[s];
                middle[s] = Arrays.stream(alphabet[s]).filter(v -> v != x).limit(MIDDLE_ALPHABET).toArray();
                frequent += middle[s].length;
            }
            return frequent >= alphabet.length ? middle : null;
        }

        /** Per slot, the values it may take under a key: none where the key does not read it. */
        private static long[][] alphabetOf(LinearKey linear, FlatInput flat, Map<String, long[]> alphabets) {
            long[][] alphabet = new long[flat.values.length][];
            for (int s = 0; s < alphabet.length; s++) {
                alphabet[s] = linear.weights()[s] == 0 ? new long[0] : with(alphabets.get(flat.position(s)), flat, s);
            }
            return alphabet;
        }

        /** The slot's alphabet; for an int, also its neighbours at 1 and 31 (where {@code Arrays.hashCode} collides). */
        private static long[] with(long[] alphabet, FlatInput flat, int slot) {
            long[] known = alphabet == null ? new long[0] : alphabet;
            if (!flat.isInt(slot)) {
                return known;
            }
            long x = flat.values[slot];
            long[] more = Arrays.copyOf(known, known.length + 4);
            more[known.length] = x + 1;
            more[known.length + 1] = x - 1;
            more[known.length + 2] = x + 31;
            more[known.length + 3] = x - 31;
            return Arrays.stream(more).filter(v -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE).distinct().toArray();
        }

        private Optional<Explanation> answer(Object[] args) {
            try {
                return Optional.of(Fuzzer.expected(entryPoint, args));
            } catch (RuntimeException e) {
                return Optional.empty(); // not a valid input
            }
        }

        /** One value changed, the last slots first: every key that reads a prefix of the input collides. */
        private static List<List<LinearCollisions.Change>> lastChanges(FlatInput flat, Map<String, long[]> alphabets) {
            List<List<LinearCollisions.Change>> changes = new ArrayList<>();
            for (int s = flat.values.length - 1; s >= 0 && changes.size() < SOLUTIONS_TRIED; s--) {
                long[] alphabet = with(alphabets.get(flat.position(s)), flat, s);
                for (long value : alphabet) {
                    if (value != flat.values[s]) {
                        changes.add(List.of(new LinearCollisions.Change(s, value)));
                    }
                }
            }
            return changes;
        }

        /** One int moved by 65536 either way: its low 16 bits stay. */
        private static List<List<LinearCollisions.Change>> lowBits(FlatInput flat) {
            List<List<LinearCollisions.Change>> changes = new ArrayList<>();
            for (int s = 0; s < flat.values.length; s++) {
                if (flat.isInt(s)) {
                    for (long step : new long[] {65536, -65536}) {
                        long value = flat.values[s] + step;
                        if (value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
                            changes.add(List.of(new LinearCollisions.Change(s, value)));
                        }
                    }
                }
            }
            return changes;
        }
    }

    /** The weights of a named linear key for one input's slots. */
    private static LinearKey linearKey(String key, FlatInput flat) {
        long[] weights = new long[flat.values.length];
        int args = flat.args.length;
        for (int s = 0; s < weights.length; s++) {
            int arg = flat.arg(s);
            String param = flat.parameterNames.get(arg);
            weights[s] = switch (key) {
                case "Objects.hash of all arguments" -> flat.ownWeight(s) * pow31(args - 1 - arg);
                case "sum of all arguments" -> 1;
                default -> key.equals("hashCode of " + param) ? flat.ownWeight(s)
                        : key.equals("sum of " + param) ? 1 : 0;
            };
            weights[s] &= 0xFFFFFFFFL;
        }
        return new LinearKey(key, weights, 32);
    }

    static long pow31(int exponent) {
        long power = 1;
        for (int i = 0; i < exponent; i++) {
            power = (power * 31) & 0xFFFFFFFFL;
        }
        return power;
    }
}
