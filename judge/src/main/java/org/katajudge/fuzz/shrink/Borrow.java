package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.List;

/**
 * A digit of a number drawn in several draws lowered, the next one raised to its top: (1, 0)
 * becomes (0, 65535), which {@link MinimizeValues} then brings down.
 */
public final class Borrow implements ShrinkPass {

    @Override
    public String name() {
        return "borrow";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        for (int i = 0; i + 1 < values.length; i++) {
            if (values[i] > 0 && values[i + 1] < shape.bound(i + 1) - 1) {
                int[] edited = values.clone();
                edited[i]--;
                edited[i + 1] = shape.bound(i + 1) - 1;
                candidates.add(ChoiceSequence.of(edited));
            }
        }
        return candidates;
    }
}
