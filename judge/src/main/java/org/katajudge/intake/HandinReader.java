package org.katajudge.intake;

import org.katajudge.report.SafeText;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads everything in one student's hand-in (folders, files, archives within archives) into a
 * list of {@link Found} files, the {@code .java} ones with their bytes, within the student's
 * {@link Budget}. Nothing is ever written to disk: archives are read as streams, so an entry
 * named {@code ../../x} or a symbolic link cannot reach anything; such an entry still refuses the
 * archive, as the sign of a hostile one. Symbolic links in folders are followed only to files
 * inside the student's own folder.
 *
 * <p>A file the judge cannot read from the teacher's disk is an {@link IntakeException} (the
 * teacher's problem); an archive that is not readable is noted as what the student handed in.
 */
final class HandinReader {

    /** Folders never looked into: version control, IDE settings, macOS resource forks, dependencies. */
    private static final Set<String> JUNK_FOLDERS = Set.of("__MACOSX", "node_modules", "CVS");
    /** Build output: looked into to say what was there, but never compiled. */
    private static final Set<String> BUILD_FOLDERS = Set.of("target", "build", "out", "bin");
    private static final Set<String> JUNK_FILES = Set.of("Thumbs.db", "desktop.ini");

    /**
     * Where a hand-in starts: a folder (its contents are at the top of the hand-in) or a file.
     *
     * @param path the folder or file on disk
     * @param name for a file, its name as the student knows it (without an LMS prefix); empty for a folder
     */
    record Root(Path path, String name) {
    }

    /** What was read: the files found, sorted by path, and what was skipped and why. */
    record Findings(List<Found> files, List<String> notes) {
    }

    private final Budget budget;
    private final List<Found> found = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private HandinReader(IntakeLimits limits) {
        this.budget = new Budget(limits);
    }

    /**
     * @throws Refused        the hand-in is refused: an unsafe or oversized archive, an oversized source
     * @throws IntakeException a file or folder cannot be read from disk
     */
    static Findings read(List<Root> roots, IntakeLimits limits) throws Refused, IntakeException {
        HandinReader reader = new HandinReader(limits);
        for (Root root : roots) {
            if (Files.isDirectory(root.path())) {
                reader.folder(root.path());
            } else if (!Files.isRegularFile(root.path())) {
                reader.notes.add("skipped " + show(root.name()) + ": not a regular file"); // a FIFO would block the reader
            } else {
                reader.diskFile(root.path(), root.name(), false);
            }
        }
        List<Found> files = new ArrayList<>(reader.found);
        files.sort(Comparator.comparing(Found::path));
        return new Findings(List.copyOf(files), List.copyOf(reader.notes));
    }

    /**
     * One archive read from a stream, as if a student had handed in that file alone: for tests
     * that count how much of a hostile archive is read before it is refused.
     */
    static Findings read(String name, InputStream archive, IntakeLimits limits) throws Refused, IOException {
        HandinReader reader = new HandinReader(limits);
        try {
            reader.archive(archive, Archives.formatOf(name).orElseThrow(), name, "", 1, false);
        } catch (ArchiveRefusal e) {
            throw e.refused;
        }
        return new Findings(List.copyOf(reader.found), List.copyOf(reader.notes));
    }

    static boolean junk(String name) {
        return name.startsWith(".") || JUNK_FILES.contains(name) || JUNK_FOLDERS.contains(name);
    }

    private void folder(Path start) throws Refused, IntakeException {
        Path root;
        try {
            root = start.toRealPath();
        } catch (IOException e) {
            throw cannotRead(start, e);
        }
        int maxDepth = budget.limits().maxFolderDepth();
        Failure failure = new Failure();
        try {
            Files.walkFileTree(root, EnumSet.noneOf(java.nio.file.FileVisitOption.class), maxDepth, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return dir.equals(root) || !junk(dir.getFileName().toString())
                            ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String relative = relative(root, file);
                    if (junk(file.getFileName().toString())) {
                        return FileVisitResult.CONTINUE;
                    }
                    try {
                        if (attrs.isSymbolicLink()) {
                            link(root, file, relative);
                        } else if (attrs.isDirectory()) {
                            notes.add("skipped " + show(relative) + ": folders nested more than " + maxDepth + " deep");
                        } else if (attrs.isRegularFile()) {
                            diskFile(file, relative, inBuildFolder(relative));
                        } else {
                            notes.add("skipped " + show(relative) + ": not a regular file");
                        }
                        return FileVisitResult.CONTINUE;
                    } catch (Refused | IntakeException e) {
                        failure.cause = e;
                        return FileVisitResult.TERMINATE;
                    }
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    failure.cause = cannotRead(file, e);
                    return FileVisitResult.TERMINATE;
                }
            });
        } catch (IOException e) {
            throw cannotRead(start, e);
        }
        if (failure.cause instanceof Refused refused) {
            throw refused;
        }
        if (failure.cause instanceof IntakeException intake) {
            throw intake;
        }
    }

    /** The visitor cannot throw these, so it hands them over. */
    private static final class Failure {
        Exception cause;
    }

    /** A link in a student's folder: followed only to a file inside that folder. */
    private void link(Path root, Path link, String relative) throws Refused, IntakeException {
        Path target;
        try {
            target = link.toRealPath();
        } catch (IOException e) {
            notes.add("skipped the link " + show(relative) + ": it points nowhere");
            return;
        }
        if (!target.startsWith(root)) {
            notes.add("skipped the link " + show(relative) + ": it points outside the hand-in");
        } else if (Files.isRegularFile(target)) {
            diskFile(target, relative, inBuildFolder(relative));
        } else {
            notes.add("skipped the link " + show(relative) + ": it is not a link to a file");
        }
    }

    private void diskFile(Path file, String relative, boolean buildOutput) throws Refused, IntakeException {
        String name = relative.substring(relative.lastIndexOf('/') + 1);
        boolean source = name.endsWith(".java");
        Optional<Archives.Format> format = Archives.formatOf(name);
        if (!source && (format.isEmpty() || format.get() == Archives.Format.UNSUPPORTED)) {
            format.ifPresentOrElse(f -> found.add(new Found(relative, "", Found.Kind.ARCHIVE, null, buildOutput,
                            "a " + Archives.extension(name) + ", which the judge cannot unpack: hand in a .zip")),
                    () -> found.add(new Found(relative, "", Found.Kind.OTHER, null, buildOutput, null)));
            return;
        }
        try (InputStream in = Files.newInputStream(file)) {
            if (source) {
                found.add(new Found(relative, "", Found.Kind.SOURCE, source(in, relative), buildOutput, null));
            } else {
                archive(in, format.get(), relative, "", 1, buildOutput);
            }
        } catch (ArchiveRefusal e) {
            throw e.refused;
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
    }

    private byte[] source(InputStream in, String relative) throws IOException, Refused {
        long max = budget.limits().maxSourceBytes();
        byte[] bytes = in.readNBytes((int) max + 1);
        if (bytes.length > max) {
            throw new Refused(Verdict.COMPILE_ERROR, show(relative) + " is larger than " + Budget.mib(max)
                    + ": not compiled");
        }
        budget.source(bytes.length, show(relative));
        return bytes;
    }

    /**
     * Reads an archive's entries into {@link #found}. An archive that is not readable (corrupt,
     * encrypted, truncated) leaves none of its files behind, only itself with the reason.
     *
     * @param depth 1 for an archive on disk, 2 for one inside it...
     * @throws ArchiveRefusal (an IOException, so that it passes through the streams) to refuse the hand-in
     * @throws IOException    reading the underlying disk file failed
     */
    private void archive(InputStream raw, Archives.Format format, String path, String container, int depth,
                         boolean buildOutput) throws IOException {
        String shown = show(path);
        if (depth > budget.limits().maxNesting()) {
            throw new ArchiveRefusal(new Refused(Verdict.REJECTED, shown + ": archives nested more than "
                    + budget.limits().maxNesting() + " deep: not unpacked"));
        }
        int mark = found.size();
        int notesMark = notes.size();
        try {
            ArchiveReader.read(raw, format, shown, budget, (entry, content) -> entry(path, depth, buildOutput, entry, content));
            found.add(new Found(path, container, Found.Kind.ARCHIVE, null, buildOutput, null));
        } catch (ArchiveRefusal e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // not readable as this kind of archive: the student's, and nothing of it is used
            found.subList(mark, found.size()).clear();
            notes.subList(notesMark, notes.size()).clear();
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            found.add(new Found(path, container, Found.Kind.ARCHIVE, null, buildOutput,
                    "not a readable " + Archives.extension(path) + ": " + SafeText.oneLine(SafeText.clip(reason, 120))));
        }
    }

    /** One entry of an archive. */
    private void entry(String archive, int depth, boolean buildOutput, ArchiveReader.Entry entry, InputStream content)
            throws IOException {
        String shownArchive = show(archive);
        try {
            budget.entry(shownArchive);
        } catch (Refused e) {
            throw new ArchiveRefusal(e);
        }
        String rawName = entry.name();
        String name = rawName.replace('\\', '/');
        if (name.startsWith("/") || name.matches("(?s)[A-Za-z]:.*")
                || List.of(name.split("/")).contains("..")) {
            throw new ArchiveRefusal(new Refused(Verdict.REJECTED, shownArchive + " holds a file outside itself ("
                    + show(rawName) + "): not unpacked"));
        }
        List<String> parts = new ArrayList<>();
        for (String part : name.split("/")) {
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        String path = archive + "!/" + String.join("/", parts);
        boolean junk = parts.stream().anyMatch(HandinReader::junk);
        if (entry.kind() == ArchiveReader.Kind.LINK || entry.kind() == ArchiveReader.Kind.OTHER) {
            if (!junk) {
                notes.add(entry.kind() == ArchiveReader.Kind.LINK
                        ? "skipped the link " + show(path) + " -> " + show(entry.linkTarget()) + ": links are not followed"
                        : "skipped " + show(path) + ": not a regular file");
            }
            content.transferTo(OutputStream.nullOutputStream());
            return;
        }
        if (entry.kind() == ArchiveReader.Kind.DIRECTORY || parts.isEmpty() || junk) {
            content.transferTo(OutputStream.nullOutputStream()); // read through, so a bomb hidden in junk still counts
            return;
        }
        boolean build = buildOutput || parts.subList(0, parts.size() - 1).stream().anyMatch(BUILD_FOLDERS::contains);
        String fileName = parts.get(parts.size() - 1);
        Optional<Archives.Format> format = Archives.formatOf(fileName);
        try {
            if (fileName.endsWith(".java")) {
                found.add(new Found(path, archive, Found.Kind.SOURCE, source(content, path), build, null));
            } else if (format.isPresent() && format.get() != Archives.Format.UNSUPPORTED) {
                archive(content, format.get(), path, archive, depth + 1, build);
            } else {
                content.transferTo(OutputStream.nullOutputStream());
                found.add(new Found(path, archive, format.isPresent() ? Found.Kind.ARCHIVE : Found.Kind.OTHER, null, build,
                        format.isPresent() ? "a " + Archives.extension(fileName) + ", which the judge cannot unpack" : null));
            }
        } catch (Refused e) {
            throw new ArchiveRefusal(e);
        }
        content.transferTo(OutputStream.nullOutputStream());
    }

    private static boolean inBuildFolder(String relative) {
        String[] parts = relative.split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            if (BUILD_FOLDERS.contains(parts[i])) {
                return true;
            }
        }
        return false;
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    private static IntakeException cannotRead(Path path, IOException e) {
        String reason = e instanceof AccessDeniedException ? "permission denied"
                : e instanceof NoSuchFileException ? "it disappeared while being read"
                : e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason()
                : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return new IntakeException("cannot read " + path + ": " + reason);
    }

    /** A name from a student's hand-in, fit for a one-line message. */
    static String show(String name) {
        return SafeText.oneLine(SafeText.clip(name, 160));
    }
}
