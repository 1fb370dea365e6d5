package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.List;

/** A count lowered by one and a span of up to 4 draws after it deleted: an element of a list without a marked part. */
public final class LowerAndDelete implements ShrinkPass {

    @Override
    public String name() {
        return "lower and delete";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (values[i] == 0) {
                continue;
            }
            for (int size = 1; size <= 4; size++) {
                for (int start = i + 1; start + size <= values.length && start <= i + DeleteParts.COUNT_REACH; start++) {
                    candidates.add(Shape.delete(values, start, start + size, i));
                }
            }
        }
        return candidates;
    }
}
