package org.katajudge.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code verify} fails a sample filed under the wrong verdict. A class of its own because it points
 * the system property {@code katajudge.home}, which every command reads, at a home of its own: it
 * is @Isolated, and {@link VerifyCommandTest}'s run of every sample need not be.
 */
@Isolated("sets the system property katajudge.home, which every command reads")
class VerifyWrongFolderTest {

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
