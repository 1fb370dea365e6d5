package org.katajudge.report.prairielearn;

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
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PrairieLearn's results.json: its documented format (the schema), a score in 0..1, gradable, hidden tests. */
class PrairieLearnResultsTest {

    private static ClassResults one(SubmissionResult result) {
        return new ClassResults(List.of(result), new KataCaseViews(TestHome.catalog()), Duration.ofSeconds(1), 0,
                "test", false);
    }

    @Test
    void aWrongAnswerScoresItsShareWithTheCaseInTheFailingTest(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("results/results.json");
        new PrairieLearnResults().write(one(HandMade.xiangqiWrong("alice", "/grade/student")), file);
        JsonNode results = Schemas.prairieLearn(file);
        assertTrue(results.get("gradable").asBoolean());
        assertEquals(1.0 / 3, results.get("score").asDouble(), 1e-9);
        JsonNode random = results.get("tests").get(3);
        assertEquals(0.0, random.get("points").asDouble());
        assertEquals(1.0, random.get("max_points").asDouble());
        assertTrue(random.get("output").asText().contains("(drawn board)"));
        assertTrue(random.get("output").asText().contains("path/to/your/solution"));
        assertTrue(results.get("message").asText().startsWith("WRONG_ANSWER"), results.get("message").asText());
    }

    @Test
    void aCompileErrorIsNotGradable() {
        JsonNode results = Schemas.prairieLearn(PrairieLearnResults.build(one(HandMade.compileError("bob", "knight-moves"))));
        assertFalse(results.get("gradable").asBoolean(), "the student loses no attempt");
        assertFalse(results.has("score"));
        assertTrue(results.get("format_errors").toString().contains("';' expected"), results.toString());
    }

    @Test
    void hiddenTestsShowOnlyThatTheyFailed() {
        JsonNode results = Schemas.prairieLearn(PrairieLearnResults.build(one(HandMade.safeSpacesHiddenWrong("carol"))));
        String all = results.toString();
        assertFalse(all.contains("SECRET-DRAWING") || all.contains("[[3,0],[0,1]]") || all.contains("expected false"), all);
        JsonNode secret = results.get("tests").get(2);
        assertEquals("hidden test 1 (hidden)", secret.get("name").asText());
        assertTrue(secret.get("message").asText().startsWith("failed"), secret.toString());
        assertEquals(2.0 / 3, results.get("score").asDouble(), 1e-9, "hidden tests count");
    }

    @Test
    void nothingGradedIsNotGradable() {
        JsonNode results = Schemas.prairieLearn(PrairieLearnResults.failure("no submission found in /grade/student"));
        assertFalse(results.get("gradable").asBoolean());
    }

    @Test
    void theSchemaFollowsTheDocumentation() {
        assertFalse(Schemas.prairieLearnSchema().problems(HandMade.json("{\"score\": 1.5}")).isEmpty(), "score in 0..1");
        assertFalse(Schemas.prairieLearnSchema().problems(HandMade.json("{\"gradable\": true}")).isEmpty(),
                "a gradable result needs a score");
        assertTrue(Schemas.prairieLearnSchema().problems(HandMade.json("{\"gradable\": false}")).isEmpty());
        assertTrue(Schemas.prairieLearnSchema().problems(HandMade.json("{\"score\": 0.5, \"anything\": 1}")).isEmpty(),
                "PrairieLearn allows more top-level data");
    }
}
