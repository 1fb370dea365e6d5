package org.katajudge.report.prairielearn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.report.CaseText;
import org.katajudge.report.ClassResults;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ReportJson;
import org.katajudge.report.ReportWriter;
import org.katajudge.report.ResultText;
import org.katajudge.report.SafeText;
import org.katajudge.report.StudentView;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestKind;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

/**
 * PrairieLearn's external-grader {@code results.json} for one submission, as documented at
 * https://prairielearn.readthedocs.io/en/latest/externalGrading/#grading-results and written down
 * in {@code schema/prairielearn-results.schema.json}.
 *
 * <p>Students see all of it, so all of it is the {@linkplain StudentView student-facing} result.
 * A submission that cannot be graded as the student's answer is {@code "gradable": false}: the
 * student loses no attempt and PrairieLearn shows the {@code format_errors}. That is a compile
 * error, a rejected (forbidden) call, nothing to grade, and the judge's own failure.
 */
public final class PrairieLearnResults implements ReportWriter {

    /** Verdicts that are not an answer to grade. */
    static final Set<Verdict> NOT_GRADABLE = Set.of(Verdict.COMPILE_ERROR, Verdict.REJECTED, Verdict.NO_SUBMISSION,
            Verdict.JUDGE_ERROR);

    @Override
    public void write(ClassResults results, Path target) throws IOException {
        ReportWriter.writeOneSubmission(results, target, "PrairieLearn", PrairieLearnResults::build);
    }

    /** The results.json document. */
    public static ObjectNode build(ClassResults results) {
        SubmissionResult result = results.forStudents().get(0);
        ObjectNode root = ReportJson.mapper().createObjectNode();
        boolean gradable = !NOT_GRADABLE.contains(result.verdict());
        root.put("gradable", gradable);
        if (gradable) {
            double score = result.maxScore() > 0 ? result.score() / result.maxScore() : 0;
            root.put("score", Math.max(0, Math.min(1, score)));
        } else {
            ArrayNode errors = root.putArray("format_errors");
            errors.add(ResultText.message(result));
            result.diagnostics().stream().limit(ResultText.MAX_DIAGNOSTICS)
                    .forEach(d -> errors.add(SafeText.clip(SafeText.printable(d), 1000)));
        }
        root.put("message", result.verdict().name() + ": " + ResultText.headline(result) + ". "
                + ResultText.message(result));
        root.put("output", output(result, results));
        ArrayNode tests = root.putArray("tests");
        for (TestOutcome test : result.tests()) {
            ObjectNode node = tests.addObject();
            node.put("name", test.name() + (test.hidden() ? " (hidden)" : ""));
            node.put("description", description(test));
            node.put("points", test.points());
            node.put("max_points", test.maxPoints());
            node.put("message", ResultText.status(test)
                    + (test.message() != null ? ": " + SafeText.clip(SafeText.printable(ResultText.message(test)), 2000) : ""));
            Counterexample example = result.counterexample();
            if (ResultText.carries(test, example)) {
                node.put("output", CaseText.describe(result, example, results.views(), true));
            } else if (test.kind() == TestKind.COMPILE && !result.diagnostics().isEmpty()) {
                node.put("output", ResultText.diagnostics(result.diagnostics()));
            }
        }
        return root;
    }

    /**
     * A results.json for a run that graded nothing (no submission found, several found): not
     * gradable, so the student loses no attempt, with the reason as the format error.
     */
    public static ObjectNode failure(String why) {
        ObjectNode root = ReportJson.mapper().createObjectNode();
        String message = "Not graded: " + SafeText.clip(SafeText.printable(why), 2000);
        root.put("gradable", false);
        root.putArray("format_errors").add(message);
        root.put("message", message);
        return root;
    }

    private static String description(TestOutcome test) {
        return switch (test.kind()) {
            case COMPILE -> "compiles, declares the kata's class and methods, and uses only what a solution may";
            case EXAMPLE -> test.hidden() ? "a hidden example of " + test.method()
                    : "a fixed example of " + test.method();
            default -> test.method() + " agrees with the reference on random inputs"
                    + (test.cases() > 0 ? " (" + test.cases() + " cases" + (test.exhaustive() ? ", every input" : "") + ")" : "");
        };
    }

    private static String output(SubmissionResult result, ClassResults results) {
        StringBuilder text = new StringBuilder(ResultText.passed(result)).append('\n');
        if (!result.notes().isEmpty()) {
            text.append("\nBefore grading, the judge:\n");
            result.notes().forEach(note -> text.append("  - ").append(SafeText.printable(note)).append('\n'));
        }
        if (result.counterexample() != null) {
            text.append("\nThe failing case:\n")
                    .append(CaseText.describe(result, result.counterexample(), results.views(), true)).append('\n');
        }
        String printed = ResultText.output(result.output());
        if (printed != null) {
            text.append("\nYour program printed:\n").append(printed).append('\n');
        }
        return text.toString();
    }
}
