package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceRecorder.Part;
import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A piece removed and a draw of another piece set to any value (below {@link #MOVE_VALUES}): two
 * pieces that show a bug together become one piece that shows it alone, somewhere else. Only for
 * cases of at most {@link #MOVE_PARTS} parts.
 */
public final class DeleteAndMove implements ShrinkPass {

    static final int MOVE_PARTS = 12;
    static final int MOVE_VALUES = 128;

    @Override
    public String name() {
        return "delete and move";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        List<ChoiceSequence> candidates = new ArrayList<>();
        List<Part> parts = shape.parts();
        if (parts.size() > MOVE_PARTS) {
            return candidates;
        }
        int[] values = shape.values();
        boolean[] inPart = new boolean[values.length];
        parts.forEach(p -> Arrays.fill(inPart, p.start(), p.end(), true));
        for (Part part : parts) {
            for (int i = 0; i < values.length; i++) {
                if (!inPart[i] || i >= part.start() && i < part.end()) {
                    continue; // only another piece moves (a background draw is no piece)
                }
                for (int value = 0; value < Math.min(shape.bound(i), MOVE_VALUES); value++) {
                    if (value == values[i]) {
                        continue;
                    }
                    int[] moved = values.clone();
                    moved[i] = value;
                    candidates.add(Shape.delete(moved, part.start(), part.end(), -1));
                    for (Part outer : parts) {
                        if (outer.start() < part.start() && outer.end() >= part.end() && moved[outer.start()] > 0) {
                            candidates.add(Shape.delete(moved, part.start(), part.end(), outer.start()));
                        }
                    }
                }
            }
        }
        return candidates;
    }
}
