package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.Schemas;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code grade --gradescope} and {@code --prairielearn} on real submissions, and their mistakes caught before grading. */
class PlatformOutputsTest {

    @Test
    void gradescopeResultsOfAWrongSubmission(@TempDir Path dir) throws IOException {
        Path submission = dir.resolve("autograder/submission");
        TestHome.copyTree(TestHome.submissions().resolve("checkers-safe-spaces/wrong_answer/one-diagonal-only"), submission);
        Path results = dir.resolve("autograder/results/results.json");
        CliRun run = CliRun.of("grade", "--kata", "checkers-safe-spaces", "--gradescope", results.toString(),
                submission.toString());
        assertEquals(1, run.status(), run::toString);
        JsonNode json = Schemas.gradescope(results);
        assertTrue(json.get("score").asDouble() > 0 && json.get("score").asDouble() < json.get("extra_data").get("max_score").asDouble());
        JsonNode failing = null;
        for (JsonNode test : json.get("tests")) {
            if (test.get("output").asText().contains("why:")) {
                failing = test;
            }
        }
        assertTrue(failing != null && failing.get("status").asText().equals("failed"), json::toString);
        String output = failing.get("output").asText();
        assertTrue(output.contains("SafeSpaces.isSafe(new int[][] {"), output);
        // the command a student runs from the folder with the file they handed in, none of the grader's paths
        assertTrue(output.contains("replay:   java -jar judge.jar fuzz --kata checkers-safe-spaces ")
                && output.contains(" SafeSpaces.java") && !output.contains(dir.toString()), output);
    }

    @Test
    void prairieLearnResultsOfACompileErrorAreNotGradable(@TempDir Path dir) throws IOException {
        Path student = dir.resolve("grade/student");
        TestHome.copyTree(TestHome.submissions().resolve("chess-square-color/compile_error/syntax-error"), student);
        Path results = dir.resolve("grade/results/results.json");
        CliRun run = CliRun.of("grade", "--kata", "chess-square-color", "--prairielearn", results.toString(),
                student.toString());
        assertEquals(1, run.status(), run::toString);
        JsonNode json = Schemas.prairieLearn(results);
        assertFalse(json.get("gradable").asBoolean());
        assertFalse(json.get("format_errors").isEmpty());
    }

    @Test
    void prairieLearnResultsOfAnAcceptedSubmissionScoreOne(@TempDir Path dir) throws IOException {
        Path student = dir.resolve("grade/student");
        TestHome.copyTree(TestHome.submissions().resolve("knight-moves/accepted/closed-form"), student);
        Path results = dir.resolve("grade/results/results.json");
        CliRun run = CliRun.of("grade", "--kata", "knight-moves", "--prairielearn", results.toString(), student.toString());
        assertEquals(0, run.status(), run::toString);
        JsonNode json = Schemas.prairieLearn(results);
        assertEquals(1.0, json.get("score").asDouble());
        assertTrue(json.get("gradable").asBoolean());
    }

    @Test
    void aBatchIsATeachersMistakeRefusedBeforeGradingWithNothingWritten(@TempDir Path dir) {
        Path results = dir.resolve("results.json");
        CliRun run = CliRun.of("grade", "--gradescope", results.toString(),
                TestHome.submissions().resolve("knight-moves/accepted").toString());
        assertEquals(2, run.status(), run::toString);
        assertTrue(run.err().contains("found 3 submissions") && run.err().contains("--gradescope grades exactly one"), run::toString);
        assertTrue(run.out().isEmpty(), "nothing was graded: " + run.out());
        assertFalse(Files.exists(results), "a refused command writes nothing (no student-facing results for a whole class)");
    }

    @Test
    void nothingToGradeStillWritesResults(@TempDir Path dir) throws IOException {
        Path empty = Files.createDirectories(dir.resolve("grade/student"));
        Files.writeString(empty.resolve("README.txt"), "I forgot to upload my code");
        Path results = dir.resolve("grade/results/results.json");
        CliRun run = CliRun.of("grade", "--kata", "knight-moves", "--prairielearn", results.toString(), empty.toString());
        assertEquals(2, run.status(), run::toString);
        JsonNode json = Schemas.prairieLearn(results);
        assertFalse(json.get("gradable").asBoolean(), json::toString);
    }

    @Test
    void unwritableOutputsAreCaughtBeforeGrading(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        String knight = TestHome.submissions().resolve("knight-moves/accepted/closed-form").toString();
        CliRun feedbackIntoAFile = CliRun.of("grade", "--feedback", file.toString(), knight);
        assertEquals(2, feedbackIntoAFile.status(), feedbackIntoAFile::toString);
        assertTrue(feedbackIntoAFile.err().contains("--feedback " + file + " is a file; give a folder"), feedbackIntoAFile::toString);
        assertTrue(feedbackIntoAFile.out().isEmpty(), "before grading");

        CliRun htmlIntoAFolder = CliRun.of("grade", "--html", dir.toString(), knight);
        assertEquals(2, htmlIntoAFolder.status(), htmlIntoAFolder::toString);
        assertTrue(htmlIntoAFolder.err().contains("is a folder; give a file name"), htmlIntoAFolder::toString);

        CliRun belowAFile = CliRun.of("grade", "--html", file.resolve("report.html").toString(), knight);
        assertEquals(2, belowAFile.status(), belowAFile::toString);
        assertTrue(belowAFile.err().contains("is a file, not a folder"), belowAFile::toString);
    }
}
