package org.katajudge.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.Spinners;
import org.katajudge.TestHome;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * README's first command on a machine the judge has never run on, while the machine is busy
 * (issue 19: the memory-exhaustion sample came out TIME_LIMIT_EXCEEDED there, first run, without
 * bubblewrap): the packaged judge's {@code verify} of the kata with every limit sample, with a temp
 * directory and an empty cache directory of its own (no java.base image, no runner archive: the first run makes both),
 * twice as many spinning processes as cores, and a second judge at once with bubblewrap hidden from
 * its PATH, so that its own detection falls back to the next isolation, as on a machine without it.
 */
class FirstRunIT {

    private static final String KATA = "chess-square-color";

    @TempDir
    Path work;

    /** One judge's first run: where it ran, its exit status and what it printed. */
    private record FirstRun(Path directory, int status, String said) {
    }

    /**
     * One test per case, bubblewrap on the PATH or not. The two first runs go at once, under one set
     * of spinners (each judge then has less of the machine than alone, and the whole takes less time
     * than one after the other), each in a directory of its own: temp directory, cache, report.
     */
    @TestFactory
    Stream<DynamicTest> verifyPassesOnAFreshBusyMachine() throws Exception {
        // readable by all, as /tmp is: a root judge's children are other users, and run the runtime made here
        Files.setPosixFilePermissions(work, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        List<Boolean> cases = List.of(false, true);
        Map<Boolean, Process> judges = new LinkedHashMap<>();
        Map<Boolean, FirstRun> runs = new LinkedHashMap<>();
        try (Spinners busy = Spinners.twicePerCore()) {
            for (boolean withBubblewrap : cases) {
                judges.put(withBubblewrap, start(directory(withBubblewrap), withBubblewrap));
            }
            for (boolean withBubblewrap : cases) {
                Process verify = judges.get(withBubblewrap);
                if (!verify.waitFor(15, TimeUnit.MINUTES)) { // a guard against a hang, not a measure
                    verify.descendants().forEach(ProcessHandle::destroyForcibly);
                    verify.destroyForcibly();
                }
                Path directory = directory(withBubblewrap);
                runs.put(withBubblewrap, new FirstRun(directory, verify.isAlive() ? -1 : verify.exitValue(),
                        Files.readString(directory.resolve("verify.log"), StandardCharsets.UTF_8)));
            }
        } finally {
            for (Process judge : judges.values()) {
                judge.descendants().forEach(ProcessHandle::destroyForcibly);
                judge.destroyForcibly();
            }
            removeLinks(directory(false).resolve("bin"));
        }
        return cases.stream().map(withBubblewrap -> DynamicTest.dynamicTest("bubblewrap on the PATH: " + withBubblewrap,
                () -> check(runs.get(withBubblewrap), withBubblewrap)));
    }

    private Path directory(boolean withBubblewrap) {
        return work.resolve(withBubblewrap ? "with-bwrap" : "without-bwrap");
    }

    /** Starts the packaged judge's {@code verify} in {@code directory}, with an empty cache and temp directory of its own. */
    private Process start(Path directory, boolean withBubblewrap) throws IOException {
        Files.createDirectory(directory);
        Path tmp = Files.createDirectory(directory.resolve("tmp"));
        for (Path dir : List.of(directory, tmp)) {
            Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        String path = withBubblewrap ? System.getenv("PATH") : pathWithout(directory, "bwrap").toString();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-jar", judgeJar().toString(), "verify", KATA,
                "--json", directory.resolve("report.json").toString());
        ProcessBuilder builder = new ProcessBuilder(command).directory(TestHome.root().toFile())
                .redirectErrorStream(true).redirectOutput(directory.resolve("verify.log").toFile());
        builder.environment().put("PATH", path);
        builder.environment().put("KATA_JUDGE_CACHE", directory.resolve("cache").toString()); // a fresh machine's: empty
        return builder.start();
    }

    private static void check(FirstRun run, boolean withBubblewrap) throws Exception {
        String said = run.said();
        assertEquals(0, run.status(), said);
        assertTrue(said.contains("every verdict as expected"), said);
        try (Stream<Path> made = Files.list(run.directory().resolve("cache"))) {
            assertTrue(made.anyMatch(p -> p.getFileName().toString().startsWith("runtime-")),
                    "the first run made the child runtime in its own, empty cache directory");
        }
        assertTrue(said.contains("building the judge's caches"), "and said so once: " + said);
        JsonNode results = new ObjectMapper().readTree(run.directory().resolve("report.json").toFile()).get("results");
        String expected = withBubblewrap ? strongestHere() : fallbackWithoutBubblewrap();
        for (JsonNode result : results) {
            assertEquals(expected, result.get("isolation").get("mode").asText(), result::toString);
        }
    }

    /** What the judge's detection picks here when bubblewrap is there. */
    private static String strongestHere() throws SandboxException {
        return SandboxLauncher.create(Optional.empty(), Limits.DEFAULT).isolation().optionValue();
    }

    /** What it must pick without bubblewrap: unshare where that works, else none. */
    private static String fallbackWithoutBubblewrap() {
        try {
            return SandboxLauncher.create(Optional.of(Isolation.UNSHARE), Limits.DEFAULT).isolation().optionValue();
        } catch (SandboxException e) {
            return Isolation.NONE.optionValue();
        }
    }

    /** A directory holding a link to every command on this PATH except {@code tool}: a machine without it. */
    private static Path pathWithout(Path home, String tool) throws IOException {
        Path bin = Files.createDirectory(home.resolve("bin"));
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path directory = Path.of(dir.isEmpty() ? "." : dir);
            if (!Files.isDirectory(directory)) {
                continue;
            }
            try (Stream<Path> commands = Files.list(directory)) {
                for (Path command : commands.toList()) {
                    Path link = bin.resolve(command.getFileName().toString());
                    if (!command.getFileName().toString().equals(tool) && !Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        Files.createSymbolicLink(link, command.toAbsolutePath());
                    }
                }
            }
        }
        return bin;
    }

    /**
     * Removes the links {@link #pathWithout} made (the links only, never what they point to), so
     * that the temporary directory's cleanup does not warn of each link leading out of it.
     */
    private static void removeLinks(Path bin) throws IOException {
        if (!Files.isDirectory(bin, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> links = Files.list(bin)) {
            for (Path link : links.toList()) {
                if (Files.isSymbolicLink(link)) {
                    Files.delete(link);
                }
            }
        }
    }

    private static Path judgeJar() {
        String property = System.getProperty("katajudge.jar");
        Path jar = property != null ? Path.of(property) : TestHome.root().resolve("judge/target/judge.jar");
        assertTrue(Files.isRegularFile(jar), "no judge jar at " + jar + " (run: mvn -B verify)");
        return jar;
    }
}
