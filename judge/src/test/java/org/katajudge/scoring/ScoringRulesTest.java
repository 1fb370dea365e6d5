package org.katajudge.scoring;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link ScoringRules}: the assignment-file format, its errors, and its check against katas. */
class ScoringRulesTest {

    static final KataTests SQUARES = new KataTests("chess-square-color",
            List.of(new KataTests.ExampleTest("d3", "isLight", false), new KataTests.ExampleTest("a1 is dark", "isLight", false),
                    new KataTests.ExampleTest("secret", "isLight", true)),
            List.of("isLight"), List.of("isLight"));
    static final KataTests CHECKERS = new KataTests("checkers-game-over",
            List.of(new KataTests.ExampleTest("white: one move", "whiteMoves", false),
                    new KataTests.ExampleTest("blue: blocked", "blueMoves", false),
                    new KataTests.ExampleTest("over: no pieces", "gameOver", true)),
            List.of("whiteMoves", "blueMoves", "gameOver"), List.of("whiteMoves", "blueMoves", "gameOver"));

    @TempDir
    Path dir;

    private ScoringRules read(String json) throws IOException, ScoringException {
        Path file = dir.resolve("assignment.json");
        Files.writeString(file, json, StandardCharsets.UTF_8);
        return ScoringRules.read(file);
    }

    private String readError(String json) throws IOException {
        Path file = dir.resolve("assignment.json");
        Files.writeString(file, json, StandardCharsets.UTF_8);
        String message = assertThrows(ScoringException.class, () -> ScoringRules.read(file)).getMessage();
        assertTrue(message.startsWith(file.toString() + ": "), "names the file: " + message);
        return message.substring(file.toString().length() + 2);
    }

    private String checkError(String json, KataTests... katas) throws IOException, ScoringException {
        ScoringRules rules = read(json);
        return assertThrows(ScoringException.class, () -> rules.check(List.of(katas))).getMessage()
                .substring(dir.resolve("assignment.json").toString().length() + 2);
    }

    @Test
    void everyPartOfTheFormatIsRead() throws Exception {
        ScoringRules rules = read("""
                {
                  "$comment": "week 3",
                  "kata": "chess-square-color",
                  "compile": 1,
                  "examples": [{"match": "a? is *", "points": 2}, {"hidden": true, "total": 10}, {"method": "isLight", "points": 0.5}],
                  "random": {"isLight": 5, "*": 2},
                  "total": 100,
                  "partialCredit": false
                }
                """);
        assertEquals(Optional.of("chess-square-color"), rules.kata());
        assertEquals(Optional.of(1.0), rules.compile());
        assertEquals(3, rules.examples().size());
        assertEquals(Optional.of(5.0), rules.random("isLight"));
        assertEquals(Optional.of(2.0), rules.random("other"), "\"*\" stands for any method");
        assertEquals(Optional.of(100.0), rules.total());
        assertEquals(Optional.of(false), rules.partialCredit());
        assertEquals(Optional.of(0), rules.firstMatch(SQUARES.examples().get(1)), "a1 is dark matches a? is *");
        assertEquals(Optional.of(1), rules.firstMatch(SQUARES.examples().get(2)));
        assertEquals(Optional.of(2), rules.firstMatch(SQUARES.examples().get(0)));
        rules.check(List.of(SQUARES));
    }

    @Test
    void aByteOrderMarkFromNotepadIsSkipped() throws Exception {
        assertEquals(Optional.of(3.0), read("\uFEFF{\"compile\": 3}").compile());
    }

    @Test
    void mistakesAreOneLineErrorsNamingTheFileAndThePlace() throws IOException {
        assertTrue(readError("{\"random\": {\"isLight\": 5}").startsWith("not valid JSON at line 1"),
                "an unclosed object");
        assertEquals("empty; expected a JSON object such as {\"random\": {\"*\": 5}}", readError(""));
        assertEquals("scoring must be a JSON object, got a list", readError("[]"));
        assertEquals("unknown key \"totl\" (known: compile, examples, kata, partialCredit, random, total)",
                readError("{\"totl\": 5}"));
        assertEquals("examples rule 2: unknown key \"point\" (known: hidden, match, method, points, total)",
                readError("{\"examples\": [{\"points\": 1}, {\"point\": 1}]}"));
        assertEquals("examples rule 1: give either \"points\" (each example) or \"total\" (all of them together)",
                readError("{\"examples\": [{\"match\": \"a*\", \"points\": 1, \"total\": 4}]}"));
        assertEquals("examples rule 1: give either \"points\" (each example) or \"total\" (all of them together)",
                readError("{\"examples\": [{\"match\": \"a*\"}]}"));
        assertEquals("examples rule 1: \"points\" must be a number of points, 0 or more, got -1",
                readError("{\"examples\": [{\"match\": \"a*\", \"points\": -1}]}"));
        assertEquals("\"random\" of \"isLight\" must be a number of points, 0 or more, got \"5\"",
                readError("{\"random\": {\"isLight\": \"5\"}}"));
        assertEquals("\"total\" must be more than 0, got 0", readError("{\"total\": 0}"));
        assertEquals("\"partialCredit\" must be true or false, got \"yes\"", readError("{\"partialCredit\": \"yes\"}"));
        assertEquals("examples rule 1: \"hidden\" must be true or false, got 1",
                readError("{\"examples\": [{\"hidden\": 1, \"points\": 1}]}"));
        assertTrue(readError("{\"total\": 5, \"total\": 6}").startsWith("not valid JSON"), "a key given twice");
        assertEquals("\"examples\" must be a list of rules such as [{\"match\": \"unsafe*\", \"points\": 2}], got an object",
                readError("{\"examples\": {\"d3\": 2}}"));
    }

    @Test
    void anUnreadableFileIsAnError() {
        Path missing = dir.resolve("missing.json");
        String message = assertThrows(ScoringException.class, () -> ScoringRules.read(missing)).getMessage();
        assertTrue(message.startsWith(missing + ": cannot read the scoring file (NoSuchFileException"), message);
    }

    @Test
    void aKatasOwnRulesMayNotChooseForTheTeacher() {
        var json = new ObjectMapper().createObjectNode().put("kata", "chess-square-color");
        String message = assertThrows(ScoringException.class,
                () -> ScoringRules.parse(json, "katas/x/kata.json: scoring", ScoringRules.Source.KATA)).getMessage();
        assertEquals("katas/x/kata.json: scoring: unknown key \"kata\" (it belongs in a teacher's assignment file,"
                + " grade --scoring FILE)", message);
    }

    @Test
    void aRuleMatchingNothingInTheKatasGradedIsAnErrorNotPointsSilentlyNotGiven() throws Exception {
        assertEquals("examples rule 1 {\"match\": \"h9*\", \"points\": 2} matches no example of chess-square-color",
                checkError("{\"examples\": [{\"match\": \"h9*\", \"points\": 2}]}", SQUARES));
        assertEquals("examples rule 2 {\"match\": \"d*\", \"points\": 1} decides nothing: earlier rules take every"
                        + " example it matches",
                checkError("{\"examples\": [{\"points\": 3}, {\"match\": \"d*\", \"points\": 1}]}", SQUARES));
        assertEquals("\"random\" names method \"islight\", which chess-square-color does not have (methods: isLight)",
                checkError("{\"random\": {\"islight\": 2}}", SQUARES));
        assertEquals("the scoring is for kata knight-moves, but submissions of chess-square-color are graded with it",
                checkError("{\"kata\": \"knight-moves\"}", SQUARES));
    }

    @Test
    void withSeveralKatasARuleNeedsToMeanSomethingInOneOfThem() throws Exception {
        read("{\"examples\": [{\"method\": \"gameOver\", \"points\": 2}, {\"match\": \"d3\", \"points\": 2}],"
                + " \"random\": {\"isLight\": 1, \"blueMoves\": 2}}").check(List.of(SQUARES, CHECKERS));
        assertEquals("examples rule 1 {\"method\": \"isSafe\", \"points\": 2} matches no example of"
                        + " chess-square-color or checkers-game-over",
                checkError("{\"examples\": [{\"method\": \"isSafe\", \"points\": 2}]}", SQUARES, CHECKERS));
    }

    @Test
    void patternsAreGlobsOverTheWholeName() throws Exception {
        ScoringRules rules = read("{\"examples\": [{\"match\": \"white: *\", \"points\": 2}, {\"match\": \"(x)+.\", \"points\": 1}]}");
        assertEquals(Optional.of(0), rules.firstMatch(CHECKERS.examples().get(0)));
        assertEquals(Optional.empty(), rules.firstMatch(CHECKERS.examples().get(1)));
        assertTrue(rules.examples().get(1).matches(new KataTests.ExampleTest("(x)+.", "m", false)),
                "regular-expression characters are literal");
        assertTrue(!rules.examples().get(1).matches(new KataTests.ExampleTest("xx.", "m", false)));
    }
}
