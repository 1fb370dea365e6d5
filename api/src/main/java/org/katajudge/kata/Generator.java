package org.katajudge.kata;

import org.katajudge.choice.Choices;

/**
 * Draws one valid input for an entry point: the array of its arguments. Every random decision
 * goes through {@link Choices}, following its contract: a smaller choice means a simpler input,
 * the first draw picks the kind of input, and all-zero choices give the simplest input. The
 * judge replays and shrinks inputs by editing the recorded choices, so a generator must not use
 * any other source of randomness (no {@code Math.random}, no clock, no state kept between calls).
 */
@FunctionalInterface
public interface Generator {

    /**
     * Draws one input.
     *
     * @param choices the only source of randomness
     * @return the arguments, one per parameter of the entry point, each a valid input of its rule
     */
    Object[] generate(Choices choices);
}
