package org.katajudge.bundle;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Packs the judge for the platforms that run it once per student: Gradescope's autograder zip
 * ({@code setup.sh}, {@code run_autograder}, the judge jar, the katas) and PrairieLearn's
 * {@code serverFilesCourse} folder ({@code run.sh}, the judge jar, the katas). The scripts are
 * templates in this package's resources; the katas are the teacher's folders, so edited examples
 * and hidden examples travel with them.
 */
public final class AutograderBundle {

    /** The files a kata folder holds; only these are copied. */
    static final List<String> KATA_FILES = List.of("kata.json", "examples.json", "README.md");
    private static final Pattern KATA_ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final Set<PosixFilePermission> EXECUTABLE = PosixFilePermissions.fromString("rwxr-xr-x");
    private static final Set<PosixFilePermission> READABLE = PosixFilePermissions.fromString("rw-r--r--");

    /**
     * Where the katas come from: a {@code katas/} folder on disk, or the copy inside the judge's jar.
     *
     * @param folder the folder, or empty for the jar's copy
     * @param ids    the kata ids to take
     */
    public record Katas(Optional<Path> folder, List<String> ids) {

        byte[] read(String id, String file) throws IOException {
            if (folder.isPresent()) {
                Path path = folder.get().resolve(id).resolve(file);
                return Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) ? Files.readAllBytes(path) : null;
            }
            try (InputStream in = AutograderBundle.class.getClassLoader().getResourceAsStream("katas/" + id + "/" + file)) {
                return in == null ? null : in.readAllBytes();
            }
        }
    }

    private AutograderBundle() {
    }

    /**
     * Writes Gradescope's autograder zip: {@code setup.sh} and {@code run_autograder} (executable)
     * at its root, {@code judge.jar}, {@code katas/}, and {@code scoring.json} when given
     * ({@code run_autograder} then grades with {@code --scoring}).
     */
    public static void gradescope(Path jar, Katas katas, String kata, Optional<Path> scoring, Path zip)
            throws IOException {
        requireKataId(kata);
        Path temporary = Files.createTempFile(zip.toAbsolutePath().getParent(), ".autograder", ".zip");
        Files.delete(temporary); // the zip file system creates it
        try {
            try (FileSystem archive = FileSystems.newFileSystem(temporary,
                    Map.of("create", "true", "enablePosixFileAttributes", "true"))) {
                Path root = archive.getPath("/");
                write(root.resolve("setup.sh"), template("gradescope-setup.sh"), EXECUTABLE);
                String options = scoring.isPresent() ? " --scoring \"$source/scoring.json\"" : "";
                write(root.resolve("run_autograder"), template("gradescope-run_autograder")
                        .replace("@KATA@", kata).replace("@OPTIONS@", options), EXECUTABLE);
                copy(jar, root.resolve("judge.jar"));
                if (scoring.isPresent()) {
                    copy(scoring.get(), root.resolve("scoring.json"));
                }
                katas(katas, root.resolve("katas"));
            }
            Files.move(temporary, zip, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * Writes the folder to put under a PrairieLearn course's {@code serverFilesCourse/}:
     * {@code run.sh} (executable), {@code judge.jar} and {@code katas/}.
     */
    public static void prairieLearn(Path jar, Katas katas, Path folder) throws IOException {
        Files.createDirectories(folder);
        write(folder.resolve("run.sh"), template("prairielearn-run.sh"), EXECUTABLE);
        copy(jar, folder.resolve("judge.jar"));
        Path target = folder.resolve("katas");
        if (Files.exists(target)) {
            try (Stream<Path> old = Files.walk(target)) {
                for (Path path : old.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                    Files.delete(path); // katas removed from the teacher's folder since the last bundle go too
                }
            }
        }
        katas(katas, target);
    }

    private static void katas(Katas katas, Path target) throws IOException {
        directory(target);
        for (String id : katas.ids()) {
            requireKataId(id);
            Path folder = directory(target.resolve(id));
            for (String file : KATA_FILES) {
                byte[] content = katas.read(id, file);
                if (content == null) {
                    if (!file.equals("README.md")) {
                        throw new IOException("kata " + id + " has no " + file);
                    }
                    continue;
                }
                Files.write(folder.resolve(file), content);
                permissions(folder.resolve(file), READABLE);
            }
        }
    }

    private static void requireKataId(String kata) {
        if (!KATA_ID.matcher(kata).matches()) {
            throw new IllegalArgumentException("not a kata id: " + kata);
        }
    }

    private static Path directory(Path path) throws IOException {
        Files.createDirectories(path);
        permissions(path, EXECUTABLE);
        return path;
    }

    private static void write(Path path, String text, Set<PosixFilePermission> mode) throws IOException {
        Files.writeString(path, text, StandardCharsets.UTF_8);
        permissions(path, mode);
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        permissions(to, READABLE);
    }

    /** Sets the mode where the file system has modes (a zip with POSIX attributes, Linux, macOS). */
    private static void permissions(Path path, Set<PosixFilePermission> mode) throws IOException {
        try {
            Files.setPosixFilePermissions(path, mode);
        } catch (UnsupportedOperationException e) {
            // a file system without modes (Windows): nothing to set
        }
    }

    private static String template(String name) {
        try (InputStream in = AutograderBundle.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the judge's jar has no " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
