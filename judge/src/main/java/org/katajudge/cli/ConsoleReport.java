package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.engine.plan.Submission;
import org.katajudge.report.ClassResults;
import org.katajudge.report.Counterexample;
import org.katajudge.report.SafeText;
import org.katajudge.report.StudentView;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;
import org.katajudge.scoring.Points;

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
    private static final int MAX_FAILED_TESTS = 8;

    private final PrintStream out;

    ConsoleReport(PrintStream out) {
        this.out = out;
    }

    /** The one-line summary of a result, then its details when it is not accepted. */
    void result(SubmissionResult result) {
        // Random tests of an examples-only method do not exist: not counted, but said.
        List<TestOutcome> tests = result.tests().stream().filter(t -> !TestOutcome.isNoRandomTests(t)).toList();
        long passed = tests.stream().filter(t -> t.status() == TestOutcome.Status.PASSED).count();
        out.printf(Locale.ROOT, "%-4s %-25s %s  %d/%d tests  %s/%s points  %.2f s%s%n", result.verdict().abbreviation(),
                safe(result.kata()), oneLine(who(result)), passed, tests.size(), Points.format(result.score()),
                Points.format(result.maxScore()), result.timings().totalMillis() / 1000.0,
                tests.size() < result.tests().size() ? "  " + TestOutcome.NO_RANDOM_TESTS + " (examples only)" : "");
        // what the intake did to the sources (decoded, renamed, left out): the teacher should know
        result.notes().stream().distinct().forEach(note -> out.println("     note: " + oneLine(note)));
        if (result.verdict() != Verdict.ACCEPTED) {
            details(result);
        }
    }

    /**
     * Where the submission is, and who handed it in when the path does not say it: a roster
     * student without a hand-in is "Octo Cat (roster.csv:6)", not a file's line alone.
     */
    private static String who(SubmissionResult result) {
        String student = result.student();
        return student == null || student.isBlank() || result.submission().contains(student) ? result.submission()
                : student + " (" + result.submission() + ")";
    }

    void details(SubmissionResult result) {
        String indent = "     ";
        printIndented(indent, result.message());
        failedTests(result, indent);
        List<String> diagnostics = result.diagnostics();
        diagnostics.stream().limit(MAX_DIAGNOSTICS).forEach(d -> printIndented(indent + "  ", d));
        if (diagnostics.size() > MAX_DIAGNOSTICS) {
            out.println(indent + "  ... " + (diagnostics.size() - MAX_DIAGNOSTICS) + " more");
        }
        Counterexample example = result.counterexample();
        if (example != null) {
            counterexample(example, indent);
        }
        if (StudentView.withheld(result.output())) {
            out.println(indent + "printed: " + result.output().text());
        } else if (result.output() != null && result.output().size() > 0) {
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
        if (example.reask() != null) {
            out.println(indent + "first:    the same input was asked at call " + example.reask().firstCall()
                    + " and answered " + show(example.reask().firstAnswer()) + "; asked again"
                    + (example.call() != null ? " at call " + example.call() : "") + ", the answer changed");
        }
        out.println(indent + "why:      " + oneLine(example.reason()));
        history(example, indent);
        if (example.choices() != null) {
            out.println(indent + "choices:  " + example.choices()
                    + (example.shrinkSteps() > 0 ? " (shrunk in " + example.shrinkSteps() + " step"
                    + (example.shrinkSteps() == 1 ? "" : "s") + ")" : ""));
        }
        out.println(indent + "replay:   " + oneLine(example.replay()));
    }

    /** Which tests failed (with the cases passed, for partial credit), and how many were not run. */
    private void failedTests(SubmissionResult result, String indent) {
        List<String> failed = result.tests().stream().filter(t -> t.status() == TestOutcome.Status.FAILED)
                .map(ConsoleReport::testLabel).toList();
        long notRun = result.tests().stream().filter(t -> t.status() == TestOutcome.Status.NOT_RUN).count();
        if (failed.isEmpty() && notRun == 0) {
            return;
        }
        if (result.verdict() == Verdict.NO_SUBMISSION) {
            // nothing was compiled: its compile "test" carries the reason, said just above
            out.println(indent + "nothing graded: " + result.tests().size() + " tests not run");
            return;
        }
        String shown = String.join(", ", failed.subList(0, Math.min(MAX_FAILED_TESTS, failed.size())))
                + (failed.size() > MAX_FAILED_TESTS ? ", ... " + (failed.size() - MAX_FAILED_TESTS) + " more" : "");
        out.println(indent + SafeText.oneLine((failed.isEmpty() ? "" : "failed: " + shown)
                + (notRun == 0 ? "" : (failed.isEmpty() ? "" : "; ") + notRun + " not run")));
    }

    /** A test in a list: an example's name quoted (names hold commas), random tests with the cases passed. */
    private static String testLabel(TestOutcome test) {
        return switch (test.kind()) {
            case EXAMPLE -> test.name().startsWith("example: ")
                    ? "\"" + test.name().substring("example: ".length()) + "\"" : test.name();
            case RANDOM -> test.name().replace(": ", " ") + " (passed " + test.passedCases() + " of the " + test.cases()
                    + " case" + (test.cases() == 1 ? "" : "s") + " run)";
            default -> test.name();
        };
    }

    /** What an interrupted run did not grade. */
    void interrupted(int graded, List<Submission> notGraded) {
        out.printf(Locale.ROOT, "interrupted: %d of %d submission%s graded; the reports hold those",
                graded, graded + notGraded.size(), graded + notGraded.size() == 1 ? "" : "s");
        out.println(notGraded.isEmpty() ? "" : "; not graded:");
        notGraded.forEach(s -> out.println("  " + SafeText.oneLine(s.displayPath())));
    }

    /** What a failure that depends on earlier calls needs, and that the solution keeps state between calls. */
    private void history(Counterexample example, String indent) {
        if (!example.stateful()) {
            return;
        }
        long before = example.historyLength() == null ? 0 : example.historyLength();
        String earlier = before + " earlier call" + (before == 1 ? "" : "s");
        switch (example.historyKind()) {
            case "LISTED" -> {
                List<Counterexample.Call> calls = example.history();
                out.println(indent + "history:  alone, in a fresh start, it passes: the solution keeps state between calls;");
                out.println(indent + "          it fails only after " + (calls.size() == 1 ? "this call" : "these " + calls.size() + " calls")
                        + (before > calls.size() ? " (of the " + earlier + " before it)" : "") + ":");
                for (int i = 0; i < calls.size(); i++) {
                    Counterexample.Call call = calls.get(i);
                    out.println(indent + "          " + (i + 1) + ". " + call.method() + "(" + arguments(call.args()) + ")"
                            + (call.example() != null ? "   (example \"" + SafeText.oneLine(call.example()) + "\")" : ""));
                }
            }
            case "DRAWN" -> {
                Counterexample.Drawn drawn = example.historyDrawn();
                out.println(indent + "history:  alone, in a fresh start, it passes: the solution keeps state between calls;");
                out.println(indent + "          it fails only after many calls (" + earlier + " in this run, too many to list): after the"
                        + " first " + drawn.calls() + " cases " + drawn.method() + " draws with seed " + drawn.seed() + ", too");
            }
            case "RERUN" -> {
                out.println(indent + "history:  alone, in a fresh start, it passes: the solution keeps state between calls;");
                out.println(indent + "          it fails only after the " + earlier + " before it, too many to shrink: the replay"
                        + " reruns the whole run");
            }
            default -> out.println(indent + "history:  it did not fail again when replayed, alone or after the " + earlier
                    + " before it: its answers vary from run to run (randomness, or state this replay does not rebuild)");
        }
    }

    /** Arguments as a call shows them: JSON values separated by commas, clipped. */
    private static String arguments(JsonNode args) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; args != null && i < args.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(args.get(i).toString());
        }
        return clip(SafeText.oneLine(text.toString()));
    }

    /** The closing lines: counts per verdict, time, isolation. */
    void summary(List<SubmissionResult> results, Duration elapsed) {
        StringBuilder line = new StringBuilder();
        ClassResults.verdictCounts(results).forEach((verdict, count) -> line.append(line.length() == 0 ? "" : ", ")
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
