package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * A failing case in plain text: for CI ({@link #of}: test failure messages under a JUnit
 * Platform launcher, JUnit XML) and for students ({@link #describe}: Gradescope's and
 * PrairieLearn's test outputs and the feedback files), with the input drawn as the board a
 * student knows, the expected and the actual answer, the reference's reason, and how to
 * reproduce it.
 */
public final class CaseText {

    /** Longest answer or error shown; a submission's answer can be anything. */
    static final int MAX_VALUE = 600;

    private CaseText() {
    }

    /**
     * The case as plain lines for CI (test failure messages under a JUnit Platform launcher,
     * JUnit XML): {@code input, METHOD:} and the drawing, the earlier calls when the failure
     * depends on them, {@code expected:}, {@code actual:} (or {@code error:}), {@code why:},
     * {@code choices:} when generated, {@code replay:}. What came from the submission (its
     * answer, its error) is bounded and printable.
     */
    public static String of(Counterexample example) {
        StringBuilder text = new StringBuilder();
        text.append("input").append(example.example() != null ? " (example \"" + safe(example.example()) + "\")" : "")
                .append(", ").append(example.method()).append(":\n");
        if (example.input() != null) {
            example.input().lines().forEach(line -> text.append("    ").append(safe(line)).append('\n'));
        }
        appendHistory(text, example);
        text.append("expected: ").append(value(example.expected())).append('\n');
        if (example.actual() != null || example.error() == null) {
            text.append("actual:   ").append(value(example.actual())).append('\n');
        } else {
            text.append("error:    ").append(indentRest(SafeText.clip(SafeText.printable(example.error()), MAX_VALUE).strip(),
                    "          ")).append('\n');
        }
        if (example.reason() != null) {
            text.append("why:      ").append(safe(example.reason())).append('\n');
        }
        if (example.choices() != null) {
            text.append("choices:  ").append(example.choices())
                    .append(example.shrinkSteps() > 0 ? " (shrunk in " + example.shrinkSteps() + " steps)" : "").append('\n');
        }
        if (example.replay() != null) {
            text.append("replay:   ").append(safe(example.replay())).append('\n');
        }
        return text.toString();
    }

    private static void appendHistory(StringBuilder text, Counterexample example) {
        List<Counterexample.Call> history = example.history();
        if (history != null && !history.isEmpty()) {
            text.append("after these calls in the same run (the solution keeps state between calls):\n");
            for (Counterexample.Call call : history) {
                text.append("    ").append(call.method()).append(value(call.args())).append('\n');
            }
        }
    }

    /**
     * @param result     the result the case belongs to
     * @param example    its counterexample
     * @param views      for the Java call that reproduces it
     * @param forStudent whether the reader is the student: the judge command is written for their
     *                   machine ({@link StudentReplay}), not the grading machine's paths
     */
    public static String describe(SubmissionResult result, Counterexample example, CaseViews views, boolean forStudent) {
        StringBuilder text = new StringBuilder();
        text.append("input").append(example.example() != null ? " (example \"" + safe(example.example()) + "\")" : "")
                .append(", ").append(example.method()).append(":\n");
        for (String line : safe(example.input()).split("\n", -1)) {
            text.append("    ").append(line).append('\n');
        }
        appendHistory(text, example);
        text.append("expected: ").append(value(example.expected())).append('\n');
        if (example.actual() != null) {
            text.append("actual:   ").append(value(example.actual())).append('\n');
        } else {
            text.append("instead:  ").append(indentRest(SafeText.clip(SafeText.printable(
                    example.error() == null ? "(nothing)" : example.error()), MAX_VALUE), "          ")).append('\n');
        }
        text.append("why:      ").append(safe(example.reason())).append('\n');
        if (example.rule() != null) {
            text.append("rule:     ").append(example.rule()).append('\n');
        }
        String snippet = views.javaSnippet(result.kata(), example, value(example.expected()));
        if (snippet != null) { // with the calls before it that it needs, one a line
            text.append("try it:   ").append(indentRest(snippet, "          ")).append('\n');
        }
        text.append("replay:   ").append(forStudent ? StudentReplay.of(result, example, views,
                StudentReplay.yourSolution(result.submission())).text() : safe(example.replay()));
        return text.toString();
    }

    /** A value in JSON, bounded and printable. */
    static String value(JsonNode value) {
        return value == null ? "null" : SafeText.clip(SafeText.printable(value.toString()), MAX_VALUE);
    }

    private static String safe(String text) {
        return text == null ? "" : SafeText.printable(text);
    }

    private static String indentRest(String text, String indent) {
        return text.replace("\n", "\n" + indent);
    }
}
