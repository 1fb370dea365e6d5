package org.katajudge.intake;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

/** Paths on the teacher's disk as the intake names and lists them. */
final class Folders {

    private Folders() {
    }

    /** A folder's entries, sorted. */
    static List<Path> list(Path folder) throws IntakeException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            throw new IntakeException("cannot read directory " + folder + ": " + (e instanceof AccessDeniedException
                    ? "permission denied" : e.getMessage()));
        }
    }

    /** The git repositories among a folder's entries, by name (for GitHub Classroom's prefixes). */
    static List<String> siblingRepositories(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.filter(e -> Files.isDirectory(e.resolve(".git"))).map(Folders::nameOf).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The longest start the entries' names share. */
    static String commonPrefix(Collection<Path> entries) {
        String common = null;
        for (Path entry : entries) {
            String name = nameOf(entry);
            if (common == null) {
                common = name;
            } else {
                int n = 0;
                while (n < common.length() && n < name.length() && common.charAt(n) == name.charAt(n)) {
                    n++;
                }
                common = common.substring(0, n);
            }
        }
        return common == null ? "" : common;
    }

    static Path parentOf(Path path) {
        Path parent = path.getParent();
        return parent != null ? parent : path.toAbsolutePath().normalize().getParent();
    }

    static String nameOf(Path path) {
        Path name = path.getFileName();
        return name == null ? path.toString() : name.toString();
    }

    /** The name of a folder, "" for none (the root). */
    static String name(Path folder) {
        if (folder == null) {
            return "";
        }
        Path name = folder.toAbsolutePath().normalize().getFileName();
        return name == null ? "" : name.toString();
    }

    /** A path as the teacher would type it, with forward slashes. */
    static String display(Path path) {
        return path.normalize().toString().replace('\\', '/');
    }
}
