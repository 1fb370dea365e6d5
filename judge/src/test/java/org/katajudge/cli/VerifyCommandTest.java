package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code verify}: what CI runs on the katas. Its run grades every sample and mostly waits on their
 * child JVMs, so it runs beside other classes; the test that points {@code katajudge.home}
 * elsewhere is {@link VerifyWrongFolderTest}, @Isolated.
 */
@Execution(ExecutionMode.CONCURRENT)
class VerifyCommandTest {

    @Test
    void everyKataVerifies(@TempDir Path out) {
        Path json = out.resolve("verify.json");
        CliRun run = CliRun.of("verify", "--json", json.toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(run.out().contains("every verdict as expected"), run::toString);
        assertTrue(run.out().contains("(the reference's source)"), "the references are graded as submissions too");
        JsonNode report = Reports.read(json);
        assertEquals("verify", report.get("judge").get("command").asText());
        for (JsonNode result : report.get("results")) {
            // full marks exactly for every accepted sample, and for no other (with the default points)
            double score = result.get("score").asDouble();
            double max = result.get("maxScore").asDouble();
            String name = result.get("submission").asText();
            assertTrue(max > 0, name);
            if (result.get("verdict").asText().equals("ACCEPTED")) {
                assertEquals(max, score, 0.0, name);
            } else {
                assertTrue(score < max, () -> name + ": " + score + " of " + max);
            }
        }
    }
}
