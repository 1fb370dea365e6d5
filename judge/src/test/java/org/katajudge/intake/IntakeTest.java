package org.katajudge.intake;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Class downloads in each LMS's shape, read into students, without grading them. */
class IntakeTest {

    static final String KNIGHT = "public class KnightMoves {\n"
            + "    public static int minMoves(String start, String end) { return 0; }\n}\n";
    static final String BOARD = "package util;\n\npublic class Board {\n    public static int size() { return 8; }\n}\n";
    static final String TEST = "import org.junit.jupiter.api.Test;\n\nclass KnightMovesTest {\n    @Test void t() {}\n}\n";

    static Intake intake(Optional<String> kata) {
        Map<String, String> classes = new LinkedHashMap<>();
        TestHome.catalog().katas().forEach(k -> classes.put(k.id(), k.spec().className()));
        return new Intake(classes, kata);
    }

    static Map<String, Handin> byStudent(ClassDownload download) {
        Map<String, Handin> students = download.handins().stream()
                .collect(Collectors.toMap(Handin::student, h -> h, (a, b) -> {
                    throw new AssertionError("two hand-ins for " + a.student() + ": " + a.location() + ", " + b.location());
                }, LinkedHashMap::new));
        assertEquals(download.handins().size(), students.size());
        return students;
    }

    static void write(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    static void write(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }

    static List<String> names(Handin handin) {
        return handin.sources().stream().map(JavaSource::name).sorted().toList();
    }

    static String verdict(Handin handin) {
        return handin.verdict().map(v -> v.verdict() + ": " + v.message()).orElse("sources " + names(handin));
    }

    @Test
    void moodleFoldersAreStudentsWhateverTheyHold(@TempDir Path dir) throws IOException, IntakeException {
        Path kata = dir.resolve("knight-moves");
        write(kata.resolve("Paula Jones_23456_assignsubmission_file_/KnightMoves.zip"), TestArchives.zip(Map.of(
                "KnightMoves/src/KnightMoves.java", KNIGHT.getBytes(StandardCharsets.UTF_8),
                "__MACOSX/KnightMoves/src/._KnightMoves.java", new byte[] {0, 5, 22, 7, 0, 0})));
        Files.createDirectories(kata.resolve("Empty Person_23457_assignsubmission_file_"));
        write(kata.resolve("Readme Only_23458_assignsubmission_file_/README.md"), "I did not finish");
        write(kata.resolve("Class File_23459_assignsubmission_file_/Main.class"), new byte[] {(byte) 0xCA, (byte) 0xFE});
        write(kata.resolve("Class File_23459_assignsubmission_file_/notes.txt"), "notes");
        write(kata.resolve("Two Plugins_23460_assignsubmission_file_/KnightMoves.java"), KNIGHT);
        write(kata.resolve("Two Plugins_23460_assignsubmission_onlinetext_/onlinetext.html"), "<p>see the file</p>");
        write(kata.resolve("Zip Of Pdf_23461_assignsubmission_file_/solution.zip"), TestArchives.zip(Map.of(
                "report.pdf", new byte[] {'%', 'P', 'D', 'F'})));
        write(kata.resolve("Flat File_23462_assignsubmission_file_KnightMoves.java"), KNIGHT);

        Map<String, Handin> students = byStudent(intake(Optional.empty()).read(List.of(dir)));
        assertEquals(List.of("Paula Jones", "Empty Person", "Readme Only", "Class File", "Two Plugins", "Zip Of Pdf",
                "Flat File").stream().sorted().toList(), students.keySet().stream().sorted().toList());
        assertEquals(List.of("KnightMoves.java"), names(students.get("Paula Jones")));
        assertEquals("KnightMoves.zip!/KnightMoves/src/KnightMoves.java", students.get("Paula Jones").sources().get(0).origin());
        assertEquals("NO_SUBMISSION: nothing to grade: an empty folder", verdict(students.get("Empty Person")));
        assertEquals("NO_SUBMISSION: nothing to grade: only README.md", verdict(students.get("Readme Only")));
        assertEquals("NO_SUBMISSION: nothing to grade: only Main.class and notes.txt", verdict(students.get("Class File")));
        assertEquals(List.of("KnightMoves.java"), names(students.get("Two Plugins")), "a Moodle student's folders are one hand-in");
        assertEquals(kata.resolve("Two Plugins_23460_assignsubmission_") + "*", students.get("Two Plugins").location());
        assertEquals("NO_SUBMISSION: nothing to grade: only solution.zip (a .zip with no .java files: report.pdf)",
                verdict(students.get("Zip Of Pdf")));
        assertEquals(List.of("KnightMoves.java"), names(students.get("Flat File")));
        assertTrue(students.get("Paula Jones").aliases().contains("23456"));
        students.values().forEach(h -> assertEquals("knight-moves", h.kataId()));
    }

    /**
     * The name after {@code _file_} is the student's own: a file named like another student's
     * Moodle prefix stays its uploader's (Moodle's own prefix comes first), never the classmate's.
     */
    @Test
    void aMoodleFileNamedLikeAClassmatesPrefixStaysItsUploaders(@TempDir Path dir) throws IOException, IntakeException {
        Path kata = dir.resolve("knight-moves");
        write(kata.resolve("Paula Jones_23456_assignsubmission_file_/KnightMoves.java"), KNIGHT);
        write(kata.resolve("Octo Cat_23460_assignsubmission_file_x_23456_assignsubmission_file_KnightMoves.java"),
                KNIGHT.replace("return 0", "return 1"));

        Map<String, Handin> students = byStudent(intake(Optional.empty()).read(List.of(kata)));
        assertEquals(List.of("Octo Cat", "Paula Jones"), students.keySet().stream().sorted().toList());
        assertTrue(students.get("Octo Cat").aliases().contains("23460"), students.get("Octo Cat").aliases()::toString);
        assertFalse(students.get("Octo Cat").aliases().contains("23456"), students.get("Octo Cat").aliases()::toString);
        assertEquals(List.of("KnightMoves.java"), names(students.get("Paula Jones")));
        assertTrue(students.get("Paula Jones").sources().get(0).text().contains("return 0"), "Paula's own file");
    }

    @Test
    void canvasFilesAreGroupedByLoginAndTheLatestResubmissionWins(@TempDir Path dir) throws IOException, IntakeException {
        Path kata = dir.resolve("knight-moves");
        write(kata.resolve("nguyenalice_101_5551_KnightMoves.java"), KNIGHT);
        write(kata.resolve("costajulia_102_5552_README.md"), "no time, sorry");
        write(kata.resolve("petrovivan_LATE_103_5553_KnightMoves-1.java"), KNIGHT);
        write(kata.resolve("leeminho_104_5554_KnightMoves.java"), KNIGHT.replace("return 0", "return 1"));
        write(kata.resolve("leeminho_104_5555_KnightMoves-1.java"), KNIGHT.replace("return 0", "return 2"));
        write(kata.resolve("leeminho_104_5556_Helper.java"), "class Helper {}\n");
        write(kata.resolve("leeminho_104_5557_KnightMovesTest.java"), TEST);

        Map<String, Handin> students = byStudent(intake(Optional.empty()).read(List.of(kata)));
        assertEquals(List.of("costajulia", "leeminho", "nguyenalice", "petrovivan"), students.keySet().stream().sorted().toList());
        assertEquals(List.of("KnightMoves.java"), names(students.get("nguyenalice")));
        assertEquals(List.of("nguyenalice", "101"), students.get("nguyenalice").aliases());
        assertEquals("NO_SUBMISSION: nothing to grade: only README.md", verdict(students.get("costajulia")));

        Handin late = students.get("petrovivan");
        assertEquals(List.of("KnightMoves.java"), names(late), "KnightMoves-1.java compiles as KnightMoves.java");
        assertTrue(late.notes().contains("handed in late: Canvas marked the file LATE"), late.notes()::toString);
        assertTrue(late.notes().stream().anyMatch(n -> n.startsWith("compiled KnightMoves-1.java as KnightMoves.java")),
                late.notes()::toString);

        Handin resubmitted = students.get("leeminho");
        assertEquals(List.of("Helper.java", "KnightMoves.java"), names(resubmitted));
        assertTrue(resubmitted.sources().stream().anyMatch(s -> s.text().contains("return 2")), "the latest re-submission");
        assertTrue(resubmitted.notes().stream().anyMatch(n -> n.startsWith("used KnightMoves-1.java, the latest re-submission")),
                resubmitted.notes()::toString);
        assertTrue(resubmitted.notes().contains("left out test code: KnightMovesTest.java"), resubmitted.notes()::toString);
        assertEquals(kata + "/leeminho_104_555*", resubmitted.location());

        // the location of a group of files reads back as the same student
        ClassDownload again = intake(Optional.empty()).read(List.of(Path.of(resubmitted.location())));
        assertEquals(1, again.handins().size());
        assertEquals("leeminho", again.handins().get(0).student());
        assertEquals(names(resubmitted), names(again.handins().get(0)));
    }

    @Test
    void githubClassroomRepositoriesAreNamedByLogin(@TempDir Path dir) throws IOException, IntakeException {
        Path cloned = dir.resolve("knight-moves-submissions");
        for (String login : List.of("octocat", "mona-lisa", "hubot")) {
            Path repo = cloned.resolve("knight-moves-" + login);
            write(repo.resolve(".git/HEAD"), "ref: refs/heads/main\n");
            write(repo.resolve("src/main/java/KnightMoves.java"), KNIGHT);
            write(repo.resolve(".idea/workspace.xml"), "<project/>");
        }
        Map<String, Handin> students = byStudent(intake(Optional.of("knight-moves")).read(List.of(cloned)));
        assertEquals(List.of("hubot", "mona-lisa", "octocat"), students.keySet().stream().sorted().toList());
        students.values().forEach(h -> assertEquals(List.of("KnightMoves.java"), names(h)));

        Path siblings = dir.resolve("class/knight-moves");
        for (String login : List.of("alice", "bob")) {
            Path repo = siblings.resolve("hw3-" + login);
            write(repo.resolve(".git/HEAD"), "ref: refs/heads/main\n");
            write(repo.resolve("KnightMoves.java"), KNIGHT);
        }
        assertEquals(List.of("alice", "bob"), byStudent(intake(Optional.empty()).read(List.of(siblings))).keySet()
                .stream().sorted().toList(), "the prefix the repositories share is the assignment's");
    }

    @Test
    void gradescopesSubmissionFolderIsOneStudentNamedByItsMetadata(@TempDir Path dir) throws IOException, IntakeException {
        Path autograder = dir.resolve("autograder");
        write(autograder.resolve("submission/src/main/java/KnightMoves.java"), KNIGHT);
        write(autograder.resolve("submission/src/main/java/util/Board.java"), BOARD);
        write(autograder.resolve("submission/README.md"), "hello");
        write(autograder.resolve("submission_metadata.json"), "{\"id\": 1, \"users\": [{\"email\": \"paula@example.edu\","
                + " \"id\": 7, \"name\": \"Paula Jones\", \"sid\": \"s123\"}]}");
        ClassDownload download = intake(Optional.of("knight-moves")).read(List.of(autograder.resolve("submission")));
        assertEquals(1, download.handins().size());
        Handin handin = download.handins().get(0);
        assertEquals("Paula Jones", handin.student());
        assertTrue(handin.aliases().containsAll(List.of("paula@example.edu", "s123")), handin.aliases()::toString);
        assertEquals(List.of("Board.java", "KnightMoves.java"), names(handin));
    }

    @Test
    void gradescopesLayoutAnywhereIsNamedByItsMetadata(@TempDir Path dir) throws IOException, IntakeException {
        Path root = dir.resolve("try-it"); // the bundle's AUTOGRADER_ROOT, not named autograder
        write(root.resolve("submission/KnightMoves.java"), KNIGHT);
        write(root.resolve("submission_metadata.json"), "{\"id\": 1, \"users\": [{\"email\": \"ravi@example.edu\","
                + " \"id\": 8, \"name\": \"Ravi Patel\", \"sid\": \"s124\"}, {\"name\": \"Zoë Ørsted\"}]}");
        Handin handin = intake(Optional.of("knight-moves")).read(List.of(root.resolve("submission"))).handins().get(0);
        assertEquals("Ravi Patel & Zoë Ørsted", handin.student(), "a group is named by all its members");
        Path plain = dir.resolve("class/submission"); // a student's folder that happens to be so named
        write(plain.resolve("KnightMoves.java"), KNIGHT);
        assertEquals("submission", intake(Optional.of("knight-moves")).read(List.of(plain)).handins().get(0).student());
    }

    @Test
    void aStudentsWholeTreeIsGatheredWithoutTestsBuildOutputOrIdeFolders(@TempDir Path dir) throws IOException, IntakeException {
        Path bob = dir.resolve("knight-moves/bob");
        write(bob.resolve("pom.xml"), "<project/>");
        write(bob.resolve("src/main/java/KnightMoves.java"), KNIGHT);
        write(bob.resolve("src/main/java/util/Board.java"), BOARD);
        write(bob.resolve("src/test/java/KnightMovesTest.java"), TEST);
        write(bob.resolve("target/generated-sources/Stale.java"), "class Stale {}");
        write(bob.resolve("target/classes/KnightMoves.class"), new byte[] {1});
        write(bob.resolve(".idea/Scratch.java"), "this is not java");
        write(bob.resolve(".git/hooks/Hook.java"), "this is not java");
        write(bob.resolve("out/production/KnightMoves.java"), "stale");

        ClassDownload download = intake(Optional.empty()).read(List.of(dir));
        assertEquals(1, download.handins().size(), "a Maven layout is one student, not two");
        Handin handin = download.handins().get(0);
        assertEquals("bob", handin.student());
        assertEquals(List.of("Board.java", "KnightMoves.java"), names(handin));
        assertTrue(handin.notes().contains("left out test code: src/test/java/KnightMovesTest.java"), handin.notes()::toString);
        assertTrue(handin.notes().contains("left out build output: out/production/KnightMoves.java and"
                + " target/generated-sources/Stale.java"), handin.notes()::toString);

        // the same folder given directly is still bob's
        assertEquals("bob", intake(Optional.empty()).read(List.of(bob)).handins().get(0).student());
    }

    @Test
    void aStudentWithOnlyTestCodeHasNothingToGrade(@TempDir Path dir) throws IOException, IntakeException {
        write(dir.resolve("knight-moves/carol/src/test/java/KnightMovesTest.java"), TEST);
        Handin handin = intake(Optional.empty()).read(List.of(dir)).handins().get(0);
        assertEquals("NO_SUBMISSION: nothing to grade: only src/test/java/KnightMovesTest.java (test code)", verdict(handin));
    }

    @Test
    void symbolicLinksInAStudentsFolderAreNotFollowedOutOfIt(@TempDir Path dir) throws IOException, IntakeException {
        Path secret = dir.resolve("secret/Secret.java");
        write(secret, "class Secret { String key = \"teacher's\"; }");
        Path eve = dir.resolve("knight-moves/eve");
        write(eve.resolve("KnightMoves.java"), KNIGHT);
        write(eve.resolve("lib/Inside.java"), "class Inside {}");
        Files.createSymbolicLink(eve.resolve("Secret.java"), secret);
        Files.createSymbolicLink(eve.resolve("Alias.java"), eve.resolve("lib/Inside.java"));
        Files.createSymbolicLink(eve.resolve("up"), dir.resolve("secret"));
        Handin handin = intake(Optional.empty()).read(List.of(dir.resolve("knight-moves"))).handins().get(0);
        assertEquals(List.of("Inside.java", "KnightMoves.java"), names(handin), "a link inside the folder is read: a copy");
        assertTrue(handin.notes().contains("left out Alias.java: the same as lib/Inside.java"), handin.notes()::toString);
        assertFalse(handin.sources().stream().anyMatch(s -> s.text().contains("teacher's")));
        assertTrue(handin.notes().contains("skipped the link Secret.java: it points outside the hand-in"), handin.notes()::toString);
        assertTrue(handin.notes().contains("skipped the link up: it points outside the hand-in"), handin.notes()::toString);
    }

    @Test
    void theRepositorysSamplesKeepTheirLayout() throws IntakeException, IOException {
        long samples;
        try (var paths = Files.walk(TestHome.submissions(), 3)) {
            samples = paths.filter(p -> TestHome.submissions().relativize(p).getNameCount() == 3).count();
        }
        ClassDownload download = intake(Optional.empty()).read(List.of(TestHome.submissions()));
        assertEquals(samples, download.handins().size(), "one per submissions/<kata>/<verdict>/<name>");
        for (Handin handin : download.handins()) {
            Path path = handin.path().orElseThrow();
            assertEquals(path.getFileName().toString(), handin.student());
            assertEquals(path.getParent().getParent().getFileName().toString(), handin.kataId());
            assertTrue(Verdict.ofFolderName(path.getParent().getFileName().toString()).isPresent(), handin.location());
            assertTrue(handin.verdict().isEmpty(), handin.location());
        }
        assertEquals(count(TestHome.submissions().resolve("knight-moves"), 2),
                intake(Optional.empty()).read(List.of(TestHome.submissions().resolve("knight-moves"))).handins().size());
        assertEquals(count(TestHome.submissions().resolve("knight-moves/accepted"), 1),
                intake(Optional.empty()).read(List.of(TestHome.submissions().resolve("knight-moves/accepted"))).handins().size());
        assertEquals("seed-bfs", intake(Optional.empty()).read(List.of(TestHome.submissions()
                .resolve("knight-moves/accepted/seed-bfs"))).handins().get(0).student());
    }

    private static long count(Path folder, int depth) throws IOException {
        try (var paths = Files.walk(folder, depth)) {
            return paths.filter(p -> folder.relativize(p).getNameCount() == depth && !p.equals(folder)).count();
        }
    }

    @Test
    void pathsThatCannotBeGradedAreTheTeachersError(@TempDir Path dir) throws IOException {
        assertEquals("no such file or directory: " + dir.resolve("nope"),
                assertThrows(IntakeException.class, () -> intake(Optional.empty()).read(List.of(dir.resolve("nope")))).getMessage());
        write(dir.resolve("loose/KnightMoves.java"), KNIGHT);
        assertTrue(assertThrows(IntakeException.class, () -> intake(Optional.empty()).read(List.of(dir.resolve("loose"))))
                .getMessage().startsWith("cannot tell which kata " + dir.resolve("loose") + " solves"));
        Files.createDirectories(dir.resolve("empty"));
        assertTrue(assertThrows(IntakeException.class, () -> intake(Optional.of("knight-moves")).read(List.of(dir.resolve("empty"))))
                .getMessage().startsWith("nothing to grade"));
        write(dir.resolve("notes.txt"), "hello");
        assertTrue(assertThrows(IntakeException.class, () -> intake(Optional.of("knight-moves")).read(List.of(dir.resolve("notes.txt"))))
                .getMessage().contains("is not a .java file, an archive"));
    }

    @Test
    void filesInAClassFolderThatAreNoStudentsAreWarnedAbout(@TempDir Path dir) throws IOException, IntakeException {
        write(dir.resolve("knight-moves/alice/KnightMoves.java"), KNIGHT);
        write(dir.resolve("knight-moves/grades.csv"), "name,grade\n");
        ClassDownload download = intake(Optional.empty()).read(List.of(dir));
        assertEquals(1, download.handins().size());
        assertEquals(1, download.warnings().size());
        assertTrue(download.warnings().get(0).startsWith("ignored " + dir.resolve("knight-moves/grades.csv")), download::toString);
    }
}
