package org.katajudge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.catalog.KataCaseViews;
import org.katajudge.report.ClassResults;
import org.katajudge.report.ReportJson;
import org.katajudge.report.ReportWriter;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.feedback.FeedbackFiles;
import org.katajudge.report.gradescope.GradescopeResults;
import org.katajudge.report.html.ClassReport;
import org.katajudge.report.prairielearn.PrairieLearnResults;
import org.katajudge.similarity.SimilarityReport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The outputs {@code grade} writes for teachers and platforms: {@code --gradescope FILE},
 * {@code --prairielearn FILE}, {@code --feedback DIR} and {@code --html FILE}. Their paths are
 * checked before grading starts, so a typo costs nothing; the one-submission formats refuse a
 * batch before grading, and still leave a results file that says why (the platform shows it).
 */
final class GradeOutputs {

    static final List<String> OPTIONS = List.of("gradescope", "prairielearn", "feedback", "html");

    /**
     * One requested output.
     *
     * @param option        the option, without {@code --}
     * @param path          where it goes
     * @param what          names it in messages
     * @param folder        whether {@code path} is a folder (one file per student)
     * @param oneSubmission whether the format holds exactly one submission
     * @param writer        the format
     */
    private record Output(String option, Path path, String what, boolean folder, boolean oneSubmission,
                          ReportWriter writer) {
    }

    private final List<Output> outputs;
    private final boolean studentView;

    private GradeOutputs(List<Output> outputs, boolean studentView) {
        this.outputs = List.copyOf(outputs);
        this.studentView = studentView;
    }

    static GradeOutputs from(Arguments arguments) {
        List<Output> outputs = new ArrayList<>();
        arguments.option("gradescope").ifPresent(p -> outputs.add(new Output("gradescope", Path.of(p),
                "Gradescope's results.json", false, true, new GradescopeResults())));
        arguments.option("prairielearn").ifPresent(p -> outputs.add(new Output("prairielearn", Path.of(p),
                "PrairieLearn's results.json", false, true, new PrairieLearnResults())));
        arguments.option("feedback").ifPresent(p -> outputs.add(new Output("feedback", Path.of(p),
                "the feedback files", true, false, new FeedbackFiles())));
        arguments.option("html").ifPresent(p -> outputs.add(new Output("html", Path.of(p),
                "the class report", false, false, new ClassReport())));
        return new GradeOutputs(outputs, arguments.flag("student-view"));
    }

    /**
     * These outputs with the class report's section on similar hand-ins ({@code grade --similarity}).
     * The class report alone takes it, and only in the teacher's view; the other formats are
     * per student and never do.
     */
    GradeOutputs withSimilarity(SimilarityReport similarity) {
        return new GradeOutputs(outputs.stream().map(o -> o.option().equals("html") ? new Output(o.option(), o.path(),
                o.what(), o.folder(), o.oneSubmission(), new ClassReport(Optional.of(similarity))) : o).toList(), studentView);
    }

    /** Each path can be written: a file where no folder is, a folder where no file is, in a writable place. */
    void checkPaths(String command) throws UsageException {
        for (Output output : outputs) {
            Path path = output.path();
            if (output.folder() ? Files.exists(path) && !Files.isDirectory(path) : Files.isDirectory(path)) {
                throw new UsageException(command + ": --" + output.option() + " " + path + " is "
                        + (output.folder() ? "a file; give a folder" : "a folder; give a file name"));
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
    }

    /**
     * The one-submission formats need exactly one submission: checked before grading. When it
     * fails, their files still say why, for the platform to show.
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
            failure(why);
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

    /** Writes every requested output. */
    void write(String command, List<SubmissionResult> results, Workspace workspace, Duration elapsed, long seed)
            throws UsageException {
        ClassResults graded = new ClassResults(results, new KataCaseViews(workspace.catalog()), elapsed, seed,
                Main.version(), studentView);
        for (Output output : outputs) {
            try {
                output.writer().write(graded, output.path());
            } catch (IOException e) {
                throw new UsageException(command + ": cannot write " + output.what() + " to " + output.path() + ": "
                        + e.getMessage());
            }
        }
    }
}
