package org.katajudge.catalog;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.scoring.KataTests;
import org.katajudge.scoring.ScoringRules;

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
 * @param scoring  what the kata's tests are worth, from {@code kata.json}'s {@code "scoring"}
 */
public record KataDefinition(KataSpec spec, List<Example> examples, Kata code, Optional<Path> folder,
                             ScoringRules scoring) {

    public KataDefinition {
        examples = List.copyOf(examples);
    }

    /** A kata with the default points. */
    public KataDefinition(KataSpec spec, List<Example> examples, Kata code, Optional<Path> folder) {
        this(spec, examples, code, folder, ScoringRules.NONE);
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

    /**
     * The kata's tests as scoring sees them.
     *
     * @param randomMethods the methods whose random tests are part of the grade
     */
    public KataTests scoredTests(List<String> randomMethods) {
        return new KataTests(id(), examples.stream()
                .map(e -> new KataTests.ExampleTest(e.name(), e.method(), e.hidden())).toList(),
                entryPoints().stream().map(EntryPoint::method).toList(), randomMethods);
    }
}
