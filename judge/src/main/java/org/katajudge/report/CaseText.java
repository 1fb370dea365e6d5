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
    /** What stands for the student's folder in a command they run themselves. */
    public static final String YOUR_FOLDER = "path/to/your/solution";

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
     *                   machine ({@code java -jar judge.jar ... path/to/your/solution}), not the
     *                   grading machine's paths
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
        text.append("replay:   ").append(forStudent ? replayForStudent(example.replay(), result.submission())
                : safe(example.replay()));
        return text.toString();
    }

    /**
     * The judge's replay command as a student runs it at home: {@code java -jar judge.jar}, and
     * their own folder instead of the grading machine's path, without the teacher's
     * {@code --katas}. Unchanged when it has another shape.
     */
    public static String replayForStudent(String replay, String submission) {
        String safeReplay = safe(replay);
        int command = safeReplay.indexOf(" fuzz ");
        if (command < 0) {
            command = safeReplay.indexOf(" grade ");
        }
        if (command < 0 || submission == null) {
            return safeReplay;
        }
        String rest = replay.substring(command);
        String path = quoted(absolute(submission)); // a printed command names it absolutely
        if (!rest.endsWith(" " + path)) {
            path = quoted(submission);
            if (!rest.endsWith(" " + path)) {
                return safeReplay;
            }
        }
        // the teacher's --katas directory is a path on the grading machine (and may hold hidden
        // examples): a student's judge.jar uses the katas it carries
        String options = rest.substring(0, rest.length() - path.length()).replaceFirst(" --katas ('[^']*'|\\S+)", "");
        return "java -jar judge.jar" + safe(options) + YOUR_FOLDER;
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

    /** A submission's path as a printed command names it: absolute (unchanged when it cannot be a path). */
    private static String absolute(String submission) {
        try {
            return java.nio.file.Path.of(submission).toAbsolutePath().normalize().toString().replace('\\', '/');
        } catch (java.nio.file.InvalidPathException e) {
            return submission;
        }
    }

    /** As the grader quotes a path in a command: bare when safe, else in single quotes. */
    private static String quoted(String path) {
        return path.matches("[A-Za-z0-9_./@%+=:,-]+") ? path : "'" + path.replace("'", "'\\''") + "'";
    }
}
