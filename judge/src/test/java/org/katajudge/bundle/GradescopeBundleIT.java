package org.katajudge.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.Schemas;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Gradescope steps of docs/guides/teachers.md for real: build the autograder zip with the packaged judge,
 * unzip it into a folder laid out like Gradescope's {@code /autograder}, and run
 * {@code run_autograder} on a correct and a wrong submission.
 */
class GradescopeBundleIT {

    @Test
    void theBundleGradesSubmissionsLaidOutAsGradescopeDoes(@TempDir Path dir) throws Exception {
        Path zip = dir.resolve("autograder.zip");
        JudgeJar.Result bundle = JudgeJar.judge("gradescope-bundle", "--kata", "knight-moves", "--out", zip.toString());
        assertEquals(0, bundle.status(), bundle::toString);
        assertTrue(bundle.output().contains("wrote " + zip), bundle::toString);

        Path autograder = dir.resolve("autograder");
        Path source = autograder.resolve("source");
        unzip(zip, source);
        assertEquals("rwxr-xr-x", mode(source.resolve("setup.sh")));
        assertEquals("rwxr-xr-x", mode(source.resolve("run_autograder")));
        assertEquals("rw-r--r--", mode(source.resolve("judge.jar")));
        assertEquals(Files.size(JudgeJar.path()), Files.size(source.resolve("judge.jar")));
        for (String kata : List.of("knight-moves", "xiangqi-board-validator")) {
            for (String file : List.of("kata.json", "examples.json", "README.md")) {
                assertEquals(Files.readString(TestHome.katas().resolve(kata).resolve(file)),
                        Files.readString(source.resolve("katas").resolve(kata).resolve(file)), kata + "/" + file);
            }
        }
        String setup = Files.readString(source.resolve("setup.sh"));
        assertTrue(setup.contains("apt-get install -y --no-install-recommends openjdk-17-jdk-headless"), setup);
        for (String script : List.of("setup.sh", "run_autograder")) {
            JudgeJar.Result syntax = JudgeJar.run(source, Map.of(), "bash", "-n", script);
            assertEquals(0, syntax.status(), script + ": " + syntax);
        }
        // what Gradescope's image build does with it
        Files.copy(source.resolve("run_autograder"), autograder.resolve("run_autograder"));
        Files.setPosixFilePermissions(autograder.resolve("run_autograder"), PosixFilePermissions.fromString("rwxr-xr-x"));
        // setup.sh's part after the JDK's install: the judge's caches, which every run_autograder below uses
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x")); // children pass through as other users
        String caches = setup.substring(setup.indexOf("# kata-judge's caches"));
        JudgeJar.Result built = JudgeJar.run(autograder, Map.of("AUTOGRADER_ROOT", autograder.toString(),
                "PATH", JudgeJar.pathWithThisJava()), "bash", "-euo", "pipefail", "-c", caches);
        assertEquals(0, built.status(), built::toString);
        try (var entries = Files.list(autograder.resolve("kata-judge-cache"))) {
            List<String> names = entries.map(e -> e.getFileName().toString()).toList();
            assertTrue(names.stream().anyMatch(n -> n.startsWith("runner-cds-")), built::toString);
            assertTrue(names.stream().anyMatch(n -> n.startsWith("judge-cds-")), "the judge's own class-data archive: " + built);
        }
        // the options run_autograder starts the judge with: its archive at once, one JVM (RelaunchIT runs them)
        String javaOptions = Files.readString(autograder.resolve("kata-judge-cache/java-options"));
        assertTrue(javaOptions.contains("-XX:SharedArchiveFile=" + autograder.resolve("kata-judge-cache")), javaOptions);

        JsonNode correct = grade(autograder, "knight-moves/accepted/closed-form");
        assertEquals(correct.get("extra_data").get("max_score").asDouble(), correct.get("score").asDouble());
        assertEquals("ACCEPTED", correct.get("extra_data").get("verdict").asText());
        for (JsonNode test : correct.get("tests")) {
            assertEquals("passed", test.get("status").asText(), test::toString);
        }

        JsonNode wrong = grade(autograder, "knight-moves/wrong_answer/greedy-walk");
        assertEquals("WRONG_ANSWER", wrong.get("extra_data").get("verdict").asText());
        assertTrue(wrong.get("score").asDouble() < wrong.get("extra_data").get("max_score").asDouble(), wrong::toString);
        String output = wrong.get("output").asText();
        assertTrue(output.contains("KnightMoves.minMoves(\"") && output.contains("why:"), output);
        assertTrue(output.contains("java -jar judge.jar ") && output.contains(" KnightMoves.java"), output); // the file handed in
        assertFalse(output.contains(dir.toString()), "no paths of the grading machine: " + output);

        empty(autograder.resolve("submission"));
        JudgeJar.Result empty = JudgeJar.run(autograder, Map.of("AUTOGRADER_ROOT", autograder.toString(),
                "PATH", JudgeJar.pathWithThisJava()), autograder.resolve("run_autograder").toString());
        assertEquals(0, empty.status(), empty::toString);
        JsonNode nothing = Schemas.gradescope(autograder.resolve("results/results.json"));
        assertEquals(0.0, nothing.get("score").asDouble());
        // an empty submission folder is a student who handed in nothing: a result that says so, not a failure
        assertTrue(nothing.get("output").asText().startsWith("NO_SUBMISSION"), nothing::toString);
        assertTrue(nothing.get("output").asText().contains("nothing to grade: an empty folder"), nothing::toString);

        Files.write(source.resolve("judge.jar"), new byte[0]); // the judge cannot even start
        JsonNode failed = grade(autograder, "knight-moves/accepted/closed-form");
        assertEquals(0.0, failed.get("score").asDouble());
        assertTrue(failed.get("output").asText().startsWith("The autograder failed (kata-judge exit status 1)"),
                failed::toString);
    }

    @Test
    void anUnknownKataIsRefused(@TempDir Path dir) throws Exception {
        JudgeJar.Result run = JudgeJar.judge("gradescope-bundle", "--kata", "no-such-kata", "--out", dir.resolve("a.zip").toString());
        assertEquals(2, run.status(), run::toString);
        assertTrue(run.output().contains("unknown kata \"no-such-kata\""), run::toString);
        assertFalse(Files.exists(dir.resolve("a.zip")));
    }

    /** Puts a sample in submission/, runs run_autograder as Gradescope would, and reads results.json. */
    private static JsonNode grade(Path autograder, String sample) throws Exception {
        Path submission = autograder.resolve("submission");
        empty(submission);
        TestHome.copyTree(TestHome.submissions().resolve(sample), submission);
        JudgeJar.Result run = JudgeJar.run(autograder, Map.of("AUTOGRADER_ROOT", autograder.toString(),
                "PATH", JudgeJar.pathWithThisJava()), autograder.resolve("run_autograder").toString());
        assertEquals(0, run.status(), run::toString);
        return Schemas.gradescope(autograder.resolve("results/results.json"));
    }

    /** An empty folder at {@code folder}: what was there is deleted. */
    static void empty(Path folder) throws IOException {
        if (Files.exists(folder)) {
            try (Stream<Path> old = Files.walk(folder)) {
                for (Path path : old.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                    Files.delete(path);
                }
            }
        }
        Files.createDirectories(folder);
    }

    /** Unzips as Gradescope does: with unzip when there is one, else through Java's zip file system (modes kept). */
    static void unzip(Path zip, Path into) throws Exception {
        Files.createDirectories(into);
        try (FileSystem archive = FileSystems.newFileSystem(zip, Map.of("enablePosixFileAttributes", "true"))) {
            try (Stream<Path> entries = Files.list(archive.getPath("/"))) {
                assertEquals(List.of("judge.jar", "katas", "run_autograder", "setup.sh"),
                        entries.map(p -> p.getFileName().toString().replace("/", "")).sorted().toList(),
                        "the files at the root of the zip, not in a folder");
            }
        }
        if (Stream.of(System.getenv("PATH").split(java.io.File.pathSeparator)).anyMatch(p -> Files.isExecutable(Path.of(p, "unzip")))) {
            JudgeJar.Result unzip = JudgeJar.run(into, Map.of(), "unzip", "-q", zip.toString());
            assertEquals(0, unzip.status(), unzip::toString);
            return;
        }
        try (FileSystem archive = FileSystems.newFileSystem(zip, Map.of("enablePosixFileAttributes", "true"))) {
            try (Stream<Path> entries = Files.walk(archive.getPath("/"))) {
                for (Path entry : entries.toList()) {
                    Path target = into.resolve(entry.toString().substring(1));
                    if (Files.isDirectory(entry)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(entry, target);
                        Files.setPosixFilePermissions(target, Files.getPosixFilePermissions(entry));
                    }
                }
            }
        }
    }

    static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }
}
