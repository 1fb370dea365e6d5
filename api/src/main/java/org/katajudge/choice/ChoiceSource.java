package org.katajudge.choice;

/**
 * Where fresh choice values come from: a random distribution, a replayed sequence, an
 * enumeration. Unlike {@link Choices} it is told its position, so a source can treat the first
 * draw (the kind of input) differently from the rest.
 */
@FunctionalInterface
public interface ChoiceSource {

    /**
     * @param index the position of this draw in the stream, from 0
     * @param bound the number of possible values, at least 1
     * @return a value; values outside {@code [0, bound)} are clamped by the recorder
     */
    int draw(int index, int bound);
}
