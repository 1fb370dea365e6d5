package org.katajudge.sandbox;

import java.util.List;

/**
 * The kernel's resource limits of a child, set before anything else runs and inherited by all
 * it starts, so they hold in every isolation mode (also inside Docker, where bubblewrap and
 * unshare are blocked): its whole address space (RLIMIT_AS: heap, metaspace, code, thread
 * stacks and native memory together), the largest file it may write (RLIMIT_FSIZE, the bound on
 * its temp directory without bubblewrap's sized /tmp), no core dumps, a few hundred open files,
 * and, when it runs as a user of its own, a few hundred threads and processes.
 */
final class ResourceLimits {

    static final int OPEN_FILES = 256;
    static final int PROCESSES = 1024;

    private ResourceLimits() {
    }

    /** The command prefix that sets the limits and runs the rest: util-linux prlimit, else a POSIX shell's ulimit. */
    static List<String> prefix(Limits limits, boolean ownUser) {
        long addressSpace = (long) limits.memoryMegabytes() << 20;
        long fileSize = SandboxLauncher.TMP_BYTES;
        if (Tools.PRLIMIT) {
            List<String> command = new java.util.ArrayList<>(List.of(Tools.path("prlimit"), "--as=" + addressSpace,
                    "--fsize=" + fileSize, "--core=0", "--nofile=" + OPEN_FILES));
            if (ownUser) {
                command.add("--nproc=" + PROCESSES);
            }
            command.add("--");
            return command;
        }
        // ulimit -v is in KiB, -f in 512-byte blocks (POSIX)
        return List.of("sh", "-c", "ulimit -v " + (addressSpace >> 10) + " && ulimit -f " + (fileSize >> 9)
                + " && ulimit -c 0 && ulimit -n " + OPEN_FILES
                + " && exec \"$@\"", "sh");
    }
}
