package org.katajudge.scaffold;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.RuleCheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link KataScaffold}: the folder {@code new-kata} writes, and the kata in it keeping the generator's rules. */
class KataScaffoldTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path katas;

    @Test
    void theClassIsTheIdInCamelCaseAndNeverAJavaLangOrApiName() {
        assertEquals("KingWalk", KataScaffold.className("king-walk"));
        assertEquals("Rook", KataScaffold.className("rook"));
        assertEquals("Kata8QueensPuzzle", KataScaffold.className("8-queens-puzzle"));
        assertEquals("StringSolution", KataScaffold.className("string"));
        assertEquals("KataSolution", KataScaffold.className("kata"));
        assertEquals("ChoicesSolution", KataScaffold.className("choices"));
        assertEquals("King Walk", KataScaffold.title("king-walk"));
    }

    @Test
    void theFolderIsCompleteWithoutPlaceholdersAndLoads() throws IOException, CatalogException {
        List<String> written = KataScaffold.create(katas, "king-walk");
        assertEquals(List.of("kata.json", "README.md", "examples.json", "src/KingWalk.java", "src/KingWalkGenerator.java",
                "src/KingWalkRenderer.java", "src/KingWalkKata.java",
                "submissions/accepted/walk-step-by-step/KingWalk.java",
                "submissions/wrong_answer/adds-the-differences/KingWalk.java"), written);
        try (Stream<Path> files = Files.walk(katas.resolve("king-walk"))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                assertFalse(text.contains("{{"), file + " keeps a placeholder");
            }
        }
        for (String source : List.of("src/KingWalk.java", "src/KingWalkGenerator.java", "src/KingWalkRenderer.java",
                "src/KingWalkKata.java", "README.md")) {
            assertTrue(Files.readString(katas.resolve("king-walk").resolve(source)).contains("TODO"),
                    source + " says what to change");
        }
        KataDefinition kata = KataCatalog.loadFolder(katas.resolve("king-walk"));
        assertEquals("KingWalk", kata.spec().className());
        assertEquals("King Walk (template: squares apart)", kata.spec().title());
    }

    @Test
    void theGeneratorKeepsTheRulesOfChoices() throws IOException, CatalogException {
        KataScaffold.create(katas, "king-walk");
        EntryPoint squaresApart = KataCatalog.loadFolder(katas.resolve("king-walk")).entryPoint("squaresApart");
        assertArrayEquals(new Object[] {"a1", "a1"}, squaresApart.generate(ChoiceSequence.EMPTY.replay()),
                "all zeros: the simplest input");
        Set<String> outcomes = new TreeSet<>();
        for (int seed = 0; seed < 500; seed++) {
            ChoiceRecorder recorder = ChoiceRecorder.random(seed);
            Object[] args = squaresApart.generate(recorder);
            assertArrayEquals(args, squaresApart.generate(recorder.recorded().replay()), "replays from its choices");
            Explanation explanation = squaresApart.explain(args);
            assertFalse(explanation.reason().isBlank());
            for (RuleCheck check : explanation.checks()) {
                assertTrue(squaresApart.rules().contains(check.rule()), check::toString);
                outcomes.add(check.toString());
            }
        }
        assertEquals(Set.of("same-square holds", "same-square breaks", "file-and-rank-both-change holds",
                        "file-and-rank-both-change breaks"),
                outcomes, "rule coverage: every rule both ways");
        for (int kind = 0; kind < 4; kind++) {
            Object[] simplest = squaresApart.generate(ChoiceSequence.of(kind).replay());
            assertEquals("a1", simplest[0], "kind " + kind + " in its simplest form: " + Arrays.toString(simplest));
        }
    }

    /**
     * Whatever the id, the kata is what it says: named after the id, titled after it and after the
     * rule it holds (the template's placeholder, squares apart), described as that rule by its
     * README, with examples the rule answers as the README's table does, and a README that lists
     * every file to change. ({@code FolderKataCommandsTest} verifies such katas end to end.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"rook-moves", "8-queens", "string", "knight-moves"})
    void theKataIsNamedTitledAndDescribedAsTheRuleItHolds(String id) throws IOException, CatalogException {
        List<String> written = KataScaffold.create(katas, id);
        Path folder = katas.resolve(id);
        JsonNode json = JSON.readTree(folder.resolve("kata.json").toFile());
        String className = KataScaffold.className(id);
        String title = KataScaffold.title(id) + " (template: squares apart)";
        assertEquals(className, json.get("class").asText());
        assertEquals(title, json.get("title").asText());
        JsonNode method = json.get("methods").get(0);
        assertEquals(1, json.get("methods").size());
        assertEquals("squaresApart", method.get("name").asText());

        KataDefinition kata = KataCatalog.loadFolder(folder);
        assertEquals(title, kata.spec().title());
        assertEquals(List.of("squaresApart"), kata.entryPoints().stream().map(EntryPoint::method).toList());
        EntryPoint rule = kata.entryPoint("squaresApart");
        assertEquals(method.get("signature").asText(), rule.signature());

        String readme = Files.readString(folder.resolve("README.md"));
        assertEquals("# " + title, readme.lines().filter(l -> l.startsWith("# ")).findFirst().orElse(""),
                "the README's title is the kata's");
        assertTrue(readme.contains("public class " + className + " {\n    public static int squaresApart(String from, String to)"),
                "the README declares the kata's class and method");
        assertTrue(readme.contains("How many squares apart are two squares"), "the README describes the rule it holds");
        Matcher row = Pattern.compile("\\| `([a-h][1-8])` \\| `([a-h][1-8])` \\| (\\d+) \\|").matcher(readme);
        JsonNode examples = JSON.readTree(folder.resolve("examples.json").toFile()).get("examples");
        int rows = 0;
        while (row.find()) {
            rows++;
            Object[] args = {row.group(1), row.group(2)};
            int expected = Integer.parseInt(row.group(3));
            assertEquals(expected, rule.explain(args).answer(), "the rule answers the README's " + row.group());
            boolean listed = false;
            for (JsonNode example : examples) {
                listed |= example.get("args").get(0).asText().equals(args[0]) && example.get("args").get(1).asText().equals(args[1])
                        && example.get("expected").asInt() == expected;
            }
            assertTrue(listed, "examples.json has the README's example " + row.group());
        }
        assertTrue(rows >= 3, readme);

        String whatToChange = readme.substring(readme.indexOf("## Make this kata yours"));
        for (String file : written) {
            assertTrue(whatToChange.contains("`" + file + "`"), "the README says what to change in " + file);
        }
        for (String file : written) {
            String text = Files.readString(folder.resolve(file));
            assertFalse(Pattern.compile("(?i)\\bking\\b").matcher(text).find(), file + " speaks of another rule than its own");
        }
        assertTrue(Files.readString(folder.resolve("src/" + className + ".java")).contains("squares apart"),
                "the rule's source names the rule");
    }

    @Test
    void anExistingFolderOrABadIdIsRefusedAndNothingIsLeftBehind() throws IOException {
        KataScaffold.create(katas, "king-walk");
        assertThrows(FileAlreadyExistsException.class, () -> KataScaffold.create(katas, "king-walk"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> KataScaffold.create(katas, "King"));
        assertTrue(bad.getMessage().startsWith("\"King\" is not a kata id"), bad.getMessage());
        try (Stream<Path> folders = Files.list(katas)) {
            assertEquals(List.of("king-walk"), folders.map(p -> p.getFileName().toString()).toList());
        }
    }
}
