package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Points end to end: every result carries score and maxScore, the examples after a timeout still
 * run, {@code --cases 0}, assignment files, partial credit, and full marks for every accepted sample.
 */
@Execution(ExecutionMode.CONCURRENT)
class ScoringCommandTest {

    /** Right on every square but d3, where it never returns. */
    private static final String HANGS_ON_D3 = """
            public class SquareColor {
                public static boolean isLight(String coordinate) {
                    long spins = 0;
                    while (coordinate.equals("d3")) {
                        spins++;
                    }
                    return ((coordinate.charAt(0) - 'a') + (coordinate.charAt(1) - '1')) % 2 == 1;
                }
            }
            """;

    /**
     * Right the first two times it is asked a square (an example and its enumerated case), wrong
     * every time after: a state bug only the cases asked again catch.
     */
    private static final String WRONG_WHEN_ASKED_AGAIN = """
            public class SquareColor {
                private static final java.util.Map<String, Integer> ASKED = new java.util.HashMap<>();

                public static boolean isLight(String coordinate) {
                    boolean light = ((coordinate.charAt(0) - 'a') + (coordinate.charAt(1) - '1')) % 2 == 1;
                    return ASKED.merge(coordinate, 1, Integer::sum) <= 2 ? light : !light;
                }
            }
            """;

    @TempDir
    Path dir;

    private Path submission(String kata, String name, String className, String source) throws IOException {
        Path folder = dir.resolve("class").resolve(kata).resolve(name);
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(className + ".java"), source, StandardCharsets.UTF_8);
        return folder;
    }

    private Path file(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static Map<String, JsonNode> tests(JsonNode result) {
        Map<String, JsonNode> tests = new TreeMap<>();
        result.get("tests").forEach(t -> tests.put(t.get("name").asText(), t));
        return tests;
    }

    @Test
    void afterATimeoutTheRemainingExamplesStillRunInAFreshJvm() throws IOException {
        Path hangs = submission("chess-square-color", "hangs-on-d3", "SquareColor", HANGS_ON_D3);
        Path json = dir.resolve("report.json");
        CliRun run = CliRun.of("grade", "--json", json.toString(), hangs.toString());
        assertEquals(1, run.status(), run::toString);
        JsonNode result = Reports.read(json).get("results").get(0);
        assertEquals("TIME_LIMIT_EXCEEDED", result.get("verdict").asText());
        Map<String, JsonNode> tests = tests(result);
        assertEquals("FAILED", tests.get("example: d3").get("status").asText());
        for (String example : List.of("g5", "e6", "a1 is dark", "h1", "a8", "h8", "b1")) {
            JsonNode test = tests.get("example: " + example);
            assertEquals("PASSED", test.get("status").asText(), example + " ran after d3 timed out: " + test);
            assertEquals(1.0, test.get("points").asDouble());
        }
        assertEquals(7.0, result.get("score").asDouble(), "7 examples right; the random tests failed on d3");
        assertEquals(9.0, result.get("maxScore").asDouble(), "8 examples and the random tests");
        assertTrue(run.out().contains("7/9 points"), run::toString);
    }

    @Test
    void aMethodThatHangsOnEveryExampleIsGivenUpAfterThreeInARowWhileTheOthersRunOn() throws IOException {
        // checkers-game-over's examples take the three methods in turns: the count is per method
        Path source = TestHome.submissions().resolve("checkers-game-over/accepted/direct-scan/Checkers.java");
        String text = Files.readString(source);
        String signature = "public static int whiteMoves(String board) {";
        assertTrue(text.contains(signature), text);
        String gameOver = "return whiteMoves(board) == 0 ||";
        assertTrue(text.contains(gameOver), text);
        Path hangs = submission("checkers-game-over", "white-hangs", "Checkers", text
                .replace(signature, signature + "\n        while (board != null) {\n            board.length();\n        }")
                .replace(gameOver, "return countMoves(board, 'w', 'W', -1) == 0 ||")); // gameOver does not hang
        Path json = dir.resolve("report.json");
        CliRun run = CliRun.of("grade", "--json", json.toString(), hangs.toString());
        assertEquals(1, run.status(), run::toString);
        JsonNode result = Reports.read(json).get("results").get(0);
        assertEquals("TIME_LIMIT_EXCEEDED", result.get("verdict").asText());
        int timedOut = 0;
        int notRun = 0;
        int passed = 0;
        for (JsonNode test : result.get("tests")) {
            if (!test.get("kind").asText().equals("example")) {
                continue;
            }
            boolean white = test.get("method").asText().equals("whiteMoves");
            switch (test.get("status").asText()) {
                case "FAILED" -> {
                    assertTrue(white, test::toString);
                    timedOut++;
                }
                case "NOT_RUN" -> {
                    assertTrue(white, test::toString);
                    assertEquals("not run: whiteMoves crashed or timed out on 3 examples in a row", test.get("message").asText());
                    notRun++;
                }
                default -> {
                    assertTrue(!white, test::toString);
                    passed++;
                }
            }
        }
        assertEquals(3, timedOut, "three time-outs in a row, then whiteMoves is not called again");
        assertTrue(notRun > 0, "whiteMoves has more than three examples");
        assertTrue(passed > 20, "every blueMoves and gameOver example ran, between and after: " + passed);
        assertEquals(passed, result.get("score").asDouble(), 0.0, "they earn their points");
    }

    @Test
    void withPartialCreditTheRandomTestsRunEveryCaseAndEarnTheFractionPassed() throws IOException {
        Path hangs = submission("chess-square-color", "hangs-on-d3", "SquareColor", HANGS_ON_D3);
        Path json = dir.resolve("report.json");
        CliRun run = CliRun.of("grade", "--partial-credit", "--json", json.toString(), hangs.toString());
        assertEquals(1, run.status(), run::toString);
        JsonNode result = Reports.read(json).get("results").get(0);
        JsonNode random = tests(result).get("enumerated: isLight");
        assertEquals(64, random.get("cases").asInt(), "the whole domain, on after the time-out: " + random);
        assertEquals(63, random.get("passedCases").asInt());
        assertEquals(63.0 / 64, random.get("points").asDouble(), 1e-9);
        assertTrue(random.get("message").asText().contains("63 of 64 enumerated cases passed"), random::toString);
        assertEquals(7 + 63.0 / 64, result.get("score").asDouble(), 1e-9);
        assertEquals("TIME_LIMIT_EXCEEDED", result.get("verdict").asText(), "the verdict is the first failure's");
        assertEquals("d3", result.get("counterexample").get("args").get(0).asText());
    }

    /**
     * A case passes when every ask of it does: right the first time and wrong when asked again is
     * not passed, and a failed random test never earns all its points (it earned full marks with
     * partial credit while the verdict was WRONG_ANSWER: red team).
     */
    @Test
    void withPartialCreditACaseWrongWhenAskedAgainIsNotPassed() throws IOException {
        Path again = submission("chess-square-color", "wrong-when-asked-again", "SquareColor", WRONG_WHEN_ASKED_AGAIN);
        Path json = dir.resolve("report.json");
        CliRun run = CliRun.of("grade", "--partial-credit", "--json", json.toString(), again.toString());
        assertEquals(1, run.status(), run::toString);
        JsonNode result = Reports.read(json).get("results").get(0);
        assertEquals("WRONG_ANSWER", result.get("verdict").asText(), result::toString);
        JsonNode random = tests(result).get("enumerated: isLight");
        assertEquals("FAILED", random.get("status").asText(), random::toString);
        assertTrue(random.get("passedCases").asInt() < random.get("cases").asInt(), random::toString);
        assertTrue(random.get("points").asDouble() < random.get("maxPoints").asDouble(), random::toString);
        assertTrue(result.get("score").asDouble() < result.get("maxScore").asDouble(), "a wrong answer, not full marks: " + result);
    }

    @Test
    void casesZeroLeavesTheRandomTestsOutOfTheGradeInsteadOfFailingThem() throws IOException {
        Path json = dir.resolve("report.json");
        Path accepted = TestHome.submissions().resolve("checkers-safe-spaces/accepted/neighbour-loop");
        Path wrong = TestHome.submissions().resolve("checkers-safe-spaces/wrong_answer/one-diagonal-only");
        Path smallDomain = TestHome.submissions().resolve("chess-square-color/accepted/parity-formula");
        CliRun run = CliRun.of("grade", "--cases", "0", "--json", json.toString(), accepted.toString(), wrong.toString(),
                smallDomain.toString());
        assertEquals(1, run.status(), run::toString);
        Map<String, JsonNode> results = new TreeMap<>();
        Reports.read(json).get("results").forEach(r -> results.put(Path.of(r.get("submission").asText()).getFileName().toString(), r));
        JsonNode safe = results.get("neighbour-loop");
        assertEquals("ACCEPTED", safe.get("verdict").asText(), safe::toString);
        assertEquals(12.0, safe.get("score").asDouble(), "the 12 examples");
        assertEquals(12.0, safe.get("maxScore").asDouble(), "and nothing for random tests that did not run");
        assertFalse(tests(safe).containsKey("random: isSafe"), "not a failed or skipped test: not a test at all");
        assertTrue(safe.get("message").asText().endsWith("(no random tests: --cases 0)"), safe::toString);
        assertTrue(run.out().contains("13/13 tests  12/12 points"), run::toString);

        JsonNode squares = results.get("parity-formula");
        assertEquals("ACCEPTED", squares.get("verdict").asText());
        assertEquals(64, tests(squares).get("enumerated: isLight").get("cases").asInt(), "a small domain is always tried whole");
        assertEquals(9.0, squares.get("maxScore").asDouble());

        JsonNode failing = results.get("one-diagonal-only");
        assertEquals("WRONG_ANSWER", failing.get("verdict").asText());
        assertEquals(12.0, failing.get("maxScore").asDouble(), "every student of a kata has the same maximum");
        assertTrue(failing.get("score").asDouble() < 12.0);
    }

    @Test
    void anAssignmentFileSetsThePointsOfEveryTest() throws IOException {
        Path scoring = file("knight.json", """
                {"kata": "knight-moves",
                 "examples": [{"match": "same square*", "points": 0}, {"match": "* to *", "total": 30}],
                 "random": {"minMoves": 70}}
                """);
        Path json = dir.resolve("report.json");
        Path csv = dir.resolve("grades.csv");
        CliRun run = CliRun.of("grade", "--scoring", scoring.toString(), "--json", json.toString(), "--csv", csv.toString(),
                TestHome.submissions().resolve("knight-moves").toString());
        assertEquals(1, run.status(), run::toString);
        JsonNode results = Reports.read(json).get("results");
        long samples;
        try (Stream<Path> verdicts = Files.list(TestHome.submissions().resolve("knight-moves"))) {
            samples = verdicts.filter(Files::isDirectory).mapToLong(ScoringCommandTest::folders).sum();
        }
        assertEquals(samples, results.size(), "the knight-moves samples, one result each");
        for (JsonNode result : results) {
            String name = result.get("submission").asText();
            assertEquals(100.0, result.get("maxScore").asDouble(), 1e-9, name);
            Map<String, JsonNode> tests = tests(result);
            assertEquals(0.0, tests.get("example: same square a1").get("maxPoints").asDouble(), name);
            assertEquals(70.0, tests.get("enumerated: minMoves").get("maxPoints").asDouble(), 1e-9, name);
            double sum = 0;
            for (JsonNode test : result.get("tests")) {
                sum += test.get("points").asDouble();
            }
            assertEquals(sum, result.get("score").asDouble(), 1e-9, "score is the sum of the tests' points");
            if (result.get("verdict").asText().equals("ACCEPTED")) {
                assertEquals(100.0, result.get("score").asDouble(), 0.0, name);
            } else {
                JsonNode random = tests.get("enumerated: minMoves");
                assertEquals(4096, random.get("cases").asInt(), "scoring mode: the whole domain ran after failures");
                assertEquals(70.0 * random.get("passedCases").asInt() / 4096, random.get("points").asDouble(), 1e-9, name);
                assertTrue(result.get("score").asDouble() < 100.0, name);
            }
        }
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("\"closed-form\",") && r.contains(",\"ACCEPTED\",100,100,")),
                rows::toString);
        assertTrue(run.out().contains("100/100 points"), run::toString);
    }

    @Test
    void scoringMistakesAreUsageErrorsBeforeAnythingIsGraded() throws IOException {
        String samples = TestHome.submissions().resolve("knight-moves/accepted").toString();
        Map<String, String> files = Map.of(
                "{\"examples\": [{\"match\": \"g3 to *\", \"points\": 2}]}", "matches no example of knight-moves",
                "{\"random\": {\"minMove\": 2}}", "names method \"minMove\", which knight-moves does not have",
                "{\"kata\": \"chess-square-color\"}", "the scoring is for kata chess-square-color, but submissions of knight-moves",
                "{\"random\": {\"minMoves\": 2}", "not valid JSON at line 1",
                "{\"points\": 2}", "unknown key \"points\"");
        int i = 0;
        for (Map.Entry<String, String> entry : files.entrySet()) {
            Path scoring = file("bad" + i++ + ".json", entry.getKey());
            CliRun run = CliRun.of("grade", "--scoring", scoring.toString(), samples);
            assertEquals(2, run.status(), run::toString);
            assertTrue(run.err().startsWith("kata-judge: grade: --scoring: " + scoring + ": "), run::toString);
            assertTrue(run.err().contains(entry.getValue()), () -> entry.getValue() + "\n" + run);
            assertEquals(1, run.err().strip().lines().count(), run::toString);
            assertEquals("", run.out(), "nothing graded");
        }
        CliRun missing = CliRun.of("grade", "--scoring", dir.resolve("nope.json").toString(), samples);
        assertEquals(2, missing.status(), missing::toString);
        assertTrue(missing.err().contains("cannot read the scoring file"), missing::toString);
        CliRun bom = CliRun.of("grade", "--csv-bom", samples);
        assertEquals(2, bom.status(), bom::toString);
        assertTrue(bom.err().contains("--csv-bom goes with --csv FILE"), bom::toString);
    }

    @Test
    void everyAcceptedSampleHasFullMarksAndNoOtherHas() throws IOException {
        // Scoring mode over every sample but the three whose hostility costs only time (time, memory
        // and output limits; verify checks them, and full marks for accepted results, in default mode).
        Path scoring = file("all.json", "{\"examples\": [{\"hidden\": false, \"total\": 10}], \"random\": {\"*\": 3}, \"total\": 50}");
        List<String> paths = new ArrayList<>();
        try (Stream<Path> folders = Files.list(TestHome.submissions())) {
            for (Path kata : folders.sorted().toList()) {
                try (Stream<Path> verdicts = Files.list(kata)) {
                    verdicts.filter(v -> !v.getFileName().toString().matches(".*_limit_exceeded")).sorted()
                            .forEach(v -> paths.add(v.toString()));
                }
            }
        }
        Path json = dir.resolve("all.json.out");
        List<String> args = new ArrayList<>(List.of("grade", "--quiet", "--cases", "30", "--scoring", scoring.toString(),
                "--json", json.toString()));
        args.addAll(paths);
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(1, run.status(), run::toString);
        JsonNode results = Reports.read(json).get("results");
        assertTrue(results.size() >= 60, "the samples: " + results.size());
        for (JsonNode result : results) {
            String name = result.get("submission").asText();
            double score = result.get("score").asDouble();
            double max = result.get("maxScore").asDouble();
            assertEquals(50.0, max, 1e-9, name);
            if (result.get("verdict").asText().equals("ACCEPTED")) {
                assertEquals(max, score, 0.0, () -> name + " is accepted: full marks, not a hair less");
            } else {
                assertTrue(score < max, () -> name + " is " + result.get("verdict").asText() + ": " + score + " of " + max);
            }
        }
    }

    @Test
    void theDocumentedAssignmentFileAndHiddenExampleWorkAsWritten() throws IOException {
        String page = Files.readString(TestHome.root().resolve("docs/reference/scoring.md"));
        String assignment = jsonBlockAfter(page, "## The scoring file");
        String hiddenLine = jsonBlockAfter(page, "## Hidden tests").strip().replaceAll(",$", "");
        Path katas = dir.resolve("katas");
        TestHome.copyTree(TestHome.katas(), katas);
        Path examples = katas.resolve("knight-moves/examples.json");
        String text = Files.readString(examples);
        Files.writeString(examples, text.replace("\n]}", ",\n  " + hiddenLine + "\n]}"));
        Path scoring = file("readme-assignment.json", assignment);
        Path json = dir.resolve("report.json");
        CliRun run = CliRun.of("grade", "--katas", katas.toString(), "--scoring", scoring.toString(), "--json", json.toString(),
                TestHome.submissions().resolve("knight-moves/accepted").toString());
        assertEquals(0, run.status(), run::toString);
        for (JsonNode result : Reports.read(json).get("results")) {
            assertEquals(100.0, result.get("score").asDouble(), 0.0, result::toString);
            assertEquals(100.0, result.get("maxScore").asDouble(), 0.0);
            assertTrue(tests(result).get("example: corner trap").get("hidden").asBoolean());
        }
    }

    private static String jsonBlockAfter(String text, String heading) {
        int section = text.indexOf(heading);
        assertTrue(section >= 0, heading);
        int start = text.indexOf("```json\n", section) + "```json\n".length();
        return text.substring(start, text.indexOf("```", start));
    }

    /** The sample folders under a verdict's folder. */
    private static long folders(Path verdict) {
        try (Stream<Path> list = Files.list(verdict)) {
            return list.filter(Files::isDirectory).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
