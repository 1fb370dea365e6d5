package org.katajudge.intake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.katajudge.intake.Folders.name;
import static org.katajudge.intake.Folders.nameOf;
import static org.katajudge.intake.Folders.parentOf;

/**
 * Who a hand-in is by: Moodle folders and files give the full name; Canvas files the login; a
 * GitHub Classroom repository ({@code assignment-login/}, a git repository) the login; Gradescope
 * the names in {@code submission_metadata.json}; anything else its folder or file name.
 */
final class StudentNames {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Who an entry (or group of entries) belongs to.
     *
     * @param student as the teacher knows them
     * @param aliases every name and id they are known by, the student first
     */
    record Identity(String student, List<String> aliases) {
    }

    private StudentNames() {
    }

    /**
     * @param entries      the student's entries, in one folder
     * @param repositories the git repositories next to them (for GitHub Classroom's prefixes)
     * @param notes        where to note what the names tell (a late Canvas hand-in)
     */
    static Identity identify(List<Path> entries, String kata, List<String> repositories, List<String> notes) {
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
    static Optional<String> lmsKey(String name, boolean directory) {
        Optional<LmsNames.Moodle> moodle = LmsNames.moodle(name);
        if (moodle.isPresent()) {
            return Optional.of("moodle:" + moodle.get().prefix());
        }
        return directory ? Optional.empty() : LmsNames.canvas(name).map(c -> "canvas:" + c.prefix());
    }

    /** A file's own name, without the LMS prefix: {@code KnightMoves-1.java}. */
    static String ownName(String name) {
        Optional<LmsNames.Moodle> moodle = LmsNames.moodle(name);
        if (moodle.isPresent() && !moodle.get().file().isEmpty()) {
            return moodle.get().file();
        }
        return LmsNames.canvas(name).map(LmsNames.Canvas::file).orElse(name);
    }
}
