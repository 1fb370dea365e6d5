package org.katajudge.intake;

import org.katajudge.report.SafeText;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the paths inside a hand-in mean: folders and files never looked into, build output, an
 * archive entry's path made safe, and a name from a hand-in fit for a one-line message.
 */
final class HandinPaths {

    /** Folders never looked into: version control, IDE settings, macOS resource forks, dependencies. */
    private static final Set<String> JUNK_FOLDERS = Set.of("__MACOSX", "node_modules", "CVS");
    /** Build output: looked into to say what was there, but never compiled. */
    private static final Set<String> BUILD_FOLDERS = Set.of("target", "build", "out", "bin");
    private static final Set<String> JUNK_FILES = Set.of("Thumbs.db", "desktop.ini");

    private HandinPaths() {
    }

    /** A file or folder never looked into: hidden, an OS's or a tool's. */
    static boolean junk(String name) {
        return name.startsWith(".") || JUNK_FILES.contains(name) || JUNK_FOLDERS.contains(name);
    }

    /** Whether a relative path ({@code a/b/File.java}) lies in a build output folder. */
    static boolean inBuildFolder(String relative) {
        return inBuildFolder(List.of(relative.split("/")));
    }

    /** Whether the folders of a path (its parts but the last) include a build output folder. */
    static boolean inBuildFolder(List<String> parts) {
        return parts.subList(0, Math.max(0, parts.size() - 1)).stream().anyMatch(BUILD_FOLDERS::contains);
    }

    /**
     * An archive entry's path as its parts, without empty and {@code .} parts, backslashes read
     * as slashes; empty when it points outside the archive (absolute, a drive, {@code ..}).
     */
    static Optional<List<String>> insideParts(String rawName) {
        String name = rawName.replace('\\', '/');
        if (name.startsWith("/") || name.matches("(?s)[A-Za-z]:.*") || List.of(name.split("/")).contains("..")) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        for (String part : name.split("/")) {
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        return Optional.of(parts);
    }

    /** A name from a student's hand-in, fit for a one-line message. */
    static String show(String name) {
        return SafeText.oneLine(SafeText.clip(name, 160));
    }
}
