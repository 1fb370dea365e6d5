package org.katajudge.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The student-facing version of a result: what a student may see of their own grading. The
 * teacher's view is the result itself. Every writer of student-facing output (the console with
 * {@code --student-view}, feedback files, Gradescope's visible tests, PrairieLearn) shows
 * {@link #of(SubmissionResult)} and nothing else of the result.
 *
 * <p>Hidden tests ({@link TestOutcome#hidden()}) count, but nothing about them but their number
 * and whether they passed reaches a student:
 * <ul>
 *   <li>a hidden test is named {@code hidden test N} (N counts the hidden tests of the kata in
 *       order, from 1), its message only says {@code hidden test N failed} (or {@code not run});</li>
 *   <li>when a hidden test caused the verdict, the result's message is {@code hidden test N failed},
 *       and its counterexample is dropped (a hidden example's case, or the generated case of hidden
 *       random tests); a generated counterexample of visible random tests failing the same way
 *       stays, since those cases are not secret;</li>
 *   <li>a visible test's message that repeats the result's message (e.g. {@code not run: <why>})
 *       repeats the student's message instead;</li>
 *   <li>when a visible test's failure needs an earlier call of a hidden example (a state bug), its
 *       counterexample is dropped too (its history, replay command and "try it" snippet would run
 *       the hidden call), and the student reads that the failure follows a hidden test's call;</li>
 *   <li>no visible test's message keeps a hidden example's name or the input of a hidden call;</li>
 *   <li>what the submission printed is withheld when there are hidden tests, its size too, since a
 *       submission can print its arguments (or as many bytes as one of them says).</li>
 * </ul>
 * Points, verdict, counts, timings, diagnostics and notes are kept.
 */
public final class StudentView {

    /** What replaces the printed output of a run with hidden tests. */
    public static final String OUTPUT_WITHHELD =
            "(not shown: this run includes hidden tests, and what a submission prints can reveal their input)";

    /** The output of a run with hidden tests, as a student gets it: the notice, no size (0), nothing kept. */
    static final CapturedOutput WITHHELD = new CapturedOutput(OUTPUT_WITHHELD, false, 0);

    /** Whether {@code output} is a student view's withheld output: its notice is shown, no count of bytes. */
    public static boolean withheld(CapturedOutput output) {
        return WITHHELD.equals(output);
    }

    /**
     * Said of a visible test whose failure needs a hidden example's call before it: that much, and
     * nothing of the hidden call (its name, input, or a replay or snippet that would run it).
     */
    public static final String AFTER_HIDDEN = " after a call of a hidden test (the failing case is not shown:"
            + " it needs that call before it)";

    private StudentView() {
    }

    /** The name a student sees for the {@code n}th hidden test (from 1). */
    public static String hiddenName(int n) {
        return "hidden test " + n;
    }

    public static SubmissionResult of(SubmissionResult result) {
        Map<String, String> hiddenExamples = new HashMap<>(); // example name -> student-facing name
        List<TestOutcome> tests = new ArrayList<>();
        int hidden = 0;
        TestOutcome firstFailure = null;
        String firstFailureName = null;
        for (TestOutcome test : result.tests()) {
            TestOutcome shown = test;
            if (test.hidden()) {
                String name = hiddenName(++hidden);
                if (test.kind() == TestKind.EXAMPLE && test.name().startsWith(TestOutcome.exampleName(""))) {
                    hiddenExamples.put(test.name().substring(TestOutcome.exampleName("").length()), name);
                }
                shown = test.withNameAndMessage(name, switch (test.status()) {
                    case PASSED -> null;
                    case FAILED -> name + " failed";
                    case NOT_RUN -> name + " not run";
                });
            }
            if (firstFailure == null && test.status() == TestOutcome.Status.FAILED) {
                firstFailure = test;
                firstFailureName = shown.name();
            }
            tests.add(shown);
        }
        if (hidden == 0) {
            return result;
        }
        Counterexample counterexample = hiddenCase(result) ? null : result.counterexample();
        Set<String> secrets = secrets(result.counterexample(), hiddenExamples.keySet());
        boolean afterHidden = counterexample != null && reveals(counterexample, hiddenExamples.keySet(), secrets);
        if (afterHidden) {
            counterexample = null; // its history, replay or snippet runs through a hidden example's call
        }
        String message = result.message();
        if (firstFailure != null && firstFailure.hidden()) {
            message = firstFailureName + " failed" + (counterexample != null
                    ? "; it also fails on generated cases, the smallest is shown" : "");
        } else if (afterHidden) {
            message = (firstFailureName == null ? result.verdict().words() : firstFailureName + " failed")
                    + AFTER_HIDDEN;
        } else if (mentionsAny(message, hiddenExamples.keySet())) {
            message = result.verdict().words(); // never a hidden example's name, whatever the message says
        }
        if (!message.equals(result.message())) {
            String teacherMessage = result.message();
            String studentMessage = message;
            tests.replaceAll(test -> !test.hidden() && test.message() != null && teacherMessage != null
                    && test.message().contains(teacherMessage)
                    ? test.withNameAndMessage(test.name(), test.message().replace(teacherMessage, studentMessage)) : test);
        }
        // the last word: no visible test's message may carry a hidden example's name or input
        tests.replaceAll(test -> !test.hidden() && test.message() != null && containsAny(test.message(), secrets)
                ? test.withNameAndMessage(test.name(), test.name() + " failed" + AFTER_HIDDEN) : test);
        CapturedOutput output = result.output();
        if (output != null && output.size() > 0) {
            output = WITHHELD; // not its size either: a count of bytes is as good a channel as the bytes
        }
        return new SubmissionResult(result.submission(), result.student(), result.kata(), result.verdict(), message,
                result.score(), result.maxScore(), tests, result.cases(), result.seed(), result.timings(), output,
                counterexample, result.diagnostics(), result.notes(), result.coverage(), result.isolation());
    }

    /**
     * {@code result} with its case's replay command as the student runs it on their own machine
     * ({@link StudentReplay}: none of the grading machine's paths), or the reason they cannot,
     * for the outputs a student reads as they are: the console and the JSON report of
     * {@code --student-view}. (The feedback files and the platforms' results make the same
     * command from the teacher's as they write it.)
     */
    public static SubmissionResult withStudentReplay(SubmissionResult result, CaseViews views) {
        Counterexample example = result.counterexample();
        if (example == null || example.replay() == null) {
            return result;
        }
        return withReplay(result, StudentReplay.of(result, example, views, StudentReplay.yourSolution(result.submission())).text());
    }

    /** {@code result} with its case's replay command replaced by {@code replay}; its case must have one. */
    public static SubmissionResult withReplay(SubmissionResult result, String replay) {
        return new SubmissionResult(result.submission(), result.student(), result.kata(), result.verdict(), result.message(),
                result.score(), result.maxScore(), result.tests(), result.cases(), result.seed(), result.timings(),
                result.output(), result.counterexample().withReplay(replay), result.diagnostics(), result.notes(),
                result.coverage(), result.isolation());
    }

    /**
     * Whether the result's counterexample is the case of a hidden test: a hidden example, or the
     * generated case of a method whose random tests are hidden.
     */
    public static boolean hiddenCase(SubmissionResult result) {
        Counterexample example = result.counterexample();
        if (example == null) {
            return false;
        }
        return result.tests().stream().filter(TestOutcome::hidden).anyMatch(test -> example.example() != null
                ? test.kind() == TestKind.EXAMPLE && test.name().equals(TestOutcome.exampleName(example.example()))
                : test.kind() == TestKind.RANDOM && example.method().equals(test.method()));
    }

    /**
     * What must not reach a student of this result: each hidden example's name (as it is quoted in
     * messages and replay commands), and the arguments of every hidden example's call in the
     * counterexample's history, as JSON.
     */
    private static Set<String> secrets(Counterexample example, Set<String> hiddenExamples) {
        Set<String> secrets = new LinkedHashSet<>();
        for (String name : hiddenExamples) {
            secrets.add("\"" + name + "\"");
            secrets.add("@" + name);
        }
        if (example != null && example.history() != null) {
            for (Counterexample.Call call : example.history()) {
                if (call.example() != null && hiddenExamples.contains(call.example()) && call.args() != null) {
                    secrets.add(call.args().toString());
                }
            }
        }
        return secrets;
    }

    /** Whether a counterexample of a visible test shows anything of a hidden example. */
    private static boolean reveals(Counterexample example, Set<String> hiddenExamples, Set<String> secrets) {
        if (example.history() != null && example.history().stream()
                .anyMatch(call -> call.example() != null && hiddenExamples.contains(call.example()))) {
            return true;
        }
        for (String text : new String[] {example.replay(), example.input(), example.reason(), example.error(),
                example.args() == null ? null : example.args().toString()}) {
            if (text != null && (containsAny(text, secrets) || hiddenExamples.stream().anyMatch(text::contains))) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsAny(String text, Set<String> secrets) {
        return secrets.stream().anyMatch(text::contains);
    }

    private static boolean mentionsAny(String text, Iterable<String> names) {
        if (text == null) {
            return false;
        }
        for (String name : names) {
            if (text.contains("\"" + name + "\"")) {
                return true;
            }
        }
        return false;
    }
}
