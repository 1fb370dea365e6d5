package org.katajudge.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;
import org.katajudge.report.TestOutcome.Status;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link StudentView}: what a student may see of a result with hidden tests. */
class StudentViewTest {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String SECRET_NAME = "corner trap h8";
    private static final String SECRET_INPUT = "h8";

    private static Counterexample exampleCounterexample(String example) {
        return new Counterexample("minMoves", example, JSON.arrayNode().add(SECRET_INPUT).add("g6"), JSON.numberNode(1),
                JSON.numberNode(3), null, "h8 to g6 is one knight move", "h8 -> g6", null, 0,
                "java -jar judge.jar grade --kata knight-moves alice");
    }

    private static Counterexample generatedCounterexample() {
        return new Counterexample("minMoves", null, JSON.arrayNode().add("a1").add("b3"), JSON.numberNode(1),
                JSON.numberNode(2), null, "a1 to b3 is one move", "a1 -> b3", "3.0.1", 2, "java -jar judge.jar fuzz ...");
    }

    private static SubmissionResult result(String message, Counterexample counterexample, CapturedOutput output,
                                           TestOutcome... examples) {
        List<TestOutcome> tests = new java.util.ArrayList<>();
        tests.add(TestOutcome.compile(Status.PASSED, null));
        tests.addAll(List.of(examples));
        tests.add(TestOutcome.random("minMoves", Status.FAILED, "minMoves returned 2, expected 1 (after 7 random cases)", 7, false));
        double[] totals = SubmissionResult.totals(tests);
        return new SubmissionResult("class/alice", "alice", "knight-moves", Verdict.WRONG_ANSWER, message, totals[0],
                totals[1], tests, 7, 0, new Timings(1, 2, 3), output, counterexample, List.of(), List.of(), List.of(),
                null);
    }

    private static TestOutcome example(String name, Status status, boolean hidden) {
        return TestOutcome.example(name, "minMoves", status, status == Status.FAILED
                ? "minMoves returned 3, expected 1" : null).withHidden(hidden);
    }

    @Test
    void aHiddenFailureShowsOnlyItsNumberAndThatItFailed() {
        SubmissionResult teacher = result("wrong answer on hidden example \"" + SECRET_NAME + "\": minMoves returned 3, expected 1",
                exampleCounterexample(SECRET_NAME), new CapturedOutput("called with h8 g6\n", false, 18),
                example("g2 to a8", Status.PASSED, false), example("other secret", Status.PASSED, true),
                example(SECRET_NAME, Status.FAILED, true), example("a1 to b3", Status.FAILED, false));
        SubmissionResult student = StudentView.of(teacher);

        assertEquals("hidden test 2 failed", student.message());
        assertNull(student.counterexample(), "the hidden example's input and answer are not shown");
        List<String> names = student.tests().stream().map(TestOutcome::name).toList();
        assertEquals(List.of("compile", "example: g2 to a8", "hidden test 1", "hidden test 2", "example: a1 to b3",
                "random: minMoves"), names);
        assertNull(student.tests().get(2).message(), "a hidden test that passed says nothing more");
        assertEquals("hidden test 2 failed", student.tests().get(3).message());
        assertEquals("minMoves returned 3, expected 1", student.tests().get(4).message(), "visible tests keep their details");
        assertEquals(StudentView.OUTPUT_WITHHELD, student.output().text(), "a submission can print its arguments");
        assertEquals(0, student.output().size(), "how much it printed is as good a channel");

        assertEquals(teacher.score(), student.score(), "points are the same in both views");
        assertEquals(teacher.maxScore(), student.maxScore());
        assertEquals(teacher.verdict(), student.verdict());
        assertTrue(student.tests().stream().filter(t -> t.name().startsWith("hidden")).allMatch(TestOutcome::hidden));

        String json = ReportJson.toJson(student);
        assertFalse(json.contains(SECRET_NAME), json);
        assertFalse(json.contains("other secret"), json);
        assertFalse(json.contains(SECRET_INPUT), json);
        assertFalse(json.contains("called with"), json);
    }

    @Test
    void aGeneratedCounterexampleIsNotSecretAndStays() {
        SubmissionResult teacher = result("wrong answer on hidden example \"" + SECRET_NAME + "\": minMoves returned 3, expected 1;"
                        + " it also fails on generated cases, the smallest is shown", generatedCounterexample(),
                CapturedOutput.NONE, example(SECRET_NAME, Status.FAILED, true));
        SubmissionResult student = StudentView.of(teacher);
        assertEquals("hidden test 1 failed; it also fails on generated cases, the smallest is shown", student.message());
        assertSame(teacher.counterexample(), student.counterexample());
        assertEquals(CapturedOutput.NONE, student.output(), "nothing printed, nothing withheld");
        assertFalse(ReportJson.toJson(student).contains(SECRET_NAME));
    }

    @Test
    void aVisibleFirstFailureKeepsItsDetails() {
        SubmissionResult teacher = result("wrong answer on example \"a1 to b3\": minMoves returned 3, expected 1",
                exampleCounterexample("a1 to b3"), CapturedOutput.NONE,
                example("a1 to b3", Status.FAILED, false), example(SECRET_NAME, Status.FAILED, true));
        SubmissionResult student = StudentView.of(teacher);
        assertEquals(teacher.message(), student.message());
        assertNotNull(student.counterexample());
        assertEquals("hidden test 1 failed", student.tests().get(2).message());
        assertFalse(ReportJson.toJson(student).contains(SECRET_NAME));
    }

    @Test
    void aResultWithoutHiddenTestsIsShownAsIs() {
        SubmissionResult teacher = result("wrong answer on example \"a1 to b3\": ...", exampleCounterexample("a1 to b3"),
                new CapturedOutput("debug\n", false, 6), example("a1 to b3", Status.FAILED, false));
        assertSame(teacher, StudentView.of(teacher));
    }

    @Test
    void aMessageNamingAHiddenExampleNeverReachesAStudent() {
        // however a message came to name a hidden example, the student view does not repeat it
        SubmissionResult teacher = result("wrong answer; compare with \"" + SECRET_NAME + "\"", generatedCounterexample(),
                CapturedOutput.NONE, example(SECRET_NAME, Status.PASSED, true), example("x", Status.FAILED, false));
        assertEquals("wrong answer", StudentView.of(teacher).message());
    }

    @Test
    void hiddenTestsAreNumberedFromOne() {
        assertEquals("hidden test 1", StudentView.hiddenName(1));
        assertEquals("hidden test 12", StudentView.hiddenName(12));
    }
}
