package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceSequence;

/**
 * One call made to a submission: the method (its index in the kata's entry points), the
 * arguments, and where they came from, so the call can be made again: the choices of a
 * generated case, or the name of a fixed example.
 *
 * @param method  the entry point's index
 * @param args    the arguments
 * @param choices the choices that generate {@code args}; null for an example
 * @param example the example's name; null for a generated case
 */
public record Call(int method, Object[] args, ChoiceSequence choices, String example) {

    public static Call generated(int method, GeneratedCase generated) {
        return new Call(method, generated.args(), generated.choices(), null);
    }

    public static Call example(int method, Object[] args, String name) {
        return new Call(method, args, null, name);
    }
}
