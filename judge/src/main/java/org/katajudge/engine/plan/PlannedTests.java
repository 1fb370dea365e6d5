package org.katajudge.engine.plan;

import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.kata.EntryPoint;
import org.katajudge.scoring.KataTests;
import org.katajudge.scoring.PointsTable;
import org.katajudge.scoring.ScoringException;

import java.util.ArrayList;
import java.util.List;

/**
 * The tests a submission of one kata has under one set of options, and what each is worth: the
 * test plan, built once and read by everyone (the JUnit test tree, the grader, the reports), so
 * that the tests reported are the tests planned. In order: compiling, the fixed examples (not
 * when fuzzing or replaying), the generated cases of each method (random or enumerated, or the
 * replayed calls), and for each method without a generator a test saying it has no random tests.
 *
 * <p>{@code --cases 0} leaves out the random tests of every method whose domain is not small (a
 * small domain is always tried whole): they are not part of the grade, rather than a test that
 * was not run and counts as failed.
 */
public final class PlannedTests {

    private final KataDefinition kata;
    private final List<PlannedTest> tests;
    private final List<EntryPoint> random;
    private final PointsTable points;
    private final PointsTable defaultPoints;

    private PlannedTests(KataDefinition kata, List<PlannedTest> tests, List<EntryPoint> random, PointsTable points,
                         PointsTable defaultPoints) {
        this.kata = kata;
        this.tests = List.copyOf(tests);
        this.random = List.copyOf(random);
        this.points = points;
        this.defaultPoints = defaultPoints;
    }

    /**
     * @throws ScoringException when the kata's or the assignment's rules give its tests no points
     *                          to scale to a total
     */
    public static PlannedTests of(KataDefinition kata, GradingOptions options) throws ScoringException {
        GradingMode mode = options.mode();
        List<EntryPoint> random = random(kata, mode);
        List<PlannedTest> tests = new ArrayList<>();
        tests.add(new PlannedTest.Compile());
        if (mode.runsExamples()) {
            for (Example example : kata.examples()) {
                tests.add(new PlannedTest.ExampleTest(example));
            }
        }
        for (EntryPoint entryPoint : random) {
            tests.add(mode instanceof GradingMode.Replay ? new PlannedTest.ReplayedCalls(entryPoint)
                    : new PlannedTest.RandomTests(entryPoint));
        }
        if (!(mode instanceof GradingMode.Replay)) {
            // no random tests exist for an examples-only method: a test that says so, in every report
            kata.entryPoints().stream().filter(e -> !e.hasGenerator())
                    .forEach(e -> tests.add(new PlannedTest.NoRandomTests(e)));
        }
        KataTests scored = scored(kata, mode);
        return new PlannedTests(kata, tests, random,
                PointsTable.of(scored, kata.scoring(), options.assignment(), mode.partialCredit()),
                PointsTable.defaults(scored));
    }

    /**
     * The methods whose random tests are part of this grading, in the kata's order; never a
     * method without a generator (examples only: it has no random tests).
     */
    private static List<EntryPoint> random(KataDefinition kata, GradingMode mode) {
        return kata.entryPoints().stream()
                .filter(EntryPoint::hasGenerator)
                .filter(e -> mode instanceof GradingMode.Replay replay ? replay.method().equals(e.method())
                        : ((GradingMode.Search) mode).cases() > 0 || e.smallDomain())
                .toList();
    }

    /** The planned tests as scoring sees them. */
    static KataTests scored(KataDefinition kata, GradingMode mode) {
        KataTests all = kata.scoredTests(random(kata, mode).stream().map(EntryPoint::method).toList());
        return mode.runsExamples() ? all : new KataTests(all.kata(), List.of(), all.methods(), all.randomMethods());
    }

    public KataDefinition kata() {
        return kata;
    }

    /** Every planned test, in the order above. */
    public List<PlannedTest> tests() {
        return tests;
    }

    /** The methods whose generated cases are part of the grade (or, replaying, the replayed case's method). */
    public List<EntryPoint> random() {
        return random;
    }

    /** Whether {@code method}'s generated cases are part of the grade. */
    public boolean graded(EntryPoint entryPoint) {
        return random.stream().anyMatch(e -> e.method().equals(entryPoint.method()));
    }

    /** What each test is worth: the kata's and the assignment's rules. */
    public PointsTable points() {
        return points;
    }

    /**
     * What each test is worth by the built-in defaults, without the kata's or the assignment's
     * rules: what a submission decided before grading (nothing handed in) has always been scored
     * with. (Kept as it was; see the engine's architecture notes.)
     */
    public PointsTable defaultPoints() {
        return defaultPoints;
    }
}
