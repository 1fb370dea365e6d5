package org.katajudge.catalog;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link ExamplesFile}: reading, checking, writing and appending a kata's examples.json. */
class ExamplesFileTest {

    private static final String WHERE = "katas/chess-square-color/examples.json";

    private static final Kata SQUARE_COLOR = kata("chess-square-color");
    private static final Kata VECTORS = kata("three-man-chess-vectors");
    private static final Kata GAME_OVER = kata("checkers-game-over");

    private static Kata kata(String id) {
        return Katas.byId(id).orElseThrow();
    }

    private static List<Example> parse(String text) throws CatalogException {
        return ExamplesFile.parse(text, SQUARE_COLOR, WHERE);
    }

    private static String parseError(String text) {
        return parseError(text, SQUARE_COLOR);
    }

    private static String parseError(String text, Kata kata) {
        return assertThrows(CatalogException.class, () -> ExamplesFile.parse(text, kata, WHERE)).getMessage();
    }

    @Nested
    class Parse {

        @Test
        void examplesAreReadInFileOrderWithTypedValues() throws CatalogException {
            List<Example> examples = parse("""
                    {"examples": [
                      {"name": "d3", "method": "isLight", "args": ["d3"], "expected": true},
                      {"name": "a1 is dark", "method": "isLight", "args": ["a1"], "expected": false}
                    ]}
                    """);
            assertEquals(List.of(new Example("d3", "isLight", new Object[] {"d3"}, true),
                    new Example("a1 is dark", "isLight", new Object[] {"a1"}, false)), examples);
            assertEquals(Boolean.FALSE, examples.get(1).expected());
        }

        @Test
        void eachMethodOfAKataReadsItsOwnTypes() throws CatalogException {
            List<Example> examples = ExamplesFile.parse("""
                    {"examples": [
                      {"name": "w", "method": "whiteMoves", "args": ["board"], "expected": 3},
                      {"name": "g", "method": "gameOver", "args": ["board"], "expected": true}
                    ]}
                    """, GAME_OVER, WHERE);
            assertEquals(3, examples.get(0).expected());
            assertEquals(true, examples.get(1).expected());
        }

        @Test
        void arraysAndANullAnswerAreRead() throws CatalogException {
            List<Example> examples = ExamplesFile.parse("""
                    {"examples": [
                      {"name": "lands", "method": "addVec", "args": [[6, 1], [1, 1]], "expected": [6, 15]},
                      {"name": "off the board", "method": "addVec", "args": [[2, 1], [-2, 2]], "expected": null}
                    ]}
                    """, VECTORS, WHERE);
            assertArrayEquals(new int[] {6, 1}, (int[]) examples.get(0).args()[0]);
            assertArrayEquals(new int[] {6, 15}, (int[]) examples.get(0).expected());
            assertNull(examples.get(1).expected());
        }

        @Test
        void noExamplesIsAnEmptyList() throws CatalogException {
            assertEquals(List.of(), parse("{\"examples\": []}"));
        }

        @Test
        void invalidJsonNamesTheFileAndLine() {
            String message = parseError("{\"examples\": [ {\"name\": \"d3\", ");
            assertTrue(message.startsWith(WHERE + ":1: not valid JSON: "), message);
            assertEquals(1, message.lines().count(), "one line: " + message);
        }

        @Test
        void aFileWithoutAnExamplesArrayIsRejected() {
            for (String text : List.of("{}", "{\"example\": []}", "{\"examples\": {}}", "{\"examples\": \"d3\"}",
                    "[]", "\"examples\"", "null")) {
                assertEquals(WHERE + ": expected {\"examples\": [...]}", parseError(text), text);
            }
        }

        @Test
        void anEmptyFileIsRejected() {
            assertTrue(parseError("").startsWith(WHERE + ": "));
            assertTrue(parseError("   \n").startsWith(WHERE + ": "));
        }

        @Test
        void anUnknownMethodNamesTheFileTheExampleAndTheMethod() {
            assertEquals(WHERE + ": example d3: unknown method \"isDark\"", parseError("""
                    {"examples": [{"name": "d3", "method": "isDark", "args": ["d3"], "expected": true}]}
                    """));
            assertEquals(WHERE + ": example d3: unknown method \"\"", parseError("""
                    {"examples": [{"name": "d3", "args": ["d3"], "expected": true}]}
                    """));
        }

        @Test
        void theWrongNumberOfArgumentsNamesTheSignature() {
            String expected = WHERE + ": example d3: args must be an array of 1 value(s) for "
                    + "public static boolean isLight(String coordinate)";
            assertEquals(expected, parseError("""
                    {"examples": [{"name": "d3", "method": "isLight", "args": ["d", "3"], "expected": true}]}
                    """));
            assertEquals(expected, parseError("""
                    {"examples": [{"name": "d3", "method": "isLight", "args": [], "expected": true}]}
                    """));
            assertEquals(expected, parseError("""
                    {"examples": [{"name": "d3", "method": "isLight", "args": "d3", "expected": true}]}
                    """));
            assertEquals(expected, parseError("""
                    {"examples": [{"name": "d3", "method": "isLight", "expected": true}]}
                    """));
            assertEquals(WHERE + ": example m: args must be an array of 2 value(s) for "
                    + "public static int minMoves(String start, String end)", parseError("""
                    {"examples": [{"name": "m", "method": "minMoves", "args": ["a1"], "expected": 3}]}
                    """, kata("knight-moves")));
        }

        @Test
        void aWrongArgumentTypeNamesTheExampleAndTheValue() {
            assertEquals(WHERE + ": example d3: expected a String, got 5", parseError("""
                    {"examples": [{"name": "d3", "method": "isLight", "args": [5], "expected": true}]}
                    """));
            assertEquals(WHERE + ": example v: expected a int[], got [1,\"a\"]", parseError("""
                    {"examples": [{"name": "v", "method": "addVec", "args": [[1, "a"], [0, 1]], "expected": null}]}
                    """, VECTORS));
        }

        @Test
        void aWrongExpectedTypeNamesTheExampleAndTheValue() {
            assertEquals(WHERE + ": example d3: expected a boolean, got \"yes\"", parseError("""
                    {"examples": [{"name": "d3", "method": "isLight", "args": ["d3"], "expected": "yes"}]}
                    """));
            assertEquals(WHERE + ": example d3: null is not a boolean", parseError("""
                    {"examples": [{"name": "d3", "method": "isLight", "args": ["d3"], "expected": null}]}
                    """));
        }

        @Test
        void aMissingExpectedValueIsRejected() {
            assertEquals(WHERE + ": example d3: has no expected value", parseError("""
                    {"examples": [{"name": "d3", "method": "isLight", "args": ["d3"]}]}
                    """));
        }

        @Test
        void anExampleWithoutANameIsShownAsItIs() {
            assertEquals(WHERE + ": example {\"method\":\"isLight\",\"args\":[\"d3\"],\"expected\":true}: has no name",
                    parseError("""
                            {"examples": [{"method": "isLight", "args": ["d3"], "expected": true}]}
                            """));
            assertTrue(parseError("""
                    {"examples": [{"name": "", "method": "isLight", "args": ["d3"], "expected": true}]}
                    """).endsWith(": has no name"));
        }

        @Test
        void duplicateNamesAreRejectedNamingTheFileAndTheName() {
            assertEquals(WHERE + ": two examples are named d3", parseError("""
                    {"examples": [
                      {"name": "d3", "method": "isLight", "args": ["d3"], "expected": true},
                      {"name": "b1", "method": "isLight", "args": ["b1"], "expected": true},
                      {"name": "d3", "method": "isLight", "args": ["d4"], "expected": false}
                    ]}
                    """));
        }

        @Test
        void theFirstBadExampleIsTheOneReported() {
            assertEquals(WHERE + ": example second: unknown method \"x\"", parseError("""
                    {"examples": [
                      {"name": "first", "method": "isLight", "args": ["d3"], "expected": true},
                      {"name": "second", "method": "x", "args": ["d3"], "expected": true},
                      {"name": "third", "method": "y", "args": ["d3"], "expected": true}
                    ]}
                    """));
        }
    }

    @Nested
    class Format {

        @Test
        void theCanonicalFormHasOneExamplePerLine() {
            List<Example> examples = List.of(new Example("d3", "isLight", new Object[] {"d3"}, true),
                    new Example("a1", "isLight", new Object[] {"a1"}, false));
            assertEquals("""
                    {"examples": [
                      {"name":"d3","method":"isLight","args":["d3"],"expected":true},
                      {"name":"a1","method":"isLight","args":["a1"],"expected":false}
                    ]}
                    """, ExamplesFile.format(examples));
            assertEquals("{\"examples\": [\n]}\n", ExamplesFile.format(List.of()));
        }

        @Test
        void awkwardNamesAndValuesRoundTripAndStayOnOneLine() throws CatalogException {
            List<Example> examples = List.of(
                    new Example("quote \" backslash \\ newline \n tab \t", "isLight", new Object[] {"a\nb"}, true),
                    new Example("將 and 帥", "isLight", new Object[] {"將"}, false),
                    new Example("{\"examples\": []}", "isLight", new Object[] {""}, true));
            String text = ExamplesFile.format(examples);
            assertEquals(examples.size() + 2, text.lines().count(), text);
            assertEquals(examples, parse(text));
        }

        @Test
        void nullAndArraysRoundTrip() throws CatalogException {
            List<Example> examples = List.of(
                    new Example("off", "addVec", new Object[] {new int[] {2, 1}, new int[] {-2, 2}}, null),
                    new Example("on", "addVec", new Object[] {new int[] {6, 1}, new int[] {1, 1}}, new int[] {6, 15}));
            String text = ExamplesFile.format(examples);
            assertTrue(text.contains("\"expected\":null"), text);
            assertEquals(examples, ExamplesFile.parse(text, VECTORS, WHERE));
        }

        @TestFactory
        Stream<DynamicTest> everyKatasExamplesSurviveFormatThenParse() {
            return TestHome.catalog().katas().stream().map(kata -> DynamicTest.dynamicTest(kata.id(), () -> {
                String text = ExamplesFile.format(kata.examples());
                List<Example> back = ExamplesFile.parse(text, kata.code(), kata.id());
                assertEquals(kata.examples(), back);
                assertEquals(text, ExamplesFile.format(back), "formatting is stable");
                assertEquals(kata.examples().size() + 2, text.lines().count());
            }));
        }

        @TestFactory
        Stream<DynamicTest> theCheckedInFilesAreInTheCanonicalForm() {
            return TestHome.catalog().katas().stream().map(kata -> DynamicTest.dynamicTest(kata.id(), () -> {
                Path file = TestHome.katas().resolve(kata.id()).resolve("examples.json");
                assertEquals(Files.readString(file, StandardCharsets.UTF_8), ExamplesFile.format(kata.examples()),
                        file + " as ExamplesFile.append would write it");
            }));
        }

        @Test
        void eachLineOfAnExampleIsJsonOnItsOwn() throws IOException {
            ObjectMapper json = new ObjectMapper();
            List<String> lines = ExamplesFile.format(List.of(new Example("d3", "isLight", new Object[] {"d3"}, true),
                    new Example("a1", "isLight", new Object[] {"a1"}, false))).lines().toList();
            for (String line : lines.subList(1, lines.size() - 1)) {
                String object = line.strip().replaceAll(",$", "");
                assertTrue(json.readTree(object).isObject(), line);
            }
        }
    }

    @Nested
    class Append {

        @TempDir
        Path dir;

        private Path copyOfSquareColorExamples() throws IOException {
            Path file = dir.resolve("examples.json");
            Files.copy(TestHome.katas().resolve("chess-square-color").resolve("examples.json"), file);
            return file;
        }

        @Test
        void appendingAddsOneLineAndKeepsTheFileParseable() throws Exception {
            Path file = copyOfSquareColorExamples();
            List<String> before = Files.readAllLines(file);
            List<Example> examplesBefore = ExamplesFile.parse(Files.readString(file), SQUARE_COLOR, file.toString());
            Example added = new Example("h8 is dark", "isLight", new Object[] {"h8"}, false);

            ExamplesFile.append(file, added, SQUARE_COLOR);

            List<String> after = Files.readAllLines(file);
            assertEquals(before.size() + 1, after.size());
            assertEquals(before.subList(0, before.size() - 2), after.subList(0, before.size() - 2),
                    "every earlier example line is untouched except for the comma after the last");
            assertEquals(before.get(before.size() - 2) + ",", after.get(before.size() - 2));
            assertEquals("  {\"name\":\"h8 is dark\",\"method\":\"isLight\",\"args\":[\"h8\"],\"expected\":false}",
                    after.get(after.size() - 2));
            List<Example> expected = new ArrayList<>(examplesBefore);
            expected.add(added);
            assertEquals(expected, ExamplesFile.parse(Files.readString(file), SQUARE_COLOR, file.toString()));
        }

        @Test
        void appendingTwiceKeepsBothInOrder() throws Exception {
            Path file = copyOfSquareColorExamples();
            int before = ExamplesFile.parse(Files.readString(file), SQUARE_COLOR, "x").size();
            ExamplesFile.append(file, new Example("first", "isLight", new Object[] {"a2"}, true), SQUARE_COLOR);
            ExamplesFile.append(file, new Example("second", "isLight", new Object[] {"a3"}, false), SQUARE_COLOR);
            List<Example> after = ExamplesFile.parse(Files.readString(file), SQUARE_COLOR, "x");
            assertEquals(before + 2, after.size());
            assertEquals(List.of("first", "second"), after.subList(before, before + 2).stream().map(Example::name).toList());
        }

        @Test
        void aDuplicateNameIsRefusedAndTheFileLeftAsItWas() throws Exception {
            Path file = copyOfSquareColorExamples();
            byte[] before = Files.readAllBytes(file);
            String existing = ExamplesFile.parse(new String(before, StandardCharsets.UTF_8), SQUARE_COLOR, "x").get(0).name();

            CatalogException e = assertThrows(CatalogException.class, () -> ExamplesFile.append(file,
                    new Example(existing, "isLight", new Object[] {"h8"}, false), SQUARE_COLOR));

            assertEquals(file + ": an example named " + existing + " already exists", e.getMessage());
            assertArrayEquals(before, Files.readAllBytes(file));
        }

        @Test
        void aNullAnswerIsAppendedAsNull() throws Exception {
            Path file = dir.resolve("examples.json");
            Files.copy(TestHome.katas().resolve("three-man-chess-vectors").resolve("examples.json"), file);
            ExamplesFile.append(file, new Example("off the edge", "addVec",
                    new Object[] {new int[] {1, 1}, new int[] {-1, -1}}, null), VECTORS);
            List<Example> after = ExamplesFile.parse(Files.readString(file), VECTORS, file.toString());
            Example last = after.get(after.size() - 1);
            assertEquals("off the edge", last.name());
            assertNull(last.expected());
        }

        @Test
        void aFileInAnotherLayoutIsRewrittenInTheCanonicalOne() throws Exception {
            Path file = dir.resolve("examples.json");
            Files.writeString(file, "{\"examples\":[{\"name\":\"d3\",\"method\":\"isLight\",\"args\":[\"d3\"],"
                    + "\"expected\":true},\n\n    {\"expected\":false, \"args\":[\"a1\"], \"method\":\"isLight\", \"name\":\"a1\"}]}");
            ExamplesFile.append(file, new Example("b1", "isLight", new Object[] {"b1"}, true), SQUARE_COLOR);
            assertEquals("""
                    {"examples": [
                      {"name":"d3","method":"isLight","args":["d3"],"expected":true},
                      {"name":"a1","method":"isLight","args":["a1"],"expected":false},
                      {"name":"b1","method":"isLight","args":["b1"],"expected":true}
                    ]}
                    """, Files.readString(file));
        }

        @Test
        void aMissingFileCannotBeAppendedTo() {
            Path file = dir.resolve("nowhere.json");
            CatalogException e = assertThrows(CatalogException.class, () -> ExamplesFile.append(file,
                    new Example("b1", "isLight", new Object[] {"b1"}, true), SQUARE_COLOR));
            assertTrue(e.getMessage().startsWith(file + ": cannot read"), e.getMessage());
            assertTrue(Files.notExists(file));
        }

        @Test
        void aBrokenFileIsNotOverwritten() throws Exception {
            Path file = dir.resolve("examples.json");
            Files.writeString(file, "{\"examples\": [ {\"name\": \"d3\"");
            CatalogException e = assertThrows(CatalogException.class, () -> ExamplesFile.append(file,
                    new Example("b1", "isLight", new Object[] {"b1"}, true), SQUARE_COLOR));
            assertTrue(e.getMessage().startsWith(file + ":1: not valid JSON"), e.getMessage());
            assertEquals("{\"examples\": [ {\"name\": \"d3\"", Files.readString(file));
        }
        @Test
        void anExampleTheKataCannotReadIsRefused() throws Exception {
            Path file = copyOfSquareColorExamples();
            byte[] before = Files.readAllBytes(file);
            assertThrows(CatalogException.class, () -> ExamplesFile.append(file,
                    new Example("dark", "isDark", new Object[] {"a1"}, true), SQUARE_COLOR));
            assertArrayEquals(before, Files.readAllBytes(file), "the file is left as it was");
            assertThrows(CatalogException.class, () -> ExamplesFile.append(file,
                    new Example("two args", "isLight", new Object[] {"a", "1"}, true), SQUARE_COLOR));
            assertArrayEquals(before, Files.readAllBytes(file), "the file is left as it was");
        }
    }

    @Nested
    class Examples {

        @Test
        void examplesAreEqualByContentIncludingNestedArrays() {
            Example a = new Example("v", "addVec", new Object[] {new int[] {1, 2}, new int[] {0, 1}}, new int[] {1, 3});
            Example b = new Example("v", "addVec", new Object[] {new int[] {1, 2}, new int[] {0, 1}}, new int[] {1, 3});
            assertEquals(a, b);
            assertEquals(a.hashCode(), b.hashCode());
            assertNotEquals(a, new Example("v", "addVec", new Object[] {new int[] {1, 2}, new int[] {0, 1}},
                    new int[] {1, 4}));
            assertNotEquals(a, new Example("w", "addVec", a.args(), a.expected()));
            assertNotEquals(a, new Example("v", "addVec", a.args(), null));
        }

        @Test
        void theArgumentsCannotBeChangedFromOutside() {
            Object[] args = {"d3"};
            Example example = new Example("d3", "isLight", args, true);
            args[0] = "a1";
            assertEquals("d3", example.args()[0]);
            example.args()[0] = "a1";
            assertEquals("d3", example.args()[0]);
        }

        @Test
        void anExampleShowsItsNameAndMethod() {
            assertEquals("d3: isLight", new Example("d3", "isLight", new Object[] {"d3"}, true).toString());
        }
    }

    @Nested
    class Hidden {

        @Test
        void aHiddenExampleIsReadAndWrittenBackHidden() throws CatalogException {
            List<Example> examples = parse("""
                    {"examples": [
                      {"name": "d3", "method": "isLight", "args": ["d3"], "expected": true},
                      {"name": "secret", "method": "isLight", "args": ["h8"], "expected": false, "hidden": true},
                      {"name": "shown", "method": "isLight", "args": ["a8"], "expected": true, "hidden": false}
                    ]}
                    """);
            assertEquals(List.of(false, true, false), examples.stream().map(Example::hidden).toList());
            String text = ExamplesFile.format(examples);
            assertEquals("""
                    {"examples": [
                      {"name":"d3","method":"isLight","args":["d3"],"expected":true},
                      {"name":"secret","method":"isLight","args":["h8"],"expected":false,"hidden":true},
                      {"name":"shown","method":"isLight","args":["a8"],"expected":true}
                    ]}
                    """, text, "hidden is written only when true, so visible examples' lines do not change");
            assertEquals(examples, parse(text));
        }

        @Test
        void hiddenIsPartOfAnExamplesIdentity() {
            Example visible = new Example("d3", "isLight", new Object[] {"d3"}, true);
            Example hidden = new Example("d3", "isLight", new Object[] {"d3"}, true, true);
            assertNotEquals(visible, hidden);
            assertEquals("d3: isLight (hidden)", hidden.toString());
        }

        @Test
        void hiddenMustBeTrueOrFalse() {
            assertEquals(WHERE + ": example d3: \"hidden\" must be true or false, got \"yes\"", parseError("""
                    {"examples": [{"name": "d3", "method": "isLight", "args": ["d3"], "expected": true, "hidden": "yes"}]}
                    """));
        }

        @Test
        void appendingKeepsTheHiddenExamplesHidden(@TempDir Path dir) throws Exception {
            Path file = dir.resolve("examples.json");
            Files.writeString(file, """
                    {"examples": [
                      {"name":"secret","method":"isLight","args":["h8"],"expected":false,"hidden":true}
                    ]}
                    """);
            ExamplesFile.append(file, new Example("b1", "isLight", new Object[] {"b1"}, true), SQUARE_COLOR);
            List<Example> back = ExamplesFile.parse(Files.readString(file), SQUARE_COLOR, WHERE);
            assertEquals(List.of(true, false), back.stream().map(Example::hidden).toList());
        }
    }
}
