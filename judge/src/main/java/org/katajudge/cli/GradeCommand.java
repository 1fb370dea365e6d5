package org.katajudge.cli;

import org.katajudge.catalog.KataCaseViews;
import org.katajudge.engine.EngineOptions;
import org.katajudge.engine.GradingEngine;
import org.katajudge.engine.GradingOutcome;
import org.katajudge.engine.plan.CommandOptions;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.Submission;
import org.katajudge.intake.ClassDownload;
import org.katajudge.intake.Intake;
import org.katajudge.intake.IntakeException;
import org.katajudge.intake.Roster;
import org.katajudge.report.ClassResults;
import org.katajudge.report.StudentView;
import org.katajudge.report.Verdict;
import org.katajudge.similarity.SimilarityException;
import org.katajudge.similarity.SimilarityReport;
import org.katajudge.scoring.ScoringException;
import org.katajudge.scoring.ScoringRules;
import org.katajudge.shard.Shard;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code grade}: reads the submissions (or a class download), checks everything the teacher can
 * get wrong before any time is spent, grades through the engine and writes the outputs asked for.
 * Why one long file: about 100 lines are its help text, and the checks before grading read best
 * in the order they run; each output is a writer of its own ({@link Outputs}, {@link LmsGradeFiles}).
 */
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
              --cases N          random cases per method (default %2$d; small domains are tried whole;
                                 0: random tests are not part of the grade)
              --scoring FILE     an assignment file: what each test is worth (see
                                 docs/reference/scoring.md); turns on partial credit
              --partial-credit   random tests run all their cases and earn the fraction passed
              --student-view     show hidden tests only as "hidden test N failed", in everything
                                 this run writes (console, --json, --csv, --junit-xml, --html)
              --json FILE        write the JSON report (schema: judge/src/main/resources/schema/report.schema.json)
              --junit-xml DIR    write JUnit XML for CI (DIR/TEST-kata-judge.xml, Surefire's schema)
              --open-test-report DIR  write the JUnit Platform's Open Test Reporting XML
              --shard K/N        grade only share K of N (the same share on every machine), for
                                 N machines grading one big tree; combine their --json with merge
              --csv FILE         write a gradebook: one row per submission, for a spreadsheet
              --csv-bom          start the gradebook with a UTF-8 byte order mark (for Excel)
              --roster FILE      a CSV of the students expected (columns such as id, login, name,
                                 email, student): NO_SUBMISSION for each one who handed in nothing,
                                 a warning for each hand-in by someone not on it
              --moodle-grades FILE  with --roster: the marks as Moodle's grade import reads them
                                 (a row per roster student, a column per kata, on its points total
                                 or out of 100)
              --canvas-grades FILE  with --roster: the marks as Canvas's gradebook import reads them
              --gradescope FILE  write Gradescope's autograder results.json (one submission)
              --prairielearn FILE  write PrairieLearn's external-grader results.json (one submission)
              --feedback DIR     write one Markdown feedback file per student into DIR
              --html FILE        write the class report: one self-contained HTML page
              --similarity       also compare the hand-ins for shared code, with JPlag: for the
                                 teacher (the console, --json and --html get it, students never;
                                 see similarity --help)
              --similarity-threshold T  with --similarity: flag pairs of similarity T or more (default 0.5)
              --known DIR        with --similarity: known sources, compared with every hand-in
              --no-samples       with --similarity: not the repository's samples as known sources
              --similarity-csv FILE  with --similarity: every pair compared as CSV
              --jobs N           submissions graded at once (default: the number of cores)
              --isolation MODE   auto (default), bwrap, unshare or none
              --katas DIR        kata folders to use instead of the repository's katas/
              --quiet            print only failures and the summary (and no progress line)
              --help             this help

            Ctrl-C stops the run: the reports are written for the submissions already graded, and
            the console and the JSON report's summary list those not graded.

            Exit status: 0 every submission ACCEPTED, 1 some submission not (NO_SUBMISSION included),
            2 usage or configuration error (found before grading: an unreadable file, an output path
            that cannot be written, a broken roster), 130 interrupted (Ctrl-C).
            """;

    private GradeCommand() {
    }

    static int run(List<String> args, PrintStream out) throws UsageException {
        Set<String> valued = new java.util.HashSet<>(Set.of("kata", "seed", "cases", "json", "junit-xml", "open-test-report",
                "csv", "jobs", "isolation", "katas", "scoring", "shard", "roster", "gradescope", "prairielearn", "feedback", "html"));
        Set<String> flags = new java.util.HashSet<>(Set.of("help", "quiet", "partial-credit", "student-view", "csv-bom"));
        valued.addAll(SimilarityOptions.GRADE_VALUED);
        valued.addAll(LmsGradeFiles.VALUED);
        flags.addAll(SimilarityOptions.GRADE_FLAGS);
        Arguments arguments = Arguments.parse(NAME, args, valued, flags, Set.of("known"));
        if (arguments.flag("help")) {
            out.printf(HELP, Main.command(), GradingMode.DEFAULT_CASES);
            return ExitCode.OK;
        }
        Workspace workspace = Workspace.open(arguments.option("katas"));
        Optional<String> kata = arguments.option("kata");
        if (kata.isPresent()) {
            workspace.kata(NAME, kata.get());
        }
        long seed = arguments.longOption(NAME, "seed").orElse(0L);
        int cases = arguments.intOption(NAME, "cases", 0, 10_000_000).orElse(GradingMode.DEFAULT_CASES);
        int jobs = arguments.intOption(NAME, "jobs", 1, 256).orElse(Runtime.getRuntime().availableProcessors());
        List<Path> paths = arguments.positionals().isEmpty() ? List.of(workspace.submissions(NAME))
                : arguments.positionals().stream().map(Path::of).toList();
        if (arguments.flag("csv-bom") && arguments.option("csv").isEmpty()) {
            throw new UsageException(NAME + ": --csv-bom goes with --csv FILE");
        }
        Optional<Shard> shard = shard(arguments.option("shard"));
        // The teacher's problems, before any time is spent grading.
        Outputs outputs = Outputs.from(arguments);
        outputs.checkPaths(NAME);
        Optional<SimilarityOptions> similarityOptions = SimilarityOptions.ofGrade(NAME, arguments);
        Optional<SimilarityRun> similarity = similarityOptions.isPresent() ? Optional.of(SimilarityRun.prepare(NAME))
                : Optional.empty();
        Optional<Roster> roster = Optional.empty();
        if (arguments.option("roster").isPresent()) {
            try {
                roster = Optional.of(Roster.load(Path.of(arguments.option("roster").get())));
            } catch (IntakeException e) {
                throw new UsageException(e.getMessage());
            }
        }
        LmsGradeFiles lms = LmsGradeFiles.from(NAME, arguments, roster);
        if (shard.isPresent() && LmsGradeFiles.VALUED.stream().anyMatch(o -> arguments.option(o).isPresent())) {
            throw new UsageException(NAME + ": --moodle-grades and --canvas-grades write a whole class's marks, and"
                    + " --shard grades part of it: grade the class in one run for them");
        }
        ClassDownload download;
        try {
            download = read(workspace, kata, paths);
        } catch (UsageException e) {
            outputs.failure(e.getMessage()); // a platform shows the student why nothing was graded
            throw e;
        }
        if (roster.isPresent()) {
            download = roster.get().reconcile(download);
        }
        lms.checkOwners(NAME, download);
        download.warnings().forEach(warning -> out.println("warning: " + warning));
        List<Submission> found = download.handins().stream().map(Submission::of).toList();
        List<Submission> submissions = shard.map(s -> s.select(found, sub -> Shard.key(Path.of(sub.displayPath()), paths)))
                .orElse(found);
        outputs.checkCount(NAME, submissions.size(), String.join(", ", paths.stream().map(Path::toString).toList()));
        checkStudentViewScope(arguments, submissions);
        GradingPlan plan = plan(arguments, workspace, submissions, seed, cases);
        boolean studentView = arguments.flag("student-view");
        EngineOptions engineOptions = EngineOptions.defaults().withJobs(jobs)
                .withIsolation(EngineRun.isolation(NAME, arguments.option("isolation")));

        try (GradingEngine engine = EngineRun.open(NAME, engineOptions)) {
            ConsoleReport console = new ConsoleReport(out);
            KataCaseViews views = new KataCaseViews(workspace.catalog());
            boolean quiet = arguments.flag("quiet");
            shard.ifPresent(s -> out.println("shard " + s + ": " + submissions.size() + " of " + found.size() + " submissions"));
            long started = System.nanoTime();
            try (Interruption interruption = Interruption.install()) {
                Optional<Path> openTestReport = arguments.option("open-test-report").map(Path::of);
                ProgressLine progress = new ProgressLine(out, submissions.size(), System::nanoTime,
                        !quiet && Terminal.interactive());
                progress.start();
                GradingOutcome outcome;
                try {
                    outcome = submissions.isEmpty() ? GradingOutcome.NONE
                            : EngineRun.grade(engine, plan, studentView, openTestReport, result -> {
                                progress.clear();
                                if (!quiet || result.verdict() != Verdict.ACCEPTED) {
                                    console.result(studentView ? StudentView.withStudentReplay(result, views) : result);
                                }
                                progress.finished(result);
                            }, interruption.token());
                } finally {
                    engine.close(); // grading is over when every submission's JVM has ended
                    progress.done();
                }
                Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
                ClassResults results = new ClassResults(outcome.resultsByPath(), views,
                        elapsed, seed, Main.version(), studentView)
                        .withCompletion(new ClassResults.Completion(outcome.interrupted(), outcome.notGraded().stream()
                                .map(s -> new ClassResults.NotGraded(s.displayPath(), s.student(), s.kataId())).toList(),
                                GradingEngine.INTERRUPTED));
                if (shard.isPresent()) {
                    results = results.withShard(new ClassResults.Share(shard.get().index(), shard.get().count(), found.size()));
                }
                console.summary(results.shown(), elapsed);
                if (outcome.interrupted()) {
                    console.interrupted(results.shown().size(), outcome.notGraded());
                }
                boolean similarityFailed = false;
                if (similarity.isPresent() && !outcome.interrupted()) {
                    try {
                        SimilarityReport similar = similarity.get().compare(NAME, workspace, kata, download.handins(),
                                similarityOptions.get());
                        SimilarityRun.print(out, similar);
                        SimilarityRun.writeCsv(NAME, similarityOptions.get(), similar);
                        outputs = outputs.withSimilarity(similar);
                    } catch (SimilarityException e) {
                        similarityFailed = true; // the grades are still written; the exit status says it
                        out.println("error: similarity: " + e.getMessage() + " (the grading reports are written without it)");
                    }
                }
                Optional<Gradebook.RosterLines> rosterLines = rosterLines(roster, download);
                if (rosterLines.isPresent()) {
                    outputs = outputs.withRoster(rosterLines.get());
                }
                outputs.write(NAME, results);
                lms.write(NAME, out, download, results.shown(), outcome.interrupted(), LmsGradeFiles.totals(NAME,
                        workspace, download.handins().stream().map(h -> h.kataId()).distinct().toList(),
                        arguments.option("scoring").map(Path::of)));
                if (openTestReport.isPresent() && !submissions.isEmpty()
                        && !Files.isRegularFile(openTestReport.get().resolve("open-test-report.xml"))) {
                    // the Platform's listener logs its failures instead of throwing them: say it here
                    throw new UsageException(NAME + ": the Open Test Report was not written to " + openTestReport.get());
                }
                if (outcome.interrupted()) {
                    return ExitCode.INTERRUPTED;
                }
                if (similarityFailed) {
                    return ExitCode.INTERNAL;
                }
                return results.shown().stream().allMatch(r -> r.verdict() == Verdict.ACCEPTED) ? ExitCode.OK
                        : ExitCode.FAILED;
            }
        }
    }

    /**
     * The plan: each submission with its kata's planned tests and their points. Built before
     * anything is graded, so that an assignment file that does not fit the katas (a typo) is a
     * usage error at once, not points silently not given.
     */
    private static GradingPlan plan(Arguments arguments, Workspace workspace, List<Submission> submissions, long seed,
                                    int cases) throws UsageException {
        Optional<String> scoring = arguments.option("scoring");
        try {
            ScoringRules rules = scoring.isPresent() ? ScoringRules.read(Path.of(scoring.get())) : ScoringRules.NONE;
            // partial credit: asked for, or an assignment file that does not say no
            boolean partialCredit = arguments.flag("partial-credit")
                    || (scoring.isPresent() && rules.partialCredit().orElse(true));
            GradingMode mode = partialCredit ? new GradingMode.Score(cases) : new GradingMode.Grade(cases);
            return GradingPlan.of(submissions, workspace.catalog(), new GradingOptions(seed, mode, rules, true,
                    Main.command(), new CommandOptions(workspace.given(), scoring.map(Path::of))));
        } catch (ScoringException e) {
            throw new UsageException(NAME + ": " + (scoring.isPresent() ? "--scoring: " : "") + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException(NAME + ": " + e.getMessage());
        }
    }

    private static Optional<Shard> shard(Optional<String> option) throws UsageException {
        try {
            return option.map(Shard::parse);
        } catch (IllegalArgumentException e) {
            throw new UsageException(NAME + ": --shard: " + e.getMessage());
        }
    }

    /**
     * A student sees only their own results (issue 19, point 6): with {@code --student-view}, a file
     * that holds every submission of the run may hold one student only. Per-student outputs
     * ({@code --feedback}, Gradescope, PrairieLearn) and the console are not class-wide files.
     */
    private static void checkStudentViewScope(Arguments arguments, List<Submission> submissions) throws UsageException {
        if (!arguments.flag("student-view")) {
            return;
        }
        long students = submissions.stream().map(Submission::student).distinct().count();
        if (students <= 1) {
            return;
        }
        for (String option : List.of("html", "json", "csv", "junit-xml", "open-test-report")) {
            if (arguments.option(option).isPresent()) {
                throw new UsageException(NAME + ": --student-view with --" + option + " would give every student the results of "
                        + students + " students: write one file per student with --feedback DIR, or leave out"
                        + " --student-view for the teacher's --" + option);
            }
        }
    }

    /** Each hand-in's roster line: the one roster student it can be (none when it could be two). */
    private static Optional<Gradebook.RosterLines> rosterLines(Optional<Roster> roster, ClassDownload download) {
        if (roster.isEmpty()) {
            return Optional.empty();
        }
        Map<String, org.katajudge.intake.RosterStudent> lines = new LinkedHashMap<>();
        for (org.katajudge.intake.Handin handin : download.handins()) {
            List<org.katajudge.intake.RosterStudent> candidates = roster.get().candidates(handin);
            if (candidates.size() == 1) {
                lines.put(handin.kataId() + "\n" + handin.location(), candidates.get(0));
            }
        }
        return Optional.of((kata, submission) -> Optional.ofNullable(lines.get(kata + "\n" + submission)));
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
