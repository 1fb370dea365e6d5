package org.katajudge;

import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.KataCatalog;

import java.nio.file.Path;

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

    public static KataCatalog catalog() {
        try {
            return KataCatalog.load(katas());
        } catch (CatalogException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}
