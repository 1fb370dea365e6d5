package org.katajudge.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Stream;

/**
 * Starts child JVMs for submissions: picks the OS isolation, builds the command line, and opens
 * a {@link SandboxSession} on each child. One launcher serves a whole grading run.
 */
public final class SandboxLauncher {

    /** Where the runner's class path is mounted inside a bubblewrap sandbox. */
    private static final String RUNNER_MOUNT = "/runner";
    private static final String RUNNER_MAIN = "org.katajudge.sandbox.runner.Runner";

    /** Watches every session's deadlines; one daemon thread for the whole judge. */
    private static final ScheduledExecutorService MONITOR = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "kata-judge-sandbox-monitor");
        thread.setDaemon(true);
        return thread;
    });

    /** Whether util-linux's setsid is there to give an unisolated child its own process group. */
    private static final boolean SETSID = Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":"))
            .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "setsid")));

    private final Isolation isolation;
    private final Limits limits;

    private SandboxLauncher(Isolation isolation, Limits limits) {
        this.isolation = isolation;
        this.limits = limits;
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
        return new SandboxLauncher(isolation, limits);
    }

    public Isolation isolation() {
        return isolation;
    }

    public Limits limits() {
        return limits;
    }

    /** A launcher like this one with other limits (e.g. a kata's own per-call time). */
    public SandboxLauncher withLimits(Limits other) {
        return new SandboxLauncher(isolation, other);
    }

    /**
     * Starts a child JVM and loads the submission into it.
     *
     * @param peakSpeed whether to let the JIT reach full speed (fuzzing many cases) rather than
     *                  start as fast as possible (grading a few hundred)
     */
    public SandboxSession open(LoadRequest request, boolean peakSpeed)
            throws SandboxException, SubmissionLoadException {
        Path scratch;
        try {
            scratch = Files.createTempDirectory("kata-judge-child-");
        } catch (IOException e) {
            throw new SandboxException("cannot create a scratch directory: " + e.getMessage(), e);
        }
        ChildProcess child;
        try {
            child = ChildProcess.start(command(peakSpeed, scratch), environment(scratch), scratch, 16 << 10,
                    isolation == Isolation.NONE && SETSID);
        } catch (IOException e) {
            Directories.delete(scratch);
            throw new SandboxException(e.getMessage(), e);
        }
        return SandboxSession.open(child, request, limits, MONITOR, () -> Directories.delete(scratch));
    }

    List<String> command(boolean peakSpeed, Path scratch) {
        List<String> command = new ArrayList<>();
        String classPath;
        switch (isolation) {
            case BWRAP -> {
                command.addAll(bubblewrap(RunnerClassPath.directory()));
                classPath = RUNNER_MOUNT;
            }
            case UNSHARE -> {
                command.addAll(IsolationProbe.unshareCommand());
                classPath = RunnerClassPath.directory().toString();
            }
            default -> {
                // Its own session and process group, so that killing the group reaches grandchildren
                // left behind when the JVM itself is gone (no PID namespace does it for us here).
                if (SETSID) {
                    command.add("setsid");
                }
                classPath = RunnerClassPath.directory().toString();
            }
        }
        command.add(java());
        command.addAll(List.of(
                "-Xmx" + limits.heapMegabytes() + "m",
                "-Xms" + Math.min(32, limits.heapMegabytes()) + "m",
                "-Xss" + limits.stackMegabytes() + "m",
                "-XX:+UseSerialGC",
                "-XX:+ExitOnOutOfMemoryError",
                "-XX:+DisplayVMOutputToStderr", // the JVM's own messages (OOM, crashes) must never reach stdout, the protocol
                "-XX:-UsePerfData",          // no hsperfdata file: nothing written, nothing to discover
                "-XX:ActiveProcessorCount=1", // fewer JVM threads; grading runs several children at once
                "-Xshare:auto",
                "-Xlog:disable",
                "-Xlog:all=error:stderr",    // JVM logging must never reach stdout, the protocol
                "-Djava.io.tmpdir=" + (isolation == Isolation.BWRAP ? "/tmp" : scratch.toString()),
                "-Dfile.encoding=UTF-8",
                "-Duser.language=en"));
        if (!peakSpeed) {
            command.add("-XX:TieredStopAtLevel=1"); // C1 only: a quicker start for a few hundred calls
        }
        command.addAll(List.of("-cp", classPath, RUNNER_MAIN));
        return command;
    }

    /** The child's java: the judge's own. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The bubblewrap prefix of a child's command: only system directories, the JDK and the
     * runner are visible, read-only; /tmp is a private tmpfs; every namespace is new.
     */
    static List<String> bubblewrap(Path runnerDirectory) {
        Path javaHome = Path.of(System.getProperty("java.home"));
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
        args.addAll(List.of("--ro-bind", "/etc", "/etc")); // Debian's JDK keeps its conf/ and security/ under /etc
        try {
            Path realJavaHome = javaHome.toRealPath();
            if (!realJavaHome.startsWith("/usr")) {
                args.addAll(List.of("--ro-bind", realJavaHome.toString(), realJavaHome.toString()));
            }
            if (!javaHome.equals(realJavaHome) && !javaHome.startsWith("/usr")) {
                args.addAll(List.of("--ro-bind", javaHome.toString(), javaHome.toString()));
            }
        } catch (IOException e) {
            args.addAll(List.of("--ro-bind", javaHome.toString(), javaHome.toString()));
        }
        args.addAll(List.of("--ro-bind", runnerDirectory.toString(), RUNNER_MOUNT,
                "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--chdir", "/tmp", "--"));
        return args;
    }

    private Map<String, String> environment(Path scratch) {
        String tmp = isolation == Isolation.BWRAP ? "/tmp" : scratch.toString();
        return Map.of("PATH", "/usr/bin:/bin", "LANG", "C.UTF-8", "HOME", tmp, "TMPDIR", tmp);
    }
}
