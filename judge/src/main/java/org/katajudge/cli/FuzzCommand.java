package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.ExamplesFile;
import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.EngineOptions;
import org.katajudge.engine.GradingEngine;
import org.katajudge.engine.GradingEvents;
import org.katajudge.engine.pipeline.ReplayCommands;
import org.katajudge.engine.plan.CommandOptions;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.Submission;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.CaseViews;
import org.katajudge.report.ClassResults;
import org.katajudge.report.Counterexample;
import org.katajudge.report.RuleCoverage;
import org.katajudge.report.SafeText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestKind;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;
import org.katajudge.report.json.JsonReport;
import org.katajudge.scoring.ScoringException;
import org.katajudge.sandbox.Isolation;
import org.katajudge.scoring.ScoringRules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ArrayList;
import java.util.SplittableRandom;

/**
 * {@code fuzz SUBMISSION}: differential fuzzing against the reference until the first
 * disagreement, shrunk to a minimal input, with the command that replays it.
 */
@Command(name = FuzzCommand.NAME, customSynopsis = "[options] SUBMISSION",
        header = "differential fuzzing: find, shrink and replay a failing case",
        description = {
                "Runs one submission, sandboxed as in grade, against the reference on generated inputs (edge cases"
                        + " first, then random ones growing in size, steered toward rules not yet covered; small domains"
                        + " are enumerated, then asked again in shuffled passes), asking earlier inputs again as it goes,"
                        + " until they disagree or the budget ends. The first disagreement is shrunk to a minimal input"
                        + " (and, when it fails only after earlier calls, to the fewest calls before it) and printed with"
                        + " the command that replays it.",
                "",
                "Every command the judge prints (replay, rerun) runs as printed from any working directory on the same"
                        + " machine: its paths are absolute, and it carries the run's --katas (and for a grade rerun its"
                        + " --scoring, --partial-credit, --seed and --cases)."},
        exitCodeList = {"0:no failure found", "1:a failing case found", "2:usage or configuration error"},
        footer = "See: docs/guides/fuzzing.md")
final class FuzzCommand implements JudgeCommand {

    static final String NAME = "fuzz";

    /** A search of fewer cases than this is too short to say anything; the run says so. */
    static final int FEW_CASES = 1000;

    @Parameters(paramLabel = "SUBMISSION", arity = "0..1", description = "one .java file, or a directory that directly holds .java files")
    String submission;

    @Option(names = "--kata", paramLabel = "ID", description = "kata of a submission outside a kata-named directory")
    Optional<String> kata;

    @Option(names = "--seed", paramLabel = "N", converter = OptionValues.Seed.class,
            description = "seed of the run (default: a new one, printed): the same seed gives the same cases,"
                    + " counterexample and shrink on any machine")
    Optional<Long> seed;

    @Option(names = "--cases", paramLabel = "N", converter = OptionValues.FuzzCases.class,
            description = "stop after N cases per method")
    Optional<Integer> cases;

    @Option(names = "--time", paramLabel = "DURATION", converter = OptionValues.Time.class,
            description = "the search's budget (default 10s), e.g. 30s, 2m; compiling and starting the JVM come on top."
                    + " A failure found is shrunk by a count of calls, not by time: the same seed gives the same"
                    + " counterexample on a busy machine. A run of fewer than " + FEW_CASES + " cases says so and"
                    + " suggests a larger budget")
    Optional<Duration> time;

    @Option(names = "--replay", paramLabel = "CALL",
            description = "make exactly this call (as printed), in a fresh JVM, and judge it; repeat it for several"
                    + " calls in order: the last is the case judged, the ones before it are its history. CALL is CHOICES"
                    + " (of --method's case), METHOD:CHOICES, or METHOD@EXAMPLE (a fixed example by name)")
    List<String> replayCalls = new ArrayList<>();

    @Option(names = "--method", paramLabel = "NAME", description = "with --replay: the method of bare CHOICES")
    Optional<String> method;

    @Option(names = "--history", paramLabel = "N", converter = OptionValues.History.class,
            description = "with --replay and --seed: first make N calls of the replayed case's method, drawn as"
                    + " fuzz --seed draws them (a history given by seed)")
    Optional<Integer> history;

    @Option(names = "--save-example", paramLabel = "NAME",
            description = "add the failing case to the kata's examples.json under NAME")
    Optional<String> saveExample;

    @Option(names = "--json", paramLabel = "FILE",
            description = "write the result as a JSON report (the same shape as grade's; see docs/reference/json-report.md)")
    Optional<Path> json;

    @Option(names = "--isolation", paramLabel = "MODE", converter = OptionValues.IsolationMode.class,
            completionCandidates = OptionValues.IsolationModes.class,
            description = "auto (default), bwrap, unshare or none")
    Optional<Isolation> isolation;

    @Option(names = "--katas", paramLabel = "DIR", description = "kata folders to use instead of the repository's katas/")
    Optional<Path> katas;

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    @Override
    public int run(PrintStream out, PrintStream err) throws UsageException {
        if (this.submission == null) {
            throw new UsageException(NAME + ": give exactly one SUBMISSION (see: fuzz --help)");
        }
        if (cases.isPresent() && time.isPresent()) {
            throw new UsageException(NAME + ": give --cases or --time, not both");
        }
        Workspace workspace = Workspace.open(katas);
        if (this.kata.isPresent()) {
            workspace.kata(NAME, this.kata.get());
        }
        List<Submission> found = GradeCommand.find(workspace, this.kata, List.of(Path.of(this.submission)));
        if (found.size() != 1) {
            throw new UsageException(NAME + ": " + this.submission + " holds " + found.size()
                    + " submissions; fuzz takes one");
        }
        Submission submission = found.get(0);
        KataDefinition kata = workspace.kata(NAME, submission.kataId());
        if (!kata.hasRandomTests()) {
            throw new UsageException(NAME + ": " + kata.id() + " has examples only (no method has a generator):"
                    + " there is nothing to fuzz; grade runs its examples");
        }
        long seed = this.seed.orElseGet(() -> new SplittableRandom().nextLong() >>> 16);
        // --cases alone: as many as asked, however long
        Duration time = this.time.orElse(cases.isPresent() ? Duration.ofHours(87600) : GradingMode.DEFAULT_FUZZ_TIME);
        // the budget counts the search, not compiling or the JVM's start (0: from when the search starts)
        GradingMode.Fuzz fuzz = new GradingMode.Fuzz(cases.orElse(Integer.MAX_VALUE), time, 0);
        Optional<GradingMode.Replay> replay = ReplayOption.read(replayCalls, method, history, this.seed.isPresent(), kata, fuzz);
        Optional<String> saveAs = saveExample;
        if (saveAs.isPresent()) {
            checkSaveable(workspace, kata, saveAs.get());
        }
        GradingPlan plan;
        try {
            plan = GradingPlan.of(List.of(submission), workspace.catalog(List.of(submission.kataId())), new GradingOptions(seed,
                    replay.<GradingMode>map(r -> r).orElse(fuzz), ScoringRules.NONE, true, Main.command(),
                    new CommandOptions(workspace.given(), Optional.empty())));
        } catch (ScoringException e) {
            throw new UsageException(NAME + ": " + e.getMessage());
        }
        EngineOptions engineOptions = EngineOptions.defaults().withJobs(1)
                .withIsolation(isolation);
        try (GradingEngine engine = EngineRun.open(NAME, engineOptions)) {
            Outputs outputs = Outputs.json(json, new JsonReport());
            outputs.checkPaths(NAME);

            boolean replaying = replay.isPresent();
            if (replaying) {
                out.printf("replaying %d call%s on %s as %s, in a fresh JVM%n", replayCalls.size(),
                        replayCalls.size() == 1 ? "" : "s", SafeText.oneLine(submission.displayPath()), kata.id());
            } else {
                out.printf("fuzzing %s as %s, seed %d%n", SafeText.oneLine(submission.displayPath()), kata.id(), seed);
            }
            long started = System.nanoTime();
            SubmissionResult result = engine.grade(plan, GradingEvents.NONE, () -> false).results().get(0);
            engine.close();
            Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            print(out, result, elapsed, replaying ? null : seed, ReplayCommands.katasOption(kata, workspace.given()));
            if (!replaying && cases.isEmpty()) {
                tooFew(out, result, time);
            }
            outputs.write(NAME, new ClassResults(List.of(result), CaseViews.NONE, elapsed, seed, Main.version(), false)
                    .ofCommand(NAME));
            if (saveAs.isPresent()) {
                save(out, workspace, kata, saveAs.get(), result);
            }
            return result.verdict() == Verdict.ACCEPTED ? ExitCode.OK : ExitCode.FAILED;
        }
    }

    /**
     * A search cut short by its budget before {@link #FEW_CASES} cases found nothing: that is no
     * evidence, and the run says so with a budget that would do (rather than a plain "no failure").
     */
    private static void tooFew(PrintStream out, SubmissionResult result, Duration budget) {
        boolean wholeDomain = result.tests().stream().filter(t -> t.kind() == org.katajudge.report.TestKind.RANDOM && !TestOutcome.isNoRandomTests(t))
                .allMatch(TestOutcome::exhaustive);
        if (result.verdict() != Verdict.ACCEPTED || wholeDomain || result.cases() >= FEW_CASES) {
            return;
        }
        long factor = Math.min(1000, (FEW_CASES + Math.max(1, result.cases()) - 1) / Math.max(1, result.cases()));
        long seconds = Math.max(budget.toSeconds() + 1, (budget.toMillis() * factor + 999) / 1000);
        out.printf(Locale.ROOT, "too few cases: the budget of %s allowed only %d (fewer than %d); "
                + "this is no evidence of a correct solution: try --time %ds%n",
                budget.toMillis() % 1000 == 0 ? budget.toSeconds() + "s" : budget.toMillis() + "ms", result.cases(), FEW_CASES, seconds);
    }

    /** The result; {@code seed} null for a replay, which has no search to rerun. */
    private static void print(PrintStream out, SubmissionResult result, Duration elapsed, Long seed, String katasOption) {
        ConsoleReport console = new ConsoleReport(out);
        String indent = "  ";
        for (TestOutcome test : result.tests()) {
            if (TestOutcome.isNoRandomTests(test)) {
                out.printf(Locale.ROOT, "%s%-22s %s (examples only)%n", indent, test.method(), TestOutcome.NO_RANDOM_TESTS);
            } else if (test.kind() == TestKind.RANDOM) {
                String what = test.name().startsWith("replay:") ? " replayed call" : test.name().startsWith("enumerated:")
                        ? " enumerated case" : " random case";
                out.printf(Locale.ROOT, "%s%-22s %s, %d%s%s%s%n", indent, test.method(),
                        test.status().name().toLowerCase(Locale.ROOT).replace('_', ' '), test.cases(), what,
                        test.cases() == 1 ? "" : "s", test.exhaustive() ? " (the whole domain)" : "");
            }
        }
        if (result.verdict() == Verdict.ACCEPTED) {
            out.printf(Locale.ROOT, "no failure in %d cases in %.1f s: %s%n", result.cases(), elapsed.toMillis() / 1000.0,
                    result.message());
        } else {
            out.println();
            out.println(result.verdict() + ": " + SafeText.printable(result.message()));
            Counterexample example = result.counterexample();
            if (example != null) {
                console.counterexample(example, indent);
                if (seed != null) {
                    out.println(indent + "rerun:    " + Main.command() + " fuzz" + katasOption + " --kata " + result.kata()
                            + " --seed " + seed + " " + ReplayCommands.quoted(ReplayCommands.absolute(result.submission())));
                }
            } else {
                console.details(result);
            }
        }
        coverage(out, result.coverage());
    }

    private static void coverage(PrintStream out, List<RuleCoverage> coverage) {
        if (coverage.isEmpty()) {
            return;
        }
        long covered = coverage.stream().filter(RuleCoverage::covered).count();
        out.printf("rules exercised in both outcomes: %d of %d%n", covered, coverage.size());
        for (RuleCoverage rule : coverage) {
            out.printf(Locale.ROOT, "  %-3s %-16s %-36s holds %6d  breaks %6d%n", rule.covered() ? "ok" : "--",
                    rule.method(), rule.rule(), rule.holds(), rule.breaks());
        }
    }

    private static void checkSaveable(Workspace workspace, KataDefinition kata, String name) throws UsageException {
        if (workspace.katas().isEmpty()) {
            throw new UsageException(NAME + ": --save-example needs the katas/ folder of a repository (use --katas DIR)");
        }
        if (kata.examples().stream().anyMatch(e -> e.name().equals(name))) {
            throw new UsageException(NAME + ": " + kata.id() + " already has an example named \"" + name + "\"");
        }
    }

    private static void save(PrintStream out, Workspace workspace, KataDefinition kata, String name,
                             SubmissionResult result) throws UsageException {
        Counterexample example = result.counterexample();
        if (example == null) {
            out.println("nothing to save: no failing case was found");
            return;
        }
        EntryPoint entryPoint = kata.entryPoint(example.method());
        JsonNode args = example.args();
        Object[] values = new Object[args.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = JsonValues.fromJson(args.get(i), entryPoint.parameters().get(i));
        }
        Object expected = JsonValues.fromJson(example.expected(), entryPoint.returns());
        Path file = workspace.katas().get().resolve(kata.id()).resolve("examples.json");
        try {
            ExamplesFile.append(file, new Example(name, entryPoint.method(), values, expected), kata.code());
        } catch (CatalogException e) {
            throw new UsageException(NAME + ": --save-example: " + e.getMessage());
        }
        out.println("saved the case as example \"" + name + "\" in " + file);
    }
}
