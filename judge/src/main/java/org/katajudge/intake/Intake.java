package org.katajudge.intake;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.katajudge.intake.Folders.list;
import static org.katajudge.intake.Folders.parentOf;
import static org.katajudge.intake.Folders.siblingRepositories;

/**
 * Turns the paths a teacher gives into students: one {@link Handin} per student and kata, with
 * its sources decoded, or the verdict already decided when there is nothing to compile.
 *
 * <p><b>Who is a student.</b> Every entry of a <em>class folder</em> is one student: a folder, a
 * file, an archive, or the files and folders an LMS naming convention ties to one person
 * (Moodle's {@code Full Name_ID_assignsubmission_...}, Canvas's {@code login_userid_fileid_Name}).
 * A class folder is a folder named after a kata ({@code knight-moves/}), or the folder given with
 * {@code --kata} when it is not itself one student's. Inside a kata folder, folders named after a
 * verdict ({@code accepted/}) group students (the repository's {@code submissions/} layout).
 * A path given that is one student's (an entry of a kata folder; a folder that holds
 * {@code .java} files or a project: {@code src/}, {@code pom.xml}, {@code .git}; a Moodle folder;
 * Gradescope's {@code /autograder/submission}; a file) is graded as that student. Any other
 * folder is searched for kata folders.
 *
 * <p><b>Names.</b> As {@link StudentNames} tells them: Moodle's full name, Canvas's login, a
 * GitHub Classroom repository's login, Gradescope's metadata, else the folder or file name.
 *
 * <p>The walk through the folders is {@link ClassWalk}'s; each student's files are read by a
 * {@link HandinReader} within the {@link IntakeLimits}, their sources chosen by {@link SourceSelection}.
 */
public final class Intake {

    private final KataFolders katas;
    private final IntakeLimits limits;

    /**
     * @param kataClasses each kata's id and the class its solutions declare
     * @param defaultKata the kata of paths outside kata folders ({@code --kata})
     */
    public Intake(Map<String, String> kataClasses, Optional<String> defaultKata, IntakeLimits limits) {
        this.katas = new KataFolders(kataClasses, defaultKata);
        this.limits = limits;
    }

    public Intake(Map<String, String> kataClasses, Optional<String> defaultKata) {
        this(kataClasses, defaultKata, IntakeLimits.DEFAULT);
    }

    /**
     * Every student below {@code paths}, each once. A path may end with {@code *} to mean the
     * entries of its folder whose names start with what precedes it (how a group of Canvas files
     * is named: {@code knight-moves/nguyenalice_*}).
     *
     * @throws IntakeException a path that does not exist or cannot be read, a student whose kata
     *                         cannot be told, nothing to grade at all
     */
    public ClassDownload read(List<Path> paths) throws IntakeException {
        ClassWalk walk = new ClassWalk(katas, limits);
        List<Path> explicit = new ArrayList<>();
        for (Path path : paths) {
            explicit.addAll(expand(path));
        }
        Map<String, List<Path>> groups = new LinkedHashMap<>();
        for (Path path : explicit) {
            if (!Files.isReadable(path)) {
                throw new IntakeException("cannot read " + path + ": permission denied");
            }
            Path parent = parentOf(path);
            Optional<String> lms = StudentNames.lmsKey(path.getFileName().toString(), Files.isDirectory(path));
            if (lms.isPresent()) {
                groups.computeIfAbsent(parent.toAbsolutePath().normalize() + "\0" + lms.get(), k -> new ArrayList<>()).add(path);
            } else if (Files.isDirectory(path)) {
                walk.given(path);
            } else {
                walk.givenFile(path);
            }
        }
        for (List<Path> group : groups.values()) {
            Path first = group.get(0);
            String kata = katas.kataOf(first, true).orElseThrow(() -> katas.cannotTell(first));
            walk.student(group, kata, siblingRepositories(parentOf(first)));
        }
        if (walk.handins().isEmpty()) {
            throw new IntakeException("nothing to grade: no submissions below " + String.join(", ",
                    paths.stream().map(Path::toString).toList()));
        }
        walk.warnDuplicates();
        return new ClassDownload(walk.handins(), walk.warnings());
    }

    /** One student's entry exactly as given (a sample of the repository's {@code submissions/}). */
    public Handin readOne(Path entry, String kataId) throws IntakeException {
        if (!Files.exists(entry)) {
            throw new IntakeException("no such file or directory: " + entry);
        }
        ClassWalk walk = new ClassWalk(katas, limits);
        walk.student(List.of(entry), kataId, siblingRepositories(parentOf(entry)));
        return walk.handins().get(0);
    }

    private List<Path> expand(Path path) throws IntakeException {
        if (Files.exists(path)) {
            return List.of(path);
        }
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        if (name.endsWith("*") && name.length() > 1 && Files.isDirectory(parentOf(path))) {
            String prefix = name.substring(0, name.length() - 1);
            List<Path> matches = list(parentOf(path)).stream()
                    .filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
            if (!matches.isEmpty()) {
                return matches;
            }
        }
        throw new IntakeException("no such file or directory: " + path);
    }
}
