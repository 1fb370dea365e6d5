package org.katajudge.bundle;

import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The packaged judge, run as a teacher or a platform runs it: integration tests only (after {@code package}). */
final class JudgeJar {

    private JudgeJar() {
    }

    /** judge/target/judge.jar, which Failsafe names; it must exist, since integration tests run after package. */
    static Path path() {
        String property = System.getProperty("katajudge.jar");
        Path jar = property != null ? Path.of(property) : TestHome.root().resolve("judge/target/judge.jar");
        assertTrue(Files.isRegularFile(jar), "no judge jar at " + jar + " (run: mvn -B verify)");
        return jar;
    }

    /**
     * Runs a command to its end.
     *
     * @return the exit status and everything it printed
     */
    static Result run(Path directory, Map<String, String> environment, String... command)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("kata-judge-it", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(List.of(command))).directory(directory.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not finish in 5 minutes");
            }
            return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** {@code java -jar judge.jar ARGS} in the repository. */
    static Result judge(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", path().toString()));
        command.addAll(List.of(args));
        return run(TestHome.root(), Map.of(), command.toArray(String[]::new));
    }

    /** The java running the tests, so the scripts find the same one first on the PATH. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A PATH with this JVM's bin folder first. */
    static String pathWithThisJava() {
        return Path.of(System.getProperty("java.home"), "bin") + java.io.File.pathSeparator + System.getenv("PATH");
    }

    record Result(int status, String output) {
        @Override
        public String toString() {
            return "exit " + status + "\n" + output;
        }
    }
}
