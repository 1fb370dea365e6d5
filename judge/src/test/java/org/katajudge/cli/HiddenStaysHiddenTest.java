package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A hidden test never reaches a student (issue 19, point 1), in the case that leaked: a visible
 * test fails only because a hidden example's call came before it (a state bug), so the failure's
 * history, replay command and "try it" snippet would run the hidden call. Every student-facing
 * output of the run (console, JSON, feedback, Gradescope, PrairieLearn, JUnit XML, gradebook, the
 * class report) is searched for the hidden example's name and input; the teacher's view of the
 * same run has them, so the search is not vacuous.
 */
class HiddenStaysHiddenTest {

    private static final String HIDDEN = "h-file h3 h5";
    /** What the hidden example's name and input look like in any output (quoted, JSON, a snippet, a board line). */
    private static final List<String> SECRETS = List.of("h-file", "[\"h3\",\"h5\"]", "\"h3\", \"h5\"", "h3 → h5",
            "h3 h5");

    /** Right on every call, until it has been asked h3 to h5: then one too many on every other. */
    private static final String WRONG_AFTER_THE_HIDDEN_CALL = """
            public class KnightMoves {
                private static boolean askedTheHiddenOne;

                public static int minMoves(String start, String end) {
                    boolean hidden = start.equals("h3") && end.equals("h5");
                    askedTheHiddenOne |= hidden;
                    int moves = correct(start, end);
                    return askedTheHiddenOne && !hidden ? moves + 1 : moves;
                }

                private static int correct(String start, String end) {
                    int x1 = start.charAt(0) - 'a', y1 = start.charAt(1) - '1';
                    int x2 = end.charAt(0) - 'a', y2 = end.charAt(1) - '1';
                    int dx = Math.abs(x1 - x2), dy = Math.abs(y1 - y2);
                    if (dx == 1 && dy == 1 && (corner(x1, y1) || corner(x2, y2))) {
                        return 4;
                    }
                    if (dx < dy) {
                        int swap = dx;
                        dx = dy;
                        dy = swap;
                    }
                    if (dx == 1 && dy == 0) {
                        return 3;
                    }
                    if (dx == 2 && dy == 2) {
                        return 4;
                    }
                    int delta = dx - dy;
                    return dy > delta ? delta - 2 * Math.floorDiv(delta - dy, 3) : delta - 2 * Math.floorDiv(delta - dy, 4);
                }

                private static boolean corner(int x, int y) {
                    return (x == 0 || x == 7) && (y == 0 || y == 7);
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aFailureThatNeedsAHiddenCallShowsTheStudentNothingOfIt() throws IOException {
        Path katas = dir.resolve("katas");
        TestHome.copyTree(TestHome.katas(), katas);
        Path examples = katas.resolve("knight-moves/examples.json");
        String text = Files.readString(examples);
        int end = text.lastIndexOf(']');
        Files.writeString(examples, text.substring(0, end).stripTrailing() + ",\n  {\"hidden\":true,\"name\":\"" + HIDDEN
                + "\",\"method\":\"minMoves\",\"args\":[\"h3\",\"h5\"],\"expected\":2}\n" + text.substring(end));
        Path submission = dir.resolve("class/knight-moves/zoe");
        Files.createDirectories(submission);
        Files.writeString(submission.resolve("KnightMoves.java"), WRONG_AFTER_THE_HIDDEN_CALL, StandardCharsets.UTF_8);

        Path teacher = Files.createDirectories(dir.resolve("teacher"));
        CliRun teachers = CliRun.of("grade", "--katas", katas.toString(), "--json", teacher.resolve("report.json").toString(),
                submission.toString());
        assertEquals(1, teachers.status(), teachers::toString);
        JsonNode result = Reports.read(teacher.resolve("report.json")).get("results").get(0);
        assertEquals("WRONG_ANSWER", result.get("verdict").asText(), teachers::toString);
        assertTrue(result.get("counterexample").toString().contains(HIDDEN),
                "the teacher sees the hidden call the failure needs (else this test proves nothing): " + result);

        Path student = Files.createDirectories(dir.resolve("student"));
        CliRun students = CliRun.of("grade", "--katas", katas.toString(), "--student-view",
                "--json", student.resolve("report.json").toString(),
                "--feedback", student.resolve("feedback").toString(),
                "--gradescope", student.resolve("gradescope.json").toString(),
                "--prairielearn", student.resolve("prairielearn.json").toString(),
                "--junit-xml", student.resolve("junit").toString(),
                "--csv", student.resolve("gradebook.csv").toString(),
                "--html", student.resolve("report.html").toString(),
                submission.toString());
        assertEquals(1, students.status(), students::toString);
        List<String> outputs = new ArrayList<>(List.of("console:\n" + students.out() + students.err()));
        try (Stream<Path> files = Files.walk(student)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                outputs.add(file.getFileName() + ":\n" + Files.readString(file));
            }
        }
        assertEquals(8, outputs.size(), "the console and every file asked for (json, feedback, gradescope, prairielearn, junit, csv, html)");
        for (String output : outputs) {
            for (String secret : SECRETS) {
                assertFalse(output.contains(secret), "\"" + secret + "\" reaches the student in " + output);
            }
        }
        JsonNode shown = Reports.read(student.resolve("report.json")).get("results").get(0);
        assertEquals("WRONG_ANSWER", shown.get("verdict").asText());
        assertTrue(shown.get("message").asText().contains("after a call of a hidden test"), shown::toString);
        assertFalse(shown.has("counterexample"), shown::toString);
    }

    /** A student sees only their own results (issue 19, point 6): a class-wide file in the student view is refused. */
    @Test
    void aClassWideFileInTheStudentViewIsRefusedBeforeGrading() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        for (String option : List.of("--html", "--json", "--csv", "--junit-xml")) {
            CliRun run = CliRun.of("grade", "--student-view", option, out.resolve("x").toString(),
                    TestHome.submissions().resolve("knight-moves/accepted").toString());
            assertEquals(ExitCode.USAGE, run.status(), run::toString);
            assertTrue(run.err().contains("--student-view with " + option + " would give every student the results of 3"
                    + " students"), run::toString);
            assertEquals("", run.out(), "nothing graded");
            try (Stream<Path> written = Files.list(out)) {
                assertEquals(List.of(), written.toList(), "nothing written");
            }
        }
        Path feedback = dir.resolve("feedback");
        CliRun perStudent = CliRun.of("grade", "--student-view", "--cases", "10", "--feedback", feedback.toString(),
                TestHome.submissions().resolve("knight-moves/accepted").toString());
        assertEquals(0, perStudent.status(), perStudent::toString);
        try (Stream<Path> files = Files.list(feedback)) {
            assertEquals(3, files.count(), "one feedback file per student");
        }
    }
}
