package org.katajudge.cli;

import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.scaffold.KataScaffold;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code new-kata ID [--dir DIR]}: writes a complete, working kata folder to start a kata from. */
final class NewKataCommand {

    static final String NAME = "new-kata";

    static final String HELP = """
            Usage: %1$s new-kata ID [--dir DIR]

            Writes DIR/ID/ (default DIR: the repository's katas/), a kata folder that works as
            written: kata.json, README.md, examples.json, the kata's code in src/ and two sample
            submissions, one accepted and one wrong_answer, in submissions/. Its rule is a
            placeholder, squares apart (public static int squaresApart(String from, String to) in
            the class named after ID), and its title says so; its README's last section lists what
            to change in each file, and TODO comments say where. katas/README.md is the guide.
            Then check it with verify.

            ID: lowercase letters, digits and hyphens, e.g. rook-paths; also the folder's name.

            Options:
              --dir DIR   the katas directory to write the folder in
              --help      this help

            Exit status: 0 written, 2 usage error (bad ID, the folder exists, no DIR).
            """;

    private NewKataCommand() {
    }

    static int run(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(NAME, args, Set.of("dir"), Set.of("help"));
        if (arguments.flag("help")) {
            out.printf(HELP, Main.command());
            return ExitCode.OK;
        }
        if (arguments.positionals().size() != 1) {
            throw new UsageException(NAME + ": give exactly one ID (see: new-kata --help)");
        }
        String id = arguments.positionals().get(0);
        Optional<Path> home = JudgeHome.locate();
        Path dir = arguments.option("dir").map(Path::of)
                .or(() -> home.map(h -> h.resolve("katas")))
                .orElseThrow(() -> new UsageException(NAME + ": no kata-judge repository found for its katas/;"
                        + " give --dir DIR"));
        List<String> written;
        try {
            written = KataScaffold.create(dir, id);
        } catch (IllegalArgumentException e) {
            throw new UsageException(NAME + ": " + e.getMessage());
        } catch (FileAlreadyExistsException e) {
            throw new UsageException(NAME + ": " + dir.resolve(id) + " already exists");
        } catch (IOException e) {
            throw new UsageException(NAME + ": cannot write " + dir.resolve(id) + ": " + e.getMessage());
        }
        Path folder = dir.resolve(id);
        KataDefinition kata;
        try {
            kata = KataCatalog.loadFolder(folder); // compiles src/: what was written must work
        } catch (CatalogException e) {
            throw new IllegalStateException("the new kata folder does not load: " + e.getMessage());
        }
        out.println("created " + folder + "/: kata " + id + ", a solution declares public class "
                + kata.spec().className() + "; its rule is the template's placeholder, squares apart");
        for (String file : written) {
            out.println("  " + file);
        }
        boolean repositoryKatas = home.map(h -> h.resolve("katas").toAbsolutePath().normalize())
                .equals(Optional.of(dir.toAbsolutePath().normalize()));
        out.println();
        out.println("Make it yours as its README.md says (the guide: katas/README.md), then check the kata:");
        out.println("  " + Main.command() + " verify" + (repositoryKatas ? "" : " --katas " + dir) + " " + id);
        return ExitCode.OK;
    }
}
