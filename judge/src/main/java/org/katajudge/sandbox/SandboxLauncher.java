package org.katajudge.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Starts child JVMs for submissions: picks the OS isolation, builds the command line, and opens
 * a {@link SandboxSession} on each child. One launcher serves a whole grading run.
 *
 * <p>A child's command is, outermost first: the resource limits ({@link ResourceLimits}: address
 * space, file size, no core dumps), the switch to a user of its own when the judge runs as root
 * ({@link ChildUser}), the isolation (bubblewrap, unshare, or only {@code setsid}), then the
 * child runtime's {@code java} (java.base only, {@link ChildRuntime}) with the runner.
 */
public final class SandboxLauncher {

    /** Where the runner's class path is mounted inside a bubblewrap sandbox. */
    private static final String RUNNER_MOUNT = "/runner";
    /** Where the child runtime is mounted inside a bubblewrap sandbox. */
    private static final String RUNTIME_MOUNT = "/jdk";
    /** Where the child's scratch directory (holding only the judge's two pipes) is mounted inside bubblewrap. */
    private static final String SCRATCH_MOUNT = "/judge";
    /** Where the runner's class-data-sharing archives are mounted inside bubblewrap. */
    private static final String ARCHIVE_MOUNT = "/cds";
    private static final String RUNNER_MAIN = "org.katajudge.sandbox.runner.Runner";
    /** The size of bubblewrap's private /tmp, and the largest file a child may write in any mode. */
    static final long TMP_BYTES = 64L << 20;

    /** Watches every session's deadlines; one daemon thread for the whole judge. */
    private static final ScheduledExecutorService MONITOR = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "kata-judge-sandbox-monitor");
        thread.setDaemon(true);
        return thread;
    });

    private final Isolation isolation;
    private final Limits limits;
    /** Ends sessions in the background, or null: {@link #close(SandboxSession)} ends them at once. */
    private final Reaper reaper;

    private SandboxLauncher(Isolation isolation, Limits limits, Reaper reaper) {
        this.isolation = isolation;
        this.limits = limits;
        this.reaper = reaper;
    }

    /**
     * @param requested the isolation to use, or empty for the strongest that works here
     * @throws SandboxException when the requested isolation does not work on this machine
     */
    public static SandboxLauncher create(Optional<Isolation> requested, Limits limits) throws SandboxException {
        Isolation isolation;
        if (requested.isPresent()) {
            isolation = requested.get();
            if (!IsolationProbe.works(isolation)) {
                throw new SandboxException("isolation " + isolation.optionValue() + " does not work on this machine"
                        + (isolation == Isolation.BWRAP ? " (is bubblewrap installed? apt-get install bubblewrap)" : ""));
            }
        } else {
            isolation = IsolationProbe.strongest();
        }
        return new SandboxLauncher(isolation, limits, null);
    }

    /**
     * The directory this judge process makes its children's scratch directories in, and nothing
     * else: each is removed when its child has ended (the judge's other processes and other
     * judges have their own).
     */
    public static Path scratchDirectories() {
        return JudgeDirectory.children();
    }

    public Isolation isolation() {
        return isolation;
    }

    public Limits limits() {
        return limits;
    }

    /** A launcher like this one with other limits (e.g. a kata's own per-call time). */
    public SandboxLauncher withLimits(Limits other) {
        return new SandboxLauncher(isolation, other, reaper);
    }

    /**
     * A launcher like this one whose {@link #close(SandboxSession)} ends sessions in the
     * background ({@link Reaper}); it and the launchers made from it share one reaper, which
     * {@link #awaitClosed(Duration)} waits for.
     */
    public SandboxLauncher closingInBackground() {
        return new SandboxLauncher(isolation, limits, new Reaper());
    }

    /** Ends a session of this launcher: in the background if it {@link #closingInBackground() closes there}, else now. */
    public void close(SandboxSession session) {
        if (reaper == null) {
            session.close();
        } else {
            reaper.close(session::close);
        }
    }

    /**
     * Waits until every session given to {@link #close(SandboxSession)} has ended (children
     * gone, scratch directories deleted); false if some had not within {@code timeout}.
     */
    public boolean awaitClosed(Duration timeout) {
        return reaper == null || reaper.awaitAll(timeout);
    }

    /**
     * Starts a child JVM and loads the submission into it.
     *
     * @param peakSpeed whether to let the JIT reach full speed (fuzzing many cases) rather than
     *                  start as fast as possible (grading a few hundred)
     */
    public SandboxSession open(LoadRequest request, boolean peakSpeed)
            throws SandboxException, SubmissionLoadException {
        return open(request, peakSpeed, RunnerArchive.of(this), false, scratch -> { });
    }

    /**
     * Starts a child that maps the runner's archive (when there is one) or, with {@code dumpArchive},
     * one that writes it at its end to {@value RunnerArchive#FILE_NAME} in its scratch directory,
     * which is then writable ({@link RunnerArchive}'s training run; no submission ever runs there).
     * {@code afterCleanExit} runs once the child has ended by itself with status 0 when asked to
     * (not killed: a training child killed while it wrote its archive left half a file), before its
     * scratch directory is deleted.
     */
    SandboxSession open(LoadRequest request, boolean peakSpeed, Optional<Path> archive, boolean dumpArchive,
                        Consumer<Path> afterCleanExit)
            throws SandboxException, SubmissionLoadException {
        ChildUser.Lease user = ChildUser.lease();
        Path scratch = null;
        AnswerChannel channel = null;
        try {
            scratch = Files.createTempDirectory(JudgeDirectory.children(), "child-");
            Path tmp = Files.createDirectory(scratch.resolve("tmp"));
            channel = AnswerChannel.create(scratch);
            user.own(scratch, tmp); // the pipes stay the judge's (mode 666 until the runner holds them)
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            if (scratch != null) {
                Directories.delete(scratch);
            }
            user.close();
            throw new SandboxException("cannot prepare the child's scratch directory: " + e.getMessage(), e);
        }
        Path scratchDir = scratch;
        SandboxSession.Release cleanup = exitedCleanly -> {
            try {
                if (exitedCleanly) {
                    afterCleanExit.accept(scratchDir);
                }
            } finally {
                Directories.delete(scratchDir);
                user.close();
            }
        };
        ChildProcess child;
        try {
            child = ChildProcess.start(command(peakSpeed, scratch, user, archive, dumpArchive), environment(scratch),
                    scratch, 16 << 10, isolation == Isolation.NONE && Tools.SETSID);
        } catch (IOException e) {
            channel.close();
            cleanup.release(false);
            throw new SandboxException(e.getMessage(), e);
        }
        // bubblewrap's /tmp is a sized tmpfs; elsewhere the judge bounds the child's temp directory itself
        Path watchedTmp = isolation == Isolation.BWRAP ? null : scratch.resolve("tmp");
        // the training run writes the archive as the JVM ends: give it time to finish
        Duration exitWait = dumpArchive ? RunnerArchive.DUMP_TIME : SandboxSession.EXIT_WAIT;
        return SandboxSession.open(child, channel, request, limits, watchedTmp, MONITOR, cleanup, exitWait);
    }

    List<String> command(boolean peakSpeed, Path scratch, ChildUser.Lease user, Optional<Path> archive,
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
    List<String> command(boolean peakSpeed, Path scratch, ChildUser.Lease user, Path classDirectory, String mainClass,
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
        ChildRuntime runtime = ChildRuntime.get();
        boolean bwrap = isolation == Isolation.BWRAP;
        List<String> command = prefix(isolation, limits, user,
                () -> bubblewrap(classDirectory, scratch, archiveDirectory, writableScratch));
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

    /** Everything before {@code java}: limits, user, isolation. Also what {@link IsolationProbe} tries. */
    static List<String> prefix(Isolation isolation, Limits limits, ChildUser.Lease user, Path scratch) {
        return prefix(isolation, limits, user, () -> bubblewrap(RunnerClassPath.directory(), scratch, Optional.empty(), false));
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
                    command.add("setsid");
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
    static List<String> bubblewrap(Path runnerDirectory, Path scratch, Optional<Path> archiveDirectory,
                                   boolean writableScratch) {
        ChildRuntime runtime = ChildRuntime.get();
        List<String> args = new ArrayList<>(List.of("bwrap", "--unshare-all", "--die-with-parent", "--new-session",
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
                "--size", String.valueOf(TMP_BYTES), "--tmpfs", "/tmp",
                "--remount-ro", "/",         // bubblewrap's root is an unsized tmpfs: nothing may be written there
                "--chdir", "/tmp", "--"));
        return args;
    }

    /** The java a probe runs: the child runtime's, inside bubblewrap at its mount point. */
    static String probeJava(Isolation isolation) {
        return isolation == Isolation.BWRAP ? RUNTIME_MOUNT + "/bin/java" : ChildRuntime.get().java();
    }

    Map<String, String> environment(Path scratch) {
        String tmp = isolation == Isolation.BWRAP ? "/tmp" : scratch.resolve("tmp").toString();
        // MALLOC_ARENA_MAX: glibc reserves 64 MiB of address space per arena and thread; two arenas fit the limit
        return Map.of("PATH", "/usr/bin:/bin", "LANG", "C.UTF-8", "HOME", tmp, "TMPDIR", tmp, "MALLOC_ARENA_MAX", "2");
    }
}
