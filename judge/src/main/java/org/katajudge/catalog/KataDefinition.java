package org.katajudge.catalog;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Everything known about one kata: its folder's data ({@code kata.json}, {@code examples.json})
 * and its code (reference, generators) from the {@link Kata} service.
 *
 * @param spec     the kata's {@code kata.json}
 * @param examples the fixed examples, in file order
 * @param code     the reference implementation and generators
 * @param folder   {@code katas/<id>/} on disk, or empty when read from the judge's bundled copy
 */
public record KataDefinition(KataSpec spec, List<Example> examples, Kata code, Optional<Path> folder) {

    public KataDefinition {
        examples = List.copyOf(examples);
    }

    public String id() {
        return spec.id();
    }

    public List<EntryPoint> entryPoints() {
        return code.entryPoints();
    }

    public EntryPoint entryPoint(String method) {
        return code.entryPoint(method);
    }
}
