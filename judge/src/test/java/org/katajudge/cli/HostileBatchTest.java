package org.katajudge.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.TestHome;
import org.junit.platform.engine.CancellationToken;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.engine.EngineOptions;
import org.katajudge.engine.GradingEngine;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.Submission;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.RunnerClassPath;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile submissions and correct ones graded in one batch, with {@code --jobs 2}, under
 * bubblewrap and again without OS isolation, with the policy OFF so that what the
 * policy would reject reaches the sandbox: each hostile one gets the verdict
 * {@code hostile/expected.properties} names, every correct one stays ACCEPTED, no file outside
 * the sandbox changes (the other students' sources, a canary folder, the judge's runner), no
 * connection reaches a socket listening on 127.0.0.1, and the console carries no raw escape.
 */
class HostileBatchTest {

    /**
     * The port the hostile property-rewriter's source points its proxy at; its copy in the batch
     * points at the port this test listens on, a free one (a fixed port clashed with another run
     * of this test on the same machine).
     */
    private static final String SOURCE_PROXY_PORT = "47613";
    private static final String KATA = "chess-square-color";

    @TempDir
    Path work;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Isolation.class, names = {"BWRAP", "NONE"})
    void everyHostileSubmissionGetsItsVerdictAndHarmsNothing(Isolation isolation) throws Exception {
        try {
            SandboxLauncher.create(Optional.of(isolation), Limits.DEFAULT);
        } catch (SandboxException e) {
            Assumptions.abort("skipped: " + e.getMessage());
        }
        Path hostile = hostileCorpus();
        Map<String, Verdict> expected = expectedVerdicts(hostile.resolve("expected.properties"), isolation);

        // A class folder as a teacher has it: readable by everyone, writable by the teacher only.
        Path batch = work.resolve("batch").resolve(KATA);
        for (String name : expected.keySet()) {
            TestHome.copyTree(hostile.resolve(KATA).resolve(name), batch.resolve(name));
        }
        ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        int port = listener.getLocalPort();
        Path rewriter = batch.resolve("puts-system-properties").resolve("SquareColor.java");
        if (Files.exists(rewriter)) {
            String source = Files.readString(rewriter);
            assertTrue(source.contains('"' + SOURCE_PROXY_PORT + '"'), "the rewriter's proxy port is where this test expects it");
            Files.writeString(rewriter, source.replace('"' + SOURCE_PROXY_PORT + '"', "\"" + port + "\""));
        }
        List<String> correct = new ArrayList<>();
        try (Stream<Path> samples = Files.list(TestHome.submissions().resolve(KATA).resolve("accepted"))) {
            for (Path sample : samples.sorted().toList()) {
                String name = "correct-" + sample.getFileName();
                TestHome.copyTree(sample, batch.resolve(name));
                correct.add(name);
            }
        }
        Path canary = work.resolve("kata-judge-canary").resolve("other-student");
        Files.createDirectories(canary);
        Files.writeString(canary.resolve("SquareColor.java"), "// another student's work\n");
        Files.writeString(work.resolve("kata-judge-canary").resolve("marks.csv"), "student,score\n");
        readableByAll(work);
        Map<Path, String> before = judgeAndStudentFiles();

        AtomicInteger connections = new AtomicInteger();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        List<SubmissionResult> results;
        try (listener) {
            Thread acceptor = new Thread(() -> {
                while (true) {
                    try (Socket ignored = listener.accept()) {
                        connections.incrementAndGet();
                    } catch (SocketException closed) {
                        return;
                    } catch (IOException e) {
                        connections.incrementAndGet();
                    }
                }
            }, "hostile-batch-listener");
            acceptor.setDaemon(true);
            acceptor.start();

            List<Submission> submissions = GradeCommand.find(Workspace.open(Optional.empty()), Optional.empty(),
                    List.of(work.resolve("batch")));
            assertEquals(expected.size() + correct.size(), submissions.size(), () -> "found " + submissions);
            GradingPlan plan = GradingPlan.of(submissions, KataCatalog.load(TestHome.katas()),
                    GradingOptions.grading(0, 20).withEnforcePolicy(false));
            PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
            ConsoleReport report = new ConsoleReport(out);
            long started = System.nanoTime();
            try (GradingEngine engine = GradingEngine.open(EngineOptions.defaults().withJobs(2)
                    .withIsolation(Optional.of(isolation)))) {
                results = EngineRun.grade(engine, plan, false, Optional.empty(), report::result,
                        CancellationToken.disabled()).resultsByPath();
            }
            report.summary(results, Duration.ofNanos(System.nanoTime() - started));
        }

        Map<String, SubmissionResult> byName = new LinkedHashMap<>();
        for (SubmissionResult result : results) {
            byName.put(Path.of(result.submission()).getFileName().toString(), result);
        }
        String text = console.toString(StandardCharsets.UTF_8);
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        expected.forEach((name, verdict) -> checks.add(() -> {
            SubmissionResult result = byName.get(name);
            assertNotNull(result, name + " has no result");
            assertEquals(verdict, result.verdict(), () -> name + ": " + result.message());
        }));
        for (String name : correct) {
            checks.add(() -> assertEquals(Verdict.ACCEPTED, byName.get(name).verdict(),
                    () -> name + ": " + byName.get(name).message()));
        }
        checks.add(() -> {
            int size = ReportJson.toJson(byName.get("huge-exception-messages")).length();
            assertTrue(size < 64 << 10, "the result of a 16 MiB message takes " + size + " characters");
        });
        checks.add(() -> assertEquals(0, connections.get(), "connections reached 127.0.0.1:" + port));
        checks.add(() -> assertFalse(text.indexOf('\u001b') >= 0, "a raw ESC on the console:\n" + text));
        checks.add(() -> {
            assertEquals(before, judgeAndStudentFiles(), "files outside the sandbox changed");
        });
        assertAll(checks);
    }

    /**
     * The batch, the canary, the runner's class path and the child runtime images in this build's
     * judge cache (the one the children run; {@code SandboxLauncher.create} made it): every file,
     * hashed. Only files this build made: another judge's on the machine may change meanwhile.
     */
    private Map<Path, String> judgeAndStudentFiles() throws IOException, NoSuchAlgorithmException {
        Map<Path, String> files = new TreeMap<>(snapshot(work));
        files.putAll(snapshot(RunnerClassPath.directory()));
        Path cache = SandboxLauncher.cacheDirectory().orElseThrow(() -> new AssertionError(
                "the tests run with a judge cache of their own (KATA_JUDGE_CACHE in the pom)"));
        List<Path> runtimes;
        try (Stream<Path> entries = Files.list(cache)) {
            runtimes = entries.filter(p -> p.getFileName().toString().startsWith("runtime-")
                    && Files.isDirectory(p.resolve("image"))).sorted().toList();
        }
        assertFalse(runtimes.isEmpty(), "no child runtime in " + cache);
        for (Path runtime : runtimes) {
            files.putAll(snapshot(runtime.resolve("image")));
        }
        return files;
    }

    /** {@code hostile/} of the test resources. */
    private static Path hostileCorpus() throws URISyntaxException {
        return Path.of(HostileBatchTest.class.getResource("/hostile/expected.properties").toURI()).getParent();
    }

    /** name → verdict under {@code isolation}, from {@code name = VERDICT} or {@code name = BWRAP_VERDICT, NONE_VERDICT}. */
    private static Map<String, Verdict> expectedVerdicts(Path file, Isolation isolation) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        }
        Map<String, Verdict> expected = new TreeMap<>();
        for (String name : properties.stringPropertyNames()) {
            String[] verdicts = properties.getProperty(name).split(",");
            String verdict = (isolation == Isolation.NONE && verdicts.length > 1 ? verdicts[1] : verdicts[0]).strip();
            if (!verdict.equals("-")) {
                expected.put(name, Verdict.valueOf(verdict));
            }
        }
        if (isolation == Isolation.NONE && !rootJudge()) {
            // Without OS isolation and without a user of its own for the child, only the policy
            // (off here) guards the judge user's files: this one would really overwrite them.
            expected.remove("overwrites-other-students");
        }
        return expected;
    }

    private static boolean rootJudge() throws IOException {
        Path probe = Files.createTempFile("kata-judge-who-", "");
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(probe, "unix:uid"));
        } finally {
            Files.delete(probe);
        }
    }

    private static void readableByAll(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.toList()) {
                Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(
                        Files.isDirectory(path) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
    }

    /** Every regular file below {@code root} with a hash of its content. */
    private static Map<Path, String> snapshot(Path root) throws IOException, NoSuchAlgorithmException {
        Map<Path, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.filter(Files::isRegularFile).toList()) {
                files.put(path, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(path))));
            }
        }
        return files;
    }
}
