package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.sandbox.runner.Runner;
import org.katajudge.sandbox.runner.Wire;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A runner whose judge went away after writing the token but before opening the pipes ends by
 * itself: the judge's end of stdin closes with it. (Without that it waited forever in the open of a
 * pipe nobody would open: found after a judge was killed with SIGKILL as it started a child, before
 * bubblewrap's die-with-parent was in place.) The runner runs bare here, no sandbox around it.
 */
class RunnerJudgeGoneTest {

    /** The runner, bare, with its pipes in {@code dir}; its output discarded. */
    private static Process runner(Path dir) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Runner.class.getName(),
                dir.resolve("requests.fifo").toString(), dir.resolve("answers.fifo").toString(), "16")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** Whether {@code runner} ended within a guard against the hang these tests are about (not a measure). */
    private static boolean ends(Process runner) throws InterruptedException {
        boolean ended = runner.waitFor(2, TimeUnit.MINUTES);
        if (!ended) {
            runner.destroyForcibly();
        }
        return ended;
    }

    @Test
    void aRunnerWhoseJudgeIsGoneBeforeThePipesOpenEnds(@TempDir Path dir) throws Exception {
        for (Path fifo : new Path[] {dir.resolve("requests.fifo"), dir.resolve("answers.fifo")}) {
            assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor(), "mkfifo " + fifo);
        }
        Process runner = runner(dir);
        try (OutputStream stdin = runner.getOutputStream()) {
            stdin.write(("a".repeat(Wire.TOKEN_LENGTH) + "\n").getBytes(StandardCharsets.US_ASCII));
        } // the judge wrote its token and went away, its end of stdin with it
        assertTrue(ends(runner), "the runner still waits on pipes no judge will open");
        assertEquals(Runner.EXIT_JUDGE_GONE, runner.exitValue());
    }

    @Test
    void aRunnerWhoseJudgeIsGoneBeforeTheTokenEnds(@TempDir Path dir) throws Exception {
        Process runner = runner(dir);
        runner.getOutputStream().close(); // no token at all
        assertTrue(ends(runner), "the runner waits for a token that cannot come");
        assertTrue(runner.exitValue() != 0, "it ends failing: " + runner.exitValue());
    }
}
