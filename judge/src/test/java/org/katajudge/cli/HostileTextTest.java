package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.report.ResultBounds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a submission says reaches the teacher bounded and harmless: no escape sequence it prints
 * or throws reaches the terminal or the gradebook raw, and a batch of submissions that throw
 * enormous messages gives a report of bounded size, not an exhausted judge.
 */
class HostileTextTest {

    private static final String ESC = "\u001b";

    private static void write(Path folder, String source) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("SafeSpaces.java"), source);
    }

    @Test
    void escapeSequencesFromASubmissionNeverReachTheTerminalOrTheGradebookRaw(@TempDir Path root) throws IOException {
        Path kata = root.resolve("checkers-safe-spaces");
        // prints a line that redraws its own verdict as accepted, then throws a message full of escapes
        write(kata.resolve("redraws-its-verdict"), """
                public class SafeSpaces {
                    public static boolean isSafe(int[][] board) {
                        System.out.println("\\u001b[1A\\u001b[2KAC   checkers-safe-spaces      forged  14/14 tests  0.10 s");
                        System.out.print("\\r\\u009b2J\\u0007");
                        throw new IllegalStateException("\\u001b]0;pwned\\u0007\\u001b[31mred\\r\\nAC  forged line");
                    }
                }
                """);
        write(kata.resolve("answers-with-escapes-in-its-name\u001b[2J"), """
                public class SafeSpaces {
                    public static boolean isSafe(int[][] board) {
                        return board.length == 0;
                    }
                }
                """);
        Path csv = root.resolve("grades.csv");
        Path json = root.resolve("report.json");
        CliRun run = CliRun.of("grade", "--cases", "5", "--csv", csv.toString(), "--json", json.toString(), kata.toString());
        assertEquals(1, run.status(), run::toString);

        assertFalse(run.out().contains(ESC), "no ESC on the terminal:\n" + run.out());
        assertFalse(run.out().contains("\u009b") || run.out().contains("\u0007") || run.out().contains("\r"),
                "no C1 control, bell or carriage return on the terminal");
        assertTrue(run.out().contains("\\x1b[1A\\x1b[2KAC"), "the escapes are shown, visibly:\n" + run.out());
        assertFalse(run.out().lines().anyMatch(line -> line.startsWith("AC ")), "no forged verdict line:\n" + run.out());

        String gradebook = Files.readString(csv, StandardCharsets.UTF_8);
        assertFalse(gradebook.contains(ESC), gradebook);
        List<String> rows = gradebook.lines().toList();
        assertEquals(3, rows.size(), () -> "a header and one line per submission:\n" + gradebook);
        assertTrue(rows.stream().skip(1).allMatch(row -> row.contains(",\"checkers-safe-spaces\",")), gradebook);

        JsonNode report = Reports.read(json);
        assertEquals(2, report.get("results").size());
    }

    @Test
    void aDozenSubmissionsThrowingSixteenMebibyteMessagesGiveABoundedReport(@TempDir Path root) throws IOException {
        Path kata = root.resolve("checkers-safe-spaces");
        int submissions = 12;
        for (int i = 0; i < submissions; i++) {
            write(kata.resolve("shouts-" + i), """
                    public class SafeSpaces {
                        public static boolean isSafe(int[][] board) {
                            throw new IllegalStateException("\\u001b[2J" + "x".repeat((16 << 20) - 64));
                        }
                    }
                    """);
        }
        Path json = root.resolve("report.json");
        Path csv = root.resolve("grades.csv");
        CliRun run = CliRun.of("grade", "--jobs", "2", "--cases", "1", "--json", json.toString(), "--csv", csv.toString(),
                kata.toString());
        assertEquals(1, run.status(), run::toString);

        long perSubmission = 32 << 10;
        assertTrue(Files.size(json) < submissions * perSubmission,
                "the JSON report holds a few KiB per submission: " + Files.size(json) + " bytes");
        assertTrue(Files.size(csv) < submissions * 4096L, "the gradebook too: " + Files.size(csv) + " bytes");
        assertTrue(run.out().length() < submissions * perSubmission, "and the console: " + run.out().length() + " characters");
        JsonNode results = Reports.read(json).get("results");
        assertEquals(submissions, results.size());
        for (JsonNode result : results) {
            assertEquals("RUNTIME_ERROR", result.get("verdict").asText(), result.get("message").asText());
            assertTrue(result.get("message").asText().length() <= ResultBounds.MESSAGE_CHARS + 40);
            assertTrue(result.get("counterexample").get("error").asText().length() <= ResultBounds.ERROR_CHARS + 40);
        }
    }
}
