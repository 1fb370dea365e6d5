package org.katajudge.scaffold;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link KataScaffold}: the folder {@code new-kata} writes, and the kata in it keeping the generator's rules. */
class KataScaffoldTest {

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
        assertEquals("King Walk: the fewest king moves between two squares", kata.spec().title());
    }

    @Test
    void theGeneratorKeepsTheRulesOfChoices() throws IOException, CatalogException {
        KataScaffold.create(katas, "king-walk");
        EntryPoint kingMoves = KataCatalog.loadFolder(katas.resolve("king-walk")).entryPoint("kingMoves");
        assertArrayEquals(new Object[] {"a1", "a1"}, kingMoves.generate(ChoiceSequence.EMPTY.replay()),
                "all zeros: the simplest input");
        Set<String> outcomes = new TreeSet<>();
        for (int seed = 0; seed < 500; seed++) {
            ChoiceRecorder recorder = ChoiceRecorder.random(seed);
            Object[] args = kingMoves.generate(recorder);
            assertArrayEquals(args, kingMoves.generate(recorder.recorded().replay()), "replays from its choices");
            Explanation explanation = kingMoves.explain(args);
            assertFalse(explanation.reason().isBlank());
            for (RuleCheck check : explanation.checks()) {
                assertTrue(kingMoves.rules().contains(check.rule()), check::toString);
                outcomes.add(check.toString());
            }
        }
        assertEquals(Set.of("same-square holds", "same-square breaks", "diagonal-steps holds", "diagonal-steps breaks"),
                outcomes, "rule coverage: every rule both ways");
        for (int kind = 0; kind < 4; kind++) {
            Object[] simplest = kingMoves.generate(ChoiceSequence.of(kind).replay());
            assertEquals("a1", simplest[0], "kind " + kind + " in its simplest form: " + Arrays.toString(simplest));
        }
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
