package org.katajudge.report.gradescope;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.catalog.KataCaseViews;
import org.katajudge.report.ClassResults;
import org.katajudge.report.HandMade;
import org.katajudge.report.Schemas;
import org.katajudge.report.SubmissionResult;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Gradescope's results.json: its documented format (the schema), points, visibility, the drawn case. */
class GradescopeResultsTest {

    private static ClassResults one(SubmissionResult result) {
        return new ClassResults(List.of(result), new KataCaseViews(TestHome.catalog()), Duration.ofSeconds(2), 0,
                "test", false);
    }

    @Test
    void aWrongAnswerCarriesTheDrawnCaseWhyAndHowToReproduce(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("results/results.json");
        new GradescopeResults().write(one(HandMade.xiangqiWrong("alice", "/autograder/submission")), file);
        JsonNode results = Schemas.gradescope(file);

        assertEquals(1.0, results.get("score").asDouble(), "the legal example; compiling is worth 0");
        assertEquals("text", results.get("output_format").asText(), "nothing a submission prints is rendered");
        JsonNode tests = results.get("tests");
        assertEquals(4, tests.size());
        assertEquals("passed", tests.get(0).get("status").asText());
        assertEquals(0.0, tests.get(0).get("max_score").asDouble(), "compiling is worth nothing by itself");
        JsonNode random = tests.get(3);
        assertEquals("random: chessValidator", random.get("name").asText());
        assertEquals("failed", random.get("status").asText());
        assertEquals(0.0, random.get("score").asDouble());
        assertEquals(1.0, random.get("max_score").asDouble());
        assertEquals("visible", random.get("visibility").asText());
        String output = random.get("output").asText();
        assertTrue(output.contains("(drawn board)"), output);
        assertTrue(output.contains("expected: false") && output.contains("actual:   true"), output);
        assertTrue(output.contains("face each other") && output.contains("rule:     flying-general broken"), output);
        assertTrue(output.contains("XiangqiValidator.chessValidator(\"   +將+   \\n"), "a call to paste: " + output);
        assertTrue(output.contains("java -jar judge.jar fuzz --kata xiangqi-board-validator --method chessValidator"
                + " --replay 9.1.0.0.0.0 path/to/your/solution"), "the judge command for the student's machine: " + output);
        assertFalse(output.contains("/autograder"), "no grading-machine paths: " + output);
        assertTrue(results.get("output").asText().startsWith("WRONG_ANSWER: wrong answer, 1/3 points"),
                results.get("output").asText());
        assertEquals("xiangqi-board-validator", results.get("extra_data").get("kata").asText());
    }

    @Test
    void hiddenTestsAreHiddenAndNothingVisibleGivesThemAway(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("results.json");
        new GradescopeResults().write(one(HandMade.safeSpacesHiddenWrong("bob")), file);
        JsonNode results = Schemas.gradescope(file);
        StringBuilder visible = new StringBuilder(results.get("output").asText());
        for (JsonNode test : results.get("tests")) {
            if (test.get("name").asText().startsWith("example: secret")) {
                assertEquals("hidden", test.get("visibility").asText());
                assertEquals("failed", test.get("status").asText());
                assertTrue(test.get("output").asText().contains("SECRET-DRAWING"),
                        "instructors see hidden tests in full");
            } else {
                assertEquals("visible", test.get("visibility").asText());
                visible.append(test.get("output").asText()).append(test.get("name").asText());
            }
        }
        assertFalse(visible.toString().contains("SECRET-DRAWING") || visible.toString().contains("[[3,0],[0,1]]")
                || visible.toString().contains("expected false"), visible::toString);
        assertTrue(results.get("output").asText().contains("hidden test 1 failed"), visible::toString);
    }

    @Test
    void aCompileErrorScoresZeroAndListsTheCompilerMessages() {
        JsonNode results = Schemas.gradescope(GradescopeResults.build(one(HandMade.compileError("carol", "knight-moves"))));
        assertEquals(0.0, results.get("score").asDouble());
        assertTrue(results.get("tests").get(0).get("output").asText().contains("';' expected"));
        assertTrue(results.get("output").asText().contains("removed the package line"), "notes from intake");
    }

    @Test
    void nothingGradedStillGivesGradescopeAResult() {
        JsonNode results = Schemas.gradescope(GradescopeResults.failure("no submission found in /autograder/submission"));
        assertEquals(0.0, results.get("score").asDouble());
        assertTrue(results.get("output").asText().contains("no submission found"));
    }

    @Test
    void oneSubmissionOnly(@TempDir Path dir) {
        ClassResults two = new ClassResults(List.of(HandMade.accepted("a", "k"), HandMade.accepted("b", "k")),
                new KataCaseViews(TestHome.catalog()), Duration.ZERO, 0, "test", false);
        assertThrows(IllegalArgumentException.class, () -> new GradescopeResults().write(two, dir.resolve("r.json")));
    }

    @Test
    void theSchemaRejectsWhatGradescopeDoesNotDocument() {
        assertFalse(Schemas.gradescopeSchema().problems(HandMade.json("{\"score\": 1, \"tests\": [{\"maxscore\": 1}]}")).isEmpty(),
                "a misspelt field");
        assertFalse(Schemas.gradescopeSchema().problems(HandMade.json("{\"tests\": [{\"max_score\": 1}]}")).isEmpty(),
                "no score at all");
        assertFalse(Schemas.gradescopeSchema().problems(HandMade.json("{\"score\": 1, \"visibility\": \"secret\"}")).isEmpty());
        assertTrue(Schemas.gradescopeSchema().problems(HandMade.json("{\"tests\": [{\"score\": 1}]}")).isEmpty(),
                "scores on every test instead of the top level");
    }
}
