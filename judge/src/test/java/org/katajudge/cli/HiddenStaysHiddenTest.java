package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.StudentView;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A hidden test never reaches a student (issue 19, point 1). A submission sees every input it is
 * called with and may keep it (a static, the JVM's own interned strings) and carry it out through
 * anything that runs after: a visible test's failure message, a wrong answer shown to the student,
 * what it prints, even how many bytes it prints. So the hidden examples run last, in a JVM of their
 * own, and the student's view of the output keeps neither its text nor its size. Every
 * student-facing output of a run (console, JSON, feedback, Gradescope, PrairieLearn, JUnit XML,
 * gradebook, the class report) is searched for the hidden example's name and input.
 */
class HiddenStaysHiddenTest {

    private static final String HIDDEN = "h-file h3 h5";
    /** What the hidden example's name and input look like in any output (quoted, JSON, a snippet, a board line). */
    private static final List<String> SECRETS = List.of("h-file", "[\"h3\",\"h5\"]", "\"h3\", \"h5\"", "h3 → h5",
            "h3 h5", "h3-h5");

    /** A right answer, whatever else the submission does. */
    private static final String CORRECT = """
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

    /** Keeps every input it is asked and, from its third call on, throws them all: in every later test's message. */
    private static final String THROWS_WHAT_IT_SAW = """
            public class KnightMoves {
                private static final StringBuilder SEEN = new StringBuilder();
                private static int calls;

                public static int minMoves(String start, String end) {
                    SEEN.append(start).append('-').append(end).append(' ');
                    if (++calls >= 3) {
                        throw new IllegalStateException("SEEN " + SEEN);
                    }
                    return correct(start, end);
                }
            """ + CORRECT;

    /**
     * Right on every call, but one too many on every call after it was asked h3 to h5 among its
     * first 20 calls (the examples': the enumeration of every square pair asks it much later).
     */
    private static final String WRONG_AFTER_THE_HIDDEN_CALL = """
            public class KnightMoves {
                private static int calls;
                private static boolean askedTheHiddenOne;

                public static int minMoves(String start, String end) {
                    int call = ++calls;
                    boolean hidden = start.equals("h3") && end.equals("h5") && call <= 20;
                    int moves = correct(start, end);
                    int answer = askedTheHiddenOne ? moves + 1 : moves;
                    askedTheHiddenOne |= hidden;
                    return answer;
                }
            """ + CORRECT;

    /**
     * Wrong on h3 to h5 among its first 20 calls when the JVM already holds a string it made on an
     * earlier call: a channel that loading the classes anew in the same JVM would not close, only
     * a JVM of its own.
     */
    private static final String REMEMBERS_ACROSS_CLASS_LOADERS = """
            public class KnightMoves {
                private static int calls;

                public static int minMoves(String start, String end) {
                    String marker = new String(new char[] {'k', 'j', '-', 'm', 'a', 'r', 'k', '-', '7', '1'});
                    boolean jvmSawACall = marker.intern() != marker;
                    int call = ++calls;
                    if (start.equals("h3") && end.equals("h5") && call <= 20 && jvmSawACall) {
                        return -1;
                    }
                    return correct(start, end);
                }
            """ + CORRECT;

    /** Prints its first 20 inputs, and after each as many bytes again as the square it started from says. */
    private static final String PRINTS_WHAT_IT_SAW = """
            public class KnightMoves {
                private static int calls;

                public static int minMoves(String start, String end) {
                    if (++calls <= 20) {
                        System.out.println(start + "-" + end);
                        System.out.print("x".repeat((start.charAt(0) - 'a') * 8 + start.charAt(1) - '1'));
                    }
                    return correct(start, end);
                }
            """ + CORRECT;

    @TempDir
    Path dir;

    @Test
    void aSubmissionCannotCarryAHiddenInputToAnythingAStudentSees() throws IOException {
        Path katas = dir.resolve("katas");
        TestHome.copyTree(TestHome.katas(), katas);
        Path examples = katas.resolve("knight-moves/examples.json");
        String text = Files.readString(examples);
        // second in the file, among the visible examples: not where a run could put it last by chance
        int second = text.indexOf("{\"name\"", text.indexOf("{\"name\"") + 1);
        Files.writeString(examples, text.substring(0, second) + "{\"hidden\":true,\"name\":\"" + HIDDEN
                + "\",\"method\":\"minMoves\",\"args\":[\"h3\",\"h5\"],\"expected\":2},\n  " + text.substring(second));
        Map<String, String> students = new LinkedHashMap<>();
        students.put("throws", THROWS_WHAT_IT_SAW);
        students.put("wrong-after", WRONG_AFTER_THE_HIDDEN_CALL);
        students.put("interned", REMEMBERS_ACROSS_CLASS_LOADERS);
        students.put("prints", PRINTS_WHAT_IT_SAW);
        List<String> folders = new ArrayList<>();
        for (Map.Entry<String, String> student : students.entrySet()) {
            Path submission = Files.createDirectories(dir.resolve("class/knight-moves/" + student.getKey()));
            Files.writeString(submission.resolve("KnightMoves.java"), student.getValue(), StandardCharsets.UTF_8);
            folders.add(submission.toString());
        }

        Path teacher = Files.createDirectories(dir.resolve("teacher"));
        List<String> args = new ArrayList<>(List.of("grade", "--katas", katas.toString(), "--json",
                teacher.resolve("report.json").toString()));
        args.addAll(folders);
        CliRun teachers = CliRun.of(args.toArray(String[]::new));
        Map<String, JsonNode> results = new HashMap<>();
        Reports.read(teacher.resolve("report.json")).get("results").forEach(r -> results.put(r.get("student").asText(), r));
        assertEquals(students.keySet(), results.keySet(), teachers::toString);
        // the teacher sees what the submission saw: the channel is real, and carries only visible inputs
        String thrown = results.get("throws").toString();
        assertTrue(thrown.contains("SEEN g2-a8 g2-h2 "), "the submission throws the inputs it saw: " + thrown);
        for (JsonNode test : results.get("throws").get("tests")) {
            if (!test.path("hidden").asBoolean()) {
                for (String secret : SECRETS) {
                    assertFalse(test.toString().contains(secret), "a visible test ran after the hidden call: " + test);
                }
            }
        }
        assertEquals("ACCEPTED", results.get("wrong-after").get("verdict").asText(),
                "nothing runs after the hidden call: " + results.get("wrong-after"));
        assertEquals("ACCEPTED", results.get("interned").get("verdict").asText(),
                "the hidden example runs in a JVM that ran nothing else: " + results.get("interned"));

        for (String folder : folders) {
            Path student = Files.createDirectories(dir.resolve("student-" + Path.of(folder).getFileName()));
            CliRun run = CliRun.of("grade", "--katas", katas.toString(), "--student-view",
                    "--json", student.resolve("report.json").toString(),
                    "--feedback", student.resolve("feedback").toString(),
                    "--gradescope", student.resolve("gradescope.json").toString(),
                    "--prairielearn", student.resolve("prairielearn.json").toString(),
                    "--junit-xml", student.resolve("junit").toString(),
                    "--csv", student.resolve("gradebook.csv").toString(),
                    "--html", student.resolve("report.html").toString(),
                    folder);
            List<String> outputs = new ArrayList<>(List.of("console:\n" + run.out() + run.err()));
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
                assertFalse(Pattern.compile("printed \\d+ bytes").matcher(output).find(),
                        "how much a run with hidden tests printed reaches the student in " + output);
            }
            JsonNode shown = Reports.read(student.resolve("report.json")).get("results").get(0);
            if (folder.endsWith("prints")) {
                assertEquals(StudentView.OUTPUT_WITHHELD, shown.get("output").get("text").asText(), shown::toString);
                assertEquals(0, shown.get("output").get("size").asLong(), shown::toString);
                assertTrue(outputs.stream().anyMatch(o -> o.startsWith("prints.md") && o.contains(StudentView.OUTPUT_WITHHELD)),
                        () -> "the feedback says the output is withheld: " + outputs);
            }
        }
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
