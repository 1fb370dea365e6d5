package org.katajudge.kata;

import java.util.List;
import java.util.NoSuchElementException;

/**
 * A kata as code: its id, the class a solution declares, and that class's entry points.
 *
 * <p>A kata folder {@code katas/<id>/} carries its code in {@code src/}: exactly one public,
 * non-abstract class there implements this interface and has a public no-argument constructor;
 * the judge compiles the folder's sources and instantiates that class. The six built-in katas
 * implement it in the judge's {@code reference} module instead, found with
 * {@link java.util.ServiceLoader}. Either way the judge checks the code against the folder's
 * {@code kata.json} (same id, class and method signatures).
 *
 * <p>What a person edits (title, difficulty, time limit, examples) lives in
 * {@code katas/<id>/} as data, not here.
 */
public interface Kata {

    /**
     * The kata id: lowercase letters, digits and hyphens, also its folder name.
     *
     * @return e.g. {@code checkers-safe-spaces}
     */
    String id();

    /**
     * The simple name of the public class in the default package a solution declares.
     *
     * @return e.g. {@code SafeSpaces}
     */
    String className();

    /**
     * The public static methods that class must have, in the order they are tested; the same
     * order as in {@code kata.json}.
     *
     * @return at least one entry point
     */
    List<EntryPoint> entryPoints();

    /**
     * The entry point of the method named {@code method}.
     *
     * @param method a method name
     * @return its entry point
     * @throws NoSuchElementException when the kata has no such method
     */
    default EntryPoint entryPoint(String method) {
        return entryPoints().stream()
                .filter(entryPoint -> entryPoint.method().equals(method))
                .findFirst()
                .orElseThrow(() -> new NoSuchElementException(id() + " has no method " + method));
    }
}
