package org.katajudge.cli;

import org.katajudge.cache.JudgeCache;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.worker.CompilerPool;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code cache}: makes now what a grading run would otherwise make on its first start and keep in
 * the judge's cache (the children's runtime image, the runner's jar and class-data archive, the
 * compiler workers' archive), so that the next {@code grade} starts warm; for an autograder's image
 * set-up. Loads the katas too (so a JVM started with {@code -XX:ArchiveClassesAtExit} to archive the
 * judge's own classes sees the catalog's).
 */
@Command(name = CacheCommand.NAME, customSynopsis = "[--katas DIR] [--isolation MODE]",
        header = "build the judge's on-disk caches now (an autograder image's set-up)",
        description = "Builds the judge's on-disk caches now, for the isolation a grading run would use (or MODE), and"
                + " prints where they are: the children's java.base runtime, the runner's jar and class-data archive,"
                + " the compiler workers' class-data archive. The cache directory is -Dkatajudge.cache=DIR, else"
                + " $KATA_JUDGE_CACHE, else $XDG_CACHE_HOME/kata-judge, else ~/.cache/kata-judge (\"off\": none)."
                + " Gradescope's setup.sh runs it. Run as java -XX:ArchiveClassesAtExit=judge.jsa -jar judge.jar cache,"
                + " it also leaves a class-data archive of the judge's own classes, for"
                + " java -XX:SharedArchiveFile=judge.jsa -jar judge.jar grade ... (a plain java -jar cannot use one on JDK 17).",
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
        Workspace.open(katas).catalog();
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
        out.println("cache: " + JudgeCache.standard().get().root());
        out.println("children (" + launcher.isolation().optionValue() + "): " + SandboxLauncher.cacheDirectory()
                .map(Path::toString).orElse("no cache") + ", runner archive " + runner.map(Path::toString).orElse("none"));
        out.println("compiler workers' archive: " + compiler.map(Path::toString)
                .orElse("none (the judge does not run from its jar)"));
        return ExitCode.OK;
    }
}
