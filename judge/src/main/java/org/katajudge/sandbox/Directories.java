package org.katajudge.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Consumer;

/** Removing the judge's temporary directories. */
final class Directories {

    private Directories() {
    }

    /**
     * Deletes {@code dir} and everything below it (links, not what they point to); what cannot be
     * deleted stays in the temp directory. Never throws: at the judge's exit a child's cleanup and the
     * judge's own delete the same tree at once, and an entry that vanished meanwhile is simply gone
     * (a walk that threw there printed a stack trace at every Ctrl-C that raced it).
     */
    static void delete(Path dir) {
        delete(dir, path -> { });
    }

    /** {@link #delete(Path)}, telling {@code visiting} each entry before it is deleted (tests: a race made on purpose). */
    static void delete(Path dir, Consumer<Path> visiting) {
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    visiting.accept(file);
                    deleteQuietly(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // gone meanwhile, or unreadable: nothing to do
                }

                @Override
                public FileVisitResult postVisitDirectory(Path directory, IOException e) {
                    visiting.accept(directory);
                    deleteQuietly(directory);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | UncheckedIOException | SecurityException ignored) {
            // harmless: it is under the system's temp directory
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // not empty (written to meanwhile) or not ours: it stays
        }
    }
}
