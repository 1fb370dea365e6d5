package org.katajudge.intake;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

import static org.katajudge.intake.HandinPaths.show;

/**
 * Reads everything in one student's hand-in (folders, files, archives within archives) into a
 * list of {@link Found} files, the {@code .java} ones with their bytes, within the student's
 * {@link Budget}. Nothing is ever written to disk: archives are read as streams
 * ({@link ArchiveContents}), so an entry named {@code ../../x} or a symbolic link cannot reach
 * anything. Symbolic links in folders are followed only to files inside the student's own folder.
 *
 * <p>A file the judge cannot read from the teacher's disk is an {@link IntakeException} (the
 * teacher's problem); an archive that is not readable is noted as what the student handed in.
 */
final class HandinReader {

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

    private final Gathered gathered;
    private final ArchiveContents archives;

    private HandinReader(IntakeLimits limits) {
        this.gathered = new Gathered(limits);
        this.archives = new ArchiveContents(gathered);
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
                reader.gathered.note("skipped " + show(root.name()) + ": not a regular file"); // a FIFO would block the reader
            } else {
                reader.diskFile(root.path(), root.name(), false);
            }
        }
        return reader.gathered.findings();
    }

    /**
     * One archive read from a stream, as if a student had handed in that file alone: for tests
     * that count how much of a hostile archive is read before it is refused.
     */
    static Findings read(String name, InputStream archive, IntakeLimits limits) throws Refused, IOException {
        HandinReader reader = new HandinReader(limits);
        try {
            reader.archives.read(archive, Archives.formatOf(name).orElseThrow(), name, "", 1, false);
        } catch (ArchiveRefusal e) {
            throw e.refused;
        }
        return reader.gathered.findings();
    }

    private void folder(Path start) throws Refused, IntakeException {
        Path root;
        try {
            root = start.toRealPath();
        } catch (IOException e) {
            throw cannotRead(start, e);
        }
        int maxDepth = gathered.limits().maxFolderDepth();
        Failure failure = new Failure();
        try {
            Files.walkFileTree(root, EnumSet.noneOf(java.nio.file.FileVisitOption.class), maxDepth, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return dir.equals(root) || !HandinPaths.junk(dir.getFileName().toString())
                            ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String relative = relative(root, file);
                    if (HandinPaths.junk(file.getFileName().toString())) {
                        return FileVisitResult.CONTINUE;
                    }
                    try {
                        if (attrs.isSymbolicLink()) {
                            link(root, file, relative);
                        } else if (attrs.isDirectory()) {
                            gathered.note("skipped " + show(relative) + ": folders nested more than " + maxDepth + " deep");
                        } else if (attrs.isRegularFile()) {
                            diskFile(file, relative, HandinPaths.inBuildFolder(relative));
                        } else {
                            gathered.note("skipped " + show(relative) + ": not a regular file");
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
            gathered.note("skipped the link " + show(relative) + ": it points nowhere");
            return;
        }
        if (!target.startsWith(root)) {
            gathered.note("skipped the link " + show(relative) + ": it points outside the hand-in");
        } else if (Files.isRegularFile(target)) {
            diskFile(target, relative, HandinPaths.inBuildFolder(relative));
        } else {
            gathered.note("skipped the link " + show(relative) + ": it is not a link to a file");
        }
    }

    private void diskFile(Path file, String relative, boolean buildOutput) throws Refused, IntakeException {
        String name = relative.substring(relative.lastIndexOf('/') + 1);
        boolean source = name.endsWith(".java");
        Optional<Archives.Format> format = Archives.formatOf(name);
        if (!source && (format.isEmpty() || format.get() == Archives.Format.UNSUPPORTED)) {
            format.ifPresentOrElse(f -> gathered.add(new Found(relative, "", Found.Kind.ARCHIVE, null, buildOutput,
                            "a " + Archives.extension(name) + ", which the judge cannot unpack: hand in a .zip")),
                    () -> gathered.add(new Found(relative, "", Found.Kind.OTHER, null, buildOutput, null)));
            return;
        }
        try (InputStream in = Files.newInputStream(file)) {
            if (source) {
                gathered.add(new Found(relative, "", Found.Kind.SOURCE, gathered.source(in, relative), buildOutput, null));
            } else {
                archives.read(in, format.get(), relative, "", 1, buildOutput);
            }
        } catch (ArchiveRefusal e) {
            throw e.refused;
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
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
}
