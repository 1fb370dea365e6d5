package org.katajudge;

import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.KataCatalog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Where tests find the repository's {@code katas/} and {@code submissions/}. */
public final class TestHome {

    private TestHome() {
    }

    /** The repository root: Surefire sets {@code katajudge.home}; an IDE run from {@code judge/} falls back to {@code ..}. */
    public static Path root() {
        String home = System.getProperty("katajudge.home");
        return Path.of(home != null ? home : "..").toAbsolutePath().normalize();
    }

    public static Path katas() {
        return root().resolve("katas");
    }

    public static Path submissions() {
        return root().resolve("submissions");
    }

    /** Copies a folder tree, e.g. {@code katas/} into a test's temporary directory. */
    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(path, target);
                }
            }
        }
    }

    public static KataCatalog catalog() {
        try {
            return KataCatalog.load(katas());
        } catch (CatalogException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}
