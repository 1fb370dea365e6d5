package org.katajudge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.report.ClassResults;
import org.katajudge.report.ReportJson;
import org.katajudge.report.ReportWriter;
import org.katajudge.report.feedback.FeedbackFiles;
import org.katajudge.report.gradescope.GradescopeResults;
import org.katajudge.report.html.ClassReport;
import org.katajudge.report.json.JsonReport;
import org.katajudge.report.junit.JunitXmlReport;
import org.katajudge.report.prairielearn.PrairieLearnResults;
import org.katajudge.similarity.SimilarityReport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The reports a command writes, each a {@link ReportWriter} behind its option: {@code --json},
 * {@code --csv}, {@code --junit-xml}, {@code --gradescope}, {@code --prairielearn},
 * {@code --feedback}, {@code --html}. Every path is checked before grading starts, so a typo
 * costs nothing; the one-submission formats refuse a batch before grading with nothing written
 * (the teacher's mistake), and leave a results file that says why when there is nothing to grade
 * (the platform shows the student). After grading, each writer writes the same
 * {@link ClassResults}, in the order the options are listed here.
 */
final class Outputs {

    /**
     * One requested output.
     *
     * @param option        the option, without {@code --}
     * @param path          where it goes
     * @param what          names it in messages
     * @param kind          how its path is checked and its failures told
     * @param oneSubmission whether the format holds exactly one submission
     * @param writer        the format
     */
    record Output(String option, Path path, String what, Kind kind, boolean oneSubmission, ReportWriter writer) {
    }

    /**
     * How an output's path is checked before grading, and a failure to write it told: the files
     * every command writes (their messages as {@link OutputFile} says them), and the outputs for
     * teachers and platforms (a file or a folder of files, the command named).
     */
    enum Kind { REPORT_FILE, REPORT_FOLDER, FILE, FOLDER }

    private final List<Output> outputs;

    private Outputs(List<Output> outputs) {
        this.outputs = List.copyOf(outputs);
    }

    /**
     * The files a command's options ask for: {@code --json}, {@code --csv} (and {@code --csv-bom}),
     * {@code --junit-xml}, and, for {@code grade}, the teachers' and platforms' formats.
     */
    record Requested(Optional<Path> json, Optional<Path> csv, boolean csvBom, Optional<Path> junitXml,
                     Optional<Path> gradescope, Optional<Path> prairielearn, Optional<Path> feedback, Optional<Path> html) {

        /** What {@code merge} writes: the reports of a whole run. */
        static Requested reports(Optional<Path> json, Optional<Path> csv, boolean csvBom, Optional<Path> junitXml) {
            return new Requested(json, csv, csvBom, junitXml, Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty());
        }
    }

    /** The outputs asked for. */
    static Outputs from(Requested requested) {
        List<Output> outputs = new ArrayList<>();
        requested.json().ifPresent(p -> outputs.add(new Output("json", p, "the JSON report", Kind.REPORT_FILE,
                false, new JsonReport())));
        requested.csv().ifPresent(p -> outputs.add(new Output("csv", p, "the gradebook", Kind.REPORT_FILE, false,
                new GradebookWriter(requested.csvBom()))));
        requested.junitXml().ifPresent(p -> outputs.add(new Output("junit-xml", p, "the JUnit XML reports",
                Kind.REPORT_FOLDER, false, new JunitXmlReport())));
        requested.gradescope().ifPresent(p -> outputs.add(new Output("gradescope", p,
                "Gradescope's results.json", Kind.FILE, true, new GradescopeResults())));
        requested.prairielearn().ifPresent(p -> outputs.add(new Output("prairielearn", p,
                "PrairieLearn's results.json", Kind.FILE, true, new PrairieLearnResults())));
        requested.feedback().ifPresent(p -> outputs.add(new Output("feedback", p, "the feedback files",
                Kind.FOLDER, false, new FeedbackFiles())));
        requested.html().ifPresent(p -> outputs.add(new Output("html", p, "the class report", Kind.FILE, false,
                new ClassReport())));
        return new Outputs(outputs);
    }

    /** Only {@code --json}, writing {@code writer}'s JSON (fuzz, verify, merge). */
    static Outputs json(Optional<Path> path, JsonReport writer) {
        return new Outputs(path.map(p -> List.of(new Output("json", p, "the JSON report", Kind.REPORT_FILE, false, writer)))
                .orElse(List.of()));
    }

    /** These outputs, the JSON report written by {@code writer}. */
    Outputs withJson(JsonReport writer) {
        return new Outputs(outputs.stream().map(o -> o.option().equals("json")
                ? new Output(o.option(), o.path(), o.what(), o.kind(), o.oneSubmission(), writer) : o).toList());
    }

    /**
     * These outputs with the similar hand-ins found ({@code grade --similarity}): in the JSON
     * report, and in the class report's section on them, which only the teacher's view shows. The
     * other formats are per student and never take them.
     */
    Outputs withSimilarity(SimilarityReport similarity) {
        return new Outputs(outputs.stream().map(o -> switch (o.option()) {
            case "json" -> new Output(o.option(), o.path(), o.what(), o.kind(), o.oneSubmission(),
                    ((JsonReport) o.writer()).withSimilarity(similarity));
            case "html" -> new Output(o.option(), o.path(), o.what(), o.kind(), o.oneSubmission(),
                    new ClassReport(Optional.of(similarity)));
            default -> o;
        }).toList());
    }

    /**
     * These outputs with the roster's line of each submission: the gradebook gets their id, login,
     * email and section columns.
     */
    Outputs withRoster(Gradebook.RosterLines roster) {
        return new Outputs(outputs.stream().map(o -> o.writer() instanceof GradebookWriter gradebook
                ? new Output(o.option(), o.path(), o.what(), o.kind(), o.oneSubmission(),
                        new GradebookWriter(gradebook.bom(), Optional.of(roster)))
                : o).toList());
    }

    /** The gradebook ({@link Gradebook}: a row per submission, one for each an interrupted run did not grade). */
    private record GradebookWriter(boolean bom, Optional<Gradebook.RosterLines> roster) implements ReportWriter {

        GradebookWriter(boolean bom) {
            this(bom, Optional.empty());
        }

        @Override
        public void write(ClassResults results, Path target) throws IOException {
            ClassResults.Completion end = results.completion().orElse(ClassResults.Completion.COMPLETE);
            ReportWriter.writeFile(target, Gradebook.csv(results.shown(), end.notGraded(), end.why(), bom, roster));
        }
    }

    /** Each path can be written: checked before grading, so a typo is said before any time is spent. */
    void checkPaths(String command) throws UsageException {
        for (Output output : outputs) {
            switch (output.kind()) {
                case REPORT_FILE -> OutputFile.checkWritable(output.path(), output.what());
                case REPORT_FOLDER -> OutputFile.checkDirectory(output.path(), output.what());
                default -> checkPlace(command, output);
            }
        }
    }

    /** A file where no folder is, a folder where no file is, in a writable place. */
    private static void checkPlace(String command, Output output) throws UsageException {
        boolean folder = output.kind() == Kind.FOLDER;
        Path path = output.path();
        if (folder ? Files.exists(path) && !Files.isDirectory(path) : Files.isDirectory(path)) {
            throw new UsageException(command + ": --" + output.option() + " " + path + " is "
                    + (folder ? "a file; give a folder" : "a folder; give a file name"));
        }
        Path absolute = path.toAbsolutePath().normalize();
        Path place = absolute;
        while (place != null && !Files.exists(place)) {
            place = place.getParent(); // the folder the missing parts will be created in
        }
        String problem = place == null ? "nothing of the path exists"
                : !place.equals(absolute) && !Files.isDirectory(place) ? place + " is a file, not a folder"
                : !Files.isWritable(place) ? place + " is not writable" : null;
        if (problem != null) {
            throw new UsageException(command + ": cannot write " + output.what() + " to " + path + " (" + problem + ")");
        }
    }

    /**
     * The one-submission formats need exactly one submission: checked before grading. When there
     * is none, their files still say why, for the platform to show the student.
     */
    void checkCount(String command, int submissions, String where) throws UsageException {
        if (submissions == 1) {
            return;
        }
        Optional<Output> single = outputs.stream().filter(Output::oneSubmission).findFirst();
        if (single.isPresent()) {
            String why = submissions == 0 ? "no submission found in " + where
                    : "found " + submissions + " submissions in " + where + "; --" + single.get().option()
                    + " grades exactly one (the platform runs the judge once per student)";
            if (submissions == 0) {
                failure(why); // a student's empty upload: the platform shows them why
            } // several: the teacher's command is wrong, and a refused command writes nothing
            throw new UsageException(command + ": " + why);
        }
    }

    /** Writes the one-submission formats' files for a run that graded nothing, saying why. */
    void failure(String why) {
        for (Output output : outputs) {
            ObjectNode document = switch (output.option()) {
                case "gradescope" -> GradescopeResults.failure(why);
                case "prairielearn" -> PrairieLearnResults.failure(why);
                default -> null;
            };
            if (document != null) {
                try {
                    OutputFile.write(output.path(), ReportJson.mapper().writerWithDefaultPrettyPrinter()
                            .writeValueAsString(document), output.what());
                } catch (UsageException | JsonProcessingException e) {
                    // the run already fails with the reason; a file that cannot be written changes nothing
                }
            }
        }
    }

    /** Writes every output, each from the same results. */
    void write(String command, ClassResults results) throws UsageException {
        for (Output output : outputs) {
            try {
                output.writer().write(results, output.path());
            } catch (IOException e) {
                throw new UsageException(switch (output.kind()) {
                    case REPORT_FILE -> OutputFile.failure(output.what(), output.path(), e);
                    case REPORT_FOLDER -> OutputFile.failure("the JUnit XML report",
                            output.path().resolve(JunitXmlReport.FILE_NAME), e);
                    default -> command + ": cannot write " + output.what() + " to " + output.path() + ": " + e.getMessage();
                });
            }
        }
    }
}
