package org.katajudge.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The command line and environment of a child, outermost first: the resource limits ({@link
 * ResourceLimits}: address space, file size, no core dumps), the switch to a user of its own
 * when the judge runs as root ({@link ChildUser}), the isolation (bubblewrap, unshare, or only
 * {@code setsid}), then the child runtime's {@code java} (java.base only, {@link ChildRuntime})
 * with its options and the runner.
 */
final class ChildCommand {

    /** Where the runner's class path is mounted inside a bubblewrap sandbox. */
    private static final String RUNNER_MOUNT = "/runner";
    /** Where the child runtime is mounted inside a bubblewrap sandbox. */
    private static final String RUNTIME_MOUNT = "/jdk";
    /** Where the child's scratch directory (holding only the judge's two pipes) is mounted inside bubblewrap. */
    private static final String SCRATCH_MOUNT = "/judge";
    /** Where the runner's class-data-sharing archives are mounted inside bubblewrap. */
    private static final String ARCHIVE_MOUNT = "/cds";
    private static final String RUNNER_MAIN = "org.katajudge.sandbox.runner.Runner";

    private final Isolation isolation;
    private final Limits limits;

    ChildCommand(Isolation isolation, Limits limits) {
        this.isolation = isolation;
        this.limits = limits;
    }

    /**
     * The runner's command: it maps the runner's archive (when there is one) or, with {@code
     * dumpArchive}, writes it at its end to {@value RunnerArchive#FILE_NAME} in its scratch directory.
     */
    List<String> runner(boolean peakSpeed, Path scratch, ChildUser.Lease user, Optional<Path> archive,
                        boolean dumpArchive) {
        boolean bwrap = isolation == Isolation.BWRAP;
        String scratchSeen = bwrap ? SCRATCH_MOUNT : scratch.toString(); // the scratch directory, as the child sees it
        List<String> cds = new ArrayList<>();
        if (dumpArchive) {
            cds.add("-XX:ArchiveClassesAtExit=" + scratchSeen + "/"
                    + RunnerArchive.FILE_NAME);
        } else if (archive.isPresent()) {
            cds.add("-XX:SharedArchiveFile=" + (bwrap ? ARCHIVE_MOUNT + "/" + archive.get().getFileName()
                    : archive.get().toString()));
        }
        return command(peakSpeed, scratch, user, RunnerClassPath.directory(), RunnerClassPath.JAR_NAME,
                bwrap ? archive.map(Path::getParent) : Optional.empty(), dumpArchive, cds, RUNNER_MAIN,
                scratchSeen + "/" + AnswerChannel.REQUESTS_NAME, scratchSeen + "/" + AnswerChannel.ANSWERS_NAME,
                String.valueOf(limits.stackMegabytes()));
    }

    /**
     * A child's command running {@code mainClass} from {@code classDirectory} (for {@link BareStart},
     * a class that only prints a line): everything else is as for the runner, without its archive.
     */
    List<String> program(boolean peakSpeed, Path scratch, ChildUser.Lease user, Path classDirectory, String mainClass,
                         String... arguments) {
        return command(peakSpeed, scratch, user, classDirectory, null, Optional.empty(), false, List.of(), mainClass,
                arguments);
    }

    /**
     * @param classPathEntry the jar in {@code classDirectory} that is the class path, or null for the directory
     * @param archiveDirectory the directory of the archive a bubblewrap child maps, mounted read-only
     * @param cds the class-data-sharing options (an archive to map or to write)
     */
    private List<String> command(boolean peakSpeed, Path scratch, ChildUser.Lease user, Path classDirectory,
                                 String classPathEntry, Optional<Path> archiveDirectory, boolean writableScratch,
                                 List<String> cds, String mainClass, String... arguments) {
        ChildRuntime runtime = ChildRuntime.forChild(); // one runtime for the whole command: it may change between children
        boolean bwrap = isolation == Isolation.BWRAP;
        List<String> command = prefix(isolation, limits, user,
                () -> bubblewrap(runtime, classDirectory, scratch, archiveDirectory, writableScratch));
        command.add(bwrap ? RUNTIME_MOUNT + "/bin/java" : runtime.java());
        command.addAll(jvmOptions(limits, peakSpeed));
        command.addAll(cds);
        command.addAll(runtime.moduleOptions());
        command.add("-Djava.io.tmpdir=" + (bwrap ? "/tmp" : scratch.resolve("tmp").toString()));
        String directory = bwrap ? RUNNER_MOUNT : classDirectory.toString();
        command.addAll(List.of("-cp", classPathEntry == null ? directory : directory + "/" + classPathEntry, mainClass));
        command.addAll(List.of(arguments));
        return command;
    }

    /** Everything before {@code java} on {@code runtime}: limits, user, isolation. Also what {@link IsolationProbe} tries. */
    static List<String> prefix(ChildRuntime runtime, Isolation isolation, Limits limits, ChildUser.Lease user, Path scratch) {
        return prefix(isolation, limits, user,
                () -> bubblewrap(runtime, RunnerClassPath.directory(), scratch, Optional.empty(), false));
    }

    /** The prefix, with {@code bubblewrap} giving bubblewrap's part when that is the isolation. */
    private static List<String> prefix(Isolation isolation, Limits limits, ChildUser.Lease user,
                                       Supplier<List<String>> bubblewrap) {
        List<String> command = new ArrayList<>(ResourceLimits.prefix(limits, user.switched()));
        command.addAll(user.prefix());
        switch (isolation) {
            case BWRAP -> command.addAll(bubblewrap.get());
            case UNSHARE -> command.addAll(IsolationProbe.unshareCommand());
            default -> {
                // Its own session and process group, so that killing the group reaches grandchildren
                // left behind when the JVM itself is gone (no PID namespace does it for us here).
                if (Tools.SETSID) {
                    command.add(Tools.path("setsid"));
                }
            }
        }
        return command;
    }

    /**
     * The JVM's options: heap and the JVM's own reservations sized to fit the address-space
     * limit; every message of the JVM to stderr, never a file (no hs_err file, no core dump).
     */
    static List<String> jvmOptions(Limits limits, boolean peakSpeed) {
        List<String> options = new ArrayList<>(List.of(
                "-Xmx" + limits.heapMegabytes() + "m",
                "-Xms" + Math.min(32, limits.heapMegabytes()) + "m",
                "-Xss1m",                     // other threads; the calling thread gets the submission's stack
                "-XX:+UseSerialGC",
                "-XX:+ExitOnOutOfMemoryError",
                "-XX:MaxMetaspaceSize=64m",
                "-XX:CompressedClassSpaceSize=32m",
                "-XX:ReservedCodeCacheSize=" + (peakSpeed ? 64 : 32) + "m",
                "-XX:MaxDirectMemorySize=16m",
                "-XX:+DisplayVMOutputToStderr",
                "-XX:+ErrorFileToStderr",     // a crash report goes to stderr, not to a file beside the child
                "-XX:-CreateCoredumpOnCrash",
                "-XX:-UsePerfData",          // no hsperfdata file: nothing written, nothing to discover
                "-XX:ActiveProcessorCount=1", // fewer JVM threads; grading runs several children at once
                "-Xshare:auto",
                "-Xlog:disable",
                "-Xlog:all=error:stderr",
                "-Dfile.encoding=UTF-8",
                "-Duser.language=en"));
        if (!peakSpeed) {
            options.add("-XX:TieredStopAtLevel=1"); // C1 only: a quicker start for a few hundred calls
            // The runner calls the submission by reflection, whose default generates a class per method
            // after 15 calls, and again after every RESET (new Method objects): in a child of a few
            // thousand calls that costs more CPU time than the JNI call it replaces (measured: README).
            options.add("-Dsun.reflect.inflationThreshold=" + Integer.MAX_VALUE);
        }
        return options;
    }

    /**
     * The bubblewrap prefix of a child's command: only /usr (the C library), the child runtime,
     * the runner and the child's pipes are visible, read-only; /tmp is a private, sized tmpfs;
     * every namespace is new. No /etc: the java.base runtime needs none of it.
     *
     * @param archiveDirectory the runner's archives, mounted read-only at {@value #ARCHIVE_MOUNT}
     * @param writableScratch  whether the scratch directory is writable (only for the archive's
     *                         training run, where no submission runs)
     */
    static List<String> bubblewrap(ChildRuntime runtime, Path runnerDirectory, Path scratch,
                                   Optional<Path> archiveDirectory, boolean writableScratch) {
        List<String> args = new ArrayList<>(List.of(Tools.path("bwrap"), "--unshare-all", "--die-with-parent", "--new-session",
                "--hostname", "sandbox", "--ro-bind", "/usr", "/usr"));
        for (String dir : List.of("/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32")) {
            Path path = Path.of(dir);
            if (Files.isSymbolicLink(path)) {
                try {
                    args.addAll(List.of("--symlink", Files.readSymbolicLink(path).toString(), dir));
                } catch (IOException e) {
                    // unreadable link: leave it out
                }
            } else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                args.addAll(List.of("--ro-bind", dir, dir));
            }
        }
        args.addAll(List.of("--ro-bind", runtime.home().toString(), RUNTIME_MOUNT));
        if (!runtime.linked()) {
            args.addAll(Tools.bindsOutsideHome(runtime.home())); // Debian's JDK links conf/ into /etc
        }
        args.addAll(List.of("--ro-bind", runnerDirectory.toString(), RUNNER_MOUNT));
        archiveDirectory.ifPresent(directory -> args.addAll(List.of("--ro-bind", directory.toString(), ARCHIVE_MOUNT)));
        if (scratch != null) {
            args.addAll(List.of(writableScratch ? "--bind" : "--ro-bind", scratch.toString(), SCRATCH_MOUNT));
        }
        args.addAll(List.of("--proc", "/proc", "--dev", "/dev",
                "--size", String.valueOf(SandboxLauncher.TMP_BYTES), "--tmpfs", "/tmp",
                "--remount-ro", "/",         // bubblewrap's root is an unsized tmpfs: nothing may be written there
                "--chdir", "/tmp", "--"));
        return args;
    }

    /** The java a probe runs: {@code runtime}'s, inside bubblewrap at its mount point. */
    static String probeJava(ChildRuntime runtime, Isolation isolation) {
        return isolation == Isolation.BWRAP ? RUNTIME_MOUNT + "/bin/java" : runtime.java();
    }

    /** A child's whole environment, stated here: nothing of the judge's reaches it (not its PATH, not its JAVA_TOOL_OPTIONS). */
    Map<String, String> environment(Path scratch) {
        String tmp = isolation == Isolation.BWRAP ? "/tmp" : scratch.resolve("tmp").toString();
        // MALLOC_ARENA_MAX: glibc reserves 64 MiB of address space per arena and thread; two arenas fit the limit
        return Map.of("PATH", "/usr/bin:/bin", "LANG", "C.UTF-8", "HOME", tmp, "TMPDIR", tmp, "MALLOC_ARENA_MAX", "2");
    }
}
