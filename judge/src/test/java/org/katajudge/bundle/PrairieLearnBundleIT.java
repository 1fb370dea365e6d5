package org.katajudge.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.Schemas;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PrairieLearn steps of docs/guides/teachers.md for real: write the serverFilesCourse folder with the packaged
 * judge, and run its {@code run.sh} as PrairieLearn's external grader does, in a folder laid out
 * like {@code /grade}.
 */
class PrairieLearnBundleIT {

    @Test
    void theFolderGradesStudentsLaidOutAsPrairieLearnDoes(@TempDir Path dir) throws Exception {
        Path grade = dir.resolve("grade");
        Path folder = grade.resolve("serverFilesCourse/kata-judge");
        JudgeJar.Result bundle = JudgeJar.judge("prairielearn-bundle", "--out", folder.toString());
        assertEquals(0, bundle.status(), bundle::toString);
        assertEquals("rwxr-xr-x", GradescopeBundleIT.mode(folder.resolve("run.sh")));
        assertTrue(Files.isRegularFile(folder.resolve("judge.jar")));
        assertTrue(Files.isRegularFile(folder.resolve("katas/three-man-chess-vectors/examples.json")));

        JsonNode correct = run(grade, folder, "three-man-chess-vectors", "three-man-chess-vectors/accepted/unit-steps");
        assertEquals(1.0, correct.get("score").asDouble(), correct::toString);

        JsonNode wrong = run(grade, folder, "three-man-chess-vectors",
                "three-man-chess-vectors/wrong_answer/knight-forgets-opposite-side");
        assertTrue(wrong.get("gradable").asBoolean());
        assertTrue(wrong.get("score").asDouble() < 1.0, wrong::toString);
        assertTrue(wrong.get("output").asText().contains("ThreeManChess.addVec(new int[] {"), wrong::toString);

        JsonNode broken = run(grade, folder, "chess-square-color", "chess-square-color/compile_error/syntax-error");
        assertFalse(broken.get("gradable").asBoolean(), broken::toString);

        Files.write(folder.resolve("judge.jar"), new byte[0]); // the judge cannot even start
        JsonNode failed = run(grade, folder, "knight-moves", "knight-moves/accepted/closed-form");
        assertFalse(failed.get("gradable").asBoolean(), failed::toString);
        assertTrue(failed.get("format_errors").get(0).asText().startsWith("The grader failed"), failed::toString);
    }

    private static JsonNode run(Path grade, Path folder, String kata, String sample) throws Exception {
        Path student = grade.resolve("student");
        GradescopeBundleIT.empty(student);
        TestHome.copyTree(TestHome.submissions().resolve(sample), student);
        JudgeJar.Result run = JudgeJar.run(grade, Map.of("GRADE_ROOT", grade.toString(), "PATH", JudgeJar.pathWithThisJava()),
                folder.resolve("run.sh").toString(), kata);
        assertEquals(0, run.status(), run::toString);
        return Schemas.prairieLearn(grade.resolve("results/results.json"));
    }
}
