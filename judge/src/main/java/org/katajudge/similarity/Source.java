package org.katajudge.similarity;

import java.util.List;
import java.util.Objects;

/**
 * One body of code compared: a student's hand-in, or a known source it is compared against.
 *
 * @param kata    the kata it solves
 * @param path    where it is, as the grading report names it ({@code knight-moves/alice})
 * @param student who handed it in, as the teacher knows them; for a known source, what it is
 * @param known   whether it is a known source (an accepted sample, last year's class, a blog post):
 *                compared with every hand-in, never with another known source
 * @param files   its files
 */
public record Source(String kata, String path, String student, boolean known, List<CodeFile> files) {

    public Source {
        Objects.requireNonNull(kata, "kata");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(student, "student");
        files = List.copyOf(files);
    }

    /** The file of that name, if it has one. */
    public CodeFile file(String name) {
        return files.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
    }
}
