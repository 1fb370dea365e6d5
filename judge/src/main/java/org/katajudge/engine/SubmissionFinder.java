package org.katajudge.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Finds submissions below the paths a user gives, and the kata of each: the nearest enclosing
 * directory named after a kata id, else the one given with {@code --kata}.
 */
public final class SubmissionFinder {

    private final Set<String> kataIds;
    private final Optional<String> defaultKata;

    /**
     * @param kataIds     the ids of the known katas
     * @param defaultKata the kata for submissions outside any kata-named directory
     */
    public SubmissionFinder(Collection<String> kataIds, Optional<String> defaultKata) {
        this.kataIds = Set.copyOf(kataIds);
        this.defaultKata = defaultKata;
    }

    /**
     * The submissions below {@code paths}, in path order, each once.
     *
     * @throws SubmissionException for a path that does not exist or cannot be read, a submission
     *                             whose kata cannot be told, or nothing to grade at all
     */
    public List<Submission> find(List<Path> paths) throws SubmissionException {
        TreeMap<Path, Submission> found = new TreeMap<>();
        for (Path path : paths) {
            if (!Files.exists(path)) {
                throw new SubmissionException("no such file or directory: " + path);
            }
            if (!Files.isReadable(path)) {
                throw new SubmissionException("cannot read " + path);
            }
            if (Files.isRegularFile(path)) {
                if (!path.toString().endsWith(".java")) {
                    throw new SubmissionException(path + " is not a .java file or a directory");
                }
                add(found, path, List.of(path));
            } else {
                walk(found, path);
            }
        }
        if (found.isEmpty()) {
            throw new SubmissionException("nothing to grade: no .java files below " + join(paths));
        }
        return List.copyOf(found.values());
    }

    private void walk(TreeMap<Path, Submission> found, Path directory) throws SubmissionException {
        List<Path> javaFiles = new ArrayList<>();
        List<Path> subdirectories = new ArrayList<>();
        boolean kataFolder = Files.isRegularFile(directory.resolve("kata.json"));
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : (Iterable<Path>) entries.sorted()::iterator) {
                if (kataFolder && entry.getFileName().toString().equals("src")) {
                    continue; // a kata folder's own code, not a submission; its samples are in submissions/
                }
                if (Files.isDirectory(entry) && !entry.getFileName().toString().startsWith(".")) {
                    subdirectories.add(entry);
                } else if (Files.isRegularFile(entry) && entry.getFileName().toString().endsWith(".java")) {
                    javaFiles.add(entry);
                }
            }
        } catch (IOException e) {
            throw new SubmissionException("cannot read directory " + directory + ": " + e.getMessage());
        }
        if (!javaFiles.isEmpty()) {
            add(found, directory, javaFiles); // a submission; its subdirectories are its own business
            return;
        }
        for (Path subdirectory : subdirectories) {
            walk(found, subdirectory);
        }
    }

    private void add(TreeMap<Path, Submission> found, Path path, List<Path> sources) throws SubmissionException {
        Path normalized = path.normalize();
        String kata = kataOf(normalized).orElseThrow(() -> new SubmissionException(
                "cannot tell which kata " + normalized + " solves: put it under a directory named after the kata"
                        + " (one of " + String.join(", ", kataIds.stream().sorted().toList()) + ") or use --kata ID"));
        found.putIfAbsent(normalized, new Submission(normalized, kata, sources));
    }

    /** The nearest enclosing directory named after a kata, else the default kata. */
    Optional<String> kataOf(Path path) {
        for (Path p = path.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            Path name = p.getFileName();
            if (name != null && kataIds.contains(name.toString())) {
                return Optional.of(name.toString());
            }
        }
        return defaultKata;
    }

    private static String join(List<Path> paths) {
        return String.join(", ", paths.stream().map(Path::toString).toList());
    }
}
