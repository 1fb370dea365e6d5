package org.katajudge.cli;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.report.TestOutcome;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;

/** {@code katas}: lists the katas with their signatures. */
final class KatasCommand {

    static final String NAME = "katas";

    static final String HELP = """
            Usage: %1$s katas [--katas DIR]

            Lists the katas: id, title, difficulty and the class and methods a solution declares;
            for a kata folder with its own code, where that code is; for a method without a
            generator, that it has no random tests (examples only).
            """;

    private KatasCommand() {
    }

    static int run(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(NAME, args, Set.of("katas"), Set.of("help"));
        if (arguments.flag("help")) {
            out.printf(HELP, Main.command());
            return ExitCode.OK;
        }
        if (!arguments.positionals().isEmpty()) {
            throw new UsageException(NAME + ": takes no arguments, got " + arguments.positionals().get(0));
        }
        Workspace workspace = Workspace.open(arguments.option("katas"));
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
