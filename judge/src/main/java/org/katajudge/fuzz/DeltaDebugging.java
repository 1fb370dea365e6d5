package org.katajudge.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Zeller's delta debugging (ddmin): a 1-minimal sublist of items for which a test still fails,
 * trying chunks first, then their complements, at ever finer granularity. Generic and pure apart
 * from the test itself; {@link FailureAnalysis} uses it on the calls a failure depends on.
 */
final class DeltaDebugging {

    private DeltaDebugging() {
    }

    /**
     * @param items      a list for which {@code fails} holds
     * @param fails      the test; must hold for {@code items}
     * @param budgetLeft asked before each round: when false, the smallest list found so far is returned
     * @return a sublist (in order) for which {@code fails} holds and, unless the budget ran out,
     *         removing any one item makes it pass
     */
    static <T> List<T> minimize(List<T> items, Predicate<List<T>> fails, BooleanSupplier budgetLeft) {
        List<T> current = new ArrayList<>(items);
        int granularity = 2;
        while (current.size() >= 2 && budgetLeft.getAsBoolean()) {
            List<List<T>> chunks = split(current, granularity);
            boolean reduced = false;
            for (List<T> chunk : chunks) {
                if (fails.test(chunk)) {
                    current = new ArrayList<>(chunk);
                    granularity = 2;
                    reduced = true;
                    break;
                }
            }
            if (!reduced) {
                for (int i = 0; i < chunks.size() && !reduced; i++) {
                    List<T> complement = new ArrayList<>();
                    for (int j = 0; j < chunks.size(); j++) {
                        if (j != i) {
                            complement.addAll(chunks.get(j));
                        }
                    }
                    if (fails.test(complement)) {
                        current = complement;
                        granularity = Math.max(granularity - 1, 2);
                        reduced = true;
                    }
                }
            }
            if (!reduced) {
                if (granularity >= current.size()) {
                    break;
                }
                granularity = Math.min(current.size(), granularity * 2);
            }
        }
        return current;
    }

    /** {@code items} in {@code parts} chunks of (nearly) equal size, the empty ones left out. */
    static <T> List<List<T>> split(List<T> items, int parts) {
        List<List<T>> chunks = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < parts; i++) {
            int end = start + (items.size() - start) / (parts - i);
            chunks.add(new ArrayList<>(items.subList(start, end)));
            start = end;
        }
        chunks.removeIf(List::isEmpty);
        return chunks;
    }
}
