package org.katajudge.cli;

import org.katajudge.cache.JudgeCache;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.files.Trees;
import org.katajudge.fuzz.ProbeMemo;
import org.katajudge.kata.EntryPoint;
import org.katajudge.launch.Relaunch;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.worker.CompilerPool;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code cache}: makes now what a grading run would otherwise make on its first start and keep in
 * the judge's cache (the children's runtime image, the runner's jar and class-data archive, the
 * compiler workers' archive, the archive of the judge's own classes), so that the next {@code grade}
 * starts warm; for an autograder's image set-up.
 */
@Command(name = CacheCommand.NAME, customSynopsis = "[--katas DIR] [--isolation MODE]",
        header = "build the judge's on-disk caches now (an autograder image's set-up)",
        description = "Builds the judge's on-disk caches now, for the isolation a grading run would use (or MODE), and"
                + " prints where they are: the children's java.base runtime, the runner's jar and class-data archive,"
                + " the compiler workers' class-data archive, and the class-data archive of the judge's own classes"
                + " (made by grading a small wrong solution), which grade and fuzz, started with java -jar and the same"
                + " JVM options, relaunch the judge with, and the collision probes of the katas' random tests under the"
                + " default seed (the judge's user's alone). The cache directory is -Dkatajudge.cache=DIR, else"
                + " $KATA_JUDGE_CACHE, else $XDG_CACHE_HOME/kata-judge, else ~/.cache/kata-judge (\"off\": none)."
                + " Gradescope's setup.sh runs it.",
        exitCodeList = {"0:built (or already there)", "2:no usable cache directory, or the isolation does not work here"},
        footer = "See: docs/reference/isolation.md#the-judges-cache")
final class CacheCommand implements JudgeCommand {

    static final String NAME = "cache";

    @Option(names = "--katas", paramLabel = "DIR", description = "kata folders to load instead of the repository's katas/")
    Optional<Path> katas;

    @Option(names = "--isolation", paramLabel = "MODE", converter = OptionValues.IsolationMode.class,
            completionCandidates = OptionValues.IsolationModes.class,
            description = "auto (default), bwrap, unshare or none: the children's caches are made for it")
    Optional<Isolation> isolation;

    @Option(names = "--java-options", paramLabel = "FILE",
            description = "also write to FILE the JVM options that start the judge with its archive at once, one JVM"
                    + " instead of two: java @FILE -jar judge.jar grade ... (Gradescope's run_autograder does)")
    Optional<Path> javaOptions;

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    /** Not one: collected to say so in this command's words. */
    @Parameters(hidden = true)
    List<String> unexpected = new ArrayList<>();

    @Override
    public int run(PrintStream out, PrintStream err) throws UsageException {
        if (!unexpected.isEmpty()) {
            throw new UsageException(NAME + ": takes no arguments, got " + unexpected.get(0));
        }
        KataCatalog catalog = Workspace.open(katas).catalog();
        if (JudgeCache.standard().isEmpty()) {
            throw new UsageException(NAME + ": no usable cache directory (" + JudgeCache.configured()
                    .map(Path::toString).orElse("off") + ")");
        }
        SandboxLauncher launcher;
        try {
            launcher = SandboxLauncher.create(isolation, Limits.DEFAULT);
        } catch (SandboxException e) {
            throw new UsageException(NAME + ": " + e.getMessage());
        }
        Optional<Path> runner = launcher.prepareCaches();
        Optional<Path> compiler = CompilerPool.prepareArchive(CompileLimits.DEFAULT);
        Optional<Path> judge = judgeArchive(catalog);
        int probes = keepProbes(catalog);
        out.println("cache: " + JudgeCache.standard().get().root());
        out.println("children (" + launcher.isolation().optionValue() + "): " + SandboxLauncher.cacheDirectory()
                .map(Path::toString).orElse("no cache") + ", runner archive " + runner.map(Path::toString).orElse("none"));
        out.println("compiler workers' archive: " + compiler.map(Path::toString)
                .orElse("none (the judge does not run from its jar)"));
        out.println("the judge's own archive: " + judge.map(Path::toString)
                .orElse("none (the judge does not run from its jar, or this JDK makes none)"));
        out.println("collision probes of the random tests (seed 0): " + (probes > 0 ? "kept for " + probes + " methods"
                : "none kept (no kata's code is in a jar: they are searched in every run)"));
        if (javaOptions.isPresent()) {
            writeJavaOptions(out, javaOptions.get(), judge);
        }
        return ExitCode.OK;
    }

    /** Keeps the collision probes of every method of every kata under the default seed; how many are kept. */
    private static int keepProbes(KataCatalog catalog) {
        int kept = 0;
        for (KataDefinition kata : catalog.katas()) {
            for (EntryPoint entryPoint : kata.entryPoints()) {
                if (ProbeMemo.keep(kata.id(), entryPoint, GradeCommand.DEFAULT_SEED).isPresent()) {
                    kept++;
                }
            }
        }
        return kept;
    }

    /**
     * The options file for {@code java @FILE}: one option a line, each quoted (a cache path may hold
     * spaces). Without an archive there is nothing to start with: no file, and an old one goes, so
     * that a script that tests for it starts the judge as usual.
     */
    private static void writeJavaOptions(PrintStream out, Path file, Optional<Path> archive) throws UsageException {
        try {
            if (archive.isEmpty()) {
                Files.deleteIfExists(file);
                out.println("java options: none written (no archive of the judge's own classes)");
                return;
            }
            StringBuilder text = new StringBuilder();
            for (String option : Relaunch.directOptions(archive.get())) {
                text.append('"').append(option.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"\n");
            }
            Files.writeString(file, text);
            out.println("java options: " + file + " (java @" + file + " -jar judge.jar grade ...)");
        } catch (IOException e) {
            throw new UsageException(NAME + ": cannot write " + file + ": " + e.getMessage());
        }
    }

    /**
     * The archive of the judge's own classes, made by grading a submission that compiles and
     * answers every method wrongly (so that the run loads what a real grade does: the compiler's
     * client, the sandbox, the search, the shrinker, the reports) with the options this JVM has.
     */
    private Optional<Path> judgeArchive(KataCatalog catalog) {
        KataDefinition kata = catalog.katas().get(0);
        Path training = null;
        try {
            training = Files.createTempDirectory("kata-judge-training-");
            Path submission = Files.createDirectory(training.resolve("submission"));
            Files.writeString(submission.resolve(kata.spec().className() + ".java"), wrongEverywhere(kata));
            List<String> grade = new ArrayList<>(List.of(GradeCommand.NAME, "--kata", kata.id()));
            katas.ifPresent(dir -> grade.addAll(List.of("--katas", dir.toAbsolutePath().toString())));
            grade.addAll(List.of("--json", training.resolve("report.json").toString(), submission.toString()));
            return Relaunch.prepareArchive(grade);
        } catch (IOException e) {
            return Optional.empty();
        } finally {
            if (training != null) {
                Trees.deleteQuietly(training);
            }
        }
    }

    /** A solution of {@code kata} whose every method returns its type's zero: it compiles and is wrong. */
    static String wrongEverywhere(KataDefinition kata) {
        StringBuilder text = new StringBuilder("public class ").append(kata.spec().className()).append(" {\n");
        for (EntryPoint entryPoint : kata.entryPoints()) {
            String zero = switch (entryPoint.returns()) {
                case BOOLEAN -> "false";
                case INT -> "0";
                case STRING -> "\"\"";
                case INT_ARRAY -> "new int[0]";
                case INT_MATRIX -> "new int[0][]";
            };
            text.append("    ").append(entryPoint.signature()).append(" {\n        return ").append(zero).append(";\n    }\n");
        }
        return text.append("}\n").toString();
    }
}
