package org.katajudge.cache;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The judge's caches change how fast a run starts, never what it finds: the packaged judge grades
 * the same submissions (accepted ones and samples of each failing and limit verdict) with its
 * cache cold (an empty directory: everything built during the run), warm (built by that run), and
 * off, and the JSON reports are the same but for timings.
 */
class SameResultsWithCachesIT {

    private static final List<String> SAMPLES = List.of(
            "submissions/chess-square-color/accepted/parity-formula",
            "submissions/knight-moves/accepted/closed-form",
            "submissions/checkers-game-over/accepted/bitboards",
            "submissions/chess-square-color/wrong_answer",
            "submissions/chess-square-color/compile_error",
            "submissions/chess-square-color/rejected",
            "submissions/chess-square-color/run_time_error",
            "submissions/chess-square-color/time_limit_exceeded",
            "submissions/chess-square-color/memory_limit_exceeded",
            "submissions/chess-square-color/output_limit_exceeded");

    @TempDir
    Path temp;

    @Test
    void coldWarmAndNoCacheGiveTheSameReports() throws Exception {
        // a root judge's children run as other users: they must pass through to the cache
        Files.setPosixFilePermissions(temp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path cache = temp.resolve("cache");
        JsonNode cold = grade("cold", cache.toString());
        assertTrue(Files.isDirectory(cache), "the cold run made the cache");
        try (var entries = Files.list(cache)) {
            assertTrue(entries.anyMatch(p -> p.getFileName().toString().startsWith("runner-cds-")),
                    "and the runner's archive in it");
        }
        List<Path> probes = keptProbes(cache);
        assertTrue(probes.size() >= 5, "the collision probes of each method graded kept: " + probes);
        for (Path file : probes) {
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(file.getParent())), "no child may read them");
        }
        JsonNode warm = grade("warm", cache.toString());
        JsonNode off = grade("off", "off");
        damageEveryArchive(cache);
        for (Path file : probes) { // choices with a tail no generator reads: not what it records, so searched again
            Files.writeString(file, Files.readString(file).replaceAll("(\\t[0-9.]+)", "$1.7.7.7"));
        }
        JsonNode damaged = grade("damaged", cache.toString());
        assertTrue(cold.get("results").size() > SAMPLES.size(), "every sample graded: " + cold.get("results").size());
        assertSame(cold, warm, "cold and warm");
        assertSame(cold, off, "cached and without any cache");
        assertSame(cold, damaged, "with every class-data archive damaged (same size, other bytes) and every kept probe");
    }

    private static List<Path> keptProbes(Path cache) throws IOException {
        try (var files = Files.walk(cache)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".pairs")).toList();
        }
    }

    /** Each submission's result the same, then the whole report (a failure names the submission first). */
    private static void assertSame(JsonNode expected, JsonNode actual, String what) {
        assertEquals(expected.get("results").size(), actual.get("results").size(), what + ": results");
        for (int i = 0; i < expected.get("results").size(); i++) {
            assertEquals(expected.get("results").get(i), actual.get("results").get(i),
                    what + ": " + expected.get("results").get(i).get("submission"));
        }
        assertEquals(expected, actual, what);
    }

    /** Overwrites 64 KiB in the middle of every archive in the cache, as a disk might, keeping its size. */
    private static void damageEveryArchive(Path cache) throws IOException {
        List<Path> archives;
        try (var files = Files.walk(cache)) {
            archives = files.filter(p -> p.getFileName().toString().endsWith(".jsa")).toList();
        }
        assertTrue(archives.size() >= 2, "the runner's and the compiler's archives: " + archives);
        for (Path archive : archives) {
            Files.setPosixFilePermissions(archive, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            try (var file = new java.io.RandomAccessFile(archive.toFile(), "rw")) {
                file.seek(file.length() / 2);
                file.write(new byte[64 << 10]);
            }
            Files.setPosixFilePermissions(archive, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
        }
    }

    /** The report of one grading run of every sample with {@code KATA_JUDGE_CACHE=cache}, timings removed. */
    private JsonNode grade(String name, String cache) throws IOException, InterruptedException {
        Path json = temp.resolve(name + ".json");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar().toString(), "grade", "--json", json.toString()));
        command.addAll(SAMPLES);
        Path log = temp.resolve(name + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(TestHome.root().toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(Map.of(JudgeCache.ENV, cache));
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError(name + ": the judge did not finish in 5 minutes");
        }
        assertEquals(1, process.exitValue(), () -> name + ": not every sample is accepted, so exit 1:\n"
                + readLog(log));
        return ReportsCompared.withoutTimings(new ObjectMapper().readTree(json.toFile()));
    }

    private static String readLog(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static Path jar() {
        String property = System.getProperty("katajudge.jar");
        return property != null ? Path.of(property) : TestHome.root().resolve("judge/target/judge.jar");
    }
}
