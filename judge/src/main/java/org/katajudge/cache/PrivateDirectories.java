package org.katajudge.cache;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Directories of the judge's cache for small files the judge keeps to itself, {@code <kind>-<key>}:
 * created when missing, mode 700 (unlike an entry, which children read: not even a root judge's
 * children, which run as other users, may look in), marked used, and the directories of its kind
 * that no judge used for a month removed ({@link Pruning}). Their files are written whole by their
 * owner (a temporary file renamed); what is read from them is checked by its reader.
 */
final class PrivateDirectories {

    private static final String MODE = "rwx------";
    /** Marked used once per process. */
    private static final Set<Path> MARKED = ConcurrentHashMap.newKeySet();

    private PrivateDirectories() {
    }

    /** The directory below {@code root}; empty when it cannot be made, or is a link, another user's, or open to other users. */
    static Optional<Path> of(Path root, String kind, String key) {
        String name = kind + "-" + key;
        Path directory = root.resolve(name);
        try {
            if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(MODE)));
                    Pruning.prune(root, name);
                } catch (FileAlreadyExistsException e) {
                    // another judge made it meanwhile: checked below like any
                }
            }
            if (JudgeCache.unsafe(directory).isPresent() || !Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)
                    || !Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS)
                    .equals(PosixFilePermissions.fromString(MODE))) {
                return Optional.empty();
            }
            if (MARKED.add(directory)) {
                Pruning.markUsed(directory);
            }
            return Optional.of(directory);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
