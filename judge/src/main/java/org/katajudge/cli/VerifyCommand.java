package org.katajudge.cli;

import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataDefinition;
import org.junit.platform.engine.CancellationToken;
import org.katajudge.engine.EngineOptions;
import org.katajudge.engine.GradingEngine;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.Submission;
import org.katajudge.files.Trees;
import org.katajudge.intake.Intake;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.ValueType;
import org.katajudge.report.CaseViews;
import org.katajudge.report.ClassResults;
import org.katajudge.report.SafeText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;
import org.katajudge.report.json.JsonReport;
import org.katajudge.sandbox.Isolation;
import org.katajudge.scoring.ScoringException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code verify [KATA...]}: Kattis' verifyproblem for katas. For each kata: the reference
 * passes every fixed example; the reference's own source, as a submission, is ACCEPTED; and every
 * sample under {@code submissions/<kata>/<verdict>/<name>} gets the verdict its folder names.
 */
@Command(name = VerifyCommand.NAME, customSynopsis = "[options] [KATA...]",
        header = "check the katas: examples, reference, sample verdicts",
        description = {
                "Checks katas end to end (all of them without KATA):",
                "- the reference implementation passes every example in katas/<kata>/examples.json;",
                "- the reference's own source, graded as a submission, is ACCEPTED;",
                "- every sample submission in submissions/<kata>/<verdict>/<name>/, and in the kata folder's own"
                        + " submissions/<verdict>/<name>/, gets the verdict its folder names (accepted, wrong_answer,"
                        + " run_time_error, time_limit_exceeded, memory_limit_exceeded, output_limit_exceeded,"
                        + " compile_error, rejected);",
                "- every kata has at least one accepted sample;",
                "- every accepted submission has full marks.",
                "",
                "The reference of a kata folder with its own code is its src/<Class>.java."},
        exitCodeList = {"0:everything as expected", "1:some check failed", "2:usage or configuration error"},
        footer = "See: docs/guides/writing-katas.md#verifying-the-katas")
final class VerifyCommand implements JudgeCommand {

    static final String NAME = "verify";

    @Parameters(paramLabel = "KATA", description = "the katas to check (default: all)")
    List<String> ids = new ArrayList<>();

    @Option(names = "--jobs", paramLabel = "N", converter = OptionValues.Jobs.class,
            description = "submissions graded at once (default: the number of cores)")
    Optional<Integer> jobs;

    @Option(names = "--json", paramLabel = "FILE", description = "write the grading report of all samples")
    Optional<Path> json;

    @Option(names = "--isolation", paramLabel = "MODE", converter = OptionValues.IsolationMode.class,
            completionCandidates = OptionValues.IsolationModes.class,
            description = "auto (default), bwrap, unshare or none")
    Optional<Isolation> isolation;

    @Option(names = "--katas", paramLabel = "DIR", description = "kata folders to use instead of the repository's katas/")
    Optional<Path> katasDir;

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    @Override
    public int run(PrintStream out, PrintStream err) throws UsageException {
        Workspace workspace = Workspace.open(katasDir);
        List<KataDefinition> katas = new ArrayList<>();
        for (String id : ids) {
            katas.add(workspace.kata(NAME, id));
        }
        if (katas.isEmpty()) {
            katas.addAll(workspace.catalog().katas());
        }
        Optional<Path> samples = workspace.repositorySubmissions();
        if (samples.isEmpty() && katas.stream().allMatch(k -> k.folder().isEmpty())) {
            workspace.submissions(NAME); // nowhere to look for samples: says why, exit 2
        }
        if (json.isPresent()) {
            OutputFile.checkWritable(json.get(), "the JSON report");
        }
        Intake intake = workspace.intake(Optional.empty());
        int jobs = this.jobs.orElse(Runtime.getRuntime().availableProcessors());
        List<String> problems = new ArrayList<>();

        for (KataDefinition kata : katas) {
            problems.addAll(checkExamples(kata));
        }
        Map<Submission, Verdict> expected = new LinkedHashMap<>();
        for (KataDefinition kata : katas) {
            List<Path> places = new ArrayList<>();
            samples.map(s -> s.resolve(kata.id())).ifPresent(places::add);
            kata.folder().map(f -> f.resolve("submissions")).ifPresent(places::add);
            problems.addAll(VerifySamples.find(intake, places, kata, expected));
        }
        Path scratch;
        try {
            scratch = Files.createTempDirectory("kata-judge-verify-");
        } catch (IOException e) {
            throw new UsageException(NAME + ": cannot prepare a scratch directory: " + e.getMessage());
        }
        try {
            for (KataDefinition kata : katas) {
                if (kata.sources().isPresent()) {
                    Optional<Submission> rule = VerifySamples.ruleAsSubmission(intake, kata.sources().get(), kata, scratch);
                    if (rule.isEmpty()) {
                        problems.add(kata.id() + ": no " + kata.spec().className() + ".java in " + kata.sources().get()
                                + ": the rule class, itself a valid solution, belongs there");
                    }
                    rule.ifPresent(s -> expected.put(s, Verdict.ACCEPTED));
                } else {
                    VerifySamples.referenceAsSubmission(intake, workspace, kata, scratch)
                            .ifPresent(s -> expected.put(s, Verdict.ACCEPTED));
                }
            }
            GradingPlan plan;
            try {
                plan = GradingPlan.of(new ArrayList<>(expected.keySet()),
                        workspace.catalog(expected.keySet().stream().map(Submission::kataId).distinct().toList()),
                        GradingOptions.grading(0, GradingMode.DEFAULT_CASES).withCommand(Main.command()));
            } catch (ScoringException e) {
                throw new UsageException(NAME + ": " + e.getMessage());
            }
            EngineOptions engineOptions = EngineOptions.defaults().withJobs(jobs)
                    .withIsolation(isolation);
            long started;
            List<SubmissionResult> results;
            try (GradingEngine engine = EngineRun.open(NAME, engineOptions)) {
                started = System.nanoTime();
                Map<String, Verdict> wanted = new LinkedHashMap<>();
                expected.forEach((submission, verdict) -> wanted.put(submission.displayPath(), verdict));
                results = EngineRun.grade(engine, plan, false, Optional.empty(), result -> {
                    Verdict want = wanted.get(result.submission());
                    boolean ok = result.verdict() == want;
                    out.printf(Locale.ROOT, "%-4s %-4s %-25s %s  %.2f s%n", ok ? "ok" : "FAIL",
                            result.verdict().abbreviation(), result.kata(), shorten(result.submission(), scratch),
                            result.timings().totalMillis() / 1000.0);
                    if (!ok) {
                        out.println("          expected " + want + ", got " + result.verdict() + ": "
                                + SafeText.printable(result.message()));
                    }
                }, CancellationToken.disabled()).resultsByPath();
                engine.close();
                for (SubmissionResult result : results) {
                    Verdict want = wanted.get(result.submission());
                    if (result.verdict() != want) {
                        problems.add(result.kata() + ": " + result.submission() + " should be " + want + ", got "
                                + result.verdict());
                    }
                    if (result.verdict() == Verdict.ACCEPTED && result.score() != result.maxScore()) {
                        problems.add(result.kata() + ": " + result.submission() + " is accepted with " + result.score()
                                + " of " + result.maxScore() + " points; an accepted submission has full marks");
                    }
                }
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            Outputs.json(json, new JsonReport()).write(NAME,
                    new ClassResults(results, CaseViews.NONE, elapsed, 0, Main.version(), false).ofCommand(NAME));
            out.println();
            if (problems.isEmpty()) {
                out.printf(Locale.ROOT, "verify: %d kata%s, %d submissions, every verdict as expected (%.1f s)%n",
                        katas.size(), katas.size() == 1 ? "" : "s", results.size(), elapsed.toMillis() / 1000.0);
                return ExitCode.OK;
            }
            out.println("verify: " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s") + ":");
            problems.forEach(p -> out.println("  - " + p));
            return ExitCode.FAILED;
        } catch (IOException e) {
            throw new UsageException(NAME + ": cannot copy the reference's source: " + e.getMessage());
        } finally {
            Trees.deleteQuietly(scratch);
        }
    }

    /** The reference's answer to every example, computed in this JVM. */
    private static List<String> checkExamples(KataDefinition kata) {
        List<String> problems = new ArrayList<>();
        for (Example example : kata.examples()) {
            EntryPoint entryPoint = kata.entryPoint(example.method());
            try {
                Object answer = entryPoint.explain(example.args()).answer();
                if (!entryPoint.returns().equal(example.expected(), answer)) {
                    problems.add(kata.id() + ": example \"" + example.name() + "\" expects "
                            + ValueType.show(example.expected()) + ", the reference answers " + ValueType.show(answer));
                }
            } catch (RuntimeException e) {
                problems.add(kata.id() + ": example \"" + example.name() + "\" makes the reference throw " + e);
            }
        }
        return problems;
    }

    private static String shorten(String path, Path scratch) {
        String prefix = scratch.toString().replace('\\', '/');
        return path.startsWith(prefix) ? "(the reference's source)" + path.substring(prefix.length()) : path;
    }
}
