package org.katajudge.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The teacher's problems are the teacher's: an output path that cannot be written, a broken
 * roster, a file the judge may not read. Each is one line naming the path, exit 2, before any
 * student is graded, and never a student's verdict.
 */
class TeacherErrorsTest {

    private static Path classFolder(Path dir) throws IOException {
        Path student = dir.resolve("knight-moves/alice/KnightMoves.java");
        Files.createDirectories(student.getParent());
        Files.copy(TestHome.submissions().resolve("knight-moves/accepted/closed-form/KnightMoves.java"), student);
        return dir.resolve("knight-moves");
    }

    private static void assertTeachersError(CliRun run, String message) {
        assertEquals(2, run.status(), run::toString);
        assertTrue(run.err().contains(message), () -> "expected \"" + message + "\"\n" + run);
        assertEquals(1, run.err().strip().lines().count(), () -> "one line\n" + run);
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), () -> "no stack trace\n" + run);
        assertEquals("", run.out(), () -> "nothing graded\n" + run);
    }

    @Test
    void outputPathsThatCannotBeWrittenAreSaidBeforeGrading(@TempDir Path dir) throws IOException {
        Path students = classFolder(dir);
        Path folder = Files.createDirectories(dir.resolve("reports"));
        assertTeachersError(CliRun.of("grade", "--json", folder.toString(), students.toString()),
                "cannot write the JSON report to " + folder + ": it is a directory");
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertTeachersError(CliRun.of("grade", "--csv", file.resolve("grades.csv").toString(), students.toString()),
                "cannot write the gradebook to " + file.resolve("grades.csv"));
        assertTeachersError(CliRun.of("grade", "--junit-xml", file.toString(), students.toString()),
                "cannot write the JUnit XML reports to " + file + ": it is a file, not a directory");
        assertTeachersError(CliRun.of("fuzz", "--json", folder.toString(), students.resolve("alice").toString()),
                "cannot write the JSON report to " + folder + ": it is a directory");
        assertFalse(Files.exists(dir.resolve("grades.csv")));
    }

    @Test
    void aBrokenRosterIsSaidBeforeGrading(@TempDir Path dir) throws IOException {
        Path students = classFolder(dir);
        Path roster = Files.writeString(dir.resolve("roster.csv"), "a,b\n1,2\n");
        assertTeachersError(CliRun.of("grade", "--roster", roster.toString(), students.toString()),
                "broken roster: " + roster + " has no column named id, login, name, email or student");
        assertTeachersError(CliRun.of("grade", "--roster", dir.resolve("none.csv").toString(), students.toString()),
                "no roster at " + dir.resolve("none.csv"));
    }

    @Test
    void aFileTheJudgeMayNotReadIsNotAStudentsCompileError(@TempDir Path dir) throws Exception {
        Path students = classFolder(dir);
        Path source = students.resolve("alice/KnightMoves.java");
        Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("---------"));
        assertTeachersError(runUnprivileged(dir, "grade", "--katas", TestHome.katas().toString(), students.toString()),
                "cannot read " + source + ": permission denied");

        Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rw-r--r--"));
        Path folder = Files.createDirectories(students.resolve("bob/src"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("---------"));
        assertTeachersError(runUnprivileged(dir, "grade", "--katas", TestHome.katas().toString(), students.toString()),
                "cannot read " + folder + ": permission denied");
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /**
     * The judge's command line as a user without the power to read every file: in this JVM when
     * the tests run as an ordinary user; as root (which reads anything), in a child JVM in a user
     * namespace of its own, where root has no such power over the files of the machine.
     */
    private static CliRun runUnprivileged(Path dir, String... args) throws IOException, InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return CliRun.of(args);
        }
        assumeTrue(works("unshare", "--user", "true"), "running as root without user namespaces: root reads every file");
        List<String> command = new ArrayList<>(List.of("unshare", "--user",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the judge ended");
        return new CliRun(process.exitValue(), Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
    }

    private static boolean works(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
