package org.katajudge.launch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.ReportsCompared;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged judge relaunching itself for real ({@code java -jar judge.jar grade}): the first
 * run on a machine leaves the archive of the judge's own classes in the cache, the next maps it
 * (seen in the relaunched JVM's memory map), both give the same report and a clean output, the
 * off switch keeps one JVM, and a signal to the JVM the user started reaches the judge: it writes
 * what it graded and exits as a signalled judge does; killed outright, the judge still ends.
 */
class RelaunchIT {

    private static final String SAMPLE = "submissions/chess-square-color/accepted/parity-formula";

    @TempDir
    Path temp;

    @Test
    void theFirstRunMakesTheArchiveTheNextMapsItAndBothGradeAlike() throws Exception {
        Path cache = cache();
        for (int typo = 1; typo <= 2; typo++) {
            // a usage error builds nothing, so it does not say it builds the caches (it said so at every run)
            ProcessBuilder builder = new ProcessBuilder(java(), "-jar", jar().toString(), "grade", "--no-such-option", SAMPLE)
                    .directory(TestHome.root().toFile()).redirectErrorStream(true);
            builder.environment().put("KATA_JUDGE_CACHE", cache.toString());
            Process process = builder.start();
            String said = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(process.waitFor(5, TimeUnit.MINUTES), "a guard against a hang, not a measure");
            assertEquals(2, process.exitValue(), said);
            assertFalse(said.contains("building the judge's caches"), "typo " + typo + ": " + said);
        }
        Run cold = grade(cache, "cold", List.of());
        assertEquals(0, cold.status, cold.output);
        assertTrue(cold.output.startsWith("kata-judge: building the judge's caches"), cold.output);
        assertEquals(1, count(cold.output, "building the judge's caches"), "said once, not by both JVMs: " + cold.output);
        assertFalse(cold.output.contains("[warning]") || cold.output.contains("[cds") || cold.output.contains("[info]"),
                "no messages of the archive's making: " + cold.output);
        Path archive;
        try (Stream<Path> entries = Files.list(cache)) {
            archive = entries.filter(p -> p.getFileName().toString().startsWith("judge-cds-")).findFirst()
                    .map(p -> p.resolve(JudgeArchive.FILE_NAME)).orElseThrow(() -> new AssertionError("no judge-cds entry"));
        }
        assertTrue(Files.size(archive) > 1 << 20, "an archive of the judge's classes: " + Files.size(archive));

        Run warm = grade(cache, "warm", List.of());
        assertEquals(0, warm.status, warm.output);
        assertTrue(warm.relaunched, "the judge ran in a relaunched JVM");
        assertTrue(warm.mapped, "which mapped " + archive);
        assertFalse(warm.output.contains("building") || warm.output.contains("[warning]"), warm.output);
        assertEquals(cold.report, warm.report);

        Run off = grade(cache, "off", List.of("KATA_JUDGE_RELAUNCH=off"));
        assertEquals(0, off.status, off.output);
        assertFalse(off.relaunched, "the off switch keeps one JVM");
        assertEquals(cold.report, off.report);

        // a debugger on a port: a relaunched second JVM could not bind it and would not start
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Run debugged = grade(cache, "debugged", List.of(),
                "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:" + port);
        assertEquals(0, debugged.status, debugged.output);
        assertFalse(debugged.relaunched, "a watched JVM runs the judge itself");
        assertEquals(cold.report, debugged.report);
    }

    @Test
    void aSignalToTheJvmTheUserStartedReachesTheJudge() throws Exception {
        Path cache = cache();
        assertEquals(0, grade(cache, "warm-up", List.of()).status); // the archive made: later runs relaunch with it
        Path kata = temp.resolve("class/chess-square-color");
        TestHome.copyTree(TestHome.root().resolve(SAMPLE), kata.resolve("a-quick"));
        for (int i = 1; i <= 2; i++) {
            TestHome.copyTree(TestHome.submissions().resolve("chess-square-color/time_limit_exceeded/infinite-loop"),
                    kata.resolve("b-hangs-" + i));
        }
        for (String signal : List.of("TERM", "KILL")) {
            Path json = temp.resolve(signal + ".json");
            Path log = temp.resolve(signal + ".log");
            ProcessBuilder builder = new ProcessBuilder(java(), "-jar", jar().toString(), "grade", "--jobs", "1",
                    "--json", json.toString(), kata.getParent().toString())
                    .directory(TestHome.root().toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().put("KATA_JUDGE_CACHE", cache.toString());
            Process first = builder.start();
            ProcessHandle judge = null;
            long signalled = 0;
            long ended = 0;
            try {
                for (int waited = 0; waited < 120_000 && !Files.readString(log).contains("AC "); waited += 50) {
                    Thread.sleep(50);
                }
                assertTrue(Files.readString(log).contains("AC "), "the first submission graded: " + Files.readString(log));
                judge = first.children().filter(RelaunchIT::isRelaunched).findFirst()
                        .orElseThrow(() -> new AssertionError("no relaunched judge under the JVM started"));
                signalled = System.nanoTime();
                assertEquals(0, new ProcessBuilder("kill", "-" + signal, String.valueOf(first.pid())).start().waitFor());
                assertTrue(first.waitFor(120, TimeUnit.SECONDS), "the first JVM ends after SIG" + signal);
                ended = System.nanoTime();
                assertTrue(judge.onExit().get(120, TimeUnit.SECONDS) != null && !judge.isAlive(), "and so does the judge");
            } finally {
                first.descendants().forEach(ProcessHandle::destroyForcibly);
                first.destroyForcibly();
            }
            // said with a failure, never asserted on: a judge that held its exit shows here (the reports wait a minute)
            String output = Files.readString(log) + String.format(java.util.Locale.ROOT,
                    "%n(the test: the first JVM ended %.1f s after SIG%s)", (ended - signalled) / 1e9, signal);
            if (signal.equals("TERM")) {
                assertEquals(143, first.exitValue(), output);
                assertTrue(output.contains("interrupted: 1 of 3 submissions graded"), output);
            }
            assertTrue(Files.exists(json), "SIG" + signal + ": the report written:\n" + output);
            JsonNode report = new ObjectMapper().readTree(json.toFile());
            assertEquals(1, report.get("results").size(), report::toString);
            assertTrue(report.get("summary").get("interrupted").asBoolean(), "SIG" + signal + ": " + report.get("summary"));
            assertEquals(2, report.get("summary").get("notGraded").size(), report.get("summary")::toString);
        }
    }

    @Test
    void theCachesJavaOptionsStartTheJudgeWithItsArchiveInOneJvm() throws Exception {
        Path cache = cache();
        Path options = temp.resolve("java options"); // a space: the file quotes what it holds
        ProcessBuilder building = new ProcessBuilder(java(), "-jar", jar().toString(), "cache", "--java-options",
                options.toString()).directory(TestHome.root().toFile()).redirectErrorStream(true)
                .redirectOutput(temp.resolve("cache.log").toFile());
        building.environment().put("KATA_JUDGE_CACHE", cache.toString());
        Process built = building.start();
        assertTrue(built.waitFor(5, TimeUnit.MINUTES), "cache ends");
        String said = Files.readString(temp.resolve("cache.log"));
        assertEquals(0, built.exitValue(), said);
        assertTrue(said.contains("java options: " + options), said);
        // and every method's collision probes under seed 0, which a student's first run then reads
        long probes;
        try (var files = Files.walk(cache)) {
            probes = files.filter(file -> file.getFileName().toString().endsWith(".pairs")).count();
        }
        assertTrue(probes >= 8 && said.contains("collision probes of the random tests (seed 0): kept for " + probes + " methods"),
                probes + " kept:\n" + said);
        String written = Files.readString(options);
        assertTrue(written.contains("-XX:SharedArchiveFile=" + cache) && written.contains(JudgeArchive.FILE_NAME + "\""),
                written);

        Run plain = grade(cache, "relaunched", List.of());
        Run direct = grade(cache, "direct", List.of(), "@" + options);
        assertEquals(0, direct.status, direct.output);
        assertFalse(direct.relaunched, "started with its archive: no second JVM");
        assertTrue(direct.mappedHere, "the one JVM mapped the archive");
        assertFalse(direct.output.contains("building") || direct.output.contains("[warning]"), direct.output);
        assertEquals(plain.report, direct.report);
    }

    @Test
    void javaOptionsMadeForAnotherJarSaySoAndTheJudgeStillGrades() throws Exception {
        Path cache = cache();
        Path jar = Files.copy(jar(), temp.resolve("judge.jar"));
        Path options = temp.resolve("java-options");
        ProcessBuilder building = new ProcessBuilder(java(), "-jar", jar.toString(), "cache", "--java-options",
                options.toString()).directory(TestHome.root().toFile()).redirectErrorStream(true)
                .redirectOutput(temp.resolve("cache.log").toFile());
        building.environment().put("KATA_JUDGE_CACHE", cache.toString());
        Process built = building.start();
        assertTrue(built.waitFor(5, TimeUnit.MINUTES), "cache ends");
        assertEquals(0, built.exitValue(), Files.readString(temp.resolve("cache.log")));
        Run fresh = grade(jar, cache, "fresh", List.of(), "@" + options);
        assertTrue(fresh.mappedHere, "the options fit: the archive mapped");
        assertFalse(fresh.output.contains("cache --java-options"), fresh.output);

        // the jar replaced (here: its time), the options not made again: the JVM takes no class from the archive
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
        Run stale = grade(jar, cache, "stale", List.of(), "@" + options);
        assertEquals(0, stale.status, stale.output);
        assertTrue(stale.output.contains("were made for another judge.jar or JDK") && stale.output.contains("cache --java-options FILE"),
                stale.output);
        assertEquals(fresh.report, stale.report, "slower, the same grade");
    }

    @Test
    void withoutACacheTheJudgeIsRelaunchedC1OnlyAndACollectorChosenInTheEnvironmentIsKept() throws Exception {
        Path cache = cache();
        Run one = grade(cache, "one JVM", List.of("KATA_JUDGE_CACHE=off", "KATA_JUDGE_RELAUNCH=off"));
        assertEquals(0, one.status, one.output);
        assertFalse(one.relaunched, one.output);

        Run off = grade(cache, "no cache", List.of("KATA_JUDGE_CACHE=off"));
        assertEquals(0, off.status, off.output);
        assertTrue(off.relaunched, "C1 pays for a second JVM's start even with no archive");
        assertTrue(off.relaunchedCommand.contains("-XX:TieredStopAtLevel=1") && off.relaunchedCommand.contains("-XX:+UseSerialGC")
                && !off.relaunchedCommand.contains("SharedArchiveFile"), off.relaunchedCommand);
        assertFalse(Files.exists(cache), "no cache made");
        assertEquals(one.report, off.report);

        // a collector chosen in JAVA_TOOL_OPTIONS, which the relaunched JVM reads too: two collectors do not start
        // (it ended the judge with "Multiple garbage collectors selected" and status 1)
        assertEquals(0, grade(cache, "archive made", List.of()).status);
        for (String cacheSetting : List.of(cache.toString(), "off")) {
            Run parallel = grade(cache, "parallel " + cacheSetting.length(),
                    List.of("KATA_JUDGE_CACHE=" + cacheSetting, "JAVA_TOOL_OPTIONS=-XX:+UseParallelGC"));
            assertEquals(0, parallel.status, parallel.output);
            assertTrue(parallel.relaunched, parallel.output);
            assertFalse(parallel.relaunchedCommand.contains("-XX:+UseSerialGC"), parallel.relaunchedCommand);
            assertEquals(one.report, parallel.report);
        }
    }

    private record Run(int status, String output, JsonNode report, boolean relaunched, boolean mapped, boolean mappedHere,
                       String relaunchedCommand) {
    }

    /**
     * One grade of the sample ({@code java [jvmOptions] -jar judge.jar grade ...}), watching the JVM and its
     * children while it runs: a relaunched judge, whether that mapped the archive, whether the JVM started did.
     */
    private Run grade(Path cache, String name, List<String> environment, String... jvmOptions)
            throws IOException, InterruptedException {
        return grade(jar(), cache, name, environment, jvmOptions);
    }

    private Run grade(Path jar, Path cache, String name, List<String> environment, String... jvmOptions)
            throws IOException, InterruptedException {
        Path json = temp.resolve(name + ".json");
        Path log = temp.resolve(name + ".log");
        List<String> command = new java.util.ArrayList<>(List.of(java()));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-jar", jar.toString(), "grade", "--json", json.toString(), SAMPLE));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(TestHome.root().toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("KATA_JUDGE_CACHE", cache.toString());
        for (String variable : environment) {
            builder.environment().put(variable.substring(0, variable.indexOf('=')), variable.substring(variable.indexOf('=') + 1));
        }
        Process process = builder.start();
        boolean relaunched = false;
        boolean mapped = false;
        boolean mappedHere = false;
        String relaunchedCommand = "";
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5); // a guard against a hang, not a measure
        while (process.isAlive() && System.nanoTime() < deadline) {
            mappedHere |= read(Path.of("/proc", String.valueOf(process.pid()), "maps")).contains("/" + JudgeArchive.FILE_NAME);
            for (ProcessHandle child : process.children().toList()) {
                if (isRelaunched(child)) {
                    relaunched = true;
                    relaunchedCommand = read(Path.of("/proc", String.valueOf(child.pid()), "cmdline")).replace('\0', ' ');
                    mapped |= read(Path.of("/proc", String.valueOf(child.pid()), "maps")).contains("/" + JudgeArchive.FILE_NAME);
                }
            }
            Thread.sleep(5);
        }
        if (process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError(name + ": the judge did not finish in 5 minutes");
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        JsonNode report = Files.exists(json) ? ReportsCompared.withoutTimings(new ObjectMapper().readTree(json.toFile())) : null;
        return new Run(process.exitValue(), output, report, relaunched, mapped, mappedHere, relaunchedCommand);
    }

    private static boolean isRelaunched(ProcessHandle process) {
        return read(Path.of("/proc", String.valueOf(process.pid()), "cmdline")).contains("-D" + Relaunch.PROPERTY + "=");
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return ""; // ended meanwhile
        }
    }

    private Path cache() throws IOException {
        // a root judge's children run as other users: they must pass through to the cache
        Files.setPosixFilePermissions(temp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        return temp.resolve("cache");
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static Path jar() {
        String property = System.getProperty("katajudge.jar");
        return property != null ? Path.of(property) : TestHome.root().resolve("judge/target/judge.jar");
    }
}
