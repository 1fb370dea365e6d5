package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceRecorder.Part;
import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Deletes whole parts, longest first: a piece goes however many draws it took. With each, the
 * count before it is lowered: the value that opens an enclosing part, or any non-zero value up
 * to {@link #COUNT_REACH} draws before it (a list draws its length first).
 */
public final class DeleteParts implements ShrinkPass {

    /** How far before a deleted part the pass looks for the count to lower. */
    static final int COUNT_REACH = 16;

    @Override
    public String name() {
        return "delete parts";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        List<Part> parts = new ArrayList<>(shape.parts());
        parts.sort(Comparator.comparingInt(Part::length).reversed().thenComparingInt(Part::start));
        for (Part part : parts) {
            candidates.add(Shape.delete(values, part.start(), part.end(), -1));
            for (Part outer : shape.parts()) {
                if (outer.start() < part.start() && outer.end() >= part.end() && values[outer.start()] > 0) {
                    candidates.add(Shape.delete(values, part.start(), part.end(), outer.start()));
                }
            }
            for (int count = part.start() - 1; count >= 0 && count >= part.start() - COUNT_REACH; count--) {
                if (values[count] > 0) {
                    candidates.add(Shape.delete(values, part.start(), part.end(), count));
                }
            }
        }
        return candidates;
    }
}
