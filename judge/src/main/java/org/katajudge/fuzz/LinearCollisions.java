package org.katajudge.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Changes to a list of values that keep a linear key the same: {@code Σ w[i]·x[i] mod 2^k}. That
 * is what {@code String.hashCode}, {@code Arrays.hashCode}, {@code Arrays.deepHashCode},
 * {@code Objects.hash} and sums are, each with its own weights (powers of 31, or ones), so the
 * inputs that collide under them are the solutions of one equation. Found in a fixed order, fewest
 * changes first: one change whose term vanishes ({@code 65536·w} mod 2^16), two that cancel
 * ("Aa" and "BB", two cells of one anti-diagonal swapped, two characters swapped under a sum), and
 * for keys with no such pairs, two groups of changes whose terms cancel, found by meeting in the
 * middle (the way hash collisions are found: a table of one group's sums, looked up from the
 * other's). Pure: values in, changes out.
 */
final class LinearCollisions {

    /** The most entries of the meet-in-the-middle table, and of the lookups from the other side. */
    private static final long TABLE = 1 << 18;
    private static final long LOOKUPS = 1 << 22;
    /** The most changes on one side of the middle. */
    private static final int MOST_PER_SIDE = 4;

    /** Slot {@code slot} set to {@code value}. */
    record Change(int slot, long value) {
    }

    /** A single change with its term {@code (value - x)·w mod 2^k}. */
    private record Term(int slot, long value, long term) {
    }

    private LinearCollisions() {
    }

    /**
     * @param values    the current values
     * @param alphabets per slot, the values it may take (its own value is skipped)
     * @param middle    per slot, the (fewer) values it may take in the meet-in-the-middle search;
     *                  null for none
     * @param weights   per slot, its weight in the key
     * @param bits      the key's width: 32 for a hash or an int sum, 16 for a key of an int's low bits
     * @param limit     the most solutions wanted
     * @return sets of changes to distinct slots after which the key is the same, fewest changes first
     */
    static List<List<Change>> find(long[] values, long[][] alphabets, long[][] middle, long[] weights, int bits,
                                   int limit) {
        return find(values, alphabets, middle, weights, bits, limit, null);
    }

    /**
     * As {@link #find(long[], long[][], long[][], long[], int, int)}, meeting in the middle between
     * changes that matter and changes that do not when {@code matters} says which single changes
     * matter (alone, they change the answer: a piece placed, not a background mark swapped): then
     * every solution found that way has one, which is what makes two colliding inputs answer
     * differently.
     */
    static List<List<Change>> find(long[] values, long[][] alphabets, long[][] middle, long[] weights, int bits,
                                   int limit, java.util.function.Predicate<Change> matters) {
        long mask = bits >= 64 ? -1L : (1L << bits) - 1;
        List<Term> terms = terms(values, alphabets, weights, mask);
        List<List<Change>> found = new ArrayList<>();
        for (Term term : terms) {
            if (term.term() == 0 && found.size() < limit) {
                found.add(List.of(change(term)));
            }
        }
        pairs(terms, mask, limit, found);
        if (found.size() < limit && middle != null) {
            List<Term> middleTerms = terms(values, middle, weights, mask);
            if (matters != null) {
                List<Term> content = middleTerms.stream().filter(t -> matters.test(change(t))).toList();
                List<Term> rest = middleTerms.stream().filter(t -> !matters.test(change(t))).toList();
                if (!content.isEmpty() && !rest.isEmpty()) {
                    meetInTheMiddle(new Side(content), new Side(rest), mask, limit, found);
                    return found;
                }
            }
            meetInTheMiddle(middleTerms, mask, limit, found);
        }
        return found;
    }

    private static List<Term> terms(long[] values, long[][] alphabets, long[] weights, long mask) {
        List<Term> terms = new ArrayList<>();
        for (int slot = 0; slot < values.length; slot++) {
            for (long value : alphabets[slot]) {
                if (value != values[slot]) {
                    terms.add(new Term(slot, value, ((value - values[slot]) * weights[slot]) & mask));
                }
            }
        }
        return terms;
    }

    /** Two changes whose terms cancel. */
    private static void pairs(List<Term> terms, long mask, int limit, List<List<Change>> found) {
        Map<Long, List<Term>> byTerm = new HashMap<>();
        for (Term term : terms) {
            if (term.term() != 0) {
                byTerm.computeIfAbsent(term.term(), t -> new ArrayList<>()).add(term);
            }
        }
        for (Term first : terms) {
            if (first.term() == 0) {
                continue;
            }
            for (Term second : byTerm.getOrDefault((-first.term()) & mask, List.of())) {
                if (second.slot() > first.slot()) {
                    if (found.size() >= limit) {
                        return;
                    }
                    found.add(List.of(change(first), change(second)));
                }
            }
        }
    }

    /**
     * Changes in the first half of the slots against changes in the second half: the sums of
     * {@code t} changes on one side in a sorted table, looked up from every {@code u} changes on
     * the other, with {@code t} and {@code u} the fewest for which a few solutions are expected.
     */
    private static void meetInTheMiddle(List<Term> terms, long mask, int limit, List<List<Change>> found) {
        if (terms.size() < 2) {
            return;
        }
        int middle = terms.get(terms.size() / 2).slot();
        meetInTheMiddle(new Side(terms.stream().filter(t -> t.slot() < middle).toList()),
                new Side(terms.stream().filter(t -> t.slot() >= middle).toList()), mask, limit, found);
    }

    /** Choices of terms on one side against choices on the other, whichever side makes the smaller table. */
    private static void meetInTheMiddle(Side left, Side right, long mask, int limit, List<List<Change>> found) {
        double space = (double) mask + 1;
        for (int total = 3; total <= 2 * MOST_PER_SIDE && found.size() < limit; total++) {
            for (int t = Math.max(1, total - MOST_PER_SIDE); t <= Math.min(MOST_PER_SIDE, total - 1); t++) {
                int u = total - t;
                // t changes on the left, u on the right; either side may be the table
                for (boolean leftTable : new boolean[] {true, false}) {
                    Side tableSide = leftTable ? left : right;
                    Side lookupSide = leftTable ? right : left;
                    int inTable = leftTable ? t : u;
                    int lookedUp = leftTable ? u : t;
                    double tableSize = tableSide.combinations(inTable);
                    double lookups = lookupSide.combinations(lookedUp);
                    if (tableSize > TABLE || lookups > LOOKUPS || tableSize * lookups / space < 1) {
                        continue;
                    }
                    lookupSide.lookUp(lookedUp, tableSide.table(inTable, mask), mask, limit, found);
                    if (found.size() >= limit) {
                        return;
                    }
                    break; // one way round is enough
                }
            }
        }
    }

    /** One side of the middle: its terms grouped by slot, in slot order. */
    private static final class Side {
        private final Term[][] bySlot;

        Side(List<Term> terms) {
            List<List<Term>> slots = new ArrayList<>();
            for (Term term : terms) {
                if (slots.isEmpty() || slots.get(slots.size() - 1).get(0).slot() != term.slot()) {
                    slots.add(new ArrayList<>());
                }
                slots.get(slots.size() - 1).add(term);
            }
            bySlot = slots.stream().map(list -> list.toArray(Term[]::new)).toArray(Term[][]::new);
        }

        /** How many ways of choosing {@code k} terms of distinct slots: the elementary symmetric sum of the slots' counts. */
        double combinations(int k) {
            double[] ways = new double[k + 1];
            ways[0] = 1;
            for (Term[] slot : bySlot) {
                for (int j = k; j >= 1; j--) {
                    ways[j] += ways[j - 1] * slot.length;
                }
            }
            return ways[k];
        }

        /** Every choice of {@code k} terms with its sum, sorted by sum. */
        Table table(int k, long mask) {
            int size = (int) combinations(k);
            long[] keys = new long[size];
            Term[] chosen = new Term[size * k];
            int[] count = {0};
            walk(k, 0, new Term[k], 0, 0, mask, (terms, sum) -> {
                keys[count[0]] = (sum << 24) | count[0]; // at most 2^19 entries: the index fits below the sum
                System.arraycopy(terms, 0, chosen, count[0] * k, k);
                count[0]++;
                return false;
            });
            Arrays.sort(keys);
            return new Table(keys, chosen, k, Sums.of(keys));
        }

        /** Every choice of {@code k} terms looked up in {@code table}: each match is a solution. */
        void lookUp(int k, Table table, long mask, int limit, List<List<Change>> found) {
            if (found.size() >= limit) {
                return;
            }
            walk(k, 0, new Term[k], 0, 0, mask, (terms, sum) -> {
                long wanted = (-sum) & mask;
                for (int i = table.sums.first(wanted); i >= 0 && i < table.keys.length
                        && (table.keys[i] >>> 24) == wanted && found.size() < limit; i++) {
                    List<Change> changes = new ArrayList<>();
                    java.util.Set<Integer> slots = new java.util.HashSet<>();
                    int entry = (int) (table.keys[i] & 0xFFFFFF) * table.k;
                    for (int j = entry; j < entry + table.k; j++) {
                        Term term = table.chosen[j];
                        changes.add(change(term));
                        slots.add(term.slot());
                    }
                    boolean disjoint = true;
                    for (Term term : terms) {
                        changes.add(change(term));
                        disjoint &= slots.add(term.slot());
                    }
                    if (disjoint) { // two sides split by kind of change may touch one slot: not a solution
                        found.add(List.copyOf(changes));
                    }
                }
                return found.size() >= limit;
            });
        }

        /** Calls {@code leaf} with every choice of {@code k} terms of distinct slots, in slot order, until it says stop. */
        private boolean walk(int k, int from, Term[] chosen, int depth, long sum, long mask, Leaf leaf) {
            if (depth == k) {
                return leaf.accept(chosen, sum);
            }
            for (int s = from; s <= bySlot.length - (k - depth); s++) {
                for (Term term : bySlot[s]) {
                    chosen[depth] = term;
                    if (walk(k, s + 1, chosen, depth + 1, (sum + term.term()) & mask, mask, leaf)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /** What {@link Side#walk} does with each choice of terms; true to stop the walk. */
    private interface Leaf {
        boolean accept(Term[] terms, long sum);
    }

    /**
     * Sums (shifted, with the entry's index below) sorted, the terms of entry {@code e} at
     * {@code chosen[e·k ..]}, and where each sum starts among the keys.
     */
    private record Table(long[] keys, Term[] chosen, int k, Sums sums) {
    }

    /**
     * The position of each sum's first key in a sorted table, by hashing: a lookup costs a probe
     * or two instead of a binary search's eighteen (the lookups are most of a probe search's time,
     * and a fresh judge grading one submission pays it in full).
     */
    private static final class Sums {
        private final long[] sums;
        private final int[] first;
        private final int mask;

        private Sums(int capacity) {
            sums = new long[capacity];
            first = new int[capacity];
            Arrays.fill(first, -1);
            mask = capacity - 1;
        }

        static Sums of(long[] sortedKeys) {
            Sums index = new Sums(Integer.highestOneBit(Math.max(1, sortedKeys.length)) * 4);
            for (int i = 0; i < sortedKeys.length; i++) {
                long sum = sortedKeys[i] >>> 24;
                if (i == 0 || (sortedKeys[i - 1] >>> 24) != sum) {
                    int slot = index.slot(sum);
                    index.sums[slot] = sum;
                    index.first[slot] = i;
                }
            }
            return index;
        }

        /** The position of the first key with this sum, or -1. */
        int first(long sum) {
            return first[slot(sum)];
        }

        private int slot(long sum) {
            int slot = (int) ((sum * 0x9E3779B97F4A7C15L) >>> 40) & mask;
            while (first[slot] >= 0 && sums[slot] != sum) {
                slot = (slot + 1) & mask;
            }
            return slot;
        }
    }

    private static Change change(Term term) {
        return new Change(term.slot(), term.value());
    }
}
