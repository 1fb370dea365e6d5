package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceRecorder.Part;
import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.List;

/** Sets whole parts, then runs of 8, 4, 2 and 1 draws, to zero: each thing drawn becomes its simplest form. */
public final class ZeroSpans implements ShrinkPass {

    @Override
    public String name() {
        return "zero";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        for (Part part : shape.parts()) {
            candidates.add(Shape.zero(values, part.start(), part.end()));
        }
        for (int size : new int[] {8, 4, 2, 1}) {
            for (int start = 0; start + size <= values.length; start++) {
                candidates.add(Shape.zero(values, start, start + size));
            }
        }
        ChoiceSequence unchanged = shape.sequence();
        candidates.removeIf(c -> c.equals(unchanged));
        return candidates;
    }
}
