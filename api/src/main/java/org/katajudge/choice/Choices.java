package org.katajudge.choice;

/**
 * The only source of randomness a generator may use: a stream of bounded integer choices.
 *
 * <p>Generators are written against this interface, Hypothesis-style. Every decision is one
 * {@link #choose(int)} call, the values drawn are recorded as a {@link ChoiceSequence}, and
 * replaying that sequence rebuilds the same input. A shrinker edits the sequence, not the input,
 * so it works for every generator.
 *
 * <p>Contract for generators: <b>a smaller choice must mean a simpler input</b> (fewer pieces,
 * smaller boards, shorter vectors, pieces nearer their home squares), and an all-zero stream must
 * terminate with the simplest input. The first draw picks the <i>kind</i> of input (its shape, or
 * the rule it aims at), kind 0 being the simplest; the fuzzer tries every kind before it draws at
 * random.
 *
 * <p>A generator may mark the <i>parts</i> of its input ({@link #startPart()} ... {@link #endPart()}):
 * a piece, a row, one number. A shrinker then deletes, zeroes or reorders whole parts, however
 * many draws each took. A part that holds a list should draw the list's length first: deleting
 * one element is then "delete the element's part and lower the length by one".
 */
public interface Choices {

    /**
     * Draws one choice.
     *
     * @param bound the number of possible values, at least 1
     * @return a value in {@code [0, bound)}
     */
    int choose(int bound);

    /**
     * A coin flip; {@code false} is the simpler outcome.
     *
     * @return {@code choose(2) == 1}
     */
    default boolean flip() {
        return choose(2) == 1;
    }

    /**
     * A value in {@code [low, high]}; {@code low} is the simplest.
     *
     * @param low  the smallest value, drawn for choice 0
     * @param high the largest value, at least {@code low}
     * @return {@code low + choose(high - low + 1)}
     */
    default int between(int low, int high) {
        if (high < low) {
            throw new IllegalArgumentException("empty range [" + low + ", " + high + "]");
        }
        return low + choose(high - low + 1);
    }

    /**
     * One of the given options; the first is the simplest.
     *
     * @param <T>     the options' type
     * @param options at least one option, simplest first
     * @return the option at {@code choose(options.length)}
     */
    @SuppressWarnings("unchecked")
    default <T> T pick(T... options) {
        return options[choose(options.length)];
    }

    /**
     * Marks the start of a part of the input: the draws until the matching {@link #endPart()}
     * make one piece, row or value. Parts nest. Optional: it changes nothing in what is drawn.
     */
    default void startPart() {
    }

    /** Ends the part opened by the last unmatched {@link #startPart()}. */
    default void endPart() {
    }
}
