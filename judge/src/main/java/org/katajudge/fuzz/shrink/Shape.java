package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceRecorder.Part;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;

import java.util.Arrays;
import java.util.List;

/**
 * A choice sequence as its generator reads it: the values, the bound of each draw, and the parts
 * the generator marked (a piece, a row, one number). What every {@link ShrinkPass} works on.
 *
 * @param values the (normalized) choices
 * @param bounds the bound of each draw, one per value
 * @param parts  the non-empty parts, inner ones before the outer ones that hold them
 */
public record Shape(int[] values, List<Integer> bounds, List<Part> parts) {

    public Shape {
        values = values.clone();
        bounds = List.copyOf(bounds);
        parts = List.copyOf(parts);
        if (bounds.size() != values.length) {
            throw new IllegalArgumentException("one bound per value: " + values.length + " values, " + bounds.size() + " bounds");
        }
    }

    /** The shape of {@code choices} as {@code entryPoint}'s generator draws them. */
    public static Shape of(EntryPoint entryPoint, ChoiceSequence choices) {
        ChoiceRecorder recorder = new ChoiceRecorder(choices.replaySource());
        entryPoint.generate(recorder);
        return new Shape(recorder.recorded().toArray(), recorder.bounds(), recorder.parts());
    }

    /** The values, as a sequence. */
    public ChoiceSequence sequence() {
        return ChoiceSequence.of(values);
    }

    /** The number of draws. */
    public int length() {
        return values.length;
    }

    /** Value {@code i}. */
    public int value(int i) {
        return values[i];
    }

    /** The bound of draw {@code i}: its value is below it. */
    public int bound(int i) {
        return bounds.get(i);
    }

    @Override
    public int[] values() {
        return values.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Shape other && Arrays.equals(values, other.values) && bounds.equals(other.bounds)
                && parts.equals(other.parts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values) * 31 + bounds.hashCode();
    }

    @Override
    public String toString() {
        return sequence() + " (bounds " + bounds + ", parts " + parts + ")";
    }

    /** {@code values} without {@code [start, end)}, and with the value at {@code lowered} one less (if not -1). */
    static ChoiceSequence delete(int[] values, int start, int end, int lowered) {
        int[] edited = new int[values.length - (end - start)];
        System.arraycopy(values, 0, edited, 0, start);
        System.arraycopy(values, end, edited, start, values.length - end);
        if (lowered >= 0) {
            edited[lowered]--;
        }
        return ChoiceSequence.of(edited);
    }

    /** {@code values} with {@code [start, end)} set to 0. */
    static ChoiceSequence zero(int[] values, int start, int end) {
        int[] edited = values.clone();
        Arrays.fill(edited, start, end, 0);
        return ChoiceSequence.of(edited);
    }

    /** {@code values} with the value at {@code index} replaced. */
    static ChoiceSequence with(int[] values, int index, int value) {
        int[] edited = values.clone();
        edited[index] = value;
        return ChoiceSequence.of(edited);
    }
}
