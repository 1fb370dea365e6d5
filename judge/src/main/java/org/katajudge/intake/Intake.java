package org.katajudge.intake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

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
 * <p><b>Names.</b> Moodle folders and files give the full name; Canvas files the login; a
 * GitHub Classroom repository ({@code assignment-login/}, a git repository) the login; Gradescope
 * the names in {@code submission_metadata.json}; anything else its folder or file name.
 */
public final class Intake {

    private static final Set<String> PROJECT_MARKERS = Set.of("src", "pom.xml", "build.gradle", "build.gradle.kts",
            "settings.gradle", "settings.gradle.kts", ".git", ".project", ".classpath");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, String> kataClasses;
    private final Optional<String> defaultKata;
    private final IntakeLimits limits;

    /**
     * @param kataClasses each kata's id and the class its solutions declare
     * @param defaultKata the kata of paths outside kata folders ({@code --kata})
     */
    public Intake(Map<String, String> kataClasses, Optional<String> defaultKata, IntakeLimits limits) {
        this.kataClasses = Map.copyOf(kataClasses);
        this.defaultKata = defaultKata;
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
        Walk walk = new Walk();
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
            Optional<String> lms = lmsKey(path.getFileName().toString(), Files.isDirectory(path));
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
            String kata = kataOf(first, true).orElseThrow(() -> cannotTell(first));
            walk.student(group, kata, siblingRepositories(parentOf(first)));
        }
        if (walk.handins.isEmpty()) {
            throw new IntakeException("nothing to grade: no submissions below " + String.join(", ",
                    paths.stream().map(Path::toString).toList()));
        }
        walk.warnDuplicates();
        return new ClassDownload(new ArrayList<>(walk.handins.values()), walk.warnings);
    }

    /** One student's entry exactly as given (a sample of the repository's {@code submissions/}). */
    public Handin readOne(Path entry, String kataId) throws IntakeException {
        if (!Files.exists(entry)) {
            throw new IntakeException("no such file or directory: " + entry);
        }
        Walk walk = new Walk();
        walk.student(List.of(entry), kataId, siblingRepositories(parentOf(entry)));
        return walk.handins.values().iterator().next();
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

    /** What is found while walking the paths. */
    private final class Walk {
        final Map<String, Handin> handins = new LinkedHashMap<>();
        final List<String> warnings = new ArrayList<>();

        /** A folder given on the command line. */
        void given(Path folder) throws IntakeException {
            String name = nameOf(folder);
            Optional<String> above = kataOf(folder, false);
            Path parent = parentOf(folder);
            if (kataClasses.containsKey(name)) {
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
                student(List.of(folder), above.or(() -> defaultKata).orElseThrow(() -> cannotTell(folder)),
                        siblingRepositories(parent));
            } else if (holdsKataFolders(folder) || above.or(() -> defaultKata).isEmpty()) {
                container(folder);
            } else {
                classFolder(folder, above.or(() -> defaultKata).get(), false);
            }
        }

        /** A file given on the command line: one student. */
        void givenFile(Path file) throws IntakeException {
            String name = nameOf(file);
            if (!name.endsWith(".java") && Archives.formatOf(name).isEmpty()) {
                throw new IntakeException(file + " is not a .java file, an archive (.zip, .jar, .tar.gz, .tgz, .tar)"
                        + " or a folder");
            }
            student(List.of(file), kataOf(file, true).orElseThrow(() -> cannotTell(file)), List.of());
        }

        /** A folder above kata folders, or where they may be: searched for them. */
        private void container(Path folder) throws IntakeException {
            for (Path child : list(folder)) {
                String name = nameOf(child);
                if (HandinReader.junk(name)) {
                    continue;
                }
                if (Files.isDirectory(child)) {
                    if (kataClasses.containsKey(name)) {
                        classFolder(child, name, true);
                    } else if (oneStudent(child)) {
                        student(List.of(child), defaultKata.orElseThrow(() -> cannotTell(child)), siblingRepositories(folder));
                    } else {
                        container(child);
                    }
                } else if (name.endsWith(".java")) {
                    throw cannotTell(child);
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
                if (HandinReader.junk(name)) {
                    continue;
                }
                if (directory && verdictGroups && Verdict.ofFolderName(name).isPresent()) {
                    classFolder(entry, kata, false);
                    continue;
                }
                Optional<String> lms = lmsKey(name, directory);
                if (lms.isEmpty() && !directory && !name.endsWith(".java") && Archives.formatOf(name).isEmpty()) {
                    warnings.add("ignored " + HandinReader.show(entry.toString()) + ": a file in a class folder that is"
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
                    : display(parent.resolve(commonPrefix(entries))) + "*";
            List<String> notes = new ArrayList<>();
            Identity identity = identify(entries, kata, repositories, notes);
            List<HandinReader.Root> roots = new ArrayList<>();
            for (Path entry : entries) {
                roots.add(new HandinReader.Root(entry, Files.isDirectory(entry) ? "" : ownName(nameOf(entry))));
            }
            boolean folder = entries.stream().allMatch(Files::isDirectory);
            Optional<Path> path = entries.size() == 1 ? Optional.of(first) : Optional.empty();
            Handin handin;
            try {
                HandinReader.Findings findings = HandinReader.read(roots, limits);
                SourceSelection.Selected selected = SourceSelection.select(findings, kataClasses.get(kata), folder);
                notes.addAll(selected.notes());
                handin = new Handin(location, path, identity.student, identity.aliases, kata,
                        selected.sources(), notes, selected.verdict());
            } catch (Refused refused) {
                handin = new Handin(location, path, identity.student, identity.aliases, kata, List.of(), notes,
                        Optional.of(refused.toVerdict()));
            }
            handins.put(key, handin);
        }

        void warnDuplicates() {
            Map<String, List<Handin>> byStudent = new TreeMap<>();
            handins.values().forEach(h -> byStudent.computeIfAbsent(h.kataId() + "\0" + h.student(), k -> new ArrayList<>()).add(h));
            byStudent.values().stream().filter(list -> list.size() > 1).forEach(list -> warnings.add(
                    list.size() + " hand-ins for " + list.get(0).kataId() + " by " + HandinReader.show(list.get(0).student())
                            + ": " + String.join(", ", list.stream().map(h -> HandinReader.show(h.location())).toList())
                            + " (each is graded)"));
        }
    }

    /** Who an entry (or group of entries) belongs to. */
    private record Identity(String student, List<String> aliases) {
    }

    private Identity identify(List<Path> entries, String kata, List<String> repositories, List<String> notes) {
        Path first = entries.get(0);
        String name = nameOf(first);
        Optional<LmsNames.Moodle> moodle = LmsNames.moodle(name);
        if (moodle.isPresent()) {
            return new Identity(moodle.get().name(), List.of(moodle.get().name(), moodle.get().id()));
        }
        Optional<LmsNames.Canvas> canvas = Files.isDirectory(first) ? Optional.empty() : LmsNames.canvas(name);
        if (canvas.isPresent()) {
            if (entries.stream().anyMatch(e -> LmsNames.canvas(nameOf(e)).map(LmsNames.Canvas::late).orElse(false))) {
                notes.add("handed in late: Canvas marked " + (entries.size() == 1 ? "the file" : "files") + " LATE");
            }
            return new Identity(canvas.get().login(), List.of(canvas.get().login(), canvas.get().userId()));
        }
        if (Files.isDirectory(first)) {
            if (name.equals("submission") && name(parentOf(first)).equals("autograder")) {
                return gradescope(first);
            }
            if (Files.isDirectory(first.resolve(".git"))) {
                Optional<String> login = LmsNames.classroomLogin(name, name(parentOf(first)), repositories, kata);
                if (login.isPresent()) {
                    return new Identity(login.get(), List.of(login.get(), name));
                }
            }
            return new Identity(name, List.of(name));
        }
        String stem = name.endsWith(".java") ? name.substring(0, name.length() - ".java".length()) : Archives.stem(name);
        return new Identity(stem, List.of(stem));
    }

    /** Gradescope: the names, emails and student ids of {@code ../submission_metadata.json}. */
    private static Identity gradescope(Path submission) {
        Path metadata = parentOf(submission).resolve("submission_metadata.json");
        List<String> names = new ArrayList<>();
        Set<String> aliases = new LinkedHashSet<>();
        try {
            JsonNode users = JSON.readTree(metadata.toFile()).path("users");
            for (JsonNode user : users) {
                String name = user.path("name").asText("");
                if (!name.isBlank()) {
                    names.add(name.strip());
                }
                for (String field : List.of("name", "email", "sid")) {
                    String value = user.path(field).asText("");
                    if (!value.isBlank()) {
                        aliases.add(value.strip());
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // no metadata (a copy of the folder, or a local test): the folder's name it is
        }
        String student = names.isEmpty() ? "submission" : String.join(" & ", names);
        List<String> all = new ArrayList<>(List.of(student));
        all.addAll(aliases);
        return new Identity(student, all);
    }

    /** The key tying an entry to one student by an LMS naming convention. */
    private static Optional<String> lmsKey(String name, boolean directory) {
        Optional<LmsNames.Moodle> moodle = LmsNames.moodle(name);
        if (moodle.isPresent()) {
            return Optional.of("moodle:" + moodle.get().prefix());
        }
        return directory ? Optional.empty() : LmsNames.canvas(name).map(c -> "canvas:" + c.prefix());
    }

    /** A file's own name, without the LMS prefix: {@code KnightMoves-1.java}. */
    private static String ownName(String name) {
        Optional<LmsNames.Moodle> moodle = LmsNames.moodle(name);
        if (moodle.isPresent() && !moodle.get().file().isEmpty()) {
            return moodle.get().file();
        }
        return LmsNames.canvas(name).map(LmsNames.Canvas::file).orElse(name);
    }

    /** Whether a folder given is one student's, not a folder of students. */
    private static boolean oneStudent(Path folder) throws IntakeException {
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

    private boolean holdsKataFolders(Path folder) throws IntakeException {
        for (Path entry : list(folder)) {
            if (Files.isDirectory(entry) && kataClasses.containsKey(nameOf(entry))) {
                return true;
            }
        }
        return false;
    }

    /** The git repositories among a folder's entries, by name (for GitHub Classroom's prefixes). */
    private static List<String> siblingRepositories(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.filter(e -> Files.isDirectory(e.resolve(".git"))).map(Intake::nameOf).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The nearest kata-named folder around the path; else, with {@code orDefault}, {@code --kata}. */
    private Optional<String> kataOf(Path path, boolean orDefault) {
        Path start = path.toAbsolutePath().normalize().getParent();
        for (Path p = start; p != null; p = p.getParent()) {
            Path name = p.getFileName();
            if (name != null && kataClasses.containsKey(name.toString())) {
                return Optional.of(name.toString());
            }
        }
        return orDefault ? defaultKata : Optional.empty();
    }

    private IntakeException cannotTell(Path path) {
        return new IntakeException("cannot tell which kata " + path + " solves: put it under a directory named after"
                + " the kata (one of " + String.join(", ", kataClasses.keySet().stream().sorted().toList())
                + ") or use --kata ID");
    }

    private static List<Path> list(Path folder) throws IntakeException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            throw new IntakeException("cannot read directory " + folder + ": " + (e instanceof java.nio.file.AccessDeniedException
                    ? "permission denied" : e.getMessage()));
        }
    }

    private static String commonPrefix(Collection<Path> entries) {
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

    private static Path parentOf(Path path) {
        Path parent = path.getParent();
        return parent != null ? parent : path.toAbsolutePath().normalize().getParent();
    }

    private static String nameOf(Path path) {
        Path name = path.getFileName();
        return name == null ? path.toString() : name.toString();
    }

    /** The name of a folder, "" for none (the root). */
    private static String name(Path folder) {
        if (folder == null) {
            return "";
        }
        Path name = folder.toAbsolutePath().normalize().getFileName();
        return name == null ? "" : name.toString();
    }

    private static String display(Path path) {
        return path.normalize().toString().replace('\\', '/');
    }
}
