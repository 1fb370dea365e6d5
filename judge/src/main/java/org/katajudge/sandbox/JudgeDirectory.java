package org.katajudge.sandbox;

import org.katajudge.files.Trees;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

/**
 * This judge process's own directory in the system's temp directory, {@code kata-judge-<pid>-*}:
 * everything the sandbox makes for one run lives below it (the runner's jar, its class-data
 * archives, every child's scratch directory) and goes with it at exit. Two judges on one machine,
 * or a test and another judge, never see each other's files: each looks in its own directory.
 * (The child runtime image is shared between runs on purpose and stays in the temp directory:
 * {@link ChildRuntime}.)
 *
 * <p>Mode 711: a child of another user may pass through to the directories it is given, but
 * cannot list what else is there (another child's scratch directory, for one).
 */
final class JudgeDirectory {

    private static volatile Path root;

    private JudgeDirectory() {
    }

    /** The directory, created on first use and deleted, with all below it, when the judge ends. */
    static Path root() {
        Path path = root;
        if (path == null) {
            synchronized (JudgeDirectory.class) {
                if (root == null) {
                    root = create();
                }
                path = root;
            }
        }
        return path;
    }

    /** Where children's scratch directories are made: one per child, each removed when its child has ended. */
    static Path children() {
        return root().resolve("children");
    }

    private static Path create() {
        try {
            Path created = Files.createTempDirectory("kata-judge-" + ProcessHandle.current().pid() + "-");
            Files.createDirectory(created.resolve("children"));
            for (Path dir : new Path[] {created, created.resolve("children")}) {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
            }
            // every pipe's open under way is ended before the pipes go: see ConnectsUnderWay.exit
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                ConnectsUnderWay.OF_THIS_JVM.exit(Duration.ofSeconds(10));
                Trees.deleteQuietly(created);
            }, "kata-judge-cleanup"));
            return created;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the judge's temp directory", e);
        }
    }
}
