package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.intake.TestArchives;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code grade} on class downloads shaped as Moodle, Canvas, GitHub Classroom, Gradescope and
 * plain folders give them, hostile archives included: one result per student, named as the
 * teacher knows them, with the right verdict and score; correct code in everyday shapes is
 * ACCEPTED.
 */
@Execution(ExecutionMode.CONCURRENT)
class ClassDownloadTest {

    static final String CORRECT = read("knight-moves/accepted/closed-form/KnightMoves.java");
    static final String WRONG = read("knight-moves/wrong_answer/greedy-walk/KnightMoves.java");
    static final String BROKEN = "public class KnightMoves {\n    public static int minMoves(String a, String b) { return }\n}\n";
    static final String TEST = "import org.junit.jupiter.api.Test;\nclass KnightMovesTest { @Test void t() {} }\n";
    static final String BOARD = "package util;\n\npublic class Board {\n    public static int size() { return 8; }\n}\n";
    /** Correct, and using a helper class of package util. */
    static final String WITH_HELPER = CORRECT.replace("public class KnightMoves {",
            "public class KnightMoves {\n\n    static final int SIZE = util.Board.size();");
    /** Correct, with comments as a German Windows editor saves them. */
    static final String GERMAN = "// Lösung für den Springer – „Knight“, Größe 8×8\n" + CORRECT;

    private static String read(String sample) {
        try {
            return Files.readString(TestHome.submissions().resolve(sample));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void write(Path file, String text) {
        write(file, utf8(text));
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void repository(Path repo) {
        write(repo.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        write(repo.resolve(".gitignore"), "target/\n");
    }

    private static byte[] bom(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        bytes.writeBytes(utf8(text));
        return bytes.toByteArray();
    }

    /** A deflated entry of 200 MiB of zeros next to a correct solution: about 200 KiB on disk. */
    private static byte[] zipBomb() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("KnightMoves.java"));
            zip.write(utf8(CORRECT));
            zip.putNextEntry(new ZipEntry("data/zeros.bin"));
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 200; i++) {
                zip.write(zeros);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * The expected result of one student.
     *
     * @param verdict the verdict
     * @param note    a note the result must carry, or null
     */
    record Expected(String verdict, String note) {
    }

    /**
     * Builds a class of 52 students in four LMS shapes below {@code root}, each in a
     * {@code knight-moves/} folder, and returns what each student should get.
     */
    static Map<String, Expected> buildClass(Path root) {
        Map<String, Expected> expected = new LinkedHashMap<>();
        String ac = "ACCEPTED";
        String ns = "NO_SUBMISSION";

        // Moodle, "download submissions in folders"
        Path moodle = root.resolve("moodle/knight-moves");
        write(moodle.resolve("Paula Jones_23456_assignsubmission_file_/KnightMoves.zip"), TestArchives.zip(Map.of(
                "KnightMoves/src/KnightMoves.java", utf8(CORRECT),
                "__MACOSX/KnightMoves/src/._KnightMoves.java", new byte[] {0, 5, 22, 7, 0, 2, 0, 0})));
        expected.put("Paula Jones", new Expected(ac, null));
        write(moodle.resolve("Empty Person_23457_assignsubmission_file_/.keep"), "");
        expected.put("Empty Person", new Expected(ns, null));
        write(moodle.resolve("Readme Only_23458_assignsubmission_file_/README.md"), "I ran out of time");
        expected.put("Readme Only", new Expected(ns, null));
        write(moodle.resolve("Class File_23459_assignsubmission_file_/Main.class"), new byte[] {(byte) 0xCA, (byte) 0xFE});
        write(moodle.resolve("Class File_23459_assignsubmission_file_/notes.txt"), "see Main.class");
        expected.put("Class File", new Expected(ns, null));
        write(moodle.resolve("Bom Notepad_23460_assignsubmission_file_/KnightMoves.java"), bom(CORRECT));
        expected.put("Bom Notepad", new Expected(ac, "removed the UTF-8 byte order mark (BOM) at the start of KnightMoves.java"));
        write(moodle.resolve("Win Comments_23461_assignsubmission_file_/KnightMoves.java"),
                GERMAN.getBytes(Charset.forName("windows-1252")));
        expected.put("Win Comments", new Expected(ac, "decoded KnightMoves.java as windows-1252"));
        write(moodle.resolve("Helper Package_23462_assignsubmission_file_/KnightMoves.java"), WITH_HELPER);
        write(moodle.resolve("Helper Package_23462_assignsubmission_file_/util/Board.java"), BOARD);
        expected.put("Helper Package", new Expected(ac, null));
        write(moodle.resolve("Two Plugins_23463_assignsubmission_file_/KnightMoves.java"), CORRECT);
        write(moodle.resolve("Two Plugins_23463_assignsubmission_onlinetext_/onlinetext.html"), "<p>see my file</p>");
        expected.put("Two Plugins", new Expected(ac, null));
        write(moodle.resolve("Zip Pdf_23464_assignsubmission_file_/solution.zip"), TestArchives.zip(Map.of(
                "report.pdf", new byte[] {'%', 'P', 'D', 'F'})));
        expected.put("Zip Pdf", new Expected(ns, null));
        write(moodle.resolve("Tar Gz_23465_assignsubmission_file_/project.tar.gz"), TestArchives.gzip(TestArchives.tar(List.of(
                TestArchives.file("project/src/KnightMoves.java", CORRECT)))));
        expected.put("Tar Gz", new Expected(ac, null));
        write(moodle.resolve("Wrong Answer_23466_assignsubmission_file_/KnightMoves.java"), WRONG);
        expected.put("Wrong Answer", new Expected("WRONG_ANSWER", null));
        write(moodle.resolve("Syntax Error_23467_assignsubmission_file_/KnightMoves.java"), BROKEN);
        expected.put("Syntax Error", new Expected("COMPILE_ERROR", null));
        write(moodle.resolve("Maven Layout_23468_assignsubmission_file_/knight.zip"), TestArchives.zip(Map.of(
                "knight/pom.xml", utf8("<project/>"),
                "knight/src/main/java/KnightMoves.java", utf8(CORRECT),
                "knight/src/test/java/KnightMovesTest.java", utf8(TEST),
                "knight/target/classes/KnightMoves.class", new byte[] {1, 2})));
        expected.put("Maven Layout", new Expected(ac, "left out test code: knight.zip!/knight/src/test/java/KnightMovesTest.java"));
        write(moodle.resolve("Flat File_23469_assignsubmission_file_KnightMoves.java"), CORRECT);
        expected.put("Flat File", new Expected(ac, null));
        Path eclipse = moodle.resolve("Eclipse Project_23470_assignsubmission_file_");
        write(eclipse.resolve(".project"), "<projectDescription/>");
        write(eclipse.resolve(".classpath"), "<classpath/>");
        write(eclipse.resolve("src/KnightMoves.java"), CORRECT);
        write(eclipse.resolve("bin/KnightMoves.class"), new byte[] {1});
        expected.put("Eclipse Project", new Expected(ac, null));
        write(moodle.resolve("Nested Zip_23471_assignsubmission_file_/outer.zip"), TestArchives.zip(Map.of(
                "inner.zip", TestArchives.zip(Map.of("KnightMoves.java", utf8(CORRECT))))));
        expected.put("Nested Zip", new Expected(ac, null));

        // Canvas, a flat bulk download
        Path canvas = root.resolve("canvas/knight-moves");
        write(canvas.resolve("nguyenalice_101_5551_KnightMoves.java"), CORRECT);
        expected.put("nguyenalice", new Expected(ac, null));
        write(canvas.resolve("costajulia_102_5552_README.md"), "no time, sorry");
        expected.put("costajulia", new Expected(ns, null));
        write(canvas.resolve("petrovivan_LATE_103_5553_KnightMoves-1.java"), CORRECT);
        expected.put("petrovivan", new Expected(ac, "compiled KnightMoves-1.java as KnightMoves.java"));
        write(canvas.resolve("leeminho_104_5554_KnightMoves.java"), WRONG);
        write(canvas.resolve("leeminho_104_5555_KnightMoves-1.java"), CORRECT);
        expected.put("leeminho", new Expected(ac, "used KnightMoves-1.java, the latest re-submission; left out KnightMoves.java"));
        write(canvas.resolve("garciaana_105_5556_KnightMoves.java"), CORRECT.replace("return 4;", "return Corner.MOVES;"));
        write(canvas.resolve("garciaana_105_5557_Corner.java"), "class Corner {\n    static final int MOVES = 4;\n}\n");
        expected.put("garciaana", new Expected(ac, null));
        write(canvas.resolve("smithjohn_106_5558_solution.zip"), TestArchives.zip(Map.of("solution/KnightMoves.java", utf8(CORRECT))));
        expected.put("smithjohn", new Expected(ac, null));
        write(canvas.resolve("kowalskijan_107_5559_KnightMoves.class"), new byte[] {(byte) 0xCA, (byte) 0xFE});
        expected.put("kowalskijan", new Expected(ns, null));
        write(canvas.resolve("tanakayui_108_5560_KnightMoves.java"), WRONG);
        expected.put("tanakayui", new Expected("WRONG_ANSWER", null));
        write(canvas.resolve("obrienliam_109_5561_KnightMoves (1).java"), CORRECT);
        expected.put("obrienliam", new Expected(ac, "compiled KnightMoves (1).java as KnightMoves.java"));
        write(canvas.resolve("mullerzoe_LATE_110_5562_KnightMoves.java"), CORRECT);
        expected.put("mullerzoe", new Expected(ac, "handed in late: Canvas marked the file LATE"));
        write(canvas.resolve("ahmedomar_111_5563_KnightMovesTest.java"), TEST);
        expected.put("ahmedomar", new Expected(ns, null));
        write(canvas.resolve("silvaluis_112_5564_KnightMoves.tar.gz"), TestArchives.gzip(TestArchives.tar(List.of(
                TestArchives.file("KnightMoves.java", CORRECT)))));
        expected.put("silvaluis", new Expected(ac, null));

        // GitHub Classroom, repositories cloned into the kata's folder
        Path classroom = root.resolve("classroom/knight-moves");
        for (String login : List.of("octocat", "mona-lisa", "torvalds")) {
            Path repo = classroom.resolve("hw2-knight-" + login);
            repository(repo);
            write(repo.resolve("pom.xml"), "<project/>");
            write(repo.resolve("src/main/java/KnightMoves.java"), CORRECT);
            write(repo.resolve("src/test/java/KnightMovesTest.java"), TEST);
            expected.put(login, new Expected(ac, null));
        }
        repository(classroom.resolve("hw2-knight-hubot"));
        write(classroom.resolve("hw2-knight-hubot/KnightMoves.java"), WRONG);
        expected.put("hubot", new Expected("WRONG_ANSWER", null));
        repository(classroom.resolve("hw2-knight-defunkt"));
        write(classroom.resolve("hw2-knight-defunkt/README.md"), "# hw2");
        expected.put("defunkt", new Expected(ns, null));
        repository(classroom.resolve("hw2-knight-pjhyett"));
        write(classroom.resolve("hw2-knight-pjhyett/src/main/java/KnightMoves.java"), WITH_HELPER);
        write(classroom.resolve("hw2-knight-pjhyett/src/main/java/util/Board.java"), BOARD);
        expected.put("pjhyett", new Expected(ac, null));
        Path wanstrath = classroom.resolve("hw2-knight-wanstrath");
        repository(wanstrath);
        write(wanstrath.resolve("KnightMoves.java"), CORRECT);
        try {
            Files.createSymbolicLink(wanstrath.resolve("Peek.java"), root.resolve("canvas/knight-moves/tanakayui_108_5560_KnightMoves.java"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        expected.put("wanstrath", new Expected(ac, "skipped the link Peek.java: it points outside the hand-in"));
        repository(classroom.resolve("hw2-knight-mojombo"));
        write(classroom.resolve("hw2-knight-mojombo/KnightMoves.java"), BROKEN);
        expected.put("mojombo", new Expected("COMPILE_ERROR", null));
        repository(classroom.resolve("hw2-knight-gaearon"));
        write(classroom.resolve("hw2-knight-gaearon/src/KnightMoves.java"), CORRECT);
        write(classroom.resolve("hw2-knight-gaearon/out/production/hw2/KnightMoves.class"), new byte[] {1});
        write(classroom.resolve("hw2-knight-gaearon/.idea/misc.xml"), "<project/>");
        write(classroom.resolve("hw2-knight-gaearon/hw2.iml"), "<module/>");
        expected.put("gaearon", new Expected(ac, null));
        repository(classroom.resolve("hw2-knight-sindresorhus"));
        expected.put("sindresorhus", new Expected(ns, null));

        // plain folders, files and archives
        Path plain = root.resolve("plain/knight-moves");
        write(plain.resolve("alice/KnightMoves.java"), CORRECT);
        expected.put("alice", new Expected(ac, null));
        write(plain.resolve("bob.java"), CORRECT);
        expected.put("bob", new Expected(ac, "compiled bob.java as KnightMoves.java"));
        write(plain.resolve("carol.zip"), TestArchives.zip(Map.of("KnightMoves.java", utf8(CORRECT))));
        expected.put("carol", new Expected(ac, null));
        try {
            Files.createDirectories(plain.resolve("dave"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        expected.put("dave", new Expected(ns, null));
        write(plain.resolve("erin/src/main/java/KnightMoves.java"), CORRECT);
        write(plain.resolve("erin/src/test/java/KnightMovesTest.java"), TEST);
        expected.put("erin", new Expected(ac, "left out test code: src/test/java/KnightMovesTest.java"));
        write(plain.resolve("frank/out/production/KnightMoves.class"), new byte[] {1});
        expected.put("frank", new Expected(ns, null));
        write(plain.resolve("grace/KnightMoves.java"), CORRECT.getBytes(StandardCharsets.UTF_16));
        expected.put("grace", new Expected(ac, "decoded KnightMoves.java as UTF-16BE"));
        write(plain.resolve("heidi/bomb.zip"), zipBomb());
        expected.put("heidi", new Expected("REJECTED", null));
        write(plain.resolve("ivan/slip.zip"), TestArchives.zip(Map.of("KnightMoves.java", utf8(CORRECT),
                "../../../../tmp/kata-judge-zip-slip/KnightMoves.java", utf8(CORRECT))));
        expected.put("ivan", new Expected("REJECTED", null));
        write(plain.resolve("judy/links.tar"), TestArchives.tar(List.of(TestArchives.symlink("Secret.java", "/etc/passwd"),
                TestArchives.file("KnightMoves.java", CORRECT))));
        expected.put("judy", new Expected(ac, "skipped the link links.tar!/Secret.java -> /etc/passwd: links are not followed"));
        byte[] deep = TestArchives.zip(Map.of("KnightMoves.java", utf8(CORRECT)));
        for (int level = 0; level < 4; level++) {
            deep = TestArchives.zip(Map.of("level" + level + ".zip", deep));
        }
        write(plain.resolve("mallory/deep.zip"), deep);
        expected.put("mallory", new Expected("REJECTED", null));
        Map<String, byte[]> many = new LinkedHashMap<>();
        many.put("KnightMoves.java", utf8(CORRECT));
        for (int i = 0; i < 12_000; i++) {
            many.put("cache/" + i, new byte[0]);
        }
        write(plain.resolve("oscar/many.zip"), TestArchives.zip(many));
        expected.put("oscar", new Expected("REJECTED", null));
        byte[] whole = TestArchives.zip(Map.of("KnightMoves.java", utf8(CORRECT)));
        write(plain.resolve("peggy/corrupt.zip"), java.util.Arrays.copyOf(whole, whole.length / 2));
        expected.put("peggy", new Expected(ns, null));
        write(plain.resolve("trent/KnightMoves.java"), CORRECT.replace("return 4;", "return Corner.MOVES;"));
        write(plain.resolve("trent/helpers/Corner.java"), "class Corner {\n    static final int MOVES = 4;\n}\n");
        expected.put("trent", new Expected(ac, null));
        return expected;
    }

    @Test
    void everyStudentOfAClassDownloadGetsOneNamedScoredResult(@TempDir Path dir) throws IOException {
        Path root = dir.resolve("class");
        Map<String, Expected> expected = buildClass(root);
        assertEquals(52, expected.size());
        // the roster lists everyone but mallory, in the shapes LMSs export, and one student who handed in nothing
        Path roster = dir.resolve("roster.csv");
        StringBuilder csv = new StringBuilder("Student,ID,Email,GitHub\n");
        for (String student : expected.keySet()) {
            if (student.equals("mallory")) {
                continue;
            }
            if (student.contains(" ")) { // Moodle's names, as a gradebook sorts them
                String[] words = student.split(" ");
                csv.append('"').append(words[1]).append(", ").append(words[0]).append("\",,,\n");
            } else if (List.of("octocat", "mona-lisa", "torvalds", "hubot", "defunkt", "pjhyett", "wanstrath", "mojombo",
                    "gaearon", "sindresorhus").contains(student)) {
                csv.append("Someone,,,").append(student).append('\n');
            } else {
                csv.append(student).append(",,").append(student).append("@example.edu,\n");
            }
        }
        csv.append("\"White, Walter\",999,walter@example.edu,\n");
        Files.writeString(roster, csv.toString());

        Path json = dir.resolve("report.json");
        Path gradebook = dir.resolve("grades.csv");
        CliRun run = CliRun.of("grade", "--jobs", "2", "--json", json.toString(), "--csv", gradebook.toString(),
                "--roster", roster.toString(), root.toString());
        assertEquals(1, run.status(), run::toString);
        assertTrue(run.out().contains("warning: mallory (" + root.resolve("plain/knight-moves/mallory") + ") is not on the roster"),
                run::toString);
        assertFalse(Files.exists(Path.of("/tmp/kata-judge-zip-slip")), "nothing unpacked outside");

        JsonNode report = Reports.read(json);
        Map<String, JsonNode> results = new TreeMap<>();
        for (JsonNode result : report.get("results")) {
            JsonNode before = results.put(result.get("student").asText(), result);
            assertTrue(before == null, () -> "two results for " + result.get("student").asText());
        }
        assertEquals(53, results.size(), () -> "one result per student: " + results.keySet());
        assertEquals(53, report.get("summary").get("total").asInt());
        for (Map.Entry<String, Expected> student : expected.entrySet()) {
            JsonNode result = results.get(student.getKey());
            assertTrue(result != null, () -> "no result for " + student.getKey() + " in " + results.keySet());
            String verdict = result.get("verdict").asText();
            assertEquals(student.getValue().verdict(), verdict, () -> student.getKey() + ": " + result);
            assertEquals("knight-moves", result.get("kata").asText());
            double score = result.get("score").asDouble();
            double max = result.get("maxScore").asDouble();
            assertTrue(max > 0, student.getKey());
            switch (verdict) {
                case "ACCEPTED" -> assertEquals(max, score, student.getKey());
                case "WRONG_ANSWER" -> assertTrue(score < max, student.getKey());
                default -> assertEquals(0, score, () -> student.getKey() + ": " + result);
            }
            if (student.getValue().note() != null) {
                List<String> notes = new ArrayList<>();
                result.get("notes").forEach(n -> notes.add(n.asText()));
                assertTrue(notes.stream().anyMatch(n -> n.startsWith(student.getValue().note())),
                        () -> student.getKey() + ": no note \"" + student.getValue().note() + "\" in " + notes);
            }
        }
        assertMessage(results, "Empty Person", "nothing to grade: an empty folder");
        assertMessage(results, "Readme Only", "nothing to grade: only README.md");
        assertMessage(results, "Class File", "nothing to grade: only Main.class and notes.txt");
        assertMessage(results, "Zip Pdf", "nothing to grade: only solution.zip (a .zip with no .java files: report.pdf)");
        assertMessage(results, "costajulia", "nothing to grade: only README.md");
        assertMessage(results, "kowalskijan", "nothing to grade: only KnightMoves.class");
        assertMessage(results, "ahmedomar", "nothing to grade: only KnightMovesTest.java (test code)");
        assertMessage(results, "defunkt", "nothing to grade: only README.md");
        assertMessage(results, "sindresorhus", "nothing to grade: an empty folder");
        assertMessage(results, "dave", "nothing to grade: an empty folder");
        assertMessage(results, "frank", "nothing to grade: only out/production/KnightMoves.class");
        assertMessage(results, "peggy", "nothing to grade: only corrupt.zip (not a readable .zip");
        assertMessage(results, "heidi", "bomb.zip unpacks to more than 100 times its size");
        assertMessage(results, "ivan", "slip.zip holds a file outside itself");
        assertMessage(results, "mallory", "archives nested more than 3 deep");
        assertMessage(results, "oscar", "many.zip holds more than 10000 files");
        assertMessage(results, "White, Walter", "nothing handed in: on the roster (" + roster + " line 53)");
        assertEquals("NO_SUBMISSION", results.get("White, Walter").get("verdict").asText());
        assertTrue(results.get("mallory").get("notes").toString().contains("not on the roster"));
        assertEquals("leeminho", results.get("leeminho").get("student").asText());
        assertEquals(root.resolve("canvas/knight-moves/leeminho_104_555") + "*", results.get("leeminho").get("submission").asText());

        List<String> rows = Files.readAllLines(gradebook);
        assertEquals(54, rows.size(), "a header and one row per student");
    }

    private static void assertMessage(Map<String, JsonNode> results, String student, String message) {
        String actual = results.get(student).get("message").asText();
        assertTrue(actual.contains(message), () -> student + ": expected \"" + message + "\" in \"" + actual + "\"");
    }

    @Test
    void aGroupOfCanvasFilesIsOnePathForFuzzAndGrade(@TempDir Path dir) {
        Path canvas = dir.resolve("knight-moves");
        write(canvas.resolve("garciaana_105_5556_KnightMoves.java"), WRONG.replace("public class KnightMoves {",
                "public class KnightMoves {\n    static final int SIDE = Side.LENGTH;"));
        write(canvas.resolve("garciaana_105_5557_Side.java"), "class Side {\n    static final int LENGTH = 8;\n}\n");
        write(canvas.resolve("tanakayui_108_5560_KnightMoves.java"), CORRECT);
        CliRun graded = CliRun.of("grade", canvas.toString());
        assertEquals(1, graded.status(), graded::toString);
        String location = canvas.resolve("garciaana_105_555") + "*";
        assertTrue(graded.out().lines().anyMatch(line -> line.startsWith("WA ") && line.contains(" " + location + " ")),
                graded::toString);
        assertTrue(graded.out().contains("replay:   java -jar judge/target/judge.jar fuzz --kata knight-moves --method minMoves"),
                graded::toString);
        CliRun fuzzed = CliRun.of("fuzz", "--seed", "1", location);
        assertEquals(1, fuzzed.status(), fuzzed::toString);
        assertTrue(fuzzed.out().startsWith("fuzzing " + location + " as knight-moves"), fuzzed::toString);
        assertTrue(fuzzed.out().contains("WRONG_ANSWER"), fuzzed::toString);
    }

    @Test
    void gradescopesSubmissionFolderIsOneStudent(@TempDir Path dir) {
        Path autograder = dir.resolve("autograder");
        write(autograder.resolve("submission/knight-moves-main/src/main/java/KnightMoves.java"), WITH_HELPER);
        write(autograder.resolve("submission/knight-moves-main/src/main/java/util/Board.java"), BOARD);
        write(autograder.resolve("submission/knight-moves-main/README.md"), "# knight moves");
        write(autograder.resolve("submission_metadata.json"), "{\"id\": 1, \"users\": [{\"email\": \"paula@example.edu\","
                + " \"id\": 7, \"name\": \"Paula Jones\", \"sid\": \"s123\"}]}");
        Path json = dir.resolve("results.json");
        CliRun run = CliRun.of("grade", "--kata", "knight-moves", "--json", json.toString(), autograder.resolve("submission").toString());
        assertEquals(0, run.status(), run::toString);
        JsonNode results = Reports.read(json).get("results");
        assertEquals(1, results.size());
        assertEquals("Paula Jones", results.get(0).get("student").asText());
        assertEquals("ACCEPTED", results.get(0).get("verdict").asText());
    }

    /**
     * IntelliJ's and Eclipse's default: the solution in a package. Accepting it is the compiler's
     * part of issue 8 (it relocates the class and loads it by its binary name); the intake
     * delivers the sources as they are.
     */
    @Test
    void aSolutionInAPackageIsAccepted(@TempDir Path dir) {
        Path student = dir.resolve("knight-moves/intellij-user");
        write(student.resolve("KnightMoves.iml"), "<module/>");
        write(student.resolve("src/main/java/com/alice/KnightMoves.java"), "package com.alice;\n\n" + WITH_HELPER.replace(
                "util.Board", "com.alice.util.Board"));
        write(student.resolve("src/main/java/com/alice/util/Board.java"), BOARD.replace("package util;", "package com.alice.util;"));
        Path json = dir.resolve("report.json");
        CliRun run = CliRun.of("grade", "--json", json.toString(), dir.resolve("knight-moves").toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("ACCEPTED", Reports.read(json).get("results").get(0).get("verdict").asText());
    }
}
