package org.katajudge.scoring;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.scoring.ScoringRulesTest.CHECKERS;
import static org.katajudge.scoring.ScoringRulesTest.SQUARES;

/** {@link PointsTable}: defaults, the kata's rules, the assignment's, totals, and what a test earns. */
class PointsTableTest {

    @TempDir
    Path dir;

    private ScoringRules rules(String json) throws IOException, ScoringException {
        Path file = dir.resolve("rules" + json.hashCode() + ".json");
        Files.writeString(file, json);
        return ScoringRules.read(file);
    }

    private static TestOutcome example(String name, Status status) {
        return TestOutcome.example(name, "isLight", status, status == Status.PASSED ? null : "x");
    }

    @Test
    void byDefaultEachExampleAndEachMethodsRandomTestsAreWorthOnePointAndCompilingNothing() {
        PointsTable table = PointsTable.defaults(CHECKERS);
        assertEquals(0, table.maxPoints("compile"));
        assertEquals(1, table.maxPoints("example: white: one move"));
        assertEquals(1, table.maxPoints("example: over: no pieces"), "hidden examples count too");
        assertEquals(1, table.maxPoints("random: gameOver"));
        assertEquals(6, table.maxScore());
        assertEquals(0, table.maxPoints("random: unknown"), "a test not in the grade is worth nothing");
    }

    @Test
    void aMethodLeftOutOfTheGradeIsWorthNothing() {
        KataTests noRandom = new KataTests(SQUARES.kata(), SQUARES.examples(), SQUARES.methods(), List.of());
        assertEquals(3, PointsTable.defaults(noRandom).maxScore());
        assertEquals(0, PointsTable.defaults(noRandom).maxPoints("random: isLight"));
    }

    @Test
    void theAssignmentDecidesFirstThenTheKataThenTheDefault() throws Exception {
        ScoringRules kata = rules("{\"compile\": 2, \"examples\": [{\"match\": \"*\", \"points\": 3}], \"random\": {\"*\": 4}}");
        ScoringRules assignment = rules("{\"examples\": [{\"match\": \"d3\", \"points\": 7}], \"random\": {\"isLight\": 9}}");
        PointsTable table = PointsTable.of(SQUARES, kata, assignment, false);
        assertEquals(2, table.maxPoints("compile"), "the kata's, the assignment says nothing");
        assertEquals(7, table.maxPoints("example: d3"), "the assignment's rule");
        assertEquals(3, table.maxPoints("example: a1 is dark"), "the kata's rule");
        assertEquals(9, table.maxPoints("random: isLight"));
        assertEquals(2 + 7 + 3 + 3 + 9, table.maxScore());
    }

    @Test
    void theExamplesOfATotalRuleShareItEqually() throws Exception {
        ScoringRules assignment = rules("{\"examples\": [{\"hidden\": true, \"total\": 10},"
                + " {\"method\": \"whiteMoves\", \"total\": 6}, {\"total\": 1}]}");
        KataTests tests = new KataTests("k", List.of(
                new KataTests.ExampleTest("h1", "gameOver", true), new KataTests.ExampleTest("h2", "whiteMoves", true),
                new KataTests.ExampleTest("w1", "whiteMoves", false), new KataTests.ExampleTest("w2", "whiteMoves", false),
                new KataTests.ExampleTest("w3", "whiteMoves", false), new KataTests.ExampleTest("b1", "blueMoves", false)),
                List.of("whiteMoves", "blueMoves", "gameOver"), List.of());
        PointsTable table = PointsTable.of(tests, ScoringRules.NONE, assignment, false);
        assertEquals(5, table.maxPoints("example: h1"));
        assertEquals(5, table.maxPoints("example: h2"), "hidden first: the hidden set is h1 and h2");
        assertEquals(2, table.maxPoints("example: w1"));
        assertEquals(1, table.maxPoints("example: b1"));
        assertEquals(17, table.maxScore());
    }

    @Test
    void aTotalScalesEveryTest() throws Exception {
        PointsTable table = PointsTable.of(CHECKERS, ScoringRules.NONE, rules("{\"total\": 30, \"random\": {\"*\": 3}}"), false);
        assertEquals(30, table.maxScore(), 1e-9);
        // 3 examples at 1 and 3 methods at 3 make 12, scaled by 30/12
        assertEquals(2.5, table.maxPoints("example: white: one move"), 1e-9);
        assertEquals(7.5, table.maxPoints("random: gameOver"), 1e-9);
        PointsTable katasTotal = PointsTable.of(SQUARES, rules("{\"total\": 8}"), ScoringRules.NONE, false);
        assertEquals(8, katasTotal.maxScore(), 1e-9);
        for (int total : new int[] {100, 7, 33, 1000}) {
            PointsTable odd = PointsTable.of(CHECKERS, ScoringRules.NONE,
                    rules("{\"total\": " + total + ", \"examples\": [{\"total\": 1}], \"random\": {\"*\": 0.7}}"), false);
            double sum = 0;
            for (String test : List.of("compile", "example: white: one move", "example: blue: blocked",
                    "example: over: no pieces", "random: whiteMoves", "random: blueMoves", "random: gameOver")) {
                sum += odd.maxPoints(test);
            }
            assertEquals(total, sum, 0.0, "a total of " + total + " adds up to exactly that, as a result adds it up");
        }
    }

    @Test
    void aTotalWithNothingToScaleIsAnError() throws Exception {
        ScoringRules nothing = rules("{\"examples\": [{\"points\": 0}], \"random\": {\"*\": 0}, \"total\": 10}");
        String message = assertThrows(ScoringException.class, () -> PointsTable.of(SQUARES, ScoringRules.NONE, nothing, true))
                .getMessage();
        assertTrue(message.endsWith("\"total\" is 10, but no test of chess-square-color is worth any points to scale"), message);
    }

    @Test
    void aTestEarnsItsPointsWhenItPassedAndNothingOtherwise() {
        PointsTable table = PointsTable.defaults(SQUARES);
        assertEquals(1, table.score(example("d3", Status.PASSED), 0).points());
        assertEquals(1, table.score(example("d3", Status.FAILED), 0).maxPoints());
        assertEquals(0, table.score(example("d3", Status.FAILED), 0).points());
        assertEquals(0, table.score(example("d3", Status.NOT_RUN), 0).points());
        TestOutcome random = TestOutcome.random("isLight", Status.FAILED, "x", 300, 240, false);
        assertEquals(0, table.score(random, 300).points(), "without partial credit random tests are all or nothing");
    }

    @Test
    void withPartialCreditRandomTestsEarnTheFractionOfTheirFixedSetThatPassed() throws Exception {
        PointsTable table = PointsTable.of(SQUARES, ScoringRules.NONE, rules("{\"random\": {\"isLight\": 10}}"), true);
        TestOutcome random = TestOutcome.random("isLight", Status.FAILED, "x", 300, 240, false);
        assertEquals(8, table.score(random, 300).points(), 1e-9);
        TestOutcome stoppedEarly = TestOutcome.random("isLight", Status.FAILED, "x", 100, 90, false);
        assertEquals(3, table.score(stoppedEarly, 300).points(), 1e-9, "cases not run count as failed");
        assertEquals(0, table.score(example("d3", Status.FAILED), 1).points(), "examples are all or nothing");
        TestOutcome failedOnARepeat = TestOutcome.random("isLight", Status.FAILED, "x", 300, 300, false);
        assertEquals(10 * 299.0 / 300, table.score(failedOnARepeat, 300).points(), 1e-9,
                "a failed test is never worth all its points, whatever its counts say");
    }

    @Test
    void fullMarksAreExactlyTheMaximumWhateverTheScale() throws Exception {
        for (String json : List.of("{\"total\": 100}", "{\"total\": 7, \"random\": {\"*\": 3.3}}",
                "{\"examples\": [{\"hidden\": true, \"total\": 0.1}, {\"total\": 1}], \"total\": 33.3}")) {
            PointsTable table = PointsTable.of(SQUARES, ScoringRules.NONE, rules(json), true);
            List<TestOutcome> tests = List.of(table.score(TestOutcome.compile(Status.PASSED, null), 0),
                    table.score(example("d3", Status.PASSED), 0), table.score(example("a1 is dark", Status.PASSED), 0),
                    table.score(example("secret", Status.PASSED).withHidden(true), 0),
                    table.score(TestOutcome.random("isLight", Status.PASSED, null, 64, 64, true), 64));
            double[] totals = org.katajudge.report.SubmissionResult.totals(tests);
            assertEquals(totals[1], totals[0], 0.0, json + ": not one ulp less");
            assertEquals(table.maxScore(), totals[1], 1e-9, json);
        }
    }

    @Test
    void pointsReadAsPeopleWriteThem() {
        assertEquals("12", Points.format(12));
        assertEquals("12.5", Points.format(12.5));
        assertEquals("7.33", Points.format(22 / 3.0));
        assertEquals("12.99", Points.format(12.9999), "cut, so that only full marks read as full marks");
        assertEquals("0", Points.format(0));
        assertEquals("10", Points.format(9.999999999999998), "floating-point noise is not a lost point");
        assertEquals("99.9999", Points.format(99.99999, 4));
    }
}
