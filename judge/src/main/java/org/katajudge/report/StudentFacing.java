package org.katajudge.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A result as its student may see it. A hidden test counts, but its input and expected answer
 * are the teacher's: the student learns only whether it passed. Every student-facing writer
 * (feedback files, PrairieLearn, Gradescope's visible parts, the class report's student view)
 * goes through {@link #of(SubmissionResult)}, the one place that decides what a student sees.
 */
public final class StudentFacing {

    private StudentFacing() {
    }

    /**
     * The result without what hidden tests would reveal: their messages, a counterexample that
     * comes from one of them, a result message that describes one, and the captured output when a
     * hidden test ran (a submission that prints its arguments would print the hidden inputs).
     * A result without hidden tests is returned as it is.
     */
    public static SubmissionResult of(SubmissionResult result) {
        if (result.tests().stream().noneMatch(TestOutcome::hidden)) {
            return result;
        }
        boolean hiddenCase = hiddenCase(result);
        Counterexample counterexample = hiddenCase ? null : result.counterexample();
        String message = result.message();
        if (hiddenCase || describesHiddenTest(result)) {
            message = result.verdict().words() + " on a hidden test (its input and expected answer are not shown)"
                    + (counterexample != null ? "; a visible case that fails the same way is shown" : "");
        }
        List<TestOutcome> tests = new ArrayList<>();
        for (TestOutcome test : result.tests()) {
            if (test.hidden()) {
                tests.add(withoutDetails(test));
            } else if (!message.equals(result.message()) && test.message() != null && result.message() != null
                    && test.message().contains(result.message())) {
                // "not run: <the verdict's message>": that message described the hidden test
                tests.add(new TestOutcome(test.name(), test.kind(), test.method(), test.status(),
                        test.message().replace(result.message(), message), test.cases(), test.exhaustive(),
                        test.points(), test.maxPoints(), false));
            } else {
                tests.add(test);
            }
        }
        boolean hiddenRan = result.tests().stream().anyMatch(t -> t.hidden() && t.status() != TestOutcome.Status.NOT_RUN);
        CapturedOutput output = result.output();
        if (hiddenRan && output != null && output.size() > 0) {
            output = new CapturedOutput("", true, output.size());
        }
        return new SubmissionResult(result.submission(), result.student(), result.kata(), result.verdict(), message,
                result.score(), result.maxScore(), tests, result.cases(), result.seed(), result.timings(), output,
                counterexample, result.diagnostics(), result.notes(), result.coverage(), result.isolation());
    }

    /** Whether the result's counterexample is the case of a hidden test (a hidden example, or hidden random tests). */
    public static boolean hiddenCase(SubmissionResult result) {
        Counterexample example = result.counterexample();
        if (example == null) {
            return false;
        }
        return result.tests().stream().filter(TestOutcome::hidden).anyMatch(test -> example.example() != null
                ? test.kind().equals("example") && test.name().equals("example: " + example.example())
                : test.kind().equals("random") && example.method().equals(test.method()));
    }

    /**
     * Whether the result's message names a hidden example that failed (the verdict came from it,
     * though a visible generated case that fails the same way may be the counterexample). A
     * hidden random test that decided the verdict is its counterexample, so {@link #hiddenCase}
     * covers it.
     */
    private static boolean describesHiddenTest(SubmissionResult result) {
        String message = result.message() == null ? "" : result.message();
        for (TestOutcome test : result.tests()) {
            if (test.hidden() && test.kind().equals("example") && test.status() == TestOutcome.Status.FAILED
                    && message.contains("example \"" + test.name().substring("example: ".length()) + "\"")) {
                return true;
            }
        }
        return false;
    }

    private static TestOutcome withoutDetails(TestOutcome test) {
        String message = switch (test.status()) {
            case PASSED -> null;
            case FAILED -> "a hidden test: its input and expected answer are not shown";
            case NOT_RUN -> null;
        };
        return new TestOutcome(test.name(), test.kind(), test.method(), test.status(), message, test.cases(),
                test.exhaustive(), test.points(), test.maxPoints(), true);
    }
}
