package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code fuzz} end to end: every wrong answer caught with default settings, shrunk, replayable, saved. */
@Execution(ExecutionMode.CONCURRENT)
class FuzzCommandTest {

    private static final Pattern REPLAY = Pattern.compile("replay: +java -jar \\S+ fuzz (.*)");

    @Test
    void theSameSeedGivesTheSameCounterexampleAndTheReplayShowsIt(@TempDir Path out) {
        String sample = TestHome.submissions().resolve("checkers-game-over/wrong_answer/multi-jump-chains").toString();
        // a budget far above what finding it takes: how far the search goes is the budget's, and a
        // loaded machine must not be what this test measures (SameSeedUnderLoadTest loads it on purpose)
        CliRun first = CliRun.of("fuzz", "--seed", "123", "--time", "300s", "--json", out.resolve("a.json").toString(), sample);
        CliRun second = CliRun.of("fuzz", "--seed", "123", "--time", "300s", "--json", out.resolve("b.json").toString(), sample);
        assertEquals(1, first.status(), first::toString);
        JsonNode a = Reports.read(out.resolve("a.json")).get("results").get(0);
        JsonNode b = Reports.read(out.resolve("b.json")).get("results").get(0);
        assertEquals(a.get("counterexample"), b.get("counterexample"));
        assertEquals(a.get("cases"), b.get("cases"));
        assertEquals(123, a.get("seed").asLong());
        assertEquals("fuzz", Reports.read(out.resolve("a.json")).get("judge").get("command").asText());

        Matcher replay = REPLAY.matcher(first.out());
        assertTrue(replay.find(), first::toString);
        List<String> args = new ArrayList<>(List.of("fuzz"));
        args.addAll(List.of(replay.group(1).trim().split(" ")));
        CliRun replayed = CliRun.of(args.toArray(String[]::new));
        assertEquals(1, replayed.status(), replayed::toString);
        assertTrue(replayed.out().contains(a.get("counterexample").get("reason").asText()), replayed::toString);
    }

    @Test
    void anAcceptedSolutionSurvivesItsBudgetAndReportsCoverage() {
        CliRun run = CliRun.of("fuzz", "--cases", "2000",
                TestHome.submissions().resolve("xiangqi-board-validator/accepted/per-piece-switch").toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(run.out().contains("no failure in 2000 cases"), run::toString);
        assertTrue(run.out().contains("rules exercised in both outcomes: 10 of 10"), run::toString);
        assertFalse(run.out().contains("too few cases"), "--cases asked for exactly these:\n" + run);
    }

    @Test
    void aSearchTooShortToTrustSaysSoAndSuggestsALargerBudget() {
        // --time counts the search alone, so a tiny budget still compiles and starts, then stops drawing at once
        CliRun run = CliRun.of("fuzz", "--seed", "1", "--time", "1ms",
                TestHome.submissions().resolve("xiangqi-board-validator/accepted/per-piece-switch").toString());
        assertEquals(0, run.status(), run::toString);
        Matcher tooFew = Pattern.compile("too few cases: the budget of 1ms allowed only (\\d+) \\(fewer than "
                + FuzzCommand.FEW_CASES + "\\); this is no evidence of a correct solution: try --time (\\d+)s").matcher(run.out());
        assertTrue(tooFew.find(), run::toString);
        assertTrue(Integer.parseInt(tooFew.group(1)) < FuzzCommand.FEW_CASES, run::toString);
        assertTrue(Integer.parseInt(tooFew.group(2)) >= 1, run::toString);
    }

    @Test
    void smallDomainsAreSaidToBeEnumeratedAndAskedAgain() {
        CliRun run = CliRun.of("fuzz", "--seed", "1", "--cases", "9000",
                TestHome.submissions().resolve("knight-moves/accepted/closed-form").toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(run.out().contains("4096 enumerated cases (the whole domain)"), run::toString);
        assertTrue(run.out().contains("asked again"), run::toString);
        assertFalse(run.out().contains("random"), "enumerated cases are not called random:\n" + run);
    }

    @Test
    void anAnswerThatChangesWhenAskedAgainShowsBothCalls(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("SquareColor.java"), org.katajudge.fuzz.StatefulSolutionsTest.SECOND_ANSWER_WRONG);
        Path json = dir.resolve("report.json");
        CliRun run = CliRun.of("fuzz", "--kata", "chess-square-color", "--seed", "2", "--json", json.toString(), dir.toString());
        assertEquals(1, run.status(), run::toString);
        assertTrue(run.out().contains("wrong answer on a case asked again"), run::toString);
        assertTrue(run.out().contains("first:    the same input was asked at call"), run::toString);
        assertTrue(run.out().contains("the solution keeps state between calls"), run::toString);
        JsonNode example = Reports.read(json).get("results").get(0).get("counterexample");
        assertEquals("LISTED", example.get("historyKind").asText());
        assertTrue(example.get("reask").get("firstCall").asLong() < example.get("call").asLong());
        assertEquals(example.get("args"), example.get("history").get(0).get("args"), "the first ask of the same square");
    }

    @Test
    void aReplayThatIsNotACaseOfTheKataIsAUsageError() {
        String sample = TestHome.submissions().resolve("knight-moves/accepted/closed-form").toString();
        for (String[] args : new String[][] {
                {"--replay", "0.0.0.8"},            // a choice out of range
                {"--replay", "0.0.0"},              // a choice missing
                {"--replay", "0.0.0.0.0"},          // a choice left over
                {"--replay", "x.1"},                // not choices
                {"--replay", "maxMoves:0.0.0.0"},   // no such method
                {"--replay", "minMoves@no such example"},
                {"--history", "3", "--replay", "0.0.0.1"}, // a history by seed needs the seed
                {"--method", "minMoves"},           // --method without --replay
        }) {
            List<String> command = new ArrayList<>(List.of("fuzz", "--kata", "knight-moves"));
            command.addAll(List.of(args));
            command.add(sample);
            CliRun run = CliRun.of(command.toArray(String[]::new));
            assertEquals(2, run.status(), () -> List.of(args) + ": " + run);
            assertTrue(run.err().startsWith("kata-judge: fuzz: "), run::toString);
            assertEquals(1, run.err().lines().count(), "one line: " + run);
        }
        CliRun ok = CliRun.of("fuzz", "--kata", "knight-moves", "--replay", "0.0.1.2", "--replay", "minMoves@a1 to b3", sample);
        assertEquals(0, ok.status(), ok::toString);
        assertTrue(ok.out().contains("no failure in 2 cases"), ok::toString);
    }

    @Test
    void saveExampleAddsTheFailingCaseToTheKata(@TempDir Path dir) throws IOException, CatalogException {
        Path katas = dir.resolve("katas");
        TestHome.copyTree(TestHome.katas(), katas);
        String sample = TestHome.submissions().resolve("three-man-chess-vectors/wrong_answer/knight-forgets-opposite-side").toString();
        CliRun run = CliRun.of("fuzz", "--katas", katas.toString(), "--seed", "3", "--save-example", "found by fuzz", sample);
        assertEquals(1, run.status(), run::toString);
        assertTrue(run.out().contains("saved the case as example \"found by fuzz\""), run::toString);

        KataDefinition kata = KataCatalog.load(katas).byId("three-man-chess-vectors").orElseThrow();
        Example saved = kata.examples().get(kata.examples().size() - 1);
        assertEquals("found by fuzz", saved.name());
        assertTrue(kata.entryPoint("addVec").returns().equal(saved.expected(),
                kata.entryPoint("addVec").explain(saved.args()).answer()), "the reference agrees with the saved answer");

        CliRun graded = CliRun.of("grade", "--katas", katas.toString(), sample);
        assertTrue(graded.out().contains("example \"found by fuzz\"") || graded.status() == 1, graded::toString);
        CliRun again = CliRun.of("fuzz", "--katas", katas.toString(), "--save-example", "found by fuzz", sample);
        assertEquals(2, again.status(), "the name is taken: " + again);
    }
}
