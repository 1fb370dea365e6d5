package org.katajudge.engine.plan;

import org.katajudge.compile.SourceFile;
import org.katajudge.intake.Handin;
import org.katajudge.intake.IntakeVerdict;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One student's submission to grade: its decoded sources and the kata it solves, or the verdict
 * the intake already decided (nothing handed in, an archive refused).
 *
 * @param displayPath where it was found, as reports show it and as a person would type it
 *                    (relative when they gave a relative path, forward slashes)
 * @param path        the folder or file, when the submission is one
 * @param student     who handed it in, as the teacher knows them
 * @param kataId      the kata it is graded as
 * @param sources     what to compile, already decoded and named after their public classes
 * @param notes       what was done to it before grading, for its author
 * @param decided     the verdict given without compiling, when there is nothing to compile
 */
public record Submission(String displayPath, Optional<Path> path, String student, String kataId,
                         List<SourceFile> sources, List<String> notes, Optional<IntakeVerdict> decided) {

    public Submission {
        sources = List.copyOf(sources);
        notes = List.copyOf(notes);
    }

    /** The submission of one student's hand-in. */
    public static Submission of(Handin handin) {
        return new Submission(handin.location(), handin.path(), handin.student(), handin.kataId(),
                handin.sources().stream().map(s -> new SourceFile(s.name(), s.text())).toList(), handin.notes(),
                handin.verdict());
    }
}
