package org.katajudge.fuzz;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The solutions of the latest meet-in-the-middle searches (the costly part of probing, most
 * of a fresh judge's own work on a board kata): the same search asked again, by another
 * entry point of the kata or another submission, is answered at once with the same
 * solutions. Bounded; a search is a pure function of its key, so a hit changes nothing but
 * the time.
 */
final class MiddleSearches {

    /**
     * A meet-in-the-middle search by everything its solutions depend on (a copy: the key never
     * changes). Entry points that share a generator (a kata's methods on one board) start from
     * the same inputs, and so ask the same searches.
     */
    record Search(long[] values, long[][] alphabet, long[][] middle, long[] weights, int bits,
                  Set<String> matter) {
        Search {
            values = values.clone();
            alphabet = Arrays.stream(alphabet).map(long[]::clone).toArray(long[][]::new);
            middle = Arrays.stream(middle).map(long[]::clone).toArray(long[][]::new);
            weights = weights.clone();
            matter = Set.copyOf(matter);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Search that && bits == that.bits && Arrays.equals(values, that.values)
                    && Arrays.equals(weights, that.weights) && Arrays.deepEquals(alphabet, that.alphabet)
                    && Arrays.deepEquals(middle, that.middle) && matter.equals(that.matter);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values) * 31 + Arrays.hashCode(weights);
        }
    }

    private static final int KEPT = 32;
    private static final Map<Search, List<List<LinearCollisions.Change>>> SOLVED =
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Search, List<List<LinearCollisions.Change>>> eldest) {
                    return size() > KEPT;
                }
            };

    private MiddleSearches() {
    }

    /** The solutions of {@code search}: remembered ones, else {@code solve}'s, remembered. */
    static List<List<LinearCollisions.Change>> find(Search search,
                                                     Supplier<List<List<LinearCollisions.Change>>> solve) {
        synchronized (SOLVED) {
            List<List<LinearCollisions.Change>> known = SOLVED.get(search);
            if (known != null) {
                return known;
            }
        }
        List<List<LinearCollisions.Change>> solutions = List.copyOf(solve.get());
        synchronized (SOLVED) {
            SOLVED.put(search, solutions);
        }
        return solutions;
    }
}
