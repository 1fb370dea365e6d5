package org.katajudge.cli;

import org.katajudge.engine.EngineSettings;
import org.katajudge.engine.GradingOptions;
import org.katajudge.engine.Submission;
import org.katajudge.engine.SubmissionException;
import org.katajudge.engine.SubmissionFinder;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code grade [options] [PATH...]}: grades submissions and reports verdicts. */
final class GradeCommand {

    static final String NAME = "grade";

    static final String HELP = """
            Usage: %1$s grade [options] [PATH...]

            Grades Java solutions to katas: compiles each submission, runs it isolated against the
            kata's fixed examples and against the reference on random inputs, and gives a verdict.

            A PATH is a submission (a directory that directly holds .java files, or one .java file)
            or any directory above submissions: every submission below it is graded. A submission's
            kata is the nearest enclosing directory named after a kata id, else --kata.
            Without PATH: the repository's sample submissions/.

            Options:
              --kata ID          kata of submissions outside a kata-named directory
              --seed N           seed of the random tests (default 0): the same seed, the same cases
              --cases N          random cases per method (default %2$d; small domains are tried whole)
              --json FILE        write the JSON report (schema: judge/src/main/resources/schema/report.schema.json)
              --junit-xml DIR    write JUnit XML reports for CI
              --csv FILE         write a gradebook: one row per submission, for a spreadsheet
              --gradescope FILE  write Gradescope's autograder results.json (one submission)
              --prairielearn FILE  write PrairieLearn's external-grader results.json (one submission)
              --feedback DIR     write one Markdown feedback file per student into DIR
              --html FILE        write the class report: one self-contained HTML page
              --student-view     the class report as students may see it: hidden tests only pass/fail
              --jobs N           submissions graded at once (default: the number of cores)
              --isolation MODE   auto (default), bwrap, unshare or none
              --katas DIR        kata folders to use instead of the repository's katas/
              --quiet            print only failures and the summary (and no progress line)
              --help             this help

            Exit status: 0 every submission ACCEPTED, 1 some submission not, 2 usage or configuration error.
            """;

    private GradeCommand() {
    }

    static int run(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(NAME, args,
                Set.of("kata", "seed", "cases", "json", "junit-xml", "csv", "jobs", "isolation", "katas",
                        "gradescope", "prairielearn", "feedback", "html"),
                Set.of("help", "quiet", "student-view"));
        if (arguments.flag("help")) {
            out.printf(HELP, Main.command(), GradingOptions.DEFAULT_CASES);
            return ExitCode.OK;
        }
        Workspace workspace = Workspace.open(arguments.option("katas"));
        Optional<String> kata = arguments.option("kata");
        if (kata.isPresent()) {
            workspace.kata(NAME, kata.get());
        }
        long seed = arguments.longOption(NAME, "seed").orElse(0L);
        int cases = arguments.intOption(NAME, "cases", 0, 10_000_000).orElse(GradingOptions.DEFAULT_CASES);
        int jobs = arguments.intOption(NAME, "jobs", 1, 256).orElse(Runtime.getRuntime().availableProcessors());
        List<Path> paths = arguments.positionals().isEmpty() ? List.of(workspace.submissions(NAME))
                : arguments.positionals().stream().map(Path::of).toList();
        GradeOutputs outputs = GradeOutputs.from(arguments);
        outputs.checkPaths(NAME);
        List<Submission> submissions;
        try {
            submissions = find(workspace, kata, paths);
        } catch (UsageException e) {
            outputs.failure(e.getMessage()); // a platform shows the student why nothing was graded
            throw e;
        }
        outputs.checkCount(NAME, submissions.size(), String.join(", ", paths.stream().map(Path::toString).toList()));

        EngineConfig config = new EngineConfig(workspace)
                .put(EngineSettings.SEED, seed).put(EngineSettings.CASES, cases).put(EngineSettings.JOBS, jobs);
        kata.ifPresent(k -> config.put(EngineSettings.KATA, k));
        config.isolation(NAME, arguments.option("isolation"));

        ConsoleReport console = new ConsoleReport(out);
        boolean quiet = arguments.flag("quiet");
        long started = System.nanoTime();
        ProgressLine progress = new ProgressLine(out, submissions.size(), System::nanoTime,
                !quiet && Terminal.interactive());
        progress.start();
        List<SubmissionResult> results;
        try {
            results = GradingRun.run(submissions, config.parameters(),
                    arguments.option("junit-xml").map(Path::of), result -> {
                        progress.clear();
                        if (!quiet || result.verdict() != Verdict.ACCEPTED) {
                            console.result(result);
                        }
                        progress.finished(result);
                    });
        } finally {
            progress.done();
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        console.summary(results, elapsed);
        Optional<String> json = arguments.option("json");
        if (json.isPresent()) {
            ReportDocument.write(Path.of(json.get()), ReportDocument.build(NAME, results, elapsed, seed));
        }
        Optional<String> csv = arguments.option("csv");
        if (csv.isPresent()) {
            Gradebook.write(Path.of(csv.get()), results);
        }
        outputs.write(NAME, results, workspace, elapsed, seed);
        return results.stream().allMatch(r -> r.verdict() == Verdict.ACCEPTED) ? ExitCode.OK : ExitCode.FAILED;
    }

    static List<Submission> find(Workspace workspace, Optional<String> kata, List<Path> paths) throws UsageException {
        try {
            return new SubmissionFinder(workspace.catalog().ids(), kata).find(paths);
        } catch (SubmissionException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
