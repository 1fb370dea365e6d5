package org.katajudge.cli;

import java.util.Comparator;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.EngineSettings;
import org.katajudge.engine.GradingOptions;
import org.katajudge.engine.Submission;
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
              - every sample submission in submissions/<kata>/<verdict>/<name>/ gets the verdict
                its folder names (accepted, wrong_answer, run_time_error, time_limit_exceeded,
                memory_limit_exceeded, output_limit_exceeded, compile_error, rejected);
              - every kata has at least one accepted sample.

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
        Path samples = workspace.submissions(NAME);
        int jobs = arguments.intOption(NAME, "jobs", 1, 256).orElse(Runtime.getRuntime().availableProcessors());
        List<String> problems = new ArrayList<>();

        for (KataDefinition kata : katas) {
            problems.addAll(checkExamples(kata));
        }
        Map<Submission, Verdict> expected = new LinkedHashMap<>();
        for (KataDefinition kata : katas) {
            problems.addAll(findSamples(samples.resolve(kata.id()), kata, expected));
        }
        Path scratch;
        try {
            scratch = Files.createTempDirectory("kata-judge-verify-");
        } catch (IOException e) {
            throw new UsageException(NAME + ": cannot prepare a scratch directory: " + e.getMessage());
        }
        try {
            for (KataDefinition kata : katas) {
                referenceAsSubmission(workspace, kata, scratch).ifPresent(s -> expected.put(s, Verdict.ACCEPTED));
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

    /** Samples are {@code <kata>/<verdict folder>/<name>} (a directory or a .java file). */
    private static List<String> findSamples(Path kataFolder, KataDefinition kata, Map<Submission, Verdict> expected) {
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(kataFolder)) {
            return List.of(kata.id() + ": no sample submissions at " + kataFolder);
        }
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
                            expected.put(new Submission(sample, kata.id(), javaFiles(sample)), verdict.get());
                            accepted |= verdict.get() == Verdict.ACCEPTED;
                        }
                    }
                }
            }
        } catch (IOException e) {
            problems.add(kata.id() + ": cannot read " + kataFolder + ": " + e.getMessage());
        }
        if (!accepted) {
            problems.add(kata.id() + ": no accepted sample submission");
        }
        return problems;
    }

    private static List<Path> javaFiles(Path sample) throws IOException {
        if (!Files.isDirectory(sample)) {
            return List.of(sample);
        }
        try (Stream<Path> files = Files.list(sample)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }

    /**
     * The reference's rule class, with its package line removed, as a submission: the reference
     * is itself a valid solution. Empty when the repository's sources are not there.
     */
    private static Optional<Submission> referenceAsSubmission(Workspace workspace, KataDefinition kata, Path scratch)
            throws IOException {
        if (workspace.home().isEmpty()) {
            return Optional.empty();
        }
        Path sources = workspace.home().get().resolve("reference/src/main/java");
        if (!Files.isDirectory(sources)) {
            return Optional.empty();
        }
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
        return Optional.of(new Submission(folder, kata.id(), List.of(copy)));
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
