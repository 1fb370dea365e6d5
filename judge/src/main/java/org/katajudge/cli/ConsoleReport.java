package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.report.Counterexample;
import org.katajudge.report.SafeText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The judge's output for people: a line per submission and, under a failure, the failing case
 * as a person reads it (the board drawn as rows), expected and actual, the reference's reason,
 * and the command that replays it. Everything that came from a submission (its path, messages,
 * output, exceptions) goes through {@link SafeText#printable}: no escape sequence a submission
 * prints or throws reaches the terminal raw.
 */
final class ConsoleReport {

    private static final int MAX_DIAGNOSTICS = 8;
    private static final int MAX_OUTPUT_LINES = 5;

    private final PrintStream out;

    ConsoleReport(PrintStream out) {
        this.out = out;
    }

    /** The one-line summary of a result, then its details when it is not accepted. */
    void result(SubmissionResult result) {
        long passed = result.tests().stream().filter(t -> t.status() == TestOutcome.Status.PASSED).count();
        out.printf(Locale.ROOT, "%-4s %-25s %s  %d/%d tests  %.2f s%n", result.verdict().abbreviation(),
                safe(result.kata()), oneLine(result.submission()), passed, result.tests().size(),
                result.timings().totalMillis() / 1000.0);
        result.notes().forEach(note -> out.println("     note: " + oneLine(note)));
        if (result.verdict() != Verdict.ACCEPTED) {
            details(result);
        }
    }

    void details(SubmissionResult result) {
        String indent = "     ";
        printIndented(indent, result.message());
        List<String> diagnostics = result.diagnostics();
        diagnostics.stream().limit(MAX_DIAGNOSTICS).forEach(d -> printIndented(indent + "  ", d));
        if (diagnostics.size() > MAX_DIAGNOSTICS) {
            out.println(indent + "  ... " + (diagnostics.size() - MAX_DIAGNOSTICS) + " more");
        }
        Counterexample example = result.counterexample();
        if (example != null) {
            counterexample(example, indent);
        }
        if (result.output() != null && result.output().size() > 0) {
            out.println(indent + "printed " + result.output().size() + " bytes"
                    + (result.output().truncated() ? " (kept the first " + result.output().text().length() + " characters)" : "") + ":");
            result.output().text().lines().limit(MAX_OUTPUT_LINES).forEach(line -> out.println(indent + "  | " + clip(oneLine(line))));
        }
    }

    void counterexample(Counterexample example, String indent) {
        out.println(indent + "input" + (example.example() != null ? " (example \"" + oneLine(example.example()) + "\")" : "")
                + ", " + oneLine(example.method()) + ":");
        printIndented(indent + "    ", example.input());
        out.println(indent + "expected: " + show(example.expected()));
        out.println(indent + "actual:   " + (example.actual() != null ? show(example.actual())
                : firstLines(safe(example.error()), 4, indent + "          ")));
        out.println(indent + "why:      " + oneLine(example.reason()));
        if (example.choices() != null) {
            out.println(indent + "choices:  " + example.choices()
                    + (example.shrinkSteps() > 0 ? " (shrunk in " + example.shrinkSteps() + " steps)" : ""));
        }
        out.println(indent + "replay:   " + oneLine(example.replay()));
    }

    /** The closing lines: counts per verdict, time, isolation. */
    void summary(List<SubmissionResult> results, Duration elapsed) {
        StringBuilder line = new StringBuilder();
        ReportDocument.verdictCounts(results).forEach((verdict, count) -> line.append(line.length() == 0 ? "" : ", ")
                .append(count).append(' ').append(verdict.words()));
        out.printf(Locale.ROOT, "%n%d submission%s in %.1f s: %s%n", results.size(), results.size() == 1 ? "" : "s",
                elapsed.toMillis() / 1000.0, line);
        results.stream().map(SubmissionResult::isolation).filter(i -> i != null).findFirst()
                .ifPresent(i -> out.println("isolation: " + i.description()));
    }

    /** Each line of {@code text}, made safe, under {@code indent}. */
    private void printIndented(String indent, String text) {
        if (text != null) {
            safe(text).lines().forEach(line -> out.println(indent + line));
        }
    }

    /** Submission text for a terminal: control characters shown, not obeyed; line feeds kept. */
    private static String safe(String text) {
        return SafeText.printable(text);
    }

    /** Submission text on one line of a terminal. */
    private static String oneLine(String text) {
        return SafeText.oneLine(text);
    }

    private static String firstLines(String text, int lines, String indent) {
        if (text == null) {
            return "(nothing)";
        }
        List<String> all = text.lines().toList();
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i < Math.min(lines, all.size()); i++) {
            shown.append(i == 0 ? "" : "\n" + indent).append(all.get(i));
        }
        if (all.size() > lines) {
            shown.append("\n").append(indent).append("...");
        }
        return shown.toString();
    }

    private static String show(JsonNode value) {
        return value == null ? "null" : clip(oneLine(value.toString()));
    }

    private static String clip(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
