package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceRecorder.Part;
import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Neighbouring parts of the same depth swapped, when that makes the sequence smaller. */
public final class Reorder implements ShrinkPass {

    @Override
    public String name() {
        return "reorder";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        for (Part first : shape.parts()) {
            for (Part second : shape.parts()) {
                if (second.start() == first.end() && second.depth() == first.depth()) {
                    int[] edited = values.clone();
                    System.arraycopy(values, second.start(), edited, first.start(), second.length());
                    System.arraycopy(values, first.start(), edited, first.start() + second.length(), first.length());
                    if (Arrays.compare(edited, values) < 0) {
                        candidates.add(ChoiceSequence.of(edited));
                    }
                }
            }
        }
        return candidates;
    }
}
