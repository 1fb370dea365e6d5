package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.List;

/**
 * Lowers each draw: to 0, then to values spread below it (its halves, and v - 1), a binary search
 * spread over rounds, so a value of any size shrinks in a few dozen calls.
 */
public final class MinimizeValues implements ShrinkPass {

    @Override
    public String name() {
        return "minimize values";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            for (int lower : lowerValues(values[i])) {
                candidates.add(Shape.with(values, i, lower));
            }
        }
        return candidates;
    }

    /** 0, then values spread below {@code v}: its halves down to 1, v - 1, and a few near it; ascending. */
    static int[] lowerValues(int v) {
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
}
