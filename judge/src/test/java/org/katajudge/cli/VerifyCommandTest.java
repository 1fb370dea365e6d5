package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Isolated;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code verify}: what CI runs on the katas. */
@Isolated("sets the system property katajudge.home, which every command reads")
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

    @Test
    void aSampleInTheWrongFolderFailsVerification(@TempDir Path home) throws IOException {
        TestHome.copyTree(TestHome.katas(), home.resolve("katas"));
        Path accepted = home.resolve("submissions/knight-moves/accepted/seed-bfs");
        TestHome.copyTree(TestHome.submissions().resolve("knight-moves/accepted/seed-bfs"), accepted);
        TestHome.copyTree(TestHome.submissions().resolve("knight-moves/wrong_answer/greedy-walk"),
                home.resolve("submissions/knight-moves/accepted/greedy-walk"));
        String previous = System.getProperty("katajudge.home");
        System.setProperty("katajudge.home", home.toString());
        try {
            CliRun run = CliRun.of("verify", "knight-moves");
            assertEquals(1, run.status(), run::toString);
            assertTrue(run.out().contains("should be ACCEPTED, got WRONG_ANSWER"), run::toString);
        } finally {
            System.setProperty("katajudge.home", previous);
        }
    }
}
