package org.katajudge.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a student sees of a result with hidden tests: whether they passed, never their cases. */
class StudentViewOfHandMadeResultsTest {

    @Test
    void aHiddenExampleShowsOnlyThatItFailed() {
        SubmissionResult teacher = HandMade.safeSpacesHiddenWrong("alice");
        assertTrue(StudentView.hiddenCase(teacher));
        SubmissionResult student = StudentView.of(teacher);

        assertNull(student.counterexample(), "the hidden example's input and expected answer are not shown");
        String json = ReportJson.toJson(student);
        assertFalse(json.contains("[[3,0],[0,1]]") || json.contains("SECRET-DRAWING") || json.contains("expected false"),
                "nothing of the hidden case anywhere: " + json);
        assertFalse(student.message().contains("secret"), student.message());
        assertEquals("hidden test 1 failed", student.message());
        TestOutcome secret = student.tests().get(2);
        assertEquals(TestOutcome.Status.FAILED, secret.status(), "that it failed is shown");
        assertTrue(secret.hidden());
        assertEquals(0, secret.points());
        assertFalse(secret.message().contains("returned"), secret.message());
        assertEquals(teacher.score(), student.score(), "the score is the score");
        assertEquals(StudentView.OUTPUT_WITHHELD, student.output().text(), "what it printed may hold the hidden input");
        assertEquals(0, student.output().size(), "how much it printed may hold it too");
        assertEquals(teacher.tests().get(1), student.tests().get(1), "visible tests unchanged");
    }

    @Test
    void aVisibleCaseStaysWhenTheHiddenExampleOnlyNamedTheVerdict() {
        SubmissionResult hidden = HandMade.safeSpacesHiddenWrong("bob");
        // the random tests failed the same way: their generated case became the counterexample
        Counterexample generated = new Counterexample("isSafe", null, HandMade.json("[[[3],[1]]]"), HandMade.json("false"),
                HandMade.json("true"), null, "red above black", " 0  3\n 1  1", "4.0.2", 3, "java -jar j.jar fuzz ...");
        SubmissionResult teacher = new SubmissionResult(hidden.submission(), hidden.student(), hidden.kata(),
                hidden.verdict(), hidden.message() + "; it also fails on generated cases, the smallest is shown",
                hidden.score(), hidden.maxScore(), hidden.tests(), hidden.cases(), hidden.seed(), hidden.timings(),
                hidden.output(), generated, hidden.diagnostics(), hidden.notes(), hidden.coverage(), hidden.isolation());
        SubmissionResult student = StudentView.of(teacher);
        assertFalse(StudentView.hiddenCase(teacher));
        assertEquals(generated, student.counterexample(), "a generated case is no secret");
        assertFalse(student.message().contains("secret") || student.message().contains("expected false"),
                "but the message named the hidden example and its answer: " + student.message());
        assertTrue(student.message().contains("it also fails on generated cases, the smallest is shown"), student.message());
    }

    @Test
    void hiddenRandomTestsHideTheirGeneratedCase() {
        SubmissionResult wrong = HandMade.xiangqiWrong("carol", "class/carol");
        java.util.List<TestOutcome> tests = new java.util.ArrayList<>(wrong.tests());
        tests.set(2, tests.get(2).withHidden(false));
        tests.set(3, tests.get(3).withHidden(true)); // the random tests of chessValidator are a hidden set
        SubmissionResult teacher = HandMade.result("carol", "class/carol", wrong.kata(), wrong.verdict(), wrong.message(),
                tests, wrong.counterexample(), wrong.output());
        assertTrue(StudentView.hiddenCase(teacher));
        assertNull(StudentView.of(teacher).counterexample());
    }

    @Test
    void testsNotRunAfterAHiddenCrashDoNotRepeatItsMessage() {
        String crash = "runtime error on example \"secret\": isSafe: IllegalStateException: board [[3,0],[0,1]]";
        java.util.List<TestOutcome> tests = java.util.List.of(TestOutcome.compile(TestOutcome.Status.PASSED, null),
                TestOutcome.example("secret", "isSafe", TestOutcome.Status.FAILED, "isSafe: IllegalStateException: board [[3,0],[0,1]]")
                        .withHidden(true),
                TestOutcome.example("later", "isSafe", TestOutcome.Status.NOT_RUN, "not run: " + crash),
                TestOutcome.random("isSafe", TestOutcome.Status.NOT_RUN, "not run: " + crash, 0, false));
        SubmissionResult teacher = HandMade.result("erin", "class/erin", "checkers-safe-spaces", Verdict.RUNTIME_ERROR,
                crash, tests, null, CapturedOutput.NONE);
        String json = ReportJson.toJson(StudentView.of(teacher));
        assertFalse(json.contains("[[3,0],[0,1]]") || json.contains("secret\\\""), json);
        assertTrue(json.contains("not run: hidden test 1 failed"), json);
    }

    @Test
    void resultsWithoutHiddenTestsAreShownAsTheyAre() {
        SubmissionResult result = HandMade.xiangqiWrong("dan", "class/dan");
        assertSame(result, StudentView.of(result));
    }
}
