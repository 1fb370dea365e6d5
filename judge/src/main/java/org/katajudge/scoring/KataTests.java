package org.katajudge.scoring;

import java.util.List;

/**
 * The tests of one kata that can earn points, as scoring sees them: its fixed examples and the
 * methods whose random tests are part of the grade.
 *
 * @param kata     the kata id
 * @param examples      the fixed examples, in file order
 * @param methods       every method of the kata
 * @param randomMethods the methods whose random tests are part of the grade (one left out, e.g.
 *                      by {@code --cases 0}, is not here)
 */
public record KataTests(String kata, List<ExampleTest> examples, List<String> methods, List<String> randomMethods) {

    public KataTests {
        examples = List.copyOf(examples);
        methods = List.copyOf(methods);
        randomMethods = List.copyOf(randomMethods);
    }

    /**
     * One fixed example.
     *
     * @param name   its name in {@code examples.json}
     * @param method the method it calls
     * @param hidden whether students may not see it
     */
    public record ExampleTest(String name, String method, boolean hidden) {
    }
}
