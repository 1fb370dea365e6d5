package org.katajudge.choice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The {@link Choices} a generator draws from: takes values from a {@link ChoiceSource}, clamps
 * them into range and records what was used, so {@link #recorded()} replays to the same input.
 *
 * <p>The recorded sequence is normalized: replaying an edited sequence records only the draws
 * actually made, with out-of-range values clamped. Not thread-safe; one recorder per input.
 */
public final class ChoiceRecorder implements Choices {

    /** Far above what any kata input needs; stops a runaway generator instead of hanging. */
    public static final int MAX_DRAWS = 100_000;

    private final ChoiceSource source;
    private int[] values = new int[16];
    private final List<Integer> bounds = new ArrayList<>();
    private int size;

    /**
     * A recorder drawing from {@code source}.
     *
     * @param source where fresh values come from
     */
    public ChoiceRecorder(ChoiceSource source) {
        this.source = source;
    }

    /**
     * Uniform random choices from a seeded generator.
     *
     * @param seed the same seed draws the same values
     * @return a recorder of random choices
     */
    public static ChoiceRecorder random(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return new ChoiceRecorder((index, bound) -> random.nextInt(bound));
    }

    @Override
    public int choose(int bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("bound must be at least 1, got " + bound);
        }
        if (size == MAX_DRAWS) {
            throw new IllegalStateException("generator drew more than " + MAX_DRAWS + " choices");
        }
        int value = Math.min(Math.max(source.draw(size, bound), 0), bound - 1);
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
        bounds.add(bound);
        return value;
    }

    /**
     * The choices drawn so far.
     *
     * @return the recorded sequence; replaying it rebuilds the same input
     */
    public ChoiceSequence recorded() {
        return ChoiceSequence.of(Arrays.copyOf(values, size));
    }

    /**
     * The bound of each draw so far, in order; an enumerator uses them to find the next input.
     *
     * @return the bounds passed to {@link #choose(int)}
     */
    public List<Integer> bounds() {
        return List.copyOf(bounds);
    }
}
