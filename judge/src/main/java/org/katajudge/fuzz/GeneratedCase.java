package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceSequence;

/**
 * An input drawn by a kata's generator, with the choices that rebuild it.
 *
 * @param args    the arguments
 * @param choices the normalized choice sequence that generates exactly {@code args}
 */
public record GeneratedCase(Object[] args, ChoiceSequence choices) {
}
