package org.katajudge.sandbox;

import org.katajudge.cache.JudgeCache;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * The block of child users this judge process owns ({@link ChildUser}): judges running at once on
 * one machine must never share one, or one judge's children could signal the other's, and a judge
 * that ends every process of a user when its lease ends would kill the other judge's child. The
 * block is chosen from the judge's pid and claimed with a lock on a file of its own in a directory
 * only the judge's user may write ({@code kata-judge-child-users} in /run, else in the temp
 * directory: {@link #directory}): a taken block is skipped for the next. The kernel drops the lock
 * when the judge's process ends, however it ends. Where no lock can be taken the pid alone chooses,
 * as before (two judges then collide only if their pids are equal modulo {@code blocks}).
 */
final class UserBlock {

    /** How many blocks are tried after the pid's own before the pid alone chooses. */
    private static final int TRIED = 256;

    /** Held for the judge's life: the claim. */
    private static final List<FileLock> HELD = new ArrayList<>();

    private UserBlock() {
    }

    /** This judge's block, of {@code blocks}, claimed once. */
    static synchronized int claim(int blocks) {
        int first = (int) (ProcessHandle.current().pid() % blocks);
        return claim(directory(Path.of("/run"), Path.of(System.getProperty("java.io.tmpdir"))), first, blocks, HELD);
    }

    /**
     * Where the claims are made: in {@code run} (/run) when this judge may write there, as a root
     * judge may (the one directory every judge of the machine sees, whatever temp directory each
     * was given, and emptied at boot); else in {@code tmp}, the judge's temp directory. Two root
     * judges with different temp directories (a {@code -Djava.io.tmpdir} each, a service's private
     * /tmp) made their claims in different directories, never saw each other's, and could share child users.
     */
    static Path directory(Path run, Path tmp) {
        boolean shared = Files.isDirectory(run, LinkOption.NOFOLLOW_LINKS) && Files.isWritable(run);
        return (shared ? run : tmp).resolve("kata-judge-child-users");
    }

    /**
     * The first block from {@code first} on that no other claim holds, its lock added to {@code held};
     * {@code first} itself when none can be claimed in {@code directory}.
     */
    static int claim(Path directory, int first, int blocks, List<FileLock> held) {
        try {
            if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    // another judge made it meanwhile
                }
            }
            if (!ours(directory)) {
                return first;
            }
            for (int i = 0; i < TRIED; i++) {
                int block = (first + i) % blocks;
                FileChannel channel = FileChannel.open(directory.resolve("block-" + block), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException e) {
                    lock = null; // held in this JVM already
                }
                if (lock != null) {
                    held.add(lock);
                    return block;
                }
                channel.close(); // another judge's
            }
        } catch (IOException | RuntimeException e) {
            // no claim: the pid alone chooses
        }
        return first;
    }

    /** Whether {@code directory} is a real directory of the judge's user that nobody else may write. */
    private static boolean ours(Path directory) throws IOException {
        return Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS) && JudgeCache.unsafe(directory).isEmpty();
    }
}
