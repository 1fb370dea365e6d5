package org.katajudge.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.katajudge.TestHome;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * twice as many spinning processes as cores, and once with bubblewrap hidden from its PATH, so that
 * the judge's own detection falls back to the next isolation, as on a machine without it.
 */
class FirstRunIT {

    private static final String KATA = "chess-square-color";

    @TempDir
    Path work;

    @ParameterizedTest(name = "bubblewrap on the PATH: {0}")
    @ValueSource(booleans = {false, true})
    void verifyPassesOnAFreshBusyMachine(boolean withBubblewrap) throws Exception {
        // readable by all, as /tmp is: a root judge's children are other users, and run the runtime made here
        Files.setPosixFilePermissions(work, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path tmp = Files.createDirectory(work.resolve("tmp"));
        Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path report = work.resolve("report.json");
        String path = withBubblewrap ? System.getenv("PATH") : pathWithout("bwrap").toString();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-jar", judgeJar().toString(), "verify", KATA, "--json", report.toString());
        List<Process> spinners = new ArrayList<>();
        String said;
        int status;
        try {
            for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
                spinners.add(new ProcessBuilder("setsid", "sh", "-c", "while :; do :; done")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
            }
            Path log = work.resolve("verify.log");
            ProcessBuilder builder = new ProcessBuilder(command).directory(TestHome.root().toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().put("PATH", path);
            builder.environment().put("KATA_JUDGE_CACHE", work.resolve("cache").toString()); // a fresh machine's: empty
            Process verify = builder.start();
            if (!verify.waitFor(15, TimeUnit.MINUTES)) { // a guard against a hang, not a measure
                verify.descendants().forEach(ProcessHandle::destroyForcibly);
                verify.destroyForcibly();
            }
            status = verify.isAlive() ? -1 : verify.exitValue();
            said = Files.readString(log, StandardCharsets.UTF_8);
        } finally {
            for (Process spinner : spinners) {
                spinner.destroyForcibly();
                spinner.waitFor();
            }
        }
        assertEquals(0, status, said);
        assertTrue(said.contains("every verdict as expected"), said);
        try (Stream<Path> made = Files.list(work.resolve("cache"))) {
            assertTrue(made.anyMatch(p -> p.getFileName().toString().startsWith("runtime-")),
                    "the first run made the child runtime in its own, empty cache directory");
        }
        assertTrue(said.contains("building the judge's caches"), "and said so once: " + said);
        JsonNode results = new ObjectMapper().readTree(report.toFile()).get("results");
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
    private Path pathWithout(String tool) throws IOException {
        Path bin = Files.createDirectory(work.resolve("bin"));
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

    private static Path judgeJar() {
        String property = System.getProperty("katajudge.jar");
        Path jar = property != null ? Path.of(property) : TestHome.root().resolve("judge/target/judge.jar");
        assertTrue(Files.isRegularFile(jar), "no judge jar at " + jar + " (run: mvn -B verify)");
        return jar;
    }
}
