package org.katajudge.choice;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The {@link Choices} a generator draws from: takes values from a {@link ChoiceSource}, clamps
 * them into range and records what was used, so {@link #recorded()} replays to the same input.
 *
 * <p>The recorded sequence is normalized: replaying an edited sequence records only the draws
 * actually made, with out-of-range values clamped. The {@linkplain #parts() parts} the
 * generator marked are recorded too. Not thread-safe; one recorder per input.
 */
public final class ChoiceRecorder implements Choices {

    /** Far above what any kata input needs; stops a runaway generator instead of hanging. */
    public static final int MAX_DRAWS = 100_000;

    private final ChoiceSource source;
    private int[] values = new int[16];
    private final List<Integer> bounds = new ArrayList<>();
    private final List<Part> parts = new ArrayList<>();
    private final Deque<int[]> open = new ArrayDeque<>(); // {start, depth}
    private int size;
    private boolean clamped;

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
        int drawn = source.draw(size, bound);
        int value = Math.min(Math.max(drawn, 0), bound - 1);
        clamped |= value != drawn;
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
        bounds.add(bound);
        return value;
    }

    @Override
    public void startPart() {
        open.push(new int[] {size, open.size()});
    }

    @Override
    public void endPart() {
        if (open.isEmpty()) {
            throw new IllegalStateException("endPart() without startPart()");
        }
        int[] start = open.pop();
        if (size > start[0]) {
            parts.add(new Part(start[0], size, start[1]));
        }
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

    /** The non-empty parts closed so far, in the order they closed (inner parts before outer ones). */
    public List<Part> parts() {
        return List.copyOf(parts);
    }

    /** Whether some value the source gave was out of its draw's range and had to be clamped. */
    public boolean clamped() {
        return clamped;
    }

    /**
     * A part of the input: the draws {@code [start, end)}.
     *
     * @param start the position of its first draw
     * @param end   one past its last draw
     * @param depth how many parts enclose it
     */
    public record Part(int start, int end, int depth) {

        public int length() {
            return end - start;
        }
    }
}
