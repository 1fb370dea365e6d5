package org.katajudge.cli;

import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.catalog.KataIndex;
import org.katajudge.intake.Intake;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * What a command works with: the repository (if any), its {@code katas/} directory (or the
 * bundled copy), and its katas: every folder's {@code kata.json} read when the workspace opens,
 * a kata's code and examples when a command asks for it ({@link KataIndex}).
 *
 * @param home      the kata-judge repository, when found
 * @param katas     the katas directory in use, empty when the bundled copy is used
 * @param index     the katas
 * @param given     the katas directory given with {@code --katas}, which a printed command must
 *                  name again; empty when the judge found its own
 */
record Workspace(Optional<Path> home, Optional<Path> katas, KataIndex index, Optional<Path> given) {

    private static final String CONFIGURATION_ERROR = "kata configuration error: ";

    /** @param katasOption {@code --katas DIR}, overriding the repository's {@code katas/} */
    static Workspace open(Optional<Path> katasOption) throws UsageException {
        Optional<Path> home = JudgeHome.locate();
        Optional<Path> katas = katasOption.or(() -> home.map(h -> h.resolve("katas")));
        try {
            if (katas.isPresent()) {
                if (!Files.isDirectory(katas.get())) {
                    throw new UsageException("no katas directory at " + katas.get());
                }
                return new Workspace(home, katas, KataIndex.of(katas.get()), katasOption);
            }
            return new Workspace(home, Optional.empty(), KataIndex.bundled(), Optional.empty());
        } catch (CatalogException e) {
            throw new UsageException(CONFIGURATION_ERROR + e.getMessage());
        }
    }

    /** Every kata, read whole. */
    KataCatalog catalog() throws UsageException {
        return catalog(index.ids());
    }

    /** The katas of {@code ids} (the ones a run grades), read whole; ids of no kata are left out. */
    KataCatalog catalog(Collection<String> ids) throws UsageException {
        try {
            return index.catalog(ids);
        } catch (CatalogException e) {
            throw new UsageException(CONFIGURATION_ERROR + e.getMessage());
        }
    }

    /** Reads hand-ins of these katas (their classes tell a hand-in's kata), {@code kata} for those no folder names. */
    Intake intake(Optional<String> kata) {
        return new Intake(index.classNames(), kata);
    }

    KataDefinition kata(String command, String id) throws UsageException {
        return catalog(List.of(id)).byId(id).orElseThrow(() -> new UsageException(command + ": unknown kata \"" + id
                + "\" (known: " + String.join(", ", index.ids()) + ")"));
    }

    /** The repository's sample {@code submissions/}, when there is a repository and it has one. */
    Optional<Path> repositorySubmissions() {
        return home.map(h -> h.resolve("submissions")).filter(Files::isDirectory).map(Workspace::asTyped);
    }

    /** The repository's sample {@code submissions/}. */
    Path submissions(String command) throws UsageException {
        Path submissions = home.map(h -> h.resolve("submissions"))
                .orElseThrow(() -> new UsageException(command + ": no PATH given and no kata-judge repository found"
                        + " for its submissions/ (set KATA_JUDGE_HOME or give a PATH)"));
        if (!Files.isDirectory(submissions)) {
            throw new UsageException(command + ": no submissions directory at " + submissions);
        }
        return asTyped(submissions);
    }

    /** Reports name submissions as a person would type them: relative to where the judge runs. */
    private static Path asTyped(Path path) {
        Path current = Path.of("").toAbsolutePath();
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.startsWith(current) && !absolute.equals(current) ? current.relativize(absolute) : absolute;
    }
}
