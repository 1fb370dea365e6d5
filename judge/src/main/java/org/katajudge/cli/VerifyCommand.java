package org.katajudge.cli;

import java.util.Comparator;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.EngineSettings;
import org.katajudge.engine.GradingOptions;
import org.katajudge.engine.Submission;
import org.katajudge.intake.Intake;
import org.katajudge.intake.IntakeException;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.ValueType;
import org.katajudge.report.SafeText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code verify [KATA...]}: Kattis' verifyproblem for katas. For each kata: the reference
 * passes every fixed example; the reference's own source, as a submission, is ACCEPTED; and every
 * sample under {@code submissions/<kata>/<verdict>/<name>} gets the verdict its folder names.
 */
final class VerifyCommand {

    static final String NAME = "verify";

    static final String HELP = """
            Usage: %1$s verify [options] [KATA...]

            Checks katas end to end (all of them without KATA):
              - the reference implementation passes every example in katas/<kata>/examples.json;
              - the reference's own source, graded as a submission, is ACCEPTED;
              - every sample submission in submissions/<kata>/<verdict>/<name>/, and in the kata
                folder's own submissions/<verdict>/<name>/, gets the verdict its folder names
                (accepted, wrong_answer, run_time_error, time_limit_exceeded,
                memory_limit_exceeded, output_limit_exceeded, compile_error, rejected);
              - every kata has at least one accepted sample;
              - every accepted submission has full marks.
            The reference of a kata folder with its own code is its src/<Class>.java.

            Options:
              --jobs N           submissions graded at once (default: the number of cores)
              --json FILE        write the grading report of all samples
              --isolation MODE   auto (default), bwrap, unshare or none
              --katas DIR        kata folders to use instead of the repository's katas/
              --help             this help

            Exit status: 0 everything as expected, 1 some check failed, 2 usage or configuration error.
            """;

    private VerifyCommand() {
    }

    static int run(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(NAME, args, Set.of("jobs", "json", "isolation", "katas"), Set.of("help"));
        if (arguments.flag("help")) {
            out.printf(HELP, Main.command());
            return ExitCode.OK;
        }
        Workspace workspace = Workspace.open(arguments.option("katas"));
        List<KataDefinition> katas = new ArrayList<>();
        for (String id : arguments.positionals()) {
            katas.add(workspace.kata(NAME, id));
        }
        if (katas.isEmpty()) {
            katas.addAll(workspace.catalog().katas());
        }
        Optional<Path> samples = workspace.repositorySubmissions();
        if (samples.isEmpty() && katas.stream().allMatch(k -> k.folder().isEmpty())) {
            workspace.submissions(NAME); // nowhere to look for samples: says why, exit 2
        }
        if (arguments.option("json").isPresent()) {
            OutputFile.checkWritable(Path.of(arguments.option("json").get()), "the JSON report");
        }
        Map<String, String> classes = new LinkedHashMap<>();
        workspace.catalog().katas().forEach(k -> classes.put(k.id(), k.spec().className()));
        Intake intake = new Intake(classes, Optional.empty());
        int jobs = arguments.intOption(NAME, "jobs", 1, 256).orElse(Runtime.getRuntime().availableProcessors());
        List<String> problems = new ArrayList<>();

        for (KataDefinition kata : katas) {
            problems.addAll(checkExamples(kata));
        }
        Map<Submission, Verdict> expected = new LinkedHashMap<>();
        for (KataDefinition kata : katas) {
            List<Path> places = new ArrayList<>();
            samples.map(s -> s.resolve(kata.id())).ifPresent(places::add);
            kata.folder().map(f -> f.resolve("submissions")).ifPresent(places::add);
            problems.addAll(findSamples(intake, places, kata, expected));
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
                    Optional<Submission> rule = ruleAsSubmission(intake, kata.sources().get(), kata, scratch);
                    if (rule.isEmpty()) {
                        problems.add(kata.id() + ": no " + kata.spec().className() + ".java in " + kata.sources().get()
                                + ": the rule class, itself a valid solution, belongs there");
                    }
                    rule.ifPresent(s -> expected.put(s, Verdict.ACCEPTED));
                } else {
                    referenceAsSubmission(intake, workspace, kata, scratch).ifPresent(s -> expected.put(s, Verdict.ACCEPTED));
                }
            }
            EngineConfig config = new EngineConfig(workspace)
                    .put(EngineSettings.SEED, 0).put(EngineSettings.CASES, GradingOptions.DEFAULT_CASES)
                    .put(EngineSettings.JOBS, jobs);
            config.isolation(NAME, arguments.option("isolation"));
            long started = System.nanoTime();
            Map<String, Verdict> wanted = new LinkedHashMap<>();
            expected.forEach((submission, verdict) -> wanted.put(submission.displayPath(), verdict));
            List<SubmissionResult> results = GradingRun.run(new ArrayList<>(expected.keySet()), config.parameters(),
                    Optional.empty(), result -> {
                        Verdict want = wanted.get(result.submission());
                        boolean ok = result.verdict() == want;
                        out.printf(Locale.ROOT, "%-4s %-4s %-25s %s  %.2f s%n", ok ? "ok" : "FAIL",
                                result.verdict().abbreviation(), result.kata(), shorten(result.submission(), scratch),
                                result.timings().totalMillis() / 1000.0);
                        if (!ok) {
                            out.println("          expected " + want + ", got " + result.verdict() + ": "
                                    + SafeText.printable(result.message()));
                        }
                    });
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
            Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            Optional<String> json = arguments.option("json");
            if (json.isPresent()) {
                ReportDocument.write(Path.of(json.get()), ReportDocument.build(NAME, results, elapsed, 0));
            }
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
            deleteQuietly(scratch);
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

    /**
     * Samples are {@code <place>/<verdict folder>/<name>} (a directory or a .java file), in any of
     * {@code places}: the repository's {@code submissions/<kata>/}, the kata folder's {@code submissions/}.
     */
    private static List<String> findSamples(Intake intake, List<Path> places, KataDefinition kata,
                                            Map<Submission, Verdict> expected) {
        List<String> problems = new ArrayList<>();
        List<Path> existing = places.stream().filter(Files::isDirectory).toList();
        if (existing.isEmpty()) {
            return List.of(kata.id() + ": no sample submissions" + (places.isEmpty() ? ""
                    : " at " + String.join(" or ", places.stream().map(Path::toString).toList())));
        }
        boolean accepted = false;
        for (Path place : existing) {
            accepted |= findSamples(intake, place, kata, expected, problems);
        }
        if (!accepted) {
            problems.add(kata.id() + ": no accepted sample submission");
        }
        return problems;
    }

    /** The samples in one place; whether one of them is to be accepted. */
    private static boolean findSamples(Intake intake, Path kataFolder, KataDefinition kata,
                                       Map<Submission, Verdict> expected, List<String> problems) {
        boolean accepted = false;
        try (Stream<Path> folders = Files.list(kataFolder)) {
            for (Path folder : folders.sorted().toList()) {
                String name = folder.getFileName().toString();
                Optional<Verdict> verdict = Verdict.ofFolderName(name);
                if (!Files.isDirectory(folder) || name.startsWith(".")) {
                    continue;
                }
                if (verdict.isEmpty()) {
                    problems.add(kata.id() + ": " + folder + " is not named after a verdict");
                    continue;
                }
                try (Stream<Path> samples = Files.list(folder)) {
                    for (Path sample : samples.sorted().toList()) {
                        boolean isJava = sample.toString().endsWith(".java");
                        if (Files.isDirectory(sample) || isJava) {
                            expected.put(Submission.of(intake.readOne(sample, kata.id())), verdict.get());
                            accepted |= verdict.get() == Verdict.ACCEPTED;
                        }
                    }
                }
            }
        } catch (IOException e) {
            problems.add(kata.id() + ": cannot read " + kataFolder + ": " + e.getMessage());
        } catch (IntakeException e) {
            problems.add(kata.id() + ": " + e.getMessage());
        }
        return accepted;
    }

    /**
     * The reference's rule class, with its package line removed, as a submission: the reference
     * is itself a valid solution. Empty when the repository's sources are not there.
     */
    private static Optional<Submission> referenceAsSubmission(Intake intake, Workspace workspace, KataDefinition kata,
                                                              Path scratch) throws IOException {
        if (workspace.home().isEmpty()) {
            return Optional.empty();
        }
        Path sources = workspace.home().get().resolve("reference/src/main/java");
        if (!Files.isDirectory(sources)) {
            return Optional.empty();
        }
        return ruleAsSubmission(intake, sources, kata, scratch);
    }

    /** The file {@code <Class>.java} below {@code sources}, copied without its package line, as a submission. */
    private static Optional<Submission> ruleAsSubmission(Intake intake, Path sources, KataDefinition kata, Path scratch)
            throws IOException {
        String fileName = kata.spec().className() + ".java";
        Optional<Path> rule;
        try (Stream<Path> files = Files.walk(sources)) {
            rule = files.filter(f -> f.getFileName().toString().equals(fileName)).findFirst();
        }
        if (rule.isEmpty()) {
            return Optional.empty();
        }
        String text = Files.readString(rule.get(), StandardCharsets.UTF_8).replaceFirst("(?m)^package [\\w.]+;", "");
        Path folder = scratch.resolve(kata.id()).resolve("reference");
        Files.createDirectories(folder);
        Path copy = folder.resolve(fileName);
        Files.writeString(copy, text, StandardCharsets.UTF_8);
        try {
            return Optional.of(Submission.of(intake.readOne(folder, kata.id())));
        } catch (IntakeException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static String shorten(String path, Path scratch) {
        String prefix = scratch.toString().replace('\\', '/');
        return path.startsWith(prefix) ? "(the reference's source)" + path.substring(prefix.length()) : path;
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp directory left behind is harmless
        }
    }
}
