package org.katajudge.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Consumer;

/** Deleting a tree of the judge's own: a scratch or temporary directory, a half-written folder. */
public final class Trees {

    private Trees() {
    }

    /**
     * Deletes {@code dir} and everything below it (links, not what they point to); what cannot be
     * deleted stays. Never throws: at the judge's exit a child's cleanup and the
     * judge's own delete the same tree at once, and an entry that vanished meanwhile is simply gone
     * (a walk that threw there printed a stack trace at every Ctrl-C that raced it).
     */
    public static void deleteQuietly(Path dir) {
        deleteQuietly(dir, path -> { });
    }

    /** {@link #deleteQuietly(Path)}, telling {@code visiting} each entry before it is deleted (tests: a race made on purpose). */
    static void deleteQuietly(Path dir, Consumer<Path> visiting) {
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    visiting.accept(file);
                    deleteEntry(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // gone meanwhile, or unreadable: nothing to do
                }

                @Override
                public FileVisitResult postVisitDirectory(Path directory, IOException e) {
                    visiting.accept(directory);
                    deleteEntry(directory);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | UncheckedIOException | SecurityException ignored) {
            // what is left stays: every caller can live with a leftover
        }
    }

    private static void deleteEntry(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // not empty (written to meanwhile) or not ours: it stays
        }
    }
}
