package org.katajudge.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Writing a file the user asked for (--json, --csv): parent folders made, failures a usage
 * error. Each can be checked before grading starts, so a path that cannot be written is said at
 * once, not after the whole class was graded.
 */
final class OutputFile {

    private OutputFile() {
    }

    /** @param what names the file in the error message, e.g. {@code the JSON report} */
    static void write(Path file, String text, String what) throws UsageException {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException(failure(what, file, e));
        }
    }

    /** What a failure to write {@code file} says. */
    static String failure(String what, Path file, IOException e) {
        return "cannot write " + what + " to " + file + ": " + reason(e);
    }

    /** Checks that {@code file} can be written, without changing it: it is created and removed if it did not exist. */
    static void checkWritable(Path file, String what) throws UsageException {
        if (Files.isDirectory(file)) {
            throw new UsageException("cannot write " + what + " to " + file + ": it is a directory");
        }
        List<Path> made = List.of();
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                made = missing(parent);
                Files.createDirectories(parent);
            }
            boolean existed = Files.exists(file, LinkOption.NOFOLLOW_LINKS);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                channel.size();
            }
            if (!existed) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UsageException("cannot write " + what + " to " + file + ": " + reason(e));
        } finally {
            removeAll(made);
        }
    }

    /**
     * The directories {@code directory} needs made, deepest first: a check makes them to try them
     * and removes them again, so that a command refused later has written nothing.
     */
    private static List<Path> missing(Path directory) {
        List<Path> missing = new java.util.ArrayList<>();
        for (Path d = directory.toAbsolutePath(); d != null && !Files.exists(d, LinkOption.NOFOLLOW_LINKS); d = d.getParent()) {
            missing.add(d);
        }
        return missing;
    }

    private static void removeAll(List<Path> made) {
        for (Path directory : made) {
            try {
                Files.deleteIfExists(directory);
            } catch (IOException e) {
                return; // something else wrote into it meanwhile: leave it
            }
        }
    }

    /** Checks that files can be written in {@code directory}, without leaving it made if it was not there. */
    static void checkDirectory(Path directory, String what) throws UsageException {
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new UsageException("cannot write " + what + " to " + directory + ": it is a file, not a directory");
        }
        List<Path> made = missing(directory);
        try {
            Files.createDirectories(directory);
            Files.delete(Files.createTempFile(directory, ".kata-judge-", ".tmp"));
        } catch (IOException e) {
            throw new UsageException("cannot write " + what + " to " + directory + ": " + reason(e));
        } finally {
            removeAll(made);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException already) {
            return already.getFile() + " is a file, not a directory";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
