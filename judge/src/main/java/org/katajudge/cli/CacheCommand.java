package org.katajudge.cli;

import org.katajudge.cache.JudgeCache;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.worker.CompilerPool;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code cache}: makes now what a grading run would otherwise make on its first start and keep in
 * the judge's cache (the children's runtime image, the runner's jar and class-data archive, the
 * compiler workers' archive), so that the next {@code grade} starts warm; for an autograder's image
 * set-up. Loads the katas too (so a JVM started with {@code -XX:ArchiveClassesAtExit} to archive the
 * judge's own classes sees the catalog's).
 */
final class CacheCommand {

    static final String NAME = "cache";

    static final String HELP = """
            Usage: %1$s cache [--katas DIR] [--isolation MODE]

            Builds the judge's on-disk caches now, for the isolation a grading run would use (or
            MODE), and prints where they are: the children's java.base runtime, the runner's jar
            and class-data archive, the compiler workers' class-data archive. The cache directory
            is -Dkatajudge.cache=DIR, else $KATA_JUDGE_CACHE, else $XDG_CACHE_HOME/kata-judge, else
            ~/.cache/kata-judge ("off": none). Exit status 2 when there is no usable cache.
            """;

    private CacheCommand() {
    }

    static int run(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(NAME, args, Set.of("katas", "isolation"), Set.of("help"));
        if (arguments.flag("help")) {
            out.printf(HELP, Main.command());
            return ExitCode.OK;
        }
        if (!arguments.positionals().isEmpty()) {
            throw new UsageException(NAME + ": takes no arguments, got " + arguments.positionals().get(0));
        }
        Workspace.open(arguments.option("katas")).catalog();
        if (JudgeCache.standard().isEmpty()) {
            throw new UsageException(NAME + ": no usable cache directory (" + JudgeCache.configured()
                    .map(Path::toString).orElse("off") + ")");
        }
        SandboxLauncher launcher;
        try {
            launcher = SandboxLauncher.create(EngineRun.isolation(NAME, arguments.option("isolation")), Limits.DEFAULT);
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
