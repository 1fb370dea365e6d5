package org.katajudge.catalog;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link KataCatalog}: the katas' folders joined with their code, and what a broken folder says. */
class KataCatalogTest {

    private static final List<String> IDS = List.of("checkers-game-over", "checkers-safe-spaces",
            "chess-square-color", "knight-moves", "three-man-chess-vectors", "xiangqi-board-validator");

    @Nested
    class TheRepositorysCatalog {

        private final KataCatalog catalog = TestHome.catalog();

        @Test
        void everyKataOfTheCodeHasItsFolderInIdOrder() {
            assertEquals(IDS, catalog.ids());
            assertEquals(Katas.all().stream().map(Kata::id).toList(), catalog.ids());
        }

        @Test
        void eachDefinitionJoinsItsFolderWithItsCode() {
            for (KataDefinition definition : catalog.katas()) {
                Kata code = Katas.byId(definition.id()).orElseThrow();
                assertSame(code, definition.code(), definition.id());
                assertEquals(code.className(), definition.spec().className(), definition.id());
                assertEquals(code.entryPoints(), definition.entryPoints(), definition.id());
                assertEquals(code.entryPoints().size(), definition.spec().methods().size(), definition.id());
                for (int i = 0; i < code.entryPoints().size(); i++) {
                    EntryPoint entryPoint = code.entryPoints().get(i);
                    assertEquals(entryPoint.method(), definition.spec().methods().get(i).name());
                    assertEquals(entryPoint.signature(), definition.spec().methods().get(i).signature());
                    assertSame(entryPoint, definition.entryPoint(entryPoint.method()));
                }
                assertTrue(definition.spec().timeLimitMillis() > 0, definition.id());
                assertFalse(definition.spec().title().isBlank(), definition.id());
                assertEquals(Optional.of(TestHome.katas().resolve(definition.id())), definition.folder());
                assertFalse(definition.examples().isEmpty(), definition.id());
            }
        }

        @Test
        void aKataIsFoundByItsId() {
            KataDefinition squareColor = catalog.byId("chess-square-color").orElseThrow();
            assertEquals("SquareColor", squareColor.spec().className());
            assertEquals("public static boolean isLight(String coordinate)",
                    squareColor.spec().methods().get(0).signature());
            assertEquals(Optional.empty(), catalog.byId("chess-square-colour"));
            assertEquals(Optional.empty(), catalog.byId(""));
        }

        @Test
        void theCatalogsListsCannotBeChanged() {
            assertThrows(UnsupportedOperationException.class, () -> catalog.katas().clear());
            KataDefinition kata = catalog.katas().get(0);
            assertThrows(UnsupportedOperationException.class, () -> kata.examples().clear());
            assertThrows(UnsupportedOperationException.class, () -> kata.spec().methods().clear());
        }

        @Test
        void theBundledCopyEqualsTheFoldersOnDisk() throws CatalogException {
            KataCatalog bundled = KataCatalog.loadBundled();
            assertEquals(catalog.ids(), bundled.ids());
            for (KataDefinition onDisk : catalog.katas()) {
                KataDefinition copy = bundled.byId(onDisk.id()).orElseThrow();
                assertEquals(onDisk.spec(), copy.spec(), onDisk.id());
                assertEquals(onDisk.examples(), copy.examples(), onDisk.id());
                assertSame(onDisk.code(), copy.code(), onDisk.id());
                assertEquals(Optional.empty(), copy.folder(), "the bundled copy has no folder");
            }
        }
    }

    @Nested
    class ABrokenFolder {

        @TempDir
        Path copy;

        private Path kataJson;
        private Path examplesJson;

        @BeforeEach
        void copyTheKatas() throws IOException {
            Path source = TestHome.katas();
            try (Stream<Path> paths = Files.walk(source)) {
                for (Path path : paths.sorted().toList()) {
                    Path target = copy.resolve(source.relativize(path).toString());
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(path, target);
                    }
                }
            }
            kataJson = copy.resolve("chess-square-color").resolve("kata.json");
            examplesJson = copy.resolve("chess-square-color").resolve("examples.json");
        }

        private void edit(Path file, String from, String to) throws IOException {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            assertTrue(text.contains(from), file + " has " + from);
            Files.writeString(file, text.replace(from, to), StandardCharsets.UTF_8);
        }

        private String loadError() {
            return assertThrows(CatalogException.class, () -> KataCatalog.load(copy)).getMessage();
        }

        @Test
        void aScoringObjectInKataJsonIsReadAndChecked() throws IOException, CatalogException {
            edit(kataJson, "\"timeLimitMillis\": 1000", "\"timeLimitMillis\": 1000,\n  \"scoring\": {\"examples\": "
                    + "[{\"match\": \"a*\", \"points\": 3}], \"random\": {\"isLight\": 4}}");
            KataDefinition kata = KataCatalog.load(copy).byId("chess-square-color").orElseThrow();
            assertEquals(1, kata.scoring().examples().size());
            assertEquals(Optional.of(4.0), Optional.ofNullable(kata.scoring().random().get("isLight")));
        }

        @Test
        void aScoringRuleThatMatchesNoExampleIsAConfigurationError() throws IOException {
            edit(kataJson, "\"timeLimitMillis\": 1000", "\"timeLimitMillis\": 1000,\n  \"scoring\": {\"examples\": "
                    + "[{\"match\": \"z9*\", \"points\": 3}]}");
            String error = loadError();
            assertTrue(error.startsWith(copy.resolve("chess-square-color") + "/kata.json: scoring: examples rule 1"), error);
            assertTrue(error.contains("matches no example of chess-square-color"), error);
        }

        @Test
        void partialCreditIsTheTeachersChoiceNotTheKatas() throws IOException {
            edit(kataJson, "\"timeLimitMillis\": 1000", "\"timeLimitMillis\": 1000,\n  \"scoring\": {\"partialCredit\": true}");
            String error = loadError();
            assertTrue(error.contains("unknown key \"partialCredit\" (it belongs in a teacher's assignment file"), error);
        }

        @Test
        void theUntouchedCopyLoadsLikeTheOriginal() throws CatalogException {
            KataCatalog loaded = KataCatalog.load(copy);
            assertEquals(IDS, loaded.ids());
            assertEquals(TestHome.catalog().byId("knight-moves").orElseThrow().examples(),
                    loaded.byId("knight-moves").orElseThrow().examples());
            assertEquals(Optional.of(copy.resolve("knight-moves")), loaded.byId("knight-moves").orElseThrow().folder());
        }

        @Test
        void aWrongClassNameNamesTheFileAndBothNames() throws IOException {
            edit(kataJson, "\"class\": \"SquareColor\"", "\"class\": \"SquareColour\"");
            assertEquals(kataJson + ": class is SquareColour, the kata's code says SquareColor", loadError());
        }

        @Test
        void aMissingClassNameIsAWrongClassName() throws IOException {
            edit(kataJson, "\"class\": \"SquareColor\",", "");
            assertEquals(kataJson + ": class is null, the kata's code says SquareColor", loadError());
        }

        @Test
        void aWrongSignatureNamesTheFileTheMethodAndBothSignatures() throws IOException {
            edit(kataJson, "public static boolean isLight(String coordinate)", "public static boolean isLight(char[] coordinate)");
            assertEquals(kataJson + ": method 1 is \"public static boolean isLight(char[] coordinate)\", the kata's code"
                    + " says \"public static boolean isLight(String coordinate)\"", loadError());
        }

        @Test
        void aWrongMethodNameIsAWrongSignature() throws IOException {
            edit(kataJson, "{\"name\": \"isLight\"", "{\"name\": \"isWhite\"");
            assertTrue(loadError().startsWith(kataJson + ": method 1 is "));
        }

        @Test
        void extraWhitespaceInASignatureIsNotAChange() throws IOException, CatalogException {
            edit(kataJson, "public static boolean isLight(String coordinate)",
                    "  public   static\\tboolean isLight(String   coordinate) ");
            assertEquals("SquareColor", KataCatalog.load(copy).byId("chess-square-color").orElseThrow().spec().className());
        }

        @Test
        void theWrongNumberOfMethodsIsCounted() throws IOException {
            edit(kataJson, "\"methods\": [", "\"methods\": [\n    {\"name\": \"isDark\", \"signature\": "
                    + "\"public static boolean isDark(String coordinate)\"},");
            assertEquals(kataJson + ": lists 2 method(s), the kata's code has 1", loadError());
        }

        @Test
        void methodsInAnotherOrderAreWrong() throws IOException {
            Path checkers = copy.resolve("checkers-game-over").resolve("kata.json");
            String text = Files.readString(checkers);
            String white = "{\"name\": \"whiteMoves\", \"signature\": \"public static int whiteMoves(String board)\"}";
            String blue = "{\"name\": \"blueMoves\", \"signature\": \"public static int blueMoves(String board)\"}";
            assertTrue(text.contains(white) && text.contains(blue));
            Files.writeString(checkers, text.replace(white, "@").replace(blue, white).replace("@", blue));
            assertTrue(loadError().startsWith(checkers + ": method 1 is \"public static int blueMoves(String board)\""));
        }

        @Test
        void aWrongIdNamesTheFile() throws IOException {
            edit(kataJson, "\"id\": \"chess-square-color\"", "\"id\": \"chess-square-colour\"");
            assertEquals(kataJson + ": id must be chess-square-color", loadError());
        }

        @Test
        void aNonPositiveTimeLimitIsRejected() throws IOException {
            edit(kataJson, "\"timeLimitMillis\": 1000", "\"timeLimitMillis\": 0");
            assertEquals(kataJson + ": timeLimitMillis must be positive", loadError());
        }

        @Test
        void unknownFieldsInKataJsonAreIgnored() throws IOException, CatalogException {
            edit(kataJson, "\"timeLimitMillis\": 1000", "\"timeLimitMillis\": 1000, \"author\": \"someone\"");
            assertEquals(1000, KataCatalog.load(copy).byId("chess-square-color").orElseThrow().spec().timeLimitMillis());
        }

        @Test
        void invalidJsonInKataJsonNamesTheFileAndLine() throws IOException {
            edit(kataJson, "\"timeLimitMillis\": 1000", "\"timeLimitMillis\": 1000,,");
            String message = loadError();
            assertTrue(message.startsWith(kataJson + ":10: "), message);
            assertEquals(1, message.lines().count(), message);
        }

        @Test
        void aKataJsonWithoutMethodsNamesTheFile() throws IOException {
            Files.writeString(kataJson, """
                    {"id": "chess-square-color", "class": "SquareColor", "timeLimitMillis": 1000}
                    """);
            String message = loadError();
            assertTrue(message.startsWith(kataJson + ": "), message);
        }

        @Test
        void aMissingKataJsonNamesTheFile() throws IOException {
            Files.delete(kataJson);
            assertEquals(kataJson + ": missing: every folder of a katas directory is a kata (see katas/README.md)",
                    loadError());
        }

        @Test
        void aMissingExamplesJsonNamesTheFile() throws IOException {
            Files.delete(examplesJson);
            assertEquals(examplesJson + ": missing", loadError());
        }

        @Test
        void aFolderIsAKataOrAnErrorNeverIgnored() throws IOException {
            Path stray = Files.createDirectory(copy.resolve("notes"));
            assertEquals(stray.resolve("kata.json") + ": missing: every folder of a katas directory is a kata"
                    + " (see katas/README.md)", loadError());
        }

        @Test
        void aFolderWithDataButNoCodeSaysWhereTheCodeGoes() throws IOException {
            Path folder = copy.resolve("rook-paths");
            Files.createDirectory(folder);
            Files.writeString(folder.resolve("kata.json"), Files.readString(kataJson)
                    .replace("\"id\": \"chess-square-color\"", "\"id\": \"rook-paths\""));
            Files.copy(examplesJson, folder.resolve("examples.json"));
            assertEquals(folder + ": no code: put the kata's Java sources (rule, generator, renderer, Kata class) in "
                    + folder + "/src/ (see katas/README.md)", loadError());
        }

        @Test
        void aFolderNameThatIsNoKataIdIsRefused() throws IOException {
            Path folder = Files.createDirectory(copy.resolve("Rook Paths"));
            assertTrue(loadError().startsWith(folder + ": not a kata id: a kata folder's name is its id"), loadError());
        }

        @Test
        void filesAndHiddenFoldersBesideTheKataFoldersAreNotKatas() throws IOException, CatalogException {
            Files.writeString(copy.resolve("NOTES.txt"), "not a kata");
            Files.createDirectory(copy.resolve(".git"));
            assertEquals(IDS, KataCatalog.load(copy).ids());
        }

        @Test
        void theKatasAreTheFoldersSoADeletedFolderIsNoLongerAKata() throws IOException, CatalogException {
            Path folder = copy.resolve("knight-moves");
            try (Stream<Path> paths = Files.walk(folder)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
            assertEquals(IDS.stream().filter(id -> !id.equals("knight-moves")).toList(), KataCatalog.load(copy).ids());
        }

        @Test
        void aKatasDirectoryWithoutKataFoldersFails(@TempDir Path empty) {
            String message = assertThrows(CatalogException.class, () -> KataCatalog.load(empty)).getMessage();
            assertEquals(empty + ": no kata folders (a kata is a folder katas/<id>/ with kata.json; see katas/README.md)",
                    message);
        }

        @Test
        void aKataWithGeneratorsMayHaveNoExamples() throws IOException {
            Files.writeString(examplesJson, "{\"examples\": []}");
            assertEquals(1000, assertDoesNotThrow(() -> KataCatalog.load(copy)).byId("chess-square-color").orElseThrow()
                    .spec().timeLimitMillis(), "with a generator, no examples is allowed");
        }

        @Test
        void invalidJsonNamesTheLine() throws IOException {
            Files.writeString(examplesJson, "{\"examples\": [\n  {\"name\": \"a\",,}\n]}");
            assertTrue(loadError().startsWith(examplesJson + ":2: not valid JSON: "), loadError());
        }

        @Test
        void aMissingKatasDirectoryFails() {
            Path nowhere = copy.resolve("no-such-directory");
            String message = assertThrows(CatalogException.class, () -> KataCatalog.load(nowhere)).getMessage();
            assertTrue(message.startsWith(nowhere.toString()), message);
        }

        @Test
        void aBadExampleNamesTheExamplesFileAndTheExample() throws IOException {
            edit(examplesJson, "{\"name\":\"d3\",\"method\":\"isLight\",\"args\":[\"d3\"],\"expected\":true}",
                    "{\"name\":\"d3\",\"method\":\"isLight\",\"args\":[\"d3\"],\"expected\":\"light\"}");
            assertEquals(examplesJson + ": example d3: expected a boolean, got \"light\"", loadError());
        }

        @Test
        void aDuplicateExampleNameNamesTheExamplesFile() throws IOException {
            edit(examplesJson, "{\"name\":\"b1\"", "{\"name\":\"d3\"");
            assertEquals(examplesJson + ": two examples are named d3", loadError());
        }
    }
}
