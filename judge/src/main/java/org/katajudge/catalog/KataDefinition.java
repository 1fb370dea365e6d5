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
 * and its code (reference, generators), compiled from the folder's {@code src/} or built in.
 *
 * @param spec     the kata's {@code kata.json}
 * @param examples the fixed examples, in file order
 * @param code     the reference implementation and generators
 * @param folder   {@code katas/<id>/} on disk, or empty when read from the judge's bundled copy
 * @param sources  the folder's {@code src/} on disk when the code was compiled from it; empty for
 *                 a built-in kata (whose code is in the {@code reference} module) and for the
 *                 bundled copy
 * @param scoring  what the kata's tests are worth, from {@code kata.json}'s {@code "scoring"}
 */
public record KataDefinition(KataSpec spec, List<Example> examples, Kata code, Optional<Path> folder,
                             Optional<Path> sources, ScoringRules scoring) {

    public KataDefinition {
        examples = List.copyOf(examples);
    }

    /** A kata whose code is built in (or bundled): no {@code src/} on disk, the default points. */
    public KataDefinition(KataSpec spec, List<Example> examples, Kata code, Optional<Path> folder) {
        this(spec, examples, code, folder, Optional.empty(), ScoringRules.NONE);
    }

    /** A kata with the default points. */
    public KataDefinition(KataSpec spec, List<Example> examples, Kata code, Optional<Path> folder,
                          Optional<Path> sources) {
        this(spec, examples, code, folder, sources, ScoringRules.NONE);
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

    /** Whether some method has random tests; false for an examples-only kata. */
    public boolean hasRandomTests() {
        return entryPoints().stream().anyMatch(EntryPoint::hasGenerator);
    }

    /**
     * The katas directory a command must name ({@code --katas DIR}) to find this kata again: the
     * parent of a folder whose code is its own, since only the judge's built-in katas are found
     * without it. Empty for a built-in kata.
     */
    public Optional<Path> katasDirectory() {
        return sources.isPresent() ? folder.map(Path::getParent) : Optional.empty();
    }
}
