package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hidden examples end to end: the teacher's view shows everything; {@code --student-view} shows a
 * hidden example only as "hidden test N failed", in the console, the JSON report and JUnit XML.
 */
class StudentViewCommandTest {

    /** The example marked hidden in these tests, and its board. */
    private static final String HIDDEN = "unsafe1";
    private static final String HIDDEN_BOARD = "{{0, 3, 0, 0}, {0, 0, 1, 0}, {0, 3, 0, 0}, {0, 0, 1, 0}}";

    /** Right everywhere but on the hidden example's board, which it prints and gets wrong. */
    private static final String WRONG_ONLY_ON_THE_HIDDEN_BOARD = """
            import java.util.Arrays;

            public class SafeSpaces {
                public static boolean isSafe(int[][] board) {
                    if (Arrays.deepEquals(board, new int[][] %s)) {
                        System.out.println("got " + Arrays.deepToString(board));
                        return true;
                    }
                    for (int r = 0; r + 1 < board.length; r++) {
                        for (int c = 0; c < board[r].length; c++) {
                            if (board[r][c] == 3 && ((c > 0 && board[r + 1][c - 1] == 1)
                                    || (c + 1 < board[r + 1].length && board[r + 1][c + 1] == 1))) {
                                return false;
                            }
                        }
                    }
                    return true;
                }
            }
            """.formatted(HIDDEN_BOARD);

    @TempDir
    Path dir;

    private Path katas;
    private Path submission;

    @BeforeEach
    void katasWithAHiddenExample() throws IOException {
        katas = dir.resolve("katas");
        TestHome.copyTree(TestHome.katas(), katas);
        Path examples = katas.resolve("checkers-safe-spaces/examples.json");
        String text = Files.readString(examples);
        String line = "{\"name\":\"" + HIDDEN + "\"";
        assertTrue(text.contains(line), text);
        Files.writeString(examples, text.replace(line, "{\"hidden\":true,\"name\":\"" + HIDDEN + "\""));
        submission = dir.resolve("class/checkers-safe-spaces/zoe");
        Files.createDirectories(submission);
        Files.writeString(submission.resolve("SafeSpaces.java"), WRONG_ONLY_ON_THE_HIDDEN_BOARD, StandardCharsets.UTF_8);
    }

    /** The result's one hidden test: it runs last, after the random tests, in a JVM of its own. */
    private static JsonNode hiddenTest(JsonNode result) {
        List<JsonNode> hidden = new ArrayList<>();
        result.get("tests").forEach(t -> {
            if (t.get("hidden").asBoolean()) {
                hidden.add(t);
            }
        });
        assertEquals(1, hidden.size(), result::toString);
        JsonNode tests = result.get("tests");
        assertEquals(hidden.get(0), tests.get(tests.size() - 1), "the hidden example ran last: " + result);
        return hidden.get(0);
    }

    @Test
    void theTeachersViewShowsTheHiddenExample() {
        Path json = dir.resolve("teacher.json");
        CliRun run = CliRun.of("grade", "--katas", katas.toString(), "--json", json.toString(), submission.toString());
        assertEquals(1, run.status(), run::toString);
        assertTrue(run.out().contains("wrong answer on hidden example \"" + HIDDEN + "\""), run::toString);
        assertTrue(run.out().contains("got [[0, 3, 0, 0]"), "what it printed: " + run);
        JsonNode result = Reports.read(json).get("results").get(0);
        assertEquals(HIDDEN, result.get("counterexample").get("example").asText());
        JsonNode test = hiddenTest(result);
        assertEquals("example: " + HIDDEN, test.get("name").asText());
        assertEquals("FAILED", test.get("status").asText());
    }

    @Test
    void theStudentViewShowsOnlyThatAHiddenTestFailed() throws IOException {
        Path json = dir.resolve("student.json");
        Path xml = dir.resolve("xml");
        Path csv = dir.resolve("grades.csv");
        CliRun run = CliRun.of("grade", "--student-view", "--katas", katas.toString(), "--json", json.toString(),
                "--junit-xml", xml.toString(), "--csv", csv.toString(), submission.toString());
        assertEquals(1, run.status(), run::toString);
        assertTrue(run.out().contains("     hidden test 1 failed\n"), run::toString);
        assertTrue(run.out().contains("failed: hidden test 1\n"), run::toString);
        assertNoLeak("console", run.out());

        String report = Files.readString(json);
        assertNoLeak("JSON report", report);
        JsonNode result = Reports.read(json).get("results").get(0);
        assertEquals("WRONG_ANSWER", result.get("verdict").asText());
        assertEquals("hidden test 1 failed", result.get("message").asText());
        assertFalse(result.has("counterexample"), "the hidden example's input and answer: " + result);
        assertEquals(12.0, result.get("score").asDouble(), "points are the same in both views");
        assertEquals(13.0, result.get("maxScore").asDouble());
        JsonNode test = hiddenTest(result);
        assertEquals("hidden test 1", test.get("name").asText());
        assertEquals("hidden test 1 failed", test.get("message").asText());

        String gradebook = Files.readString(csv);
        assertTrue(gradebook.contains(",\"WRONG_ANSWER\",12,13,"), gradebook);
        assertTrue(gradebook.contains(",\"hidden test 1 failed\"\r\n"), gradebook);
        assertNoLeak("gradebook", gradebook);

        try (Stream<Path> files = Files.list(xml)) {
            Path file = files.filter(f -> f.toString().endsWith(".xml")).findFirst().orElseThrow();
            String text = Files.readString(file);
            assertTrue(text.contains("hidden test 1"), text);
            assertNoLeak("JUnit XML", text);
        }
    }

    @Test
    void theStudentViewsReplayIsTheCommandAStudentRunsAndNamesNoneOfTheGradersPaths() throws IOException {
        // a visible failure of a bundled kata, graded with the teacher's --katas and --scoring:
        // the student's console and JSON give the command as run beside their own file
        Path handIn = dir.resolve("class/knight-moves/zoe");
        TestHome.copyTree(TestHome.submissions().resolve("knight-moves/wrong_answer/greedy-walk"), handIn);
        Path scoring = dir.resolve("scoring.json");
        Files.writeString(scoring, "{\"kata\": \"knight-moves\", \"total\": 20}");
        Path json = dir.resolve("student.json");
        CliRun run = CliRun.of("grade", "--student-view", "--katas", katas.toString(), "--scoring", scoring.toString(),
                "--json", json.toString(), handIn.toString());
        assertEquals(1, run.status(), run::toString);
        String replay = Reports.read(json).get("results").get(0).get("counterexample").get("replay").asText();
        assertTrue(replay.startsWith("java -jar judge.jar fuzz --kata knight-moves "), replay);
        assertTrue(replay.endsWith(" KnightMoves.java"), replay);
        assertTrue(run.out().contains("replay:   " + replay), "the console says the same:\n" + run);
        for (String text : new String[] {replay, run.out().lines().filter(l -> l.contains("replay:")).toList().toString()}) {
            assertFalse(text.contains(dir.toString()), "a path of the grading machine: " + text);
            assertFalse(text.contains("--katas") || text.contains("--scoring"), "the teacher's files: " + text);
        }
    }

    private static void assertNoLeak(String where, String text) {
        assertNotNull(text);
        assertFalse(text.contains(HIDDEN), where + " names the hidden example:\n" + text);
        assertFalse(text.contains("got [["), where + " shows what the submission printed on it:\n" + text);
        assertFalse(text.replaceAll("\\s", "").contains("[[0,3,0,0],[0,0,1,0],[0,3,0,0],[0,0,1,0]]"),
                where + " shows its board:\n" + text);
    }
}
