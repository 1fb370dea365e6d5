package org.katajudge.choice;

import java.util.Arrays;

/**
 * An immutable, recorded stream of choices: the raw material of replay and shrinking.
 *
 * <p>Sequences are ordered shortlex (shorter first, then lexicographically), which is the order
 * of simplicity a shrinker descends: a sequence that is smaller here generates a simpler input.
 */
public final class ChoiceSequence implements Comparable<ChoiceSequence> {

    /** No choices: replayed, every draw is 0, which gives a generator's simplest input. */
    public static final ChoiceSequence EMPTY = new ChoiceSequence(new int[0]);

    private final int[] values;

    private ChoiceSequence(int[] values) {
        this.values = values;
    }

    /**
     * The sequence of {@code values}.
     *
     * @param values non-negative choice values
     * @return the sequence
     * @throws IllegalArgumentException for a negative value
     */
    public static ChoiceSequence of(int... values) {
        for (int v : values) {
            if (v < 0) {
                throw new IllegalArgumentException("choices are non-negative, got " + v);
            }
        }
        return new ChoiceSequence(values.clone());
    }

    /**
     * Parses the form {@link #toString()} prints.
     *
     * @param text e.g. {@code "3.0.12"}; {@code ""} for the empty sequence
     * @return the sequence
     * @throws IllegalArgumentException when the text is not dot-separated non-negative integers
     */
    public static ChoiceSequence parse(String text) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            return EMPTY;
        }
        String[] parts = trimmed.split("\\.");
        int[] values = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a choice sequence: " + text);
            }
        }
        return of(values);
    }

    /**
     * The number of choices.
     *
     * @return the length
     */
    public int length() {
        return values.length;
    }

    /**
     * One choice.
     *
     * @param index from 0
     * @return the value at {@code index}
     */
    public int get(int index) {
        return values[index];
    }

    /**
     * The choices as an array.
     *
     * @return a copy of the values
     */
    public int[] toArray() {
        return values.clone();
    }

    /**
     * Replays this sequence: value {@code i} for draw {@code i}, zero past the end.
     *
     * @return choices to hand a generator
     */
    public Choices replay() {
        return new ChoiceRecorder(replaySource());
    }

    /**
     * This sequence as a source for a {@link ChoiceRecorder}.
     *
     * @return a source answering value {@code i} for draw {@code i}, zero past the end
     */
    public ChoiceSource replaySource() {
        return (index, bound) -> index < values.length ? values[index] : 0;
    }

    @Override
    public int compareTo(ChoiceSequence other) {
        if (values.length != other.values.length) {
            return Integer.compare(values.length, other.values.length);
        }
        return Arrays.compare(values, other.values);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChoiceSequence other && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** Dot-separated values, e.g. {@code 3.0.12}; {@link #parse(String)} reads it back. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                text.append('.');
            }
            text.append(values[i]);
        }
        return text.toString();
    }
}
