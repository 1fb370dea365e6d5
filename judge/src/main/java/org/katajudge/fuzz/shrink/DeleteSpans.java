package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.List;

/** Deletes runs of 8, 4, 3, 2 and 1 consecutive draws, wherever they start: for inputs without marked parts. */
public final class DeleteSpans implements ShrinkPass {

    @Override
    public String name() {
        return "delete spans";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        for (int size : new int[] {8, 4, 3, 2, 1}) {
            for (int start = 0; start + size <= values.length; start++) {
                candidates.add(Shape.delete(values, start, start + size, -1));
            }
        }
        return candidates;
    }
}
