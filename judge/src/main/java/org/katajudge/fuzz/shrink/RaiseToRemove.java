package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.List;

/** Other small values (below 6) of each draw, higher ones included: such a candidate is kept only when the input's size drops. */
public final class RaiseToRemove implements ShrinkPass {

    private static final int VALUES = 6;

    @Override
    public String name() {
        return "raise to remove";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            for (int value = 0; value < Math.min(shape.bound(i), VALUES); value++) {
                if (value != values[i]) {
                    candidates.add(Shape.with(values, i, value));
                }
            }
        }
        return candidates;
    }
}
