package org.katajudge.cli;

import org.katajudge.intake.ClassDownload;
import org.katajudge.similarity.JavaFinder;
import org.katajudge.similarity.JPlagDetector;
import org.katajudge.similarity.SimilarityException;
import org.katajudge.similarity.SimilarityJson;
import org.katajudge.similarity.SimilarityReport;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code similarity [options] CLASS...}: each kata's hand-ins compared with each other and with
 * known sources by JPlag, for the teacher: the pairs at or above the threshold, the clusters they
 * form, as JSON, CSV and on the console.
 */
final class SimilarityCommand {

    static final String NAME = "similarity";

    static final String HELP = """
            Usage: %1$s similarity [options] CLASS...

            Compares each kata's hand-ins with each other, and with known sources, using JPlag %2$s,
            and shows the pairs that share code: their similarity, the clusters they form, the lines
            they share. For the teacher only: a flag is a reason to read two hand-ins side by side,
            never proof (independent solutions of a short kata look alike). Renamed identifiers,
            reordered methods and statements, changed comments and added dead code do not hide a copy.

            CLASS is read as grade reads it: a class folder (one student per entry), a folder of
            class folders, one hand-in. Known sources are compared with every hand-in (never with
            each other): the repository's accepted and wrong-answer samples of the kata (the seeds'
            published code ported to Java among them), and every --known folder. The kata's skeleton
            (its class and method signatures) and its folder's given/ code are base code: what
            matches them never counts.

            Options:
              --threshold T      flag pairs with a similarity of T or more (0 to 1; default %3$.2f)
              --known DIR        known sources: every entry of DIR is one (last year's class,
                                 solutions found online); DIR may be a folder of kata folders;
                                 may be given more than once
              --no-samples       leave out the repository's samples as known sources
              --json FILE        write every pair compared as JSON (schema: schema/similarity.schema.json)
              --csv FILE         write every pair compared as CSV, one row per pair
              --kata ID          kata of hand-ins outside a kata-named folder
              --katas DIR        kata folders to use instead of the repository's katas/
              --help             this help

            JPlag %2$s needs a JDK %4$d or newer: %5$s names its home, else the JDK running the judge,
            JAVA_HOME, then the JDKs installed in /usr/lib/jvm, /usr/java, /opt, ~/.sdkman, ~/.jdks
            (the newest). Its worker is the folder similarity/ beside judge.jar.

            Exit status: 0 compared (whatever was flagged), 2 usage or configuration error (no JDK %4$d,
            no worker, unreadable folder), 3 JPlag failed.
            """;

    private SimilarityCommand() {
    }

    static int run(List<String> args, PrintStream out, PrintStream err) throws UsageException {
        Arguments arguments = Arguments.parse(NAME, args, SimilarityOptions.COMMAND_VALUED, SimilarityOptions.COMMAND_FLAGS,
                java.util.Set.of("known"));
        if (arguments.flag("help")) {
            out.printf(HELP, Main.command(), JPlagDetector.JPLAG, SimilarityReport.DEFAULT_THRESHOLD, JPlagDetector.JAVA,
                    JavaFinder.VARIABLE);
            return ExitCode.OK;
        }
        if (arguments.option("html").isPresent()) {
            throw new UsageException(NAME + ": --html: the class report shows similar hand-ins with grade --similarity --html FILE");
        }
        if (arguments.positionals().isEmpty()) {
            throw new UsageException(NAME + ": give the class folder(s) to compare (see: " + NAME + " --help)");
        }
        Workspace workspace = Workspace.open(arguments.option("katas"));
        Optional<String> kata = arguments.option("kata");
        if (kata.isPresent()) {
            workspace.kata(NAME, kata.get());
        }
        SimilarityOptions options = SimilarityOptions.ofCommand(NAME, arguments);
        Optional<Path> json = arguments.option("json").map(Path::of);
        if (json.isPresent()) {
            OutputFile.checkWritable(json.get(), "the similarity JSON");
        }
        SimilarityRun similarity = SimilarityRun.prepare(NAME);
        List<Path> paths = arguments.positionals().stream().map(Path::of).toList();
        ClassDownload download = GradeCommand.read(workspace, kata, paths);
        download.warnings().forEach(warning -> out.println("warning: " + warning));
        SimilarityReport report;
        try {
            report = similarity.compare(NAME, workspace, kata, download.handins(), options);
        } catch (SimilarityException e) {
            err.println("kata-judge: " + NAME + ": " + e.getMessage());
            return e.kind() == SimilarityException.Kind.UNAVAILABLE ? ExitCode.USAGE : ExitCode.INTERNAL;
        }
        SimilarityRun.print(out, report);
        if (json.isPresent()) {
            try {
                new SimilarityJson().write(report, json.get());
            } catch (IOException e) {
                throw new UsageException(NAME + ": cannot write the similarity JSON to " + json.get() + ": " + e.getMessage());
            }
        }
        SimilarityRun.writeCsv(NAME, options, report);
        return ExitCode.OK;
    }
}
