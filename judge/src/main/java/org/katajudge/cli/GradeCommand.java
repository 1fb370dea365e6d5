package org.katajudge.cli;

import org.katajudge.engine.EngineSettings;
import org.katajudge.engine.GradingOptions;
import org.katajudge.engine.Submission;
import org.katajudge.intake.ClassDownload;
import org.katajudge.intake.Intake;
import org.katajudge.intake.IntakeException;
import org.katajudge.intake.Roster;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** {@code grade [options] [PATH...]}: grades submissions and reports verdicts. */
final class GradeCommand {

    static final String NAME = "grade";

    static final String HELP = """
            Usage: %1$s grade [options] [PATH...]

            Grades Java solutions to katas: compiles each submission, runs it isolated against the
            kata's fixed examples and against the reference on random inputs, and gives a verdict.

            A PATH is a class folder (a folder named after a kata, or the folder given with --kata):
            each of its entries is one student (a folder, a .java file, a .zip/.jar/.tar.gz, or the
            files a Moodle or Canvas download names after one person); or one student's folder or
            file; or any folder above class folders. Sources are gathered from a student's whole
            tree (archives unpacked safely; tests and build output left out). A student with
            nothing gradable gets NO_SUBMISSION. Without PATH: the repository's submissions/.

            Options:
              --kata ID          kata of submissions outside a kata-named directory
              --seed N           seed of the random tests (default 0): the same seed, the same cases
              --cases N          random cases per method (default %2$d; small domains are tried whole)
              --json FILE        write the JSON report (schema: judge/src/main/resources/schema/report.schema.json)
              --junit-xml DIR    write JUnit XML reports for CI
              --csv FILE         write a gradebook: one row per submission, for a spreadsheet
              --roster FILE      a CSV of the students expected (columns such as id, login, name,
                                 email, student): NO_SUBMISSION for each one who handed in nothing,
                                 a warning for each hand-in by someone not on it
              --jobs N           submissions graded at once (default: the number of cores)
              --isolation MODE   auto (default), bwrap, unshare or none
              --katas DIR        kata folders to use instead of the repository's katas/
              --quiet            print only failures and the summary
              --help             this help

            Exit status: 0 every submission ACCEPTED, 1 some submission not (NO_SUBMISSION included),
            2 usage or configuration error (found before grading: an unreadable file, an output path
            that cannot be written, a broken roster).
            """;

    private GradeCommand() {
    }

    static int run(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(NAME, args,
                Set.of("kata", "seed", "cases", "json", "junit-xml", "csv", "jobs", "isolation", "katas", "roster"),
                Set.of("help", "quiet"));
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
        // The teacher's problems, before any time is spent grading.
        Optional<Path> json = arguments.option("json").map(Path::of);
        Optional<Path> csv = arguments.option("csv").map(Path::of);
        Optional<Path> junitXml = arguments.option("junit-xml").map(Path::of);
        if (json.isPresent()) {
            OutputFile.checkWritable(json.get(), "the JSON report");
        }
        if (csv.isPresent()) {
            OutputFile.checkWritable(csv.get(), "the gradebook");
        }
        if (junitXml.isPresent()) {
            OutputFile.checkDirectory(junitXml.get(), "the JUnit XML reports");
        }
        Optional<Roster> roster = Optional.empty();
        if (arguments.option("roster").isPresent()) {
            try {
                roster = Optional.of(Roster.load(Path.of(arguments.option("roster").get())));
            } catch (IntakeException e) {
                throw new UsageException(e.getMessage());
            }
        }
        ClassDownload download = read(workspace, kata, paths);
        if (roster.isPresent()) {
            download = roster.get().reconcile(download);
        }
        download.warnings().forEach(warning -> out.println("warning: " + warning));
        List<Submission> submissions = download.handins().stream().map(Submission::of).toList();

        EngineConfig config = new EngineConfig(workspace)
                .put(EngineSettings.SEED, seed).put(EngineSettings.CASES, cases).put(EngineSettings.JOBS, jobs);
        kata.ifPresent(k -> config.put(EngineSettings.KATA, k));
        config.isolation(NAME, arguments.option("isolation"));

        ConsoleReport console = new ConsoleReport(out);
        boolean quiet = arguments.flag("quiet");
        long started = System.nanoTime();
        List<SubmissionResult> results = GradingRun.run(submissions, config.parameters(), junitXml, result -> {
                    if (!quiet || result.verdict() != Verdict.ACCEPTED) {
                        console.result(result);
                    }
                });
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        console.summary(results, elapsed);
        if (json.isPresent()) {
            ReportDocument.write(json.get(), ReportDocument.build(NAME, results, elapsed, seed));
        }
        if (csv.isPresent()) {
            Gradebook.write(csv.get(), results);
        }
        return results.stream().allMatch(r -> r.verdict() == Verdict.ACCEPTED) ? ExitCode.OK : ExitCode.FAILED;
    }

    /** The submissions below {@code paths}: one per student and kata. */
    static List<Submission> find(Workspace workspace, Optional<String> kata, List<Path> paths) throws UsageException {
        return read(workspace, kata, paths).handins().stream().map(Submission::of).toList();
    }

    static ClassDownload read(Workspace workspace, Optional<String> kata, List<Path> paths) throws UsageException {
        Map<String, String> classes = new LinkedHashMap<>();
        workspace.catalog().katas().forEach(k -> classes.put(k.id(), k.spec().className()));
        try {
            return new Intake(classes, kata).read(paths);
        } catch (IntakeException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
