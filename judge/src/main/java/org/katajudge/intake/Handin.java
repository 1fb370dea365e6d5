package org.katajudge.intake;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One student's hand-in for one kata, as found in a class download: who, where, and either the
 * decoded sources to grade or the verdict already decided ({@link IntakeVerdict}).
 *
 * @param location where it was found, as the teacher would type it: a folder, a file, a group of
 *                 files ({@code knight-moves/nguyenalice_*}), or a roster line ({@code roster.csv:5})
 * @param path     the folder or file, when the hand-in is one
 * @param student  who handed it in, as the teacher knows them: "Paula Jones" (Moodle),
 *                 "nguyenalice" (Canvas), the GitHub login, else the folder or file name
 * @param aliases  every name and id the hand-in is known by (for matching a roster), the student first
 * @param kataId   the kata it is graded as
 * @param sources  its sources, for the compiler; empty when {@code verdict} is present
 * @param notes    what was done to the hand-in before grading it, for the student and the teacher
 * @param verdict  the verdict decided without compiling, if any
 */
public record Handin(String location, Optional<Path> path, String student, List<String> aliases, String kataId,
                     List<JavaSource> sources, List<String> notes, Optional<IntakeVerdict> verdict) {

    public Handin {
        aliases = List.copyOf(aliases);
        sources = List.copyOf(sources);
        notes = List.copyOf(notes);
        if (verdict.isPresent() != sources.isEmpty()) {
            throw new IllegalArgumentException("a hand-in has either sources or a verdict: " + location);
        }
    }

    /** This hand-in with one more note. */
    public Handin withNote(String note) {
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new Handin(location, path, student, aliases, kataId, sources, more, verdict);
    }
}
