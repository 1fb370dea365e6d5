package org.katajudge.report.gradescope;

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

import java.io.IOException;
import java.nio.file.Path;

/**
 * Gradescope's autograder {@code results.json} for one submission (Gradescope runs one container
 * per submission), as documented at https://gradescope-autograders.readthedocs.io/en/latest/specs/
 * and written down in {@code schema/gradescope-results.schema.json}.
 *
 * <p>Everything a student can see (the top-level output, visible tests) is the
 * {@linkplain StudentView student-facing} result. A hidden test is {@code "visibility":
 * "hidden"}: students never see it, instructors do, so its output keeps the full details.
 * All text is {@code "text"} format: Gradescope shows it as it is, nothing in it is rendered.
 */
public final class GradescopeResults implements ReportWriter {

    @Override
    public void write(ClassResults results, Path target) throws IOException {
        ReportWriter.writeOneSubmission(results, target, "Gradescope", GradescopeResults::build);
    }

    /** The results.json document. */
    public static ObjectNode build(ClassResults results) {
        // what instructors see, as this run shows results; what students see, always their view
        SubmissionResult teacher = results.shown().get(0);
        SubmissionResult student = results.forStudents().get(0);
        ObjectNode root = ReportJson.mapper().createObjectNode();
        root.put("score", teacher.score());
        root.put("execution_time", Math.round(teacher.timings().totalMillis() / 10.0) / 100.0);
        root.put("output", summary(student, results));
        root.put("output_format", "text");
        root.put("test_output_format", "text");
        root.put("test_name_format", "text");
        ArrayNode tests = root.putArray("tests");
        for (int i = 0; i < teacher.tests().size(); i++) {
            TestOutcome test = teacher.tests().get(i);
            SubmissionResult shown = test.hidden() ? teacher : student;
            tests.add(test(shown, shown.tests().get(i), results, i + 1));
        }
        ObjectNode extra = root.putObject("extra_data");
        extra.put("kata", teacher.kata());
        extra.put("verdict", teacher.verdict().name());
        extra.put("student", SafeText.oneLine(teacher.student()));
        extra.put("submission", SafeText.oneLine(teacher.submission()));
        extra.put("max_score", teacher.maxScore());
        extra.put("seed", teacher.seed());
        extra.put("judge", "kata-judge " + results.judgeVersion());
        return root;
    }

    /**
     * A results.json for a run that graded nothing (no submission found, several found): zero
     * points, and the reason where student and instructor read it.
     */
    public static ObjectNode failure(String why) {
        ObjectNode root = ReportJson.mapper().createObjectNode();
        root.put("score", 0.0);
        root.put("output", "Not graded: " + SafeText.clip(SafeText.printable(why), 2000)
                + "\nUpload the .java file(s) of your solution (a folder or a zip of them is fine).");
        root.put("output_format", "text");
        root.putArray("tests");
        return root;
    }

    private static ObjectNode test(SubmissionResult result, TestOutcome test, ClassResults results, int number) {
        ObjectNode node = ReportJson.mapper().createObjectNode();
        node.put("name", test.name() + (test.hidden() ? " (hidden)" : ""));
        node.put("number", String.valueOf(number));
        node.put("score", test.points());
        node.put("max_score", test.maxPoints());
        node.put("status", test.status() == TestOutcome.Status.PASSED ? "passed" : "failed");
        node.put("output", testOutput(result, test, results));
        node.put("output_format", "text");
        node.put("visibility", test.hidden() ? "hidden" : "visible");
        return node;
    }

    private static String testOutput(SubmissionResult result, TestOutcome test, ClassResults results) {
        StringBuilder text = new StringBuilder(ResultText.status(test));
        if (test.kind() == TestKind.RANDOM && test.cases() > 0) {
            text.append(" (").append(test.cases()).append(" random case").append(test.cases() == 1 ? "" : "s")
                    .append(test.exhaustive() ? ", every input of the domain" : "").append(')');
        }
        if (test.message() != null) {
            text.append(": ").append(SafeText.clip(SafeText.printable(ResultText.message(test)), 2000));
        }
        text.append('\n');
        if (test.kind() == TestKind.COMPILE && !result.diagnostics().isEmpty()) {
            text.append('\n').append(ResultText.diagnostics(result.diagnostics()));
        }
        Counterexample example = result.counterexample();
        if (ResultText.carries(test, example)) {
            text.append('\n').append(CaseText.describe(result, example, results.views(), !test.hidden())).append('\n');
        }
        return text.toString();
    }

    /** The top-level output: what a student reads first. */
    private static String summary(SubmissionResult student, ClassResults results) {
        StringBuilder text = new StringBuilder();
        text.append(student.verdict().name()).append(": ").append(ResultText.headline(student)).append(", ")
                .append(ResultText.passed(student)).append('\n');
        text.append(ResultText.message(student)).append('\n');
        if (!student.notes().isEmpty()) {
            text.append("\nBefore grading, the judge:\n");
            student.notes().forEach(note -> text.append("  - ").append(SafeText.printable(note)).append('\n'));
        }
        if (!student.diagnostics().isEmpty()) {
            text.append('\n').append(ResultText.diagnostics(student.diagnostics()));
        }
        if (student.counterexample() != null) {
            text.append("\nThe failing case:\n")
                    .append(CaseText.describe(student, student.counterexample(), results.views(), true)).append('\n');
        }
        String output = ResultText.output(student.output());
        if (output != null) {
            text.append("\nYour program printed:\n").append(output).append('\n');
        }
        text.append("\nRandom tests: seed ").append(student.seed()).append(", ").append(student.cases())
                .append(" cases.");
        return text.toString();
    }
}
