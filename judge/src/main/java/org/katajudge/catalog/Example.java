package org.katajudge.catalog;

import java.util.Arrays;
import java.util.Objects;

/**
 * One fixed example of a kata, as {@code examples.json} holds it.
 *
 * @param name     unique within the kata, e.g. {@code unsafe1}
 * @param method   the entry point it calls
 * @param args     the arguments, as kata values
 * @param expected the expected answer, as a kata value
 * @param hidden   a hidden test: it counts, but students never see its input or expected answer
 */
public record Example(String name, String method, Object[] args, Object expected, boolean hidden) {

    public Example {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(method, "method");
        args = args.clone();
    }

    /** A visible example. */
    public Example(String name, String method, Object[] args, Object expected) {
        this(name, method, args, expected, false);
    }

    @Override
    public Object[] args() {
        return args.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Example other && name.equals(other.name) && method.equals(other.method)
                && hidden == other.hidden
                && Arrays.deepEquals(args, other.args)
                && Arrays.deepEquals(new Object[] {expected}, new Object[] {other.expected});
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, method, Arrays.deepHashCode(args));
    }

    @Override
    public String toString() {
        return name + ": " + method + (hidden ? " (hidden)" : "");
    }
}
