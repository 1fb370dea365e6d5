package org.katajudge.kata;

import java.util.List;
import java.util.NoSuchElementException;

/**
 * A kata as code: its id, the class a solution declares, and that class's entry points.
 * The built-in katas are found with {@link java.util.ServiceLoader}; a kata folder may also carry
 * its own implementation.
 *
 * <p>What a person edits (title, difficulty, time limit, examples) lives in
 * {@code katas/<id>/} as data, not here.
 */
public interface Kata {

    /** The kata id, e.g. {@code checkers-safe-spaces}; also its folder name. */
    String id();

    /** The simple name of the public class in the default package a solution declares. */
    String className();

    /** The public static methods that class must have, in the order they are tested. */
    List<EntryPoint> entryPoints();

    default EntryPoint entryPoint(String method) {
        return entryPoints().stream()
                .filter(entryPoint -> entryPoint.method().equals(method))
                .findFirst()
                .orElseThrow(() -> new NoSuchElementException(id() + " has no method " + method));
    }
}
