package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.ExamplesFile;
import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.EngineSettings;
import org.katajudge.engine.Submission;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.Counterexample;
import org.katajudge.report.RuleCoverage;
import org.katajudge.report.SafeText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * {@code fuzz SUBMISSION}: differential fuzzing against the reference until the first
 * disagreement, shrunk to a minimal input, with the command that replays it.
 */
final class FuzzCommand {

    static final String NAME = "fuzz";

    static final String HELP = """
            Usage: %1$s fuzz [options] SUBMISSION

            Runs one submission, sandboxed as in grade, against the reference on generated inputs
            (edge cases first, then random ones growing in size, steered toward rules not yet
            covered; small domains are tried whole) until they disagree or the budget ends. The
            first disagreement is shrunk to a minimal input and printed with the command that
            replays it.

            Options:
              --kata ID             kata of a submission outside a kata-named directory
              --seed N              seed of the run (default: a new one, printed): the same seed gives
                                    the same cases, counterexample and shrink on any machine
              --cases N             stop after N cases per method
              --time DURATION       stop drawing cases after this long (default %2$s), e.g. 30s, 2m
              --method NAME         with --replay: the method of the case
              --replay CHOICES      run exactly the generated case with these choices (as printed)
              --save-example NAME   add the failing case to the kata's examples.json under NAME
              --json FILE           write the result as a JSON report (same shape as grade)
              --isolation MODE      auto (default), bwrap, unshare or none
              --katas DIR           kata folders to use instead of the repository's katas/
              --help                this help

            Exit status: 0 no failure found, 1 a failing case found, 2 usage or configuration error.
            """;

    private FuzzCommand() {
    }

    static int run(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(NAME, args,
                Set.of("kata", "seed", "cases", "time", "method", "replay", "save-example", "json", "isolation", "katas"),
                Set.of("help"));
        if (arguments.flag("help")) {
            out.printf(HELP, Main.command(), "10s");
            return ExitCode.OK;
        }
        if (arguments.positionals().size() != 1) {
            throw new UsageException(NAME + ": give exactly one SUBMISSION (see: fuzz --help)");
        }
        if (arguments.option("cases").isPresent() && arguments.option("time").isPresent()) {
            throw new UsageException(NAME + ": give --cases or --time, not both");
        }
        Workspace workspace = Workspace.open(arguments.option("katas"));
        Optional<String> kataOption = arguments.option("kata");
        if (kataOption.isPresent()) {
            workspace.kata(NAME, kataOption.get());
        }
        List<Submission> found = GradeCommand.find(workspace, kataOption, List.of(Path.of(arguments.positionals().get(0))));
        if (found.size() != 1) {
            throw new UsageException(NAME + ": " + arguments.positionals().get(0) + " holds " + found.size()
                    + " submissions; fuzz takes one");
        }
        Submission submission = found.get(0);
        KataDefinition kata = workspace.kata(NAME, submission.kataId());
        long seed = arguments.longOption(NAME, "seed").orElseGet(() -> new SplittableRandom().nextLong() >>> 16);
        EngineConfig config = new EngineConfig(workspace)
                .put(EngineSettings.MODE, "fuzz").put(EngineSettings.SEED, seed).put(EngineSettings.JOBS, 1);
        kataOption.ifPresent(k -> config.put(EngineSettings.KATA, k));
        Optional<Integer> cases = arguments.intOption(NAME, "cases", 1, Integer.MAX_VALUE);
        cases.ifPresent(n -> config.put(EngineSettings.CASES, n));
        if (arguments.option("time").isPresent()) {
            try {
                config.put(EngineSettings.TIME, EngineSettings.duration(arguments.option("time").get()).toMillis() + "ms");
            } catch (IllegalArgumentException e) {
                throw new UsageException(NAME + ": --time: " + e.getMessage());
            }
        } else if (cases.isPresent()) {
            config.put(EngineSettings.TIME, "PT87600H"); // --cases alone: as many as asked, however long
        }
        replay(arguments, kata, config);
        Optional<String> saveAs = arguments.option("save-example");
        if (saveAs.isPresent()) {
            checkSaveable(workspace, kata, saveAs.get());
        }
        config.isolation(NAME, arguments.option("isolation"));

        out.printf("fuzzing %s as %s, seed %d%n", SafeText.oneLine(submission.displayPath()), kata.id(), seed);
        long started = System.nanoTime();
        SubmissionResult result = GradingRun.run(List.of(submission), config.parameters(), Optional.empty(), r -> { })
                .get(0);
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        print(out, result, elapsed, seed);
        Optional<String> json = arguments.option("json");
        if (json.isPresent()) {
            ReportDocument.write(Path.of(json.get()), ReportDocument.build(NAME, List.of(result), elapsed, seed));
        }
        if (saveAs.isPresent()) {
            save(out, workspace, kata, saveAs.get(), result);
        }
        return result.verdict() == Verdict.ACCEPTED ? ExitCode.OK : ExitCode.FAILED;
    }

    private static void replay(Arguments arguments, KataDefinition kata, EngineConfig config) throws UsageException {
        Optional<String> choices = arguments.option("replay");
        Optional<String> method = arguments.option("method");
        if (choices.isEmpty()) {
            if (method.isPresent()) {
                throw new UsageException(NAME + ": --method goes with --replay");
            }
            return;
        }
        String name = method.orElse(kata.entryPoints().size() == 1 ? kata.entryPoints().get(0).method() : null);
        if (name == null) {
            throw new UsageException(NAME + ": --replay needs --method for " + kata.id());
        }
        if (kata.entryPoints().stream().noneMatch(e -> e.method().equals(name))) {
            throw new UsageException(NAME + ": " + kata.id() + " has no method " + name);
        }
        try {
            ChoiceSequence.parse(choices.get());
        } catch (IllegalArgumentException e) {
            throw new UsageException(NAME + ": --replay: " + e.getMessage());
        }
        config.put(EngineSettings.REPLAY_METHOD, name).put(EngineSettings.REPLAY_CHOICES, choices.get());
    }

    private static void print(PrintStream out, SubmissionResult result, Duration elapsed, long seed) {
        ConsoleReport console = new ConsoleReport(out);
        String indent = "  ";
        for (TestOutcome test : result.tests()) {
            if (test.kind().equals("random")) {
                out.printf(Locale.ROOT, "%s%-22s %s, %d case%s%s%n", indent, test.method(),
                        test.status().name().toLowerCase(Locale.ROOT).replace('_', ' '), test.cases(),
                        test.cases() == 1 ? "" : "s", test.exhaustive() ? " (the whole domain, enumerated)" : "");
            }
        }
        if (result.verdict() == Verdict.ACCEPTED) {
            out.printf(Locale.ROOT, "no failure in %d cases in %.1f s%n", result.cases(), elapsed.toMillis() / 1000.0);
        } else {
            out.println();
            out.println(result.verdict() + ": " + SafeText.printable(result.message()));
            Counterexample example = result.counterexample();
            if (example != null) {
                console.counterexample(example, indent);
                out.println(indent + "rerun:    " + Main.command() + " fuzz --kata " + result.kata() + " --seed " + seed
                        + " " + SafeText.oneLine(result.submission()));
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
