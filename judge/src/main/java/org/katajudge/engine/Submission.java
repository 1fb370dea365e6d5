package org.katajudge.engine;

import java.nio.file.Path;
import java.util.List;

/**
 * One submission to grade: a directory that directly holds {@code .java} files, or a single
 * {@code .java} file, and the kata it solves.
 *
 * @param path    where it was found, as the user would write it (relative when they gave a relative path)
 * @param kataId  the kata it is graded as
 * @param sources its {@code .java} files, sorted
 */
public record Submission(Path path, String kataId, List<Path> sources) {

    public Submission {
        sources = List.copyOf(sources);
    }

    /** Who handed it in: the submission's folder name, or its file name without {@code .java}. */
    public String student() {
        Path name = path.getFileName();
        String text = name == null ? path.toString() : name.toString();
        return text.endsWith(".java") && !java.nio.file.Files.isDirectory(path)
                ? text.substring(0, text.length() - ".java".length()) : text;
    }

    /** The path with forward slashes, as reports show it. */
    public String displayPath() {
        return path.toString().replace('\\', '/');
    }
}
