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
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code new-kata ID [--dir DIR]}: writes a complete, working kata folder to start a kata from. */
@Command(name = NewKataCommand.NAME, customSynopsis = "ID [--dir DIR]",
        header = "write a new, working kata folder to start a kata from",
        description = {
                "Writes DIR/ID/ (default DIR: the repository's katas/), a kata folder that works as written: kata.json,"
                        + " README.md, examples.json, the kata's code in src/ and two sample submissions, one accepted and"
                        + " one wrong_answer, in submissions/. The class a solution declares is ID in CamelCase"
                        + " (RookPaths); its rule is a placeholder, squares apart (public static int squaresApart(String"
                        + " from, String to)), and its title says so (\"Rook Paths (template: squares apart)\"); its"
                        + " README's last section lists what to change in each file, and TODO comments say where."
                        + " katas/README.md is the guide. Then check it with verify."},
        exitCodeList = {"0:written", "2:usage error (bad ID, the folder exists, no DIR)"},
        footer = "See: docs/guides/writing-katas.md#writing-a-kata")
final class NewKataCommand implements JudgeCommand {

    static final String NAME = "new-kata";

    @Parameters(paramLabel = "ID", arity = "0..1",
            description = "the kata's id and folder name: lowercase letters, digits and hyphens, e.g. rook-paths")
    String id;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "the katas directory to write the folder in (default: the repository's katas/)")
    Optional<Path> dir;

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    @Override
    public int run(PrintStream out, PrintStream err) throws UsageException {
        if (id == null) {
            throw new UsageException(NAME + ": give exactly one ID (see: new-kata --help)");
        }
        Optional<Path> home = JudgeHome.locate();
        Path dir = this.dir
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
