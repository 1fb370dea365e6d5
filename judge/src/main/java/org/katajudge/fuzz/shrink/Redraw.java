package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceSequence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * For each draw, some lower values, each followed by small random choices instead of the old
 * tail; for the first draw, the kind of input, every other kind with many tails: a kind whose
 * small inputs fail too is the biggest simplification there is (a bug shown by six soldiers may
 * also show with two generals), and its failing inputs are a small part of it. Deterministic:
 * the tails are seeded from the sequence being shrunk.
 */
public final class Redraw implements ShrinkPass {

    /** Values tried below a choice, and fresh tails per value. */
    private static final int REDRAW_VALUES = 8;
    private static final int REDRAW_TAILS = 4;
    private static final int REDRAW_KIND_TAILS = 96;

    @Override
    public String name() {
        return "redraw";
    }

    @Override
    public List<ChoiceSequence> candidates(Shape shape) {
        int[] values = shape.values();
        List<ChoiceSequence> candidates = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(ChoiceSequence.of(values).hashCode());
        for (int i = 0; i < values.length; i++) {
            // Any other kind, higher ones too: they are kept only when their input is smaller.
            int tails = i == 0 ? REDRAW_KIND_TAILS : REDRAW_TAILS;
            int top = i == 0 ? shape.bound(0) : Math.min(values[i], REDRAW_VALUES);
            for (int other = 0; other < top; other++) {
                if (other == values[i]) {
                    continue;
                }
                for (int tail = 0; tail < tails; tail++) {
                    int[] edited = Arrays.copyOf(values, i == 0 ? Math.max(values.length, 16) : values.length);
                    edited[i] = other;
                    int cap = 1 + tail % 4; // small values: the tail of a simple input
                    for (int j = i + 1; j < edited.length; j++) {
                        edited[j] = random.nextInt(cap);
                    }
                    candidates.add(ChoiceSequence.of(edited));
                }
            }
        }
        return candidates;
    }
}
