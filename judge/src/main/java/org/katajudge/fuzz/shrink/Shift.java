package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.List;

/**
 * One draw raised and a nearby one lowered by as much (1, 2, 4, ...): a start square moved one
 * way and a vector shortened by as much keeps where the move lands, with a smaller vector. Only
 * on sequences up to {@link #SHIFT_LENGTH} draws, between draws {@link #SHIFT_REACH} apart at most.
 */
public final class Shift implements ShrinkPass {

    static final int SHIFT_LENGTH = 48;
    static final int SHIFT_REACH = 8;

    @Override
    public String name() {
        return "shift";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        for (int i = 0; values.length <= SHIFT_LENGTH && i < values.length; i++) {
            for (int j = Math.max(0, i - SHIFT_REACH); j < Math.min(values.length, i + SHIFT_REACH + 1); j++) {
                for (int step = 1; j != i && step <= values[j]; step *= 2) {
                    if (values[i] + step < shape.bound(i)) {
                        int[] edited = values.clone();
                        edited[i] += step;
                        edited[j] -= step;
                        candidates.add(ChoiceSequence.of(edited));
                    }
                }
            }
        }
        return candidates;
    }
}
