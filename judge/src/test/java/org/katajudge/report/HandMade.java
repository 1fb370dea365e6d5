package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.katajudge.report.TestOutcome.Status;

import java.util.ArrayList;
import java.util.List;

/** Hand-made results for the writers' tests: realistic shapes, hidden tests, hostile text. */
public final class HandMade {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A xiangqi board whose generals face each other. */
    public static final String FACING = String.join("\n",
            "   +將+   ", "   |X|   ", "   +-+   ", "         ", "---------",
            "---------", "         ", "   +-+   ", "   |X|   ", "   +帥+   ");

    private HandMade() {
    }

    /** A wrong answer on the visible example "flying", a generated case shrunk to the facing generals. */
    public static SubmissionResult xiangqiWrong(String student, String submission) {
        List<TestOutcome> tests = new ArrayList<>();
        tests.add(TestOutcome.compile(Status.PASSED, null));
        tests.add(TestOutcome.example("legal", "chessValidator", Status.PASSED, null));
        tests.add(TestOutcome.example("flying", "chessValidator", Status.FAILED,
                "chessValidator returned true, expected false"));
        tests.add(TestOutcome.random("chessValidator", Status.FAILED,
                "chessValidator returned true, expected false (after 24 random cases, shrunk in 2 steps)", 24, false));
        Counterexample example = new Counterexample("chessValidator", null, json("[" + JSON.valueToTree(FACING) + "]"),
                json("false"), json("true"), null,
                "將 at (0,4) and 帥 at (9,4) face each other with nothing between [flying-general]",
                "  0 1 2 3 4 5 6 7 8\n(drawn board)", "9.1.0.0.0.0", 2,
                "java -jar judge/target/judge.jar fuzz --kata xiangqi-board-validator --method chessValidator --replay 9.1.0.0.0.0 "
                        + submission, null, new Counterexample.Rule("flying-general", false));
        return result(student, submission, "xiangqi-board-validator", Verdict.WRONG_ANSWER,
                "wrong answer on example \"flying\": chessValidator returned true, expected false; it also fails on"
                        + " generated cases, the smallest is shown", tests, example, CapturedOutput.NONE);
    }

    /**
     * A wrong answer decided by the hidden example "secret" (input [[3,0],[0,1]], expected false),
     * which is also the counterexample; a visible example passed.
     */
    public static SubmissionResult safeSpacesHiddenWrong(String student) {
        List<TestOutcome> tests = new ArrayList<>();
        tests.add(TestOutcome.compile(Status.PASSED, null));
        tests.add(TestOutcome.example("visible", "isSafe", Status.PASSED, null));
        tests.add(TestOutcome.example("secret", "isSafe", Status.FAILED, "isSafe returned true, expected false")
                .withHidden(true));
        tests.add(TestOutcome.random("isSafe", Status.PASSED, null, 300, false));
        Counterexample example = new Counterexample("isSafe", "secret", json("[[[3,0],[0,1]]]"), json("false"),
                json("true"), null, "red at (0,0) is diagonally above black at (1,1), so the board is unsafe",
                "SECRET-DRAWING\n 0  3 0\n 1  0 1", null, 0,
                "java -jar judge/target/judge.jar grade --kata checkers-safe-spaces submissions/" + student,
                null, new Counterexample.Rule("red-above-black-right", false));
        return result(student, "class/checkers-safe-spaces/" + student, "checkers-safe-spaces", Verdict.WRONG_ANSWER,
                "wrong answer on example \"secret\": isSafe returned true, expected false", tests, example,
                new CapturedOutput("board=[[3,0],[0,1]]\n", false, 20));
    }

    /** An accepted result. */
    public static SubmissionResult accepted(String student, String kata) {
        List<TestOutcome> tests = List.of(TestOutcome.compile(Status.PASSED, null),
                TestOutcome.example("one", "m", Status.PASSED, null),
                TestOutcome.example("two", "m", Status.PASSED, null).withHidden(true),
                TestOutcome.random("m", Status.PASSED, null, 300, false));
        return result(student, "class/" + kata + "/" + student, kata, Verdict.ACCEPTED,
                "all 2 examples and 300 random cases passed", tests, null, CapturedOutput.NONE);
    }

    /** A compile error. */
    public static SubmissionResult compileError(String student, String kata) {
        List<TestOutcome> tests = List.of(TestOutcome.compile(Status.FAILED, "compile error"),
                TestOutcome.example("one", "m", Status.NOT_RUN, "not run: compile error"),
                TestOutcome.random("m", Status.NOT_RUN, "not run: compile error", 0, false));
        return new SubmissionResult("class/" + kata + "/" + student, student, kata, Verdict.COMPILE_ERROR,
                "compile error: Main.java:3:5: ';' expected", 0, 2, tests, 0, 0, new Timings(100, 0, 100),
                CapturedOutput.NONE, null, List.of("Main.java:3:5: ';' expected"), List.of("removed the package line"),
                List.of(), null);
    }

    public static SubmissionResult result(String student, String submission, String kata, Verdict verdict,
                                          String message, List<TestOutcome> tests, Counterexample example,
                                          CapturedOutput output) {
        double[] points = SubmissionResult.totals(tests);
        return new SubmissionResult(submission, student, kata, verdict, message, points[0], points[1], tests,
                tests.stream().filter(t -> t.kind() == TestKind.RANDOM).mapToInt(TestOutcome::cases).sum(), 0,
                new Timings(120, 800, 920), output, example, List.of(), List.of(), List.of(),
                new SubmissionResult.Isolation("bwrap", "bwrap: no network"));
    }

    public static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
