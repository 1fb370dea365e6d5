package org.katajudge.sandbox;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.TestHome;
import org.katajudge.reference.squarecolor.SquareColor;
import org.katajudge.sandbox.CallResult.Outcome;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.INT_ARRAY;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.sandbox.SandboxFixtures.SMALL;
import static org.katajudge.sandbox.SandboxFixtures.callOnce;
import static org.katajudge.sandbox.SandboxFixtures.describe;
import static org.katajudge.sandbox.SandboxFixtures.method;

/**
 * What the operating system's isolation takes away from a submission: bubblewrap hides the
 * judge's files and keeps writes in a private /tmp; bubblewrap and unshare both cut the network
 * and give the child its own PID namespace. A control run without isolation shows that the same
 * probes do detect an escape, so a pass means "blocked", not "the probe never worked".
 */
@Execution(ExecutionMode.CONCURRENT)
class NamespaceIsolationTest {

    private static final String PROBES = """
            import java.io.File;
            import java.net.InetSocketAddress;
            import java.net.NetworkInterface;
            import java.net.Socket;
            import java.nio.file.Files;
            import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
            import java.util.Collections;
            import java.util.Optional;

            public class Hostile {
                /** Creates {@code dir} if need be and writes escaped.txt into it; "written" or why not. */
                public static String writeInto(String dir) {
                    try {
                        Path path = Path.of(dir);
                        Files.createDirectories(path);
                        Files.writeString(path.resolve("escaped.txt"), "escaped");
                        return "written";
                    } catch (Exception e) {
                        return e.toString();
                    }
                }

                /** Which of the newline-separated paths exist here. */
                public static String visible(String paths) {
                    StringBuilder seen = new StringBuilder();
                    for (String path : paths.split("\\n")) {
                        if (new File(path).exists()) {
                            seen.append(path).append('\\n');
                        }
                    }
                    return seen.toString();
                }

                /** Loads a class of the judge through a class loader over the judge's own class directory. */
                public static String loadFrom(String url) {
                    try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                            new java.net.URL[] {new java.net.URL(url)}, null)) {
                        return "loaded " + loader.loadClass("org.katajudge.reference.squarecolor.SquareColor");
                    } catch (Throwable e) {
                        return e.toString();
                    }
                }

                public static String connect(int port) {
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                        return "connected";
                    } catch (Exception e) {
                        return e.toString();
                    }
                }

                /** The network interfaces other than loopback, comma-separated. */
                public static String interfaces(int unused) throws Exception {
                    StringBuilder names = new StringBuilder();
                    try {
                        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                            if (!nic.isLoopback()) {
                                names.append(names.length() == 0 ? "" : ",").append(nic.getName());
                            }
                        }
                    } catch (java.net.SocketException none) {
                        // "No network interfaces configured"
                    }
                    return names.toString();
                }

                /** {own pid, whether the judge's pid is visible, how many processes are visible}. */
                public static int[] processes(int judgePid) {
                    return new int[] {(int) ProcessHandle.current().pid(),
                            ProcessHandle.of(judgePid).isPresent() ? 1 : 0,
                            (int) ProcessHandle.allProcesses().count()};
                }

                /** "uid N" as this process sees it, then "read P" or "denied P" for each newline-separated path. */
                public static String identity(String paths) {
                    StringBuilder seen = new StringBuilder("uid ");
                    try {
                        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                            if (line.startsWith("Uid:")) {
                                seen.append(new java.util.Scanner(line.substring(4)).next());
                            }
                        }
                    } catch (Exception e) {
                        seen.append("?");
                    }
                    for (String path : paths.split("\\n")) {
                        try {
                            Files.readAllBytes(Path.of(path));
                            seen.append("; read ").append(path);
                        } catch (Exception e) {
                            seen.append("; denied ").append(path);
                        }
                    }
                    return seen.toString();
                }

                /** Kills its parent and every other process it can see, unless it can see the judge. */
                public static String killParentAndEveryone(int judgePid) {
                    if (ProcessHandle.of(judgePid).isPresent() || ProcessHandle.allProcesses().count() > 10) {
                        return "refused: not isolated"; // a safety belt for the machine running the tests
                    }
                    long me = ProcessHandle.current().pid();
                    Optional<ProcessHandle> parent = ProcessHandle.current().parent();
                    parent.ifPresent(ProcessHandle::destroyForcibly);
                    long others = ProcessHandle.allProcesses().filter(p -> p.pid() != me)
                            .peek(ProcessHandle::destroyForcibly).count();
                    return "killed parent " + parent.map(p -> String.valueOf(p.pid())).orElse("none")
                            + " and " + others + " other(s)";
                }
            }
            """;

    private static final LoadRequest REQUEST = SandboxFixtures.request(PROBES,
            method("writeInto", STRING, STRING),
            method("visible", STRING, STRING),
            method("loadFrom", STRING, STRING),
            method("connect", STRING, INT),
            method("interfaces", STRING, INT),
            method("processes", INT_ARRAY, INT),
            method("killParentAndEveryone", STRING, INT),
            method("identity", STRING, STRING));
    private static final int WRITE_INTO = 0;
    private static final int VISIBLE = 1;
    private static final int LOAD_FROM = 2;
    private static final int CONNECT = 3;
    private static final int INTERFACES = 4;
    private static final int PROCESSES = 5;
    private static final int KILL_PARENT_AND_EVERYONE = 6;
    private static final int IDENTITY = 7;

    private static final int JUDGE_PID = (int) ProcessHandle.current().pid();

    @TempDir
    Path judgeFiles;

    /** Directories a failed test may have written on the host, removed whatever happens. */
    private final List<Path> cleanUp = new ArrayList<>();

    @AfterEach
    void removeEscapes() throws IOException {
        for (Path dir : cleanUp) {
            Files.deleteIfExists(dir.resolve("escaped.txt"));
            Files.deleteIfExists(dir);
        }
    }

    private static SandboxSession open(Isolation isolation) {
        return SandboxFixtures.open(SandboxFixtures.launcher(isolation, SMALL), REQUEST);
    }

    private static String returned(CallResult result) {
        assertEquals(Outcome.RETURNED, result.outcome(), result::toString);
        return (String) result.value();
    }

    private static Path referenceClasses() {
        try {
            return Path.of(SquareColor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    /** Files of the judge a submission must not see: they all exist here, on the judge's side. */
    private List<Path> judgePaths() {
        List<Path> paths = List.of(judgeFiles, TestHome.root(), referenceClasses(),
                RunnerClassPath.directory(), Path.of(System.getProperty("user.home")));
        for (Path path : paths) {
            assertTrue(Files.exists(path), "precondition: " + path + " exists for the judge");
        }
        return paths;
    }

    @Test
    void bubblewrapKeepsWritesInThePrivateTmp() {
        Path outside = judgeFiles.resolve("from-the-sandbox");
        try (SandboxSession session = open(Isolation.BWRAP)) {
            assertEquals("written", returned(callOnce(session, WRITE_INTO, "/tmp/scratch")),
                    "the private /tmp is writable");
            // The judge's temp dir: under /tmp the write "succeeds" into the private tmpfs, elsewhere it
            // fails; either way nothing may land on the judge's side.
            String escape = returned(callOnce(session, WRITE_INTO, outside.toString()));
            assertFalse(Files.exists(outside), "the write (" + escape + ") reached the judge's " + outside);

            // everything else is read-only: the runner's mount, /etc, the JDK
            Path runnerHost = RunnerClassPath.directory().resolve("from-the-sandbox");
            cleanUp.add(runnerHost);
            String intoRunner = returned(callOnce(session, WRITE_INTO, "/runner/from-the-sandbox"));
            assertNotEquals("written", intoRunner);
            assertFalse(Files.exists(runnerHost), "the runner's classes are mounted read-only");

            Path etc = Path.of("/etc/kata-judge-escape-" + ThreadLocalRandom.current().nextInt(1 << 30));
            cleanUp.add(etc);
            assertNotEquals("written", returned(callOnce(session, WRITE_INTO, etc.toString())));
            assertFalse(Files.exists(etc), "/etc is mounted read-only");
        }
    }

    @Test
    void bubblewrapHidesTheJudgesFiles() {
        List<Path> hidden = judgePaths();
        StringBuilder paths = new StringBuilder("/usr/bin\n"); // visible by design: a probe that can say yes
        hidden.forEach(p -> paths.append(p).append('\n'));
        try (SandboxSession session = open(Isolation.BWRAP)) {
            String seen = returned(callOnce(session, VISIBLE, paths.toString()));
            assertEquals("/usr/bin\n", seen, "of " + hidden + " the submission saw: " + seen);

            String loaded = returned(callOnce(session, LOAD_FROM, referenceClasses().toUri().toString()));
            assertTrue(loaded.startsWith("java.lang.ClassNotFoundException"), loaded);
        }
    }

    @Test
    void bubblewrapRunsTheChildUnprivilegedWithoutEtc() {
        assertTrue(Files.isReadable(Path.of("/etc/passwd")), "precondition: the judge can read /etc/passwd");
        try (SandboxSession session = open(Isolation.BWRAP)) {
            String identity = returned(callOnce(session, IDENTITY, "/etc/passwd\n/etc/shadow\n/etc/hostname"));
            assertFalse(identity.startsWith("uid 0;"), identity);
            assertFalse(identity.startsWith("uid ?"), identity);
            assertTrue(identity.contains("denied /etc/passwd"), identity);
            assertTrue(identity.contains("denied /etc/shadow"), identity);
            assertTrue(identity.contains("denied /etc/hostname"), identity);
        }
    }

    /** A root judge (CI, Docker) runs each child as a user of its own, whatever the isolation. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void aRootJudgesChildCannotReadRootsFiles(Isolation isolation) throws IOException {
        Assumptions.assumeTrue(ChildUser.switches(), "the judge does not run as root here");
        Path secret = Files.writeString(judgeFiles.resolve("secret"), "root's");
        Files.setPosixFilePermissions(judgeFiles, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        try (SandboxSession session = open(isolation)) {
            String identity = returned(callOnce(session, IDENTITY, "/etc/shadow\n" + secret));
            assertTrue(identity.contains("denied /etc/shadow"), identity);
            assertTrue(identity.contains("denied " + secret), identity);
            if (isolation == Isolation.NONE) {
                long uid = Long.parseLong(identity.substring(4, identity.indexOf(';')));
                assertTrue(uid >= ChildUser.BASE, identity);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Isolation.class, names = {"UNSHARE", "BWRAP"})
    void theNetworkIsOutOfReach(Isolation isolation) throws IOException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             SandboxSession session = open(isolation)) {
            String connect = returned(callOnce(session, CONNECT, server.getLocalPort()));
            String interfaces = returned(callOnce(session, INTERFACES, 0));

            assertNotEquals("connected", connect);
            server.setSoTimeout(200);
            assertThrows(SocketTimeoutException.class, server::accept, "the judge's server was reached");
            assertEquals("", interfaces, "no network interface but a loopback of its own");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Isolation.class, names = {"UNSHARE", "BWRAP"})
    void theChildHasItsOwnPidNamespace(Isolation isolation) {
        try (SandboxSession session = open(isolation)) {
            int[] seen = (int[]) callOnce(session, PROCESSES, JUDGE_PID).value();
            // unshare: the JVM is PID 1 and alone; bwrap: its init is PID 1, the JVM PID 2
            assertTrue(seen[0] <= 2, "own pid " + seen[0]);
            assertEquals(0, seen[1], "the judge's pid " + JUDGE_PID + " is visible");
            assertTrue(seen[2] <= 2, seen[2] + " processes visible");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Isolation.class, names = {"UNSHARE", "BWRAP"})
    void killingItsParentAndEveryoneItSeesCannotHarmTheJudge(Isolation isolation) {
        // Never run without isolation: there the parent IS this JVM (the submission refuses then anyway).
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL);
        SandboxSession[] opened = new SandboxSession[1];
        List<CallResult> results = assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
            try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
                opened[0] = session;
                List<CallResult> both = new ArrayList<>();
                both.add(callOnce(session, KILL_PARENT_AND_EVERYONE, JUDGE_PID));
                both.addAll(session.call(PROCESSES, List.<Object[]>of(SandboxFixtures.args(JUDGE_PID))));
                return both;
            }
        });
        CallResult kill = results.get(0);
        assertTrue(kill.returned() || kill.fatal(), kill::toString);
        if (kill.returned()) {
            assertTrue(((String) kill.value()).startsWith("killed parent"), kill::toString);
        }
        for (CallResult next : results.subList(1, results.size())) {
            assertTrue(next.returned() || next.fatal(), next::toString); // the session answers or ends cleanly
        }
        // We are still here: the test JVM was not killed. Nothing of the child is left either.
        assertTrue(ProcessHandle.current().isAlive());
        List<ProcessHandle> left = SandboxFixtures.survivorsOf(opened[0], Duration.ofSeconds(3));
        assertTrue(left.isEmpty(), () -> "left behind: " + describe(left));
    }

    /** Whether a user who owns none of its directories may reach {@code path}: every directory above it lets others pass. */
    private static boolean reachableByEveryone(Path path) {
        for (Path dir = path.toAbsolutePath().getParent(); dir != null; dir = dir.getParent()) {
            try {
                if (!Files.getPosixFilePermissions(dir).contains(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE)) {
                    return false;
                }
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }

    /** The judge's network interfaces other than loopback, as the probe lists them. */
    private static String hostInterfaces() throws IOException {
        List<String> names = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isLoopback()) {
                    names.add(nic.getName());
                }
            }
        } catch (SocketException none) {
            // "No network interfaces configured", as in the probe
        }
        return String.join(",", names);
    }

    /** The control: without isolation the very same probes escape, so the tests above can fail. */
    @Test
    void withoutIsolationTheSameProbesDoEscape() throws IOException {
        // A directory anyone may write: a root judge runs its children as users of their own,
        // who cannot write into the judge's own (0700) temp directory.
        Files.setPosixFilePermissions(judgeFiles, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path outside = Files.createDirectory(judgeFiles.resolve("from-the-sandbox"));
        Files.setPosixFilePermissions(outside, PosixFilePermissions.fromString("rwxrwxrwx"));
        // A root judge's child is a user of its own: isolation or not, it sees only what every user
        // may reach, so a path under a directory only the judge may enter is hidden from it (a
        // clone in such a directory hid the repository from this probe, issue 19). Expected: what
        // the child's user can reach, at least the judge's temp dir and the runner.
        Path privateDir = Files.createDirectory(judgeFiles.resolve("private"));
        Files.setPosixFilePermissions(privateDir, PosixFilePermissions.fromString("rwx------"));
        List<Path> probed = new ArrayList<>(judgePaths());
        probed.add(Files.createDirectory(privateDir.resolve("inside")));
        List<String> reachable = probed.stream().filter(p -> !ChildUser.switches() || reachableByEveryone(p))
                .map(Path::toString).toList();
        assertTrue(reachable.contains(judgeFiles.toString()) && reachable.contains(RunnerClassPath.directory().toString()),
                "precondition: the probe can say yes: " + reachable);
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             SandboxSession session = open(Isolation.NONE)) {
            assertEquals("written", returned(callOnce(session, WRITE_INTO, outside.toString())));
            assertTrue(Files.exists(outside.resolve("escaped.txt")));

            String seen = returned(callOnce(session, VISIBLE, String.join("\n",
                    probed.stream().map(Path::toString).toList())));
            assertEquals(reachable, seen.lines().toList());

            assertEquals("connected", returned(callOnce(session, CONNECT, server.getLocalPort())));
            server.setSoTimeout(2000);
            try (Socket accepted = server.accept()) {
                assertTrue(accepted.isConnected());
            }

            assertEquals(hostInterfaces(), returned(callOnce(session, INTERFACES, 0)));

            int[] processes = (int[]) callOnce(session, PROCESSES, JUDGE_PID).value();
            assertEquals(1, processes[1], "the judge is visible without isolation");
        }
    }
}
