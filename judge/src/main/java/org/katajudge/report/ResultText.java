package org.katajudge.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/** Pieces of a result in plain text, shared by the writers: points, a headline, tests, notes, diagnostics, output. */
public final class ResultText {

    /** Most compiler messages or forbidden calls listed; the rest are counted. */
    public static final int MAX_DIAGNOSTICS = 20;
    /** Most characters of a submission's own output shown. */
    public static final int MAX_OUTPUT = 2000;

    private ResultText() {
    }

    /** Points as a person writes them: {@code 3}, {@code 2.5}, {@code 0.33}. */
    public static String points(double points) {
        if (!Double.isFinite(points)) {
            return String.valueOf(points);
        }
        return BigDecimal.valueOf(points).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    /** E.g. {@code wrong answer, 12/14 points}. */
    public static String headline(SubmissionResult result) {
        return result.verdict().words() + ", " + points(result.score()) + "/" + points(result.maxScore()) + " points";
    }

    /** Tests passed, e.g. {@code 12/16 tests passed}. */
    public static String passed(SubmissionResult result) {
        long passed = result.tests().stream().filter(t -> t.status() == TestOutcome.Status.PASSED).count();
        return passed + "/" + result.tests().size() + " tests passed";
    }

    /** The result's message, printable. */
    public static String message(SubmissionResult result) {
        return SafeText.clip(SafeText.printable(result.message() == null ? "" : result.message()), 2000);
    }

    /** The test's status in words: {@code passed}, {@code failed}, {@code not run}. */
    public static String status(TestOutcome test) {
        return test.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }

    /**
     * A test's message as it follows its {@link #status} ("not run: " + this): without the status
     * again when the message starts with it, so that no writer says "not run: not run: ...".
     */
    public static String message(TestOutcome test) {
        String message = test.message();
        String prefix = status(test) + ": ";
        return message != null && message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    /** The diagnostics, one per line, at most {@link #MAX_DIAGNOSTICS}, printable. */
    public static String diagnostics(List<String> diagnostics) {
        StringBuilder text = new StringBuilder();
        diagnostics.stream().limit(MAX_DIAGNOSTICS)
                .forEach(d -> text.append(SafeText.clip(SafeText.printable(d), 1000)).append('\n'));
        if (diagnostics.size() > MAX_DIAGNOSTICS) {
            text.append("... ").append(diagnostics.size() - MAX_DIAGNOSTICS).append(" more\n");
        }
        return text.toString();
    }

    /**
     * What the submission printed, bounded and printable; null when it printed nothing. A kept
     * text that is empty although bytes were printed says so (hidden tests' inputs may be in it).
     */
    public static String output(CapturedOutput output) {
        if (StudentView.withheld(output)) {
            return output.text();
        }
        if (output == null || output.size() == 0) {
            return null;
        }
        if (output.text().isEmpty()) {
            return "(printed " + output.size() + " bytes, not shown here)";
        }
        String printable = SafeText.printable(output.text());
        return SafeText.clip(printable, MAX_OUTPUT) + (output.truncated() || printable.length() > MAX_OUTPUT
                ? "\n(printed " + output.size() + " bytes in all)" : "");
    }

    /** Whether {@code test} is the test the counterexample was found in. */
    public static boolean carries(TestOutcome test, Counterexample example) {
        if (example == null || test.status() != TestOutcome.Status.FAILED) {
            return false;
        }
        return example.example() != null ? test.name().equals("example: " + example.example())
                : test.kind() == TestKind.RANDOM && example.method().equals(test.method());
    }
}
