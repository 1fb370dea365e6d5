package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.ArrayList;
import java.util.List;

/**
 * How much of what a submission says a result keeps: its message, test messages, diagnostics,
 * notes, the error of its counterexample, its answer and its output, each clipped with
 * {@link SafeText#clip}. Applied where a result is built, so every report format (JSON, XML,
 * CSV, the console) inherits the bound, and a report's size is proportional to the number of
 * submissions: a few tens of KiB each at most, whatever a submission throws or prints.
 */
public final class ResultBounds {

    /** The result's one-line message. */
    public static final int MESSAGE_CHARS = 1000;
    /** A test's message. */
    public static final int TEST_MESSAGE_CHARS = 300;
    /** Diagnostics kept (compiler errors, policy violations); a last line says how many more there were. */
    public static final int DIAGNOSTICS = 20;
    public static final int DIAGNOSTIC_CHARS = 500;
    public static final int NOTES = 10;
    public static final int NOTE_CHARS = 300;
    /** The counterexample's error (exception and frames) and the submission's answer as JSON text. */
    public static final int ERROR_CHARS = 2000;
    public static final int ANSWER_CHARS = 2000;
    /** What the submission printed (the sandbox keeps no more than this either). */
    public static final int OUTPUT_CHARS = 16 << 10;
    /** A path or a student's name. */
    public static final int NAME_CHARS = 1000;

    /** Room for the note {@link SafeText#clip} adds, so that bounding a bounded result changes nothing. */
    private static final int NOTE_ROOM = 40;

    private ResultBounds() {
    }

    /** At most about {@code chars} characters of {@code text} ({@link SafeText#clip}); text within the bound is kept whole. */
    public static String clip(String text, int chars) {
        return text == null || text.length() <= chars + NOTE_ROOM ? text : SafeText.clip(text, chars);
    }

    /** The result with everything a submission can make long clipped to the bounds above. */
    public static SubmissionResult apply(SubmissionResult result) {
        List<TestOutcome> tests = result.tests().stream()
                .map(t -> t.message() == null || t.message().length() <= TEST_MESSAGE_CHARS + NOTE_ROOM ? t
                        : t.withNameAndMessage(t.name(), clip(t.message(), TEST_MESSAGE_CHARS)))
                .toList();
        CapturedOutput output = result.output();
        if (output != null && output.text().length() > OUTPUT_CHARS) {
            output = new CapturedOutput(output.text().substring(0, OUTPUT_CHARS), true, output.size());
        }
        return new SubmissionResult(clip(result.submission(), NAME_CHARS),
                clip(result.student(), NAME_CHARS), result.kata(), result.verdict(),
                clip(result.message(), MESSAGE_CHARS), result.score(), result.maxScore(), tests,
                result.cases(), result.seed(), result.timings(), output, counterexample(result.counterexample()),
                lines(result.diagnostics(), DIAGNOSTICS, DIAGNOSTIC_CHARS), lines(result.notes(), NOTES, NOTE_CHARS),
                result.coverage(), result.isolation());
    }

    /** At most {@code count} lines of at most {@code chars} characters, and a last line saying how many more there were. */
    public static List<String> lines(List<String> lines, int count, int chars) {
        if (lines.size() == count + 1 && lines.get(count).startsWith("... and ")) {
            count++; // bounded before: the last line is the count of the rest
        }
        List<String> kept = new ArrayList<>();
        for (String line : lines.subList(0, Math.min(count, lines.size()))) {
            kept.add(clip(line, chars));
        }
        if (lines.size() > count) {
            kept.add("... and " + (lines.size() - count) + " more");
        }
        return kept;
    }

    /** A submission's answer as JSON, or its clipped JSON text when it is too long to keep. */
    public static JsonNode answer(JsonNode answer) {
        if (answer == null || !answer.isContainerNode() && !answer.isTextual()) {
            return answer;
        }
        String text = answer.toString();
        return text.length() <= ANSWER_CHARS + NOTE_ROOM ? answer : TextNode.valueOf(clip(text, ANSWER_CHARS));
    }

    private static Counterexample counterexample(Counterexample example) {
        if (example == null) {
            return null;
        }
        return example.withActualAndError(answer(example.actual()), clip(example.error(), ERROR_CHARS));
    }
}
