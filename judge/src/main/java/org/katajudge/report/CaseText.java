package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A {@link Counterexample} as plain text lines, for the places that show a failing case outside
 * the console: test failure messages under a JUnit Platform launcher, JUnit XML. The input is
 * drawn as the kata draws it; what came from the submission (its answer, its error) goes
 * through {@link SafeText}.
 */
public final class CaseText {

    /** Longest answer or error shown; a report is not the place for a megabyte of output. */
    private static final int MAX_VALUE_CHARS = 2000;

    private CaseText() {
    }

    /**
     * The case, one item a line: {@code input, METHOD:} and the drawing, {@code expected:},
     * {@code actual:} (or the error), {@code why:}, {@code choices:} when generated, {@code replay:}.
     */
    public static String of(Counterexample example) {
        StringBuilder text = new StringBuilder();
        text.append("input").append(example.example() != null ? " (example \"" + example.example() + "\")" : "")
                .append(", ").append(example.method()).append(":\n");
        if (example.input() != null) {
            example.input().lines().forEach(line -> text.append("    ").append(line).append('\n'));
        }
        text.append("expected: ").append(show(example.expected())).append('\n');
        if (example.actual() != null || example.error() == null) {
            text.append("actual:   ").append(show(example.actual())).append('\n');
        } else {
            text.append("error:    ").append(indent(SafeText.printable(SafeText.clip(example.error(), MAX_VALUE_CHARS))))
                    .append('\n');
        }
        if (example.reason() != null) {
            text.append("why:      ").append(example.reason()).append('\n');
        }
        if (example.choices() != null) {
            text.append("choices:  ").append(example.choices())
                    .append(example.shrinkSteps() > 0 ? " (shrunk in " + example.shrinkSteps() + " steps)" : "").append('\n');
        }
        if (example.replay() != null) {
            text.append("replay:   ").append(example.replay()).append('\n');
        }
        return text.toString();
    }

    private static String show(JsonNode value) {
        return value == null ? "null" : SafeText.oneLine(SafeText.clip(value.toString(), MAX_VALUE_CHARS));
    }

    private static String indent(String text) {
        return text.strip().replace("\n", "\n          ");
    }
}
