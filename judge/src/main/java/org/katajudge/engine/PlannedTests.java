package org.katajudge.engine;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.kata.EntryPoint;
import org.katajudge.scoring.KataTests;
import org.katajudge.scoring.PointsTable;
import org.katajudge.scoring.ScoringException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which tests a submission has: compiling, the fixed examples (not when fuzzing or replaying),
 * and the random tests of each method. The test plan and the grader both ask here, so that the
 * tests reported are the tests planned.
 *
 * <p>{@code --cases 0} leaves out the random tests of every method whose domain is not small
 * (a small domain is always tried whole): they are not part of the grade, rather than a test
 * that was not run and counts as failed.
 */
public final class PlannedTests {

    private PlannedTests() {
    }

    /**
     * Checks the scoring of a run before anything is graded: the assignment file's rules fit the
     * katas graded (no rule that matches nothing, no unknown method), and every kata has points
     * to give.
     *
     * @param katas the katas of the submissions to grade
     */
    public static void checkScoring(List<KataDefinition> katas, GradingOptions options) throws ScoringException {
        Map<String, KataDefinition> distinct = new LinkedHashMap<>();
        katas.forEach(k -> distinct.putIfAbsent(k.id(), k));
        if (distinct.isEmpty()) {
            return;
        }
        List<KataTests> tests = new ArrayList<>();
        distinct.values().forEach(k -> tests.add(scored(k, options)));
        if (examples(options)) {
            options.scoring().assignment().check(tests);
        }
        for (KataDefinition kata : distinct.values()) {
            PointsTable.of(scored(kata, options), kata.scoring(), options.scoring().assignment(),
                    options.scoring().partialCredit());
        }
    }

    static boolean examples(GradingOptions options) {
        return !options.fuzz() && options.replay().isEmpty();
    }

    /**
     * The methods whose random tests are part of this grading, in the kata's order; never a
     * method without a generator (examples only: it has no random tests).
     */
    static List<EntryPoint> random(KataDefinition kata, GradingOptions options) {
        return kata.entryPoints().stream()
                .filter(EntryPoint::hasGenerator)
                .filter(e -> options.replay().map(r -> r.method().equals(e.method()))
                        .orElse(options.cases() > 0 || e.smallDomain()))
                .toList();
    }

    /** The methods without a generator: only the fixed examples test them, and reports say so. */
    static List<EntryPoint> examplesOnly(KataDefinition kata) {
        return kata.entryPoints().stream().filter(e -> !e.hasGenerator()).toList();
    }

    /** The planned tests as scoring sees them. */
    static KataTests scored(KataDefinition kata, GradingOptions options) {
        KataTests all = kata.scoredTests(random(kata, options).stream().map(EntryPoint::method).toList());
        return examples(options) ? all : new KataTests(all.kata(), List.of(), all.methods(), all.randomMethods());
    }
}
