package org.katajudge.kata;

import org.katajudge.choice.Choices;

/**
 * Draws one valid input for an entry point: the array of its arguments. Every random decision
 * goes through {@link Choices}, following its contract (smaller choices, simpler inputs; the
 * first draw picks the kind of input).
 */
@FunctionalInterface
public interface Generator {

    Object[] generate(Choices choices);
}
