package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.List;

/**
 * A simpler kind of input (a lower first draw) with the rest kept: the same tail, or the tail
 * from any of the next {@link DeleteParts#COUNT_REACH} draws on.
 */
public final class LowerKind implements ShrinkPass {

    @Override
    public String name() {
        return "lower kind";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        for (int kind = 0; values.length > 0 && kind < values[0]; kind++) {
            for (int from = 1; from <= values.length && from <= 1 + DeleteParts.COUNT_REACH; from++) {
                int[] edited = new int[1 + values.length - from];
                edited[0] = kind;
                System.arraycopy(values, from, edited, 1, values.length - from);
                candidates.add(ChoiceSequence.of(edited));
            }
        }
        return candidates;
    }
}
