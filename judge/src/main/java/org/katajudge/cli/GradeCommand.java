package org.katajudge.cli;

import org.katajudge.catalog.KataCaseViews;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.engine.EngineOptions;
import org.katajudge.engine.EngineStart;
import org.katajudge.engine.GradingEngine;
import org.katajudge.engine.GradingOutcome;
import org.katajudge.engine.plan.CommandOptions;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.Submission;
import org.katajudge.intake.ClassDownload;
import org.katajudge.intake.Handin;
import org.katajudge.intake.IntakeException;
import org.katajudge.intake.Roster;
import org.katajudge.report.ClassResults;
import org.katajudge.report.StudentView;
import org.katajudge.report.Verdict;
import org.katajudge.similarity.SimilarityException;
import org.katajudge.similarity.SimilarityReport;
import org.katajudge.scoring.ScoringException;
import org.katajudge.scoring.ScoringRules;
import org.katajudge.sandbox.Isolation;
import org.katajudge.shard.Shard;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ArrayList;

/**
 * {@code grade}: reads the submissions (or a class download), checks everything the teacher can
 * get wrong before any time is spent, grades through the engine and writes the outputs asked for.
 * Why one long file: about 100 lines are its options and their help, and the checks before grading
 * read best in the order they run; each output is a writer of its own ({@link Outputs}, {@link LmsGradeFiles}).
 */
@Command(name = GradeCommand.NAME, customSynopsis = "[options] [PATH...]",
        header = "grade submissions (default: the sample submissions/)",
        description = {
                "Grades Java solutions to katas: compiles each submission, runs it isolated against the kata's fixed"
                        + " examples and against the reference on random inputs, and gives a verdict.",
                "",
                "A PATH is a submission (a directory that directly holds .java files, or one .java file) or any"
                        + " directory above submissions: every submission below it is graded. A submission's kata is the"
                        + " nearest enclosing directory named after a kata id, else --kata. Without PATH: the repository's"
                        + " sample submissions/.",
                "",
                "Ctrl-C stops the run: the reports are written for the submissions already graded, and the console"
                        + " and the JSON report's summary list those not graded."},
        exitCodeList = {
                "0:every submission ACCEPTED",
                "1:some submission not ACCEPTED (NO_SUBMISSION included)",
                "2:usage or configuration error, found before grading: an unreadable file, an output path that"
                        + " cannot be written, a broken roster",
                "3:--similarity failed (the grades are written)",
                "130:interrupted (Ctrl-C)"},
        footer = "See: docs/guides/grading.md, docs/guides/class-downloads.md, docs/guides/teachers.md")
final class GradeCommand implements JudgeCommand {

    static final String NAME = "grade";
    /** The seed of the random tests when none is given: the same cases in every run, on any machine. */
    static final long DEFAULT_SEED = 0;

    @Parameters(paramLabel = "PATH", description = "submissions, or directories above them (default: the sample submissions/)")
    List<Path> paths = new ArrayList<>();

    @Option(names = "--kata", paramLabel = "ID", description = "kata of submissions outside a kata-named directory")
    Optional<String> kata;

    @Option(names = "--seed", paramLabel = "N", converter = OptionValues.Seed.class,
            description = "seed of the random tests (default 0): the same seed gives the same cases, on any machine"
                    + " and any --jobs")
    Optional<Long> seed;

    @Option(names = "--cases", paramLabel = "N", converter = OptionValues.Cases.class,
            description = "random cases per method (default " + GradingMode.DEFAULT_CASES + ", and each case is asked"
                    + " again about twice, so a solution that goes wrong after some hundreds of calls is caught; small"
                    + " domains, such as the 64 squares, are enumerated whole); 0: random tests are not part of the grade")
    Optional<Integer> cases;

    @Option(names = "--scoring", paramLabel = "FILE",
            description = "an assignment file: what each test is worth; turns on partial credit"
                    + " (see docs/reference/scoring.md)")
    Optional<Path> scoring;

    @Option(names = "--partial-credit",
            description = "random tests run all their cases and earn the fraction passed, also without --scoring")
    boolean partialCredit;

    @Option(names = "--student-view",
            description = "everything this run writes is what a student may see: hidden tests only as \"hidden test N"
                    + " failed\"; a class-wide file (--html, --json, --csv, --junit-xml, --open-test-report) only of one"
                    + " student (several: exit 2, use --feedback DIR)")
    boolean studentView;

    @Option(names = "--json", paramLabel = "FILE",
            description = "write the JSON report (see docs/reference/json-report.md)")
    Optional<Path> json;

    @Option(names = "--junit-xml", paramLabel = "DIR",
            description = "write JUnit XML for CI tools (DIR/TEST-kata-judge.xml, Surefire's schema)")
    Optional<Path> junitXml;

    @Option(names = "--open-test-report", paramLabel = "DIR",
            description = "write the JUnit Platform's Open Test Reporting XML (DIR/open-test-report.xml): every test's events")
    Optional<Path> openTestReport;

    @Option(names = "--shard", paramLabel = "K/N", converter = OptionValues.ShardValue.class,
            description = "grade only share K of N (the same share on every machine), for N machines grading one big"
                    + " tree; combine their --json with merge (see docs/guides/shards.md)")
    Optional<Shard> shard;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "write a gradebook: one row per submission, for a spreadsheet"
                    + " (see docs/reference/gradebook-formats.md)")
    Optional<Path> csv;

    @Option(names = "--csv-bom",
            description = "start the gradebook with the UTF-8 byte order mark Excel needs to read names such as"
                    + " \"Zoë Ørsted\"")
    boolean csvBom;

    @Option(names = "--roster", paramLabel = "FILE",
            description = "a CSV of the students expected (columns such as id, login, name, email, student):"
                    + " NO_SUBMISSION for each one who handed in nothing, a warning for each hand-in by someone not on it")
    Optional<Path> roster;

    @Option(names = "--moodle-grades", paramLabel = "FILE",
            description = "with --roster: the marks as Moodle's grade import reads them (a row per roster student,"
                    + " a column per kata, on its points total or out of 100)")
    Optional<Path> moodleGrades;

    @Option(names = "--canvas-grades", paramLabel = "FILE",
            description = "with --roster: the marks as Canvas's gradebook import reads them")
    Optional<Path> canvasGrades;

    @Option(names = "--gradescope", paramLabel = "FILE",
            description = "write Gradescope's autograder results.json (one submission)")
    Optional<Path> gradescope;

    @Option(names = "--prairielearn", paramLabel = "FILE",
            description = "write PrairieLearn's external-grader results.json (one submission)")
    Optional<Path> prairielearn;

    @Option(names = "--feedback", paramLabel = "DIR",
            description = "write one Markdown feedback file per student into DIR")
    Optional<Path> feedback;

    @Option(names = "--html", paramLabel = "FILE", description = "write the class report: one self-contained HTML page")
    Optional<Path> html;

    @Option(names = "--similarity",
            description = "also compare the hand-ins for shared code, with JPlag, for the teacher: the console, --json"
                    + " and --html get it, never a student-facing output; refused with --student-view, --gradescope,"
                    + " --prairielearn and --shard (see docs/guides/similarity.md)")
    boolean similarity;

    @Option(names = "--similarity-threshold", paramLabel = "T", converter = OptionValues.Threshold.class,
            description = "with --similarity: flag pairs of similarity T or more (default "
                    + SimilarityReport.DEFAULT_THRESHOLD + ")")
    Optional<Double> similarityThreshold;

    @Option(names = "--known", paramLabel = "DIR",
            description = "with --similarity: known sources, compared with every hand-in; may be repeated")
    List<Path> known = new ArrayList<>();

    @Option(names = "--no-samples", description = "with --similarity: not the repository's samples as known sources")
    boolean noSamples;

    @Option(names = "--similarity-csv", paramLabel = "FILE", description = "with --similarity: every pair compared as CSV")
    Optional<Path> similarityCsv;

    @Option(names = "--jobs", paramLabel = "N", converter = OptionValues.Jobs.class,
            description = "submissions graded at once (default: the number of cores)")
    Optional<Integer> jobs;

    @Option(names = "--isolation", paramLabel = "MODE", converter = OptionValues.IsolationMode.class,
            completionCandidates = OptionValues.IsolationModes.class,
            description = "auto (default), bwrap, unshare or none (see docs/reference/isolation.md)")
    Optional<Isolation> isolation;

    @Option(names = "--katas", paramLabel = "DIR", description = "kata folders to use instead of the repository's katas/")
    Optional<Path> katas;

    @Option(names = "--quiet", description = "print only failures and the summary (and no progress line)")
    boolean quiet;

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    @Override
    public int run(PrintStream out, PrintStream err) throws UsageException {
        // The compiler worker boots and the sandbox is checked while the katas and submissions are
        // read: the worker's start is the longest step of grading one submission in a fresh process.
        EngineOptions engineOptions = EngineOptions.defaults()
                .withJobs(this.jobs.orElse(Runtime.getRuntime().availableProcessors())).withIsolation(isolation);
        try (EngineStart starting = GradingEngine.start(engineOptions)) {
            return grade(out, starting);
        }
    }

    private int grade(PrintStream out, EngineStart starting) throws UsageException {
        Workspace workspace = Workspace.open(katas);
        if (kata.isPresent()) {
            workspace.kata(NAME, kata.get());
        }
        long seed = this.seed.orElse(DEFAULT_SEED);
        int cases = this.cases.orElse(GradingMode.DEFAULT_CASES);
        List<Path> paths = this.paths.isEmpty() ? List.of(workspace.submissions(NAME)) : List.copyOf(this.paths);
        if (csvBom && csv.isEmpty()) {
            throw new UsageException(NAME + ": --csv-bom goes with --csv FILE");
        }
        // The teacher's problems, before any time is spent grading.
        Outputs outputs = Outputs.from(new Outputs.Requested(json, csv, csvBom, junitXml, gradescope, prairielearn,
                feedback, html));
        outputs.checkPaths(NAME);
        Optional<SimilarityOptions> similarityOptions = SimilarityOptions.ofGrade(NAME, this);
        Optional<SimilarityRun> similarity = similarityOptions.isPresent() ? Optional.of(SimilarityRun.prepare(NAME))
                : Optional.empty();
        Optional<Roster> roster = Optional.empty();
        if (this.roster.isPresent()) {
            try {
                roster = Optional.of(Roster.load(this.roster.get()));
            } catch (IntakeException e) {
                throw new UsageException(e.getMessage());
            }
        }
        LmsGradeFiles lms = LmsGradeFiles.from(NAME, moodleGrades, canvasGrades, roster);
        if (shard.isPresent() && (moodleGrades.isPresent() || canvasGrades.isPresent())) {
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
        checkStudentViewScope(submissions);
        // the katas this run grades, read whole (code, examples, points) and checked before any grading
        KataCatalog catalog = workspace.catalog(download.handins().stream().map(Handin::kataId).distinct().toList());
        GradingPlan plan = plan(catalog, workspace.given(), submissions, seed, cases);

        try (GradingEngine engine = EngineRun.open(NAME, starting)) {
            ConsoleReport console = new ConsoleReport(out);
            KataCaseViews views = new KataCaseViews(catalog);
            shard.ifPresent(s -> out.println("shard " + s + ": " + submissions.size() + " of " + found.size() + " submissions"));
            long started = System.nanoTime();
            try (Interruption interruption = Interruption.install()) {
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
                        scoring));
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
    private GradingPlan plan(KataCatalog catalog, Optional<Path> katasGiven, List<Submission> submissions, long seed,
                             int cases)
            throws UsageException {
        try {
            ScoringRules rules = scoring.isPresent() ? ScoringRules.read(scoring.get()) : ScoringRules.NONE;
            // partial credit: asked for, or an assignment file that does not say no
            boolean partialCredit = this.partialCredit
                    || (scoring.isPresent() && rules.partialCredit().orElse(true));
            GradingMode mode = partialCredit ? new GradingMode.Score(cases) : new GradingMode.Grade(cases);
            return GradingPlan.of(submissions, catalog, new GradingOptions(seed, mode, rules, true,
                    Main.command(), new CommandOptions(katasGiven, scoring)));
        } catch (ScoringException e) {
            throw new UsageException(NAME + ": " + (scoring.isPresent() ? "--scoring: " : "") + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException(NAME + ": " + e.getMessage());
        }
    }

    /**
     * A student sees only their own results (issue 19, point 6): with {@code --student-view}, a file
     * that holds every submission of the run may hold one student only. Per-student outputs
     * ({@code --feedback}, Gradescope, PrairieLearn) and the console are not class-wide files.
     */
    private void checkStudentViewScope(List<Submission> submissions) throws UsageException {
        if (!studentView) {
            return;
        }
        long students = submissions.stream().map(Submission::student).distinct().count();
        if (students <= 1) {
            return;
        }
        Map<String, Optional<Path>> classWide = new LinkedHashMap<>();
        classWide.put("html", html);
        classWide.put("json", json);
        classWide.put("csv", csv);
        classWide.put("junit-xml", junitXml);
        classWide.put("open-test-report", openTestReport);
        for (Map.Entry<String, Optional<Path>> given : classWide.entrySet()) {
            String option = given.getKey();
            if (given.getValue().isPresent()) {
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
        try {
            return workspace.intake(kata).read(paths);
        } catch (IntakeException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
