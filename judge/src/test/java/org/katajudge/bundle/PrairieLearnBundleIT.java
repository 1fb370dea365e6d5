package org.katajudge.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.Schemas;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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
        Path folder = bundle(grade);
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

    @Test
    void aFreshContainerWithoutACacheMakesNoRuntimeImageForOneSubmission(@TempDir Path dir) throws Exception {
        // PrairieLearn's container per submission: no cache (run.sh's default), an empty temp directory.
        // Making the children's java.base image there cost more than the grading (13-15 s of CPU
        // against 5 for knight-moves): one submission's children start on the narrowed JDK instead
        Path grade = dir.resolve("grade");
        Path folder = bundle(grade);
        // like a container's /tmp: children, which may run as other users, reach what the judge makes there
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxrwxrwx"));

        JsonNode correct = run(grade, folder, Map.of("KATA_JUDGE_CACHE", "off", "JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp),
                "knight-moves", "knight-moves/accepted/closed-form");
        assertEquals(1.0, correct.path("score").asDouble(), correct::toString);
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(name -> name.startsWith("kata-judge-runtime"))
                    .toList(), "no runtime image made");
        }
    }

    /** The bundle written where PrairieLearn mounts a course's server files under {@code grade}. */
    private static Path bundle(Path grade) throws Exception {
        Path folder = grade.resolve("serverFilesCourse/kata-judge");
        JudgeJar.Result bundle = JudgeJar.judge("prairielearn-bundle", "--out", folder.toString());
        assertEquals(0, bundle.status(), bundle::toString);
        return folder;
    }

    private static JsonNode run(Path grade, Path folder, String kata, String sample) throws Exception {
        return run(grade, folder, Map.of(), kata, sample);
    }

    private static JsonNode run(Path grade, Path folder, Map<String, String> environment, String kata, String sample)
            throws Exception {
        Path student = grade.resolve("student");
        GradescopeBundleIT.empty(student);
        TestHome.copyTree(TestHome.submissions().resolve(sample), student);
        Map<String, String> variables = new HashMap<>(environment);
        variables.putAll(Map.of("GRADE_ROOT", grade.toString(), "PATH", JudgeJar.pathWithThisJava()));
        JudgeJar.Result run = JudgeJar.run(grade, variables, folder.resolve("run.sh").toString(), kata);
        assertEquals(0, run.status(), run::toString);
        return Schemas.prairieLearn(grade.resolve("results/results.json"));
    }
}
