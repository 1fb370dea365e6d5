package org.katajudge.report.feedback;

import org.katajudge.report.CaseText;
import org.katajudge.report.ClassResults;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ReportWriter;
import org.katajudge.report.ResultText;
import org.katajudge.report.StudentReplay;
import org.katajudge.report.StudentView;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One Markdown feedback file per student ({@code grade --feedback DIR}), readable as plain text:
 * verdict, score, each test, the failing case drawn as the board the student knows, the
 * expected and actual answers, the reference's reason, how to reproduce it on their own machine,
 * and the judge's notes. Always the {@linkplain StudentView student-facing} result: a hidden
 * test shows only that it failed.
 */
public final class FeedbackFiles implements ReportWriter {

    @Override
    public void write(ClassResults results, Path target) throws IOException {
        Files.createDirectories(target);
        List<String> names = names(results.results());
        for (int i = 0; i < names.size(); i++) {
            Files.writeString(target.resolve(names.get(i)), feedback(results.forStudents().get(i), results),
                    StandardCharsets.UTF_8);
        }
    }

    /** Each result under its file name: named after the student, unique (see {@link FileNames}). */
    public static Map<String, SubmissionResult> files(List<SubmissionResult> results) {
        List<String> names = names(results);
        Map<String, SubmissionResult> files = new LinkedHashMap<>();
        for (int i = 0; i < results.size(); i++) {
            files.put(names.get(i), results.get(i));
        }
        return files;
    }

    /** Each result's file name, in order. */
    private static List<String> names(List<SubmissionResult> results) {
        return FileNames.unique(results.stream().map(r -> new FileNames.Owner(r.student(), r.submission())).toList(), ".md");
    }

    /** The feedback text for one (student-facing) result. */
    static String feedback(SubmissionResult result, ClassResults results) {
        StringBuilder md = new StringBuilder();
        md.append("# Feedback for ").append(Markdown.text(result.student())).append("\n\n");
        md.append("- **Kata:** ").append(Markdown.text(result.kata())).append('\n');
        md.append("- **Verdict:** ").append(result.verdict().name()).append(" (").append(result.verdict().words())
                .append(")\n");
        md.append("- **Score:** ").append(ResultText.points(result.score())).append(" of ")
                .append(ResultText.points(result.maxScore())).append(" points (")
                .append(ResultText.passed(result)).append(")\n");
        // the name it was handed in under, not where the teacher keeps it
        md.append("- **Submission:** ").append(Markdown.text(handedIn(result.submission()))).append("\n\n");
        md.append(Markdown.text(result.message())).append("\n\n");

        if (!result.notes().isEmpty()) {
            md.append("## Before grading\n\nThe judge changed how your files were read; your code was not edited:\n\n");
            result.notes().forEach(note -> md.append("- ").append(Markdown.text(note)).append('\n'));
            md.append('\n');
        }
        if (!result.diagnostics().isEmpty()) {
            md.append("## ").append(result.verdict().words().substring(0, 1).toUpperCase(java.util.Locale.ROOT))
                    .append(result.verdict().words().substring(1)).append("\n\n")
                    .append(Markdown.block("text", ResultText.diagnostics(result.diagnostics()))).append('\n');
        }

        md.append("## Tests\n\n| test | result | points |\n|---|---|---|\n");
        for (TestOutcome test : result.tests()) {
            md.append("| ").append(Markdown.cell(test.name() + (test.hidden() ? " (hidden)" : "")))
                    .append(" | ").append(Markdown.cell(ResultText.status(test)
                            + (test.message() != null ? ": " + ResultText.message(test) : "")))
                    .append(" | ").append(ResultText.points(test.points())).append('/')
                    .append(ResultText.points(test.maxPoints())).append(" |\n");
        }
        md.append('\n');

        Counterexample example = result.counterexample();
        if (example != null) {
            md.append("## The failing case\n\n");
            md.append(Markdown.block("text", CaseText.describe(result, example, results.views(), true))).append('\n');
            String snippet = results.views().javaSnippet(result.kata(), example, String.valueOf(example.expected()));
            String yours = StudentReplay.yourSolution(result.submission());
            StudentReplay replay = StudentReplay.of(result, example, results.views(), yours);
            if (snippet != null || replay.command() != null) { // else the case's "replay:" line says why there is none
                md.append("### Reproduce it on your machine\n\n");
            }
            if (snippet != null) {
                md.append(example.stateful()
                                ? "Make these calls in this order, e.g. from a `main` method next to your class:\n\n"
                                : "Call your method with this input, e.g. from a `main` method next to your class:\n\n")
                        .append(Markdown.block("java", snippet)).append('\n');
            }
            if (replay.command() != null) {
                md.append(snippet != null ? "Or with" : "With").append(StudentReplay.YOUR_FOLDER.equals(yours)
                                ? " the judge, on the folder with your solution (" + StudentReplay.WHERE_THE_JAR_IS + "):\n\n"
                                : " the judge, from the folder that holds your " + Markdown.text(yours) + " ("
                                + StudentReplay.WHERE_THE_JAR_IS + "):\n\n")
                        .append(Markdown.block("sh", replay.command())).append('\n');
            }
        }
        String printed = ResultText.output(result.output());
        if (printed != null) {
            md.append("## What your program printed\n\n").append(Markdown.block("text", printed)).append('\n');
        }
        md.append("---\nRandom tests: seed ").append(result.seed()).append(", ").append(result.cases())
                .append(" cases. Graded by kata-judge ").append(Markdown.text(results.judgeVersion())).append(".\n");
        return md.toString();
    }

    /** The last name of the hand-in's path: the file or folder the student handed in, without the teacher's directories. */
    static String handedIn(String submission) {
        if (submission == null) {
            return "";
        }
        String[] names = submission.replace('\\', '/').split("/");
        for (int i = names.length - 1; i >= 0; i--) {
            if (!names[i].isEmpty()) {
                return names[i];
            }
        }
        return submission;
    }
}
