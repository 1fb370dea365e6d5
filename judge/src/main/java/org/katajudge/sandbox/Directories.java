package org.katajudge.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removing the judge's temporary directories. */
final class Directories {

    private Directories() {
    }

    /** Deletes {@code dir} and everything below it; what cannot be deleted stays in the temp directory. */
    static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // harmless: it is under the system's temp directory
        }
    }
}
