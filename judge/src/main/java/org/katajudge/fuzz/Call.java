package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceSequence;

/**
 * One call made to a submission: the method (its index in the kata's entry points), the
 * arguments, and where they came from, so the call can be made again: the choices of a
 * generated case, or the name of a fixed example (and whether that example is hidden from
 * students).
 *
 * @param method  the entry point's index
 * @param args    the arguments
 * @param choices the choices that generate {@code args}; null for an example
 * @param example the example's name; null for a generated case
 * @param hidden  whether it is a hidden example: its input and name must never reach a student
 */
public record Call(int method, Object[] args, ChoiceSequence choices, String example, boolean hidden) {

    /** A generated case, or an example that is not hidden. */
    public Call(int method, Object[] args, ChoiceSequence choices, String example) {
        this(method, args, choices, example, false);
    }

    public static Call generated(int method, GeneratedCase generated) {
        return new Call(method, generated.args(), generated.choices(), null, false);
    }

    /** A fixed example that is not hidden. */
    public static Call example(int method, Object[] args, String name) {
        return new Call(method, args, null, name, false);
    }

    /** A fixed example, hidden from students or not. */
    public static Call example(int method, Object[] args, String name, boolean hidden) {
        return new Call(method, args, null, name, hidden);
    }
}
