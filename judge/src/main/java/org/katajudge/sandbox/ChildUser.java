package org.katajudge.sandbox;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * Who a child runs as. A judge running as root (in CI, in Docker) runs each child as a user of
 * its own, an unused uid from a range no system gives out, with util-linux {@code setpriv}
 * (no supplementary groups, no new privileges): so a child, whatever the isolation, cannot read
 * root's files (/etc/shadow), cannot write the graded folder or the judge's files, and cannot
 * signal the judge or another child. (bubblewrap's own {@code --uid} is not enough: it changes
 * the uid only inside the sandbox, and the kernel still sees root, the owner of every file.)
 * A judge running as an ordinary user cannot switch; its children run as itself.
 */
final class ChildUser {

    /** Child uids are {@code BASE + slot}, far above the ids systems and directories hand out. */
    static final int BASE = 1_700_000_000;
    private static final int SLOTS_PER_JUDGE = 4096;
    /** Several judges on one machine: each takes its own block of slots ({@link UserBlock}). */
    private static final int BLOCKS = 24_000;

    private static final BitSet LEASED = new BitSet();
    private static final boolean SWITCHES = isRoot() && Tools.SETPRIV && setprivWorks();

    private ChildUser() {
    }

    /** Whether children run as users of their own here. */
    static boolean switches() {
        return SWITCHES;
    }

    /** Whether setpriv may switch users here (a container may deny root CAP_SETUID). */
    private static boolean setprivWorks() {
        try {
            Process process = new ProcessBuilder("setpriv", "--reuid=" + BASE, "--regid=" + BASE, "--clear-groups",
                    "--no-new-privs", "--", "true")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!process.waitFor(Tools.PATIENCE.toSeconds(), java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * A user for one child under {@code isolation}, until {@link Lease#close()}. Without a PID
     * namespace (isolation none) its end also ends every process that runs as the user: nothing
     * else reaches a daemon the child left in a session of its own (a namespace's end kills all of
     * its processes, so the others need not look: the look costs some 10 ms of /proc).
     */
    static Lease lease(Isolation isolation) {
        if (!switches()) {
            return new Lease(-1);
        }
        synchronized (LEASED) {
            int slot = LEASED.nextClearBit(0);
            if (slot >= SLOTS_PER_JUDGE) {
                throw new IllegalStateException("more than " + SLOTS_PER_JUDGE + " children at once");
            }
            LEASED.set(slot);
            return new Lease(BASE + block() * SLOTS_PER_JUDGE + slot, slot, isolation == Isolation.NONE);
        }
    }

    /** Whether {@code uid} is leased to a child now (tests: a child's user is given back when it ends). */
    static boolean leased(int uid) {
        if (!switches()) {
            return false;
        }
        long slot = uid - BASE - (long) block() * SLOTS_PER_JUDGE;
        synchronized (LEASED) {
            return slot >= 0 && slot < SLOTS_PER_JUDGE && LEASED.get((int) slot);
        }
    }

    /** This judge's block of users, claimed at the first lease. */
    private static int block() {
        return Block.CLAIMED;
    }

    /** Claimed at its first use, once per process (the holder idiom). */
    private static final class Block {
        static final int CLAIMED = UserBlock.claim(BLOCKS);
    }

    private static boolean isRoot() {
        try {
            Path probe = Files.createTempFile("kata-judge-uid-", "");
            try {
                return Integer.valueOf(0).equals(Files.getAttribute(probe, "unix:uid", LinkOption.NOFOLLOW_LINKS));
            } finally {
                Files.deleteIfExists(probe);
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** One child's user. */
    static final class Lease implements AutoCloseable {
        private final int uid;
        private final int slot;
        /** Whether ending the lease ends every process of the user (no PID namespace did). */
        private final boolean sweep;
        private boolean released;

        private Lease(int uid) {
            this(uid, -1, false);
        }

        private Lease(int uid, int slot, boolean sweep) {
            this.uid = uid;
            this.slot = slot;
            this.sweep = sweep;
        }

        /** Whether the child runs as a user of its own. */
        boolean switched() {
            return uid >= 0;
        }

        int uid() {
            return uid;
        }

        /** The command prefix that runs the rest as this user (empty when there is no switch). */
        List<String> prefix() {
            if (!switched()) {
                return List.of();
            }
            return List.of(Tools.path("setpriv"), "--reuid=" + uid, "--regid=" + uid, "--clear-groups", "--no-new-privs", "--");
        }

        /** Gives the child's own files to it, readable by nobody else. */
        void own(Path... paths) throws IOException {
            for (Path path : paths) {
                if (switched()) {
                    Files.setAttribute(path, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
                    Files.setAttribute(path, "unix:gid", uid, LinkOption.NOFOLLOW_LINKS);
                }
                Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(
                        Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) ? "rwx------" : "rw-------"));
            }
        }

        /**
         * Once the child itself has ended: ends every process still running as its user, all of them
         * something it left (an orphan holding its output pipes, which the judge would otherwise
         * wait on). Only where the lease's end sweeps too (isolation none, a user of its own); the
         * user is not given back here. Called by the session's own thread before it ends the lease:
         * once given back, the user may be another child's, so then this does nothing.
         */
        void endLeftovers() {
            synchronized (LEASED) {
                if (slot < 0 || !sweep || released) {
                    return;
                }
            }
            endEveryProcessOf(uid);
        }

        /**
         * Gives the user back, once no process runs as it: what escaped the child's tree and process
         * group (a daemon in a session of its own, without a PID namespace around it) is killed here,
         * so that it cannot signal the next child given this user. Should one survive, the user is
         * never given out again by this judge.
         */
        @Override
        public void close() {
            closeAfter(true);
        }

        /**
         * As {@link #close()}; after a child that did not end by itself ({@code exitedCleanly} false:
         * killed, or ended while it started) every process of the user is ended under every isolation:
         * a bubblewrap killed while it set up its namespace can leave the namespace's first process
         * behind, an orphan outside the judge's tree that no namespace's end reaches (red team; caught
         * by ChildStartTest on a loaded machine).
         */
        void closeAfter(boolean exitedCleanly) {
            if (slot < 0) {
                return;
            }
            synchronized (LEASED) {
                if (released) {
                    return;
                }
            }
            boolean sweepNow = sweep || !exitedCleanly;
            boolean nobodyLeft = !sweepNow || endEveryProcessOf(uid);
            synchronized (LEASED) {
                if (!released) {
                    released = true;
                    if (nobodyLeft) {
                        LEASED.clear(slot);
                    }
                }
            }
        }
    }

    /** SIGKILL to every process that runs as {@code uid}, until none is left; false if some still are after a second. */
    static boolean endEveryProcessOf(int uid) {
        for (int round = 0; round < 100; round++) {
            List<ProcessHandle> left = processesOf(uid);
            if (left.isEmpty()) {
                return true;
            }
            left.forEach(ProcessHandle::destroyForcibly); // by handle: a pid given out again meanwhile is not killed
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return processesOf(uid).isEmpty();
    }

    /** Whether the live process (not a zombie) at {@code /proc/PID} has {@code uid} as its real, effective or saved uid. */
    private static boolean runsAs(Path entry, String uid) {
        List<String> status;
        try {
            status = Files.readAllLines(entry.resolve("status"));
        } catch (IOException e) {
            return false; // ended meanwhile
        }
        boolean zombie = false;
        boolean theirs = false;
        for (String line : status) {
            if (line.startsWith("State:")) {
                zombie = line.contains("Z (") || line.contains("X (");
            } else if (line.startsWith("Uid:")) {
                List<String> ids = List.of(line.substring(4).trim().split("\\s+"));
                theirs = ids.size() >= 3 && ids.subList(0, 3).contains(uid);
            }
        }
        return theirs && !zombie;
    }

    /** The live processes (not zombies) whose real, effective or saved uid is {@code uid}, from /proc. */
    static List<ProcessHandle> processesOf(int uid) {
        List<ProcessHandle> found = new ArrayList<>();
        String wanted = String.valueOf(uid);
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/proc"), entry -> entry.getFileName().toString()
                .chars().allMatch(Character::isDigit))) {
            for (Path entry : entries) {
                if (!runsAs(entry, wanted)) {
                    continue;
                }
                // the handle first, then the look again: a pid given out anew between the first look
                // and the handle would otherwise be another child's, and the handle kills only the
                // process it was taken for (the JDK checks its start time)
                Optional<ProcessHandle> handle = ProcessHandle.of(Long.parseLong(entry.getFileName().toString()));
                if (handle.isPresent() && runsAs(entry, wanted)) {
                    found.add(handle.get());
                }
            }
        } catch (IOException e) {
            // no /proc: the tree and group kills are all there is
        }
        return found;
    }
}
