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
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import java.util.Optional;

/**
 * {@code similarity [options] CLASS...}: each kata's hand-ins compared with each other and with
 * known sources by JPlag, for the teacher: the pairs at or above the threshold, the clusters they
 * form, as JSON, CSV and on the console.
 */
@Command(name = SimilarityCommand.NAME, customSynopsis = "[options] CLASS...",
        header = "hand-ins that share code, for the teacher (JPlag; grade --similarity)",
        description = {
                "Compares each kata's hand-ins with each other, and with known sources, using JPlag "
                        + JPlagDetector.JPLAG + ", and shows the pairs that share code: their similarity, the clusters"
                        + " they form, the lines they share. For the teacher only: a flag is a reason to read two hand-ins"
                        + " side by side, never proof (independent solutions of a short kata look alike). Renamed"
                        + " identifiers, reordered methods and statements, changed comments and added dead code do not"
                        + " hide a copy.",
                "",
                "CLASS is read as grade reads a PATH: a class folder (one student per entry), a folder of class folders,"
                        + " one hand-in. Known sources are compared with every hand-in (never with each other): the"
                        + " repository's accepted and wrong-answer samples of the kata (the seeds' published code ported"
                        + " to Java among them), and every --known folder. The kata's skeleton (its class and method"
                        + " signatures) and its folder's given/ code are base code: what matches them never counts.",
                "",
                "JPlag " + JPlagDetector.JPLAG + " needs a JDK " + JPlagDetector.JAVA + " or newer: "
                        + JavaFinder.VARIABLE + " names its home, else the JDK running the judge, JAVA_HOME, then the"
                        + " JDKs installed in /usr/lib/jvm, /usr/java, /opt, ~/.sdkman, ~/.jdks (the newest). Its worker"
                        + " is the folder similarity/ beside judge.jar."},
        exitCodeList = {"0:compared (whatever was flagged)",
                "2:usage or configuration error (no JDK " + JPlagDetector.JAVA + ", no worker, unreadable folder)",
                "3:JPlag failed"},
        footer = "See: docs/guides/similarity.md")
final class SimilarityCommand implements JudgeCommand {

    static final String NAME = "similarity";

    @Parameters(paramLabel = "CLASS", description = "class folders, folders of them, or hand-ins")
    List<Path> paths = new ArrayList<>();

    @Option(names = "--threshold", paramLabel = "T", converter = OptionValues.Threshold.class,
            description = "flag pairs with a similarity of T or more (0 to 1; default " + SimilarityReport.DEFAULT_THRESHOLD
                    + ", chosen by measurement: docs/guides/similarity.md#how-well-it-finds-copies)")
    Optional<Double> threshold;

    @Option(names = "--known", paramLabel = "DIR",
            description = "known sources: every entry of DIR is one (last year's class, solutions found online), or DIR"
                    + " holds kata folders of them; may be repeated")
    List<Path> known = new ArrayList<>();

    @Option(names = "--no-samples",
            description = "leave out the repository's accepted and wrong-answer samples as known sources")
    boolean noSamples;

    @Option(names = "--json", paramLabel = "FILE",
            description = "write every pair compared as JSON (schema: judge/src/main/resources/schema/similarity.schema.json)")
    Optional<Path> json;

    @Option(names = "--csv", paramLabel = "FILE", description = "write every pair compared as CSV, one row per pair")
    Optional<Path> csv;

    @Option(names = "--kata", paramLabel = "ID", description = "kata of hand-ins outside a kata-named folder")
    Optional<String> kata;

    @Option(names = "--katas", paramLabel = "DIR", description = "kata folders to use instead of the repository's katas/")
    Optional<Path> katas;

    /** Not this command's: the class report shows similar hand-ins with grade; said so, not "unknown". */
    @Option(names = "--html", paramLabel = "FILE", hidden = true)
    Optional<Path> html;

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    @Override
    public int run(PrintStream out, PrintStream err) throws UsageException {
        if (html.isPresent()) {
            throw new UsageException(NAME + ": --html: the class report shows similar hand-ins with grade --similarity --html FILE");
        }
        if (paths.isEmpty()) {
            throw new UsageException(NAME + ": give the class folder(s) to compare (see: " + NAME + " --help)");
        }
        Workspace workspace = Workspace.open(katas);
        if (kata.isPresent()) {
            workspace.kata(NAME, kata.get());
        }
        SimilarityOptions options = SimilarityOptions.of(NAME, threshold, known, noSamples, csv);
        if (json.isPresent()) {
            OutputFile.checkWritable(json.get(), "the similarity JSON");
        }
        SimilarityRun similarity = SimilarityRun.prepare(NAME);
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
