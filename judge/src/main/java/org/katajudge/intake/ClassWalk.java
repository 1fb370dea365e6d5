package org.katajudge.intake;

import org.katajudge.report.Verdict;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import static org.katajudge.intake.Folders.display;
import static org.katajudge.intake.Folders.list;
import static org.katajudge.intake.Folders.name;
import static org.katajudge.intake.Folders.nameOf;
import static org.katajudge.intake.Folders.parentOf;
import static org.katajudge.intake.Folders.siblingRepositories;

/**
 * One walk through the paths a teacher gave: which folders are classes, which entries are
 * students (the rules are {@link Intake}'s), and one {@link Handin} per student and kata, each
 * read by a {@link HandinReader} of its own. Also what the teacher should know: files that are no
 * student's, and students with two hand-ins.
 */
final class ClassWalk {

    private static final Set<String> PROJECT_MARKERS = Set.of("src", "pom.xml", "build.gradle", "build.gradle.kts",
            "settings.gradle", "settings.gradle.kts", ".git", ".project", ".classpath");

    private final KataFolders katas;
    private final IntakeLimits limits;
    private final Map<String, Handin> handins = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();

    ClassWalk(KataFolders katas, IntakeLimits limits) {
        this.katas = katas;
        this.limits = limits;
    }

    /** The hand-ins found so far, in the order found. */
    List<Handin> handins() {
        return new ArrayList<>(handins.values());
    }

    List<String> warnings() {
        return warnings;
    }

    /** A folder given on the command line. */
    void given(Path folder) throws IntakeException {
        String name = nameOf(folder);
        Optional<String> above = katas.kataOf(folder, false);
        Path parent = parentOf(folder);
        if (katas.isKata(name)) {
            classFolder(folder, name, true);
        } else if (above.isPresent() && name(parent).equals(above.get())) {
            if (Verdict.ofFolderName(name).isPresent()) {
                classFolder(folder, above.get(), false);
            } else if (name.equals("submissions") && Files.isRegularFile(parent.resolve("kata.json"))) {
                classFolder(folder, above.get(), true); // a kata folder's samples: verdict folders of students
            } else {
                student(List.of(folder), above.get(), siblingRepositories(parent));
            }
        } else if (oneStudent(folder)) {
            student(List.of(folder), above.or(katas::defaultKata).orElseThrow(() -> katas.cannotTell(folder)),
                    siblingRepositories(parent));
        } else if (katas.holdsKataFolders(folder) || above.or(katas::defaultKata).isEmpty()) {
            container(folder);
        } else {
            classFolder(folder, above.or(katas::defaultKata).get(), false);
        }
    }

    /** A file given on the command line: one student. */
    void givenFile(Path file) throws IntakeException {
        String name = nameOf(file);
        if (!name.endsWith(".java") && Archives.formatOf(name).isEmpty()) {
            throw new IntakeException(file + " is not a .java file, an archive (.zip, .jar, .tar.gz, .tgz, .tar)"
                    + " or a folder");
        }
        student(List.of(file), katas.kataOf(file, true).orElseThrow(() -> katas.cannotTell(file)), List.of());
    }

    /** A folder above kata folders, or where they may be: searched for them. */
    private void container(Path folder) throws IntakeException {
        for (Path child : list(folder)) {
            String name = nameOf(child);
            if (HandinPaths.junk(name)) {
                continue;
            }
            if (Files.isDirectory(child)) {
                if (katas.isKata(name)) {
                    classFolder(child, name, true);
                } else if (oneStudent(child)) {
                    student(List.of(child), katas.defaultKata().orElseThrow(() -> katas.cannotTell(child)),
                            siblingRepositories(folder));
                } else {
                    container(child);
                }
            } else if (name.endsWith(".java")) {
                throw katas.cannotTell(child);
            }
        }
    }

    /** A folder whose every entry is a student (or, with {@code verdictGroups}, a verdict folder of students). */
    private void classFolder(Path folder, String kata, boolean verdictGroups) throws IntakeException {
        if (Files.isRegularFile(folder.resolve("kata.json"))) {
            // a kata folder (kata.json, src/, examples.json): its students are its samples,
            // submissions/<verdict>/<name>/; its own code is no one's submission
            Path samples = folder.resolve("submissions");
            if (Files.isDirectory(samples)) {
                classFolder(samples, kata, true);
            }
            return;
        }
        Map<String, List<Path>> students = new LinkedHashMap<>();
        for (Path entry : list(folder)) {
            String name = nameOf(entry);
            boolean directory = Files.isDirectory(entry);
            if (HandinPaths.junk(name)) {
                continue;
            }
            if (directory && verdictGroups && Verdict.ofFolderName(name).isPresent()) {
                classFolder(entry, kata, false);
                continue;
            }
            Optional<String> lms = StudentNames.lmsKey(name, directory);
            if (lms.isEmpty() && !directory && !name.endsWith(".java") && Archives.formatOf(name).isEmpty()) {
                warnings.add("ignored " + HandinPaths.show(entry.toString()) + ": a file in a class folder that is"
                        + " not a .java file or an archive, and that no LMS naming ties to a student");
                continue;
            }
            students.computeIfAbsent(lms.orElse("entry:" + name), k -> new ArrayList<>()).add(entry);
        }
        List<String> repositories = siblingRepositories(folder);
        for (List<Path> entries : students.values()) {
            student(entries, kata, repositories);
        }
    }

    /** One student: the entries that are theirs, in one folder. */
    void student(List<Path> entries, String kata, List<String> repositories) throws IntakeException {
        String key = kata + "\0" + entries.stream().map(p -> p.toAbsolutePath().normalize().toString()).sorted().toList();
        if (handins.containsKey(key)) {
            return;
        }
        Path first = entries.get(0);
        Path parent = parentOf(first);
        String location = entries.size() == 1 ? display(first)
                : display(parent.resolve(Folders.commonPrefix(entries))) + "*";
        List<String> notes = new ArrayList<>();
        StudentNames.Identity identity = StudentNames.identify(entries, kata, repositories, notes);
        List<HandinReader.Root> roots = new ArrayList<>();
        for (Path entry : entries) {
            roots.add(new HandinReader.Root(entry, Files.isDirectory(entry) ? "" : StudentNames.ownName(nameOf(entry))));
        }
        boolean folder = entries.stream().allMatch(Files::isDirectory);
        Optional<Path> path = entries.size() == 1 ? Optional.of(first) : Optional.empty();
        Handin handin;
        try {
            HandinReader.Findings findings = HandinReader.read(roots, limits);
            SourceSelection.Selected selected = SourceSelection.select(findings, katas.className(kata), folder);
            notes.addAll(selected.notes());
            handin = new Handin(location, path, identity.student(), identity.aliases(), kata,
                    selected.sources(), notes, selected.verdict());
        } catch (Refused refused) {
            handin = new Handin(location, path, identity.student(), identity.aliases(), kata, List.of(), notes,
                    Optional.of(refused.toVerdict()));
        }
        handins.put(key, handin);
    }

    /** A warning for each student with more than one hand-in for a kata (each is graded). */
    void warnDuplicates() {
        Map<String, List<Handin>> byStudent = new TreeMap<>();
        handins.values().forEach(h -> byStudent.computeIfAbsent(h.kataId() + "\0" + h.student(), k -> new ArrayList<>()).add(h));
        byStudent.values().stream().filter(list -> list.size() > 1).forEach(list -> warnings.add(
                list.size() + " hand-ins for " + list.get(0).kataId() + " by " + HandinPaths.show(list.get(0).student())
                        + ": " + String.join(", ", list.stream().map(h -> HandinPaths.show(h.location())).toList())
                        + " (each is graded)"));
    }

    /** Whether a folder given is one student's, not a folder of students. */
    static boolean oneStudent(Path folder) throws IntakeException {
        String name = nameOf(folder);
        if (LmsNames.moodle(name).isPresent() || (name.equals("submission") && name(parentOf(folder)).equals("autograder"))) {
            return true;
        }
        for (Path entry : list(folder)) {
            String entryName = nameOf(entry);
            if (PROJECT_MARKERS.contains(entryName) || entryName.endsWith(".iml")) {
                return true;
            }
            if (entryName.endsWith(".java") && LmsNames.canvas(entryName).isEmpty() && LmsNames.moodle(entryName).isEmpty()
                    && !Files.isDirectory(entry)) {
                return true;
            }
        }
        return false;
    }
}
