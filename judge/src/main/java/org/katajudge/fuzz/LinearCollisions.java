package org.katajudge.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
 *
 * <p>One file past 300 lines: the three searches solve one equation with the same weights and
 * modulus, and their order (fewest changes first) is only visible with all three in view.
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

    /** Two changes whose terms cancel: for each term in order, the later-slot terms equal to its negation, in order. */
    private static void pairs(List<Term> terms, long mask, int limit, List<List<Change>> found) {
        // the nonzero terms chained by value, each chain in the terms' order (a primitive hash: no boxing)
        int slots = Integer.highestOneBit(Math.max(1, terms.size())) * 4;
        long[] values = new long[slots];
        int[] first = new int[slots];
        int[] last = new int[slots];
        int[] next = new int[terms.size()];
        Arrays.fill(first, -1);
        for (int i = 0; i < terms.size(); i++) {
            long term = terms.get(i).term();
            next[i] = -1;
            if (term != 0) {
                int slot = slot(values, first, term);
                if (first[slot] < 0) {
                    values[slot] = term;
                    first[slot] = i;
                } else {
                    next[last[slot]] = i;
                }
                last[slot] = i;
            }
        }
        for (Term term : terms) {
            if (term.term() == 0) {
                continue;
            }
            for (int j = first[slot(values, first, (-term.term()) & mask)]; j >= 0; j = next[j]) {
                Term second = terms.get(j);
                if (second.slot() > term.slot()) {
                    if (found.size() >= limit) {
                        return;
                    }
                    found.add(List.of(change(term), change(second)));
                }
            }
        }
    }

    /** Where {@code value} is, or would go, in an open-addressed hash of {@code values} ({@code first} -1: free). */
    private static int slot(long[] values, int[] first, long value) {
        int mask = values.length - 1;
        int slot = (int) ((value * 0x9E3779B97F4A7C15L) >>> 40) & mask;
        while (first[slot] >= 0 && values[slot] != value) {
            slot = (slot + 1) & mask;
        }
        return slot;
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
        /** The terms' values, as {@link #bySlot}: read in the innermost loop of a lookup. */
        private final long[][] termsBySlot;

        Side(List<Term> terms) {
            List<List<Term>> slots = new ArrayList<>();
            for (Term term : terms) {
                if (slots.isEmpty() || slots.get(slots.size() - 1).get(0).slot() != term.slot()) {
                    slots.add(new ArrayList<>());
                }
                slots.get(slots.size() - 1).add(term);
            }
            bySlot = new Term[slots.size()][];
            termsBySlot = new long[slots.size()][];
            for (int s = 0; s < bySlot.length; s++) {
                bySlot[s] = slots.get(s).toArray(new Term[0]);
                termsBySlot[s] = new long[bySlot[s].length];
                for (int j = 0; j < bySlot[s].length; j++) {
                    termsBySlot[s][j] = bySlot[s][j].term();
                }
            }
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

        /** Every choice of {@code k} terms with its sum, each sum's choices in walk order. */
        Table table(int k, long mask) {
            int size = (int) combinations(k);
            Table table = new Table(size, k);
            walk(k, 0, new Term[k], 0, 0, mask, table);
            return table;
        }

        /**
         * Every choice of {@code k} terms looked up in {@code table}: each match is a solution,
         * in walk order, and for one choice in the order of the table's walk.
         */
        void lookUp(int k, Table table, long mask, int limit, List<List<Change>> found) {
            if (found.size() >= limit) {
                return;
            }
            lookUp(k, 0, new Term[k], 0, 0, mask, table, limit, found);
        }

        /**
         * The walk of {@link #walk} with its last choice made in a loop of its own: a choice's sum
         * is looked up where it is made (a lookup is most of a probe search's time, and a fresh
         * judge grading one submission pays it in full). True once {@code limit} solutions are found.
         */
        private boolean lookUp(int k, int from, Term[] chosen, int depth, long sum, long mask, Table table, int limit,
                               List<List<Change>> found) {
            if (depth == k - 1) {
                for (int s = from; s < bySlot.length; s++) {
                    long[] terms = termsBySlot[s];
                    for (int j = 0; j < terms.length; j++) {
                        int first = table.first((-((sum + terms[j]) & mask)) & mask);
                        if (first >= 0) {
                            chosen[depth] = bySlot[s][j];
                            if (table.solutions(first, chosen, limit, found)) {
                                return true;
                            }
                        }
                    }
                }
                return false;
            }
            for (int s = from; s <= bySlot.length - (k - depth); s++) {
                for (Term term : bySlot[s]) {
                    chosen[depth] = term;
                    if (lookUp(k, s + 1, chosen, depth + 1, (sum + term.term()) & mask, mask, table, limit, found)) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** Adds every choice of {@code k} terms of distinct slots to {@code table}, in slot order. */
        private void walk(int k, int from, Term[] chosen, int depth, long sum, long mask, Table table) {
            if (depth == k) {
                table.add(chosen, sum);
                return;
            }
            for (int s = from; s <= bySlot.length - (k - depth); s++) {
                for (Term term : bySlot[s]) {
                    chosen[depth] = term;
                    walk(k, s + 1, chosen, depth + 1, (sum + term.term()) & mask, mask, table);
                }
            }
        }
    }

    /**
     * The choices of one side, {@code k} terms each, found by their sum: a hash of the distinct
     * sums, each with its chain of choices in the order they were added, and before it a bit per
     * hash value that says whether any sum has it. Most lookups find no sum: the bits (8 to 16
     * per choice, so they stay in a core's cache) answer them without reading the table.
     */
    private static final class Table {
        private static final long SPREAD = 0x9E3779B97F4A7C15L;
        private final int k;
        private final Term[] chosen;
        private final int[] next;
        private final long[] sums;
        private final int[] first;
        private final int[] last;
        private final int mask;
        private final long[] seen;
        private final int seenShift;
        private int size;

        Table(int capacity, int k) {
            this.k = k;
            this.chosen = new Term[capacity * k];
            this.next = new int[capacity];
            int slots = Integer.highestOneBit(Math.max(1, capacity)) * 4;
            this.sums = new long[slots];
            this.first = new int[slots];
            this.last = new int[slots];
            Arrays.fill(first, -1);
            this.mask = slots - 1;
            int seenBits = Integer.numberOfTrailingZeros(slots) + 2; // 4 bits per slot
            this.seen = new long[Math.max(1, (1 << seenBits) >>> 6)];
            this.seenShift = 64 - seenBits;
        }

        void add(Term[] terms, long sum) {
            int entry = size++;
            System.arraycopy(terms, 0, chosen, entry * k, k);
            next[entry] = -1;
            int slot = slot(sum);
            if (first[slot] < 0) {
                sums[slot] = sum;
                first[slot] = entry;
                long bit = (sum * SPREAD) >>> seenShift;
                seen[(int) (bit >>> 6)] |= 1L << bit;
            } else {
                next[last[slot]] = entry;
            }
            last[slot] = entry;
        }

        /** The first choice with this sum, or -1. */
        int first(long sum) {
            long bit = (sum * SPREAD) >>> seenShift;
            if ((seen[(int) (bit >>> 6)] & (1L << bit)) == 0) {
                return -1;
            }
            return first[slot(sum)];
        }

        /**
         * Adds the solutions of the choices from {@code entry} on with {@code terms} (the other
         * side's choice), until {@code limit}; true once it is reached.
         */
        boolean solutions(int entry, Term[] terms, int limit, List<List<Change>> found) {
            for (int e = entry; e >= 0 && found.size() < limit; e = next[e]) {
                List<Change> changes = new ArrayList<>();
                java.util.Set<Integer> slots = new java.util.HashSet<>();
                for (int j = e * k; j < e * k + k; j++) {
                    Term term = chosen[j];
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
        }

        private int slot(long sum) {
            int slot = (int) ((sum * SPREAD) >>> 40) & mask;
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
