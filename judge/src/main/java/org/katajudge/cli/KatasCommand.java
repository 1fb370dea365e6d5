package org.katajudge.cli;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.report.TestOutcome;

import java.io.PrintStream;
import java.util.List;
import java.util.ArrayList;
import java.util.Optional;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code katas}: lists the katas with their signatures. */
@Command(name = KatasCommand.NAME, customSynopsis = "[--katas DIR]",
        header = "list the katas and the methods a solution declares",
        description = "Lists the katas: id, title, difficulty and the class and methods a solution declares; for a kata"
                + " folder with its own code, where that code is; for a method without a generator, that it has no"
                + " random tests (examples only).",
        exitCodeList = {"0:listed", "2:usage or configuration error (a kata folder that does not load)"},
        footer = "See: docs/guides/writing-katas.md#the-katas")
final class KatasCommand implements JudgeCommand {

    static final String NAME = "katas";

    @Option(names = "--katas", paramLabel = "DIR", description = "kata folders to list instead of the repository's katas/")
    Optional<Path> katas;

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
        Workspace workspace = Workspace.open(katas);
        for (KataDefinition kata : workspace.catalog().katas()) {
            out.printf("%-26s %s (%s)%n", kata.id(), kata.spec().title(), kata.spec().difficulty());
            out.printf("%-26s public class %s {%n", "", kata.spec().className());
            kata.entryPoints().forEach(e -> out.printf("%-26s     %s%s%n", "", e.signature(),
                    e.hasGenerator() ? "" : "   // " + TestOutcome.NO_RANDOM_TESTS + " (examples only)"));
            out.printf("%-26s }%n", "");
            kata.sources().ifPresent(src -> out.printf("%-26s code: %s%n", "", src));
        }
        return ExitCode.OK;
    }
}
