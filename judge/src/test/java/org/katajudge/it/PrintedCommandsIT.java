package org.katajudge.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command the judge prints reproduces what it describes, run as printed from another
 * working directory (issue 23). A teacher grades a small class in their own folder, with relative
 * paths, a copy of {@code katas/} with a hidden example added ({@code --katas}), an assignment
 * file ({@code --scoring}), {@code --seed} and {@code --cases}; the wrong samples include failures
 * that need earlier calls (listed, drawn from the seed, and too many for either: the whole run again)
 * and one on the hidden example alone.
 * Each replay command of the console and of the JSON report is then run as printed, by a shell-like
 * split and a child process, from another directory: it must fail again on the same input with the
 * same answer. Each "try it" snippet of the feedback is compiled beside the student's code and run:
 * it must print the wrong answer the report gives.
 *
 * <p>Runs the packaged {@code judge.jar} (failsafe, after {@code package}), as a teacher does.
 */
class PrintedCommandsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern REPLAY = Pattern.compile("(?m)^ +replay: +(.*)$");
    private static final Pattern JAVA_BLOCK = Pattern.compile("(?s)```java\n(.*?)```");
    private static final Pattern SH_BLOCK = Pattern.compile("(?s)```sh\n(.*?)```");
    private static final Pattern REPLAY_LINE = Pattern.compile("(?m)^replay: +(.*)$");

    /**
     * Right on every call but h1 to g2 as the very first call of a JVM: fails the hidden example
     * (which runs last, first in a JVM of its own) and nothing else.
     */
    private static final String FIRST_CALL_WRONG = """
            public class KnightMoves {
                private static boolean called;

                public static int minMoves(String start, String end) {
                    int x1 = start.charAt(0) - 'a', y1 = start.charAt(1) - '1';
                    int x2 = end.charAt(0) - 'a', y2 = end.charAt(1) - '1';
                    int[][] dist = new int[8][8];
                    for (int[] row : dist) {
                        java.util.Arrays.fill(row, -1);
                    }
                    java.util.ArrayDeque<int[]> queue = new java.util.ArrayDeque<>();
                    dist[x1][y1] = 0;
                    queue.add(new int[] {x1, y1});
                    int[][] jumps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
                    while (!queue.isEmpty()) {
                        int[] s = queue.poll();
                        for (int[] j : jumps) {
                            int x = s[0] + j[0], y = s[1] + j[1];
                            if (x >= 0 && x < 8 && y >= 0 && y < 8 && dist[x][y] < 0) {
                                dist[x][y] = dist[s[0]][s[1]] + 1;
                                queue.add(new int[] {x, y});
                            }
                        }
                    }
                    boolean first = !called;
                    called = true;
                    return first && start.equals("h1") && end.equals("g2") ? dist[x2][y2] + 1 : dist[x2][y2];
                }
            }
            """;

    /** The right answer, by breadth-first search: the end of a submission's class. */
    private static final String MOVES = """
                private static int moves(String start, String end) {
                    int[][] dist = new int[8][8];
                    for (int[] row : dist) {
                        java.util.Arrays.fill(row, -1);
                    }
                    java.util.ArrayDeque<int[]> queue = new java.util.ArrayDeque<>();
                    dist[start.charAt(0) - 'a'][start.charAt(1) - '1'] = 0;
                    queue.add(new int[] {start.charAt(0) - 'a', start.charAt(1) - '1'});
                    int[][] jumps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
                    while (!queue.isEmpty()) {
                        int[] at = queue.poll();
                        for (int[] j : jumps) {
                            int f = at[0] + j[0], r = at[1] + j[1];
                            if (f >= 0 && f < 8 && r >= 0 && r < 8 && dist[f][r] < 0) {
                                dist[f][r] = dist[at[0]][at[1]] + 1;
                                queue.add(new int[] {f, r});
                            }
                        }
                    }
                    return dist[end.charAt(0) - 'a'][end.charAt(1) - '1'];
                }
            }
            """;

    /**
     * Wrong from the 41st call on, but only in a run that began with one of the kata's first
     * examples (the hidden h1-g2 of the teacher's copy, else g2-a8): the earlier calls it needs are
     * too many to list and are not the method's own stream, so the replay reruns the whole run
     * ({@code rerunSearch}).
     */
    private static final String WRONG_AFTER_40_CALLS_FROM_AN_EXAMPLE = """
            public class KnightMoves {
                private static boolean fromAnExample;
                private static int calls;

                public static int minMoves(String start, String end) {
                    calls++;
                    if (calls == 1) {
                        fromAnExample = (start + end).equals("h1g2") || (start + end).equals("g2a8");
                    }
                    return fromAnExample && calls > 40 ? moves(start, end) + 1 : moves(start, end);
                }
            """ + MOVES;

    /**
     * Wrong from files b-d to files f-h (no example goes so) unless the call is the first its JVM
     * saw, remembered where loading the classes anew leaves it: an interned string. Alone in a new
     * JVM, as a replay of the case makes it, it passes; so the replay reruns the whole run.
     */
    private static final String WRONG_ONCE_THE_JVM_SAW_A_CALL = """
            public class KnightMoves {
                public static int minMoves(String start, String end) {
                    String marker = new String(new char[] {'k', 'j', '-', 's', 'e', 'e', 'n'});
                    boolean jvmSawACall = marker.intern() != marker;
                    boolean across = "bcd".indexOf(start.charAt(0)) >= 0 && "fgh".indexOf(end.charAt(0)) >= 0;
                    return across && jvmSawACall ? moves(start, end) + 1 : moves(start, end);
                }
            """ + MOVES;

    @Test
    void everyPrintedCommandShowsTheSameFailureFromAnotherDirectory(@TempDir Path temp) throws Exception {
        Path teacher = Files.createDirectories(temp.resolve("teacher"));
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        TestHome.copyTree(TestHome.katas(), teacher.resolve("katas-copy"));
        addHiddenExample(teacher.resolve("katas-copy/knight-moves/examples.json"));
        Path samples = TestHome.submissions();
        copySample(samples.resolve("knight-moves/wrong_answer/static-visited-array"), teacher.resolve("class/knight-moves/static-visited-array"));
        copySample(samples.resolve("knight-moves/wrong_answer/memo-reset-every-5000-calls"),
                teacher.resolve("class/knight-moves/memo-reset-every-5000-calls"));
        copySample(samples.resolve("chess-square-color/wrong_answer/cache-keyed-by-file"),
                teacher.resolve("class/chess-square-color/cache-keyed-by-file"));
        Files.createDirectories(teacher.resolve("class/knight-moves/first-call-wrong"));
        Files.writeString(teacher.resolve("class/knight-moves/first-call-wrong/KnightMoves.java"), FIRST_CALL_WRONG);
        Files.createDirectories(teacher.resolve("class/knight-moves/wrong-after-40-calls"));
        Files.writeString(teacher.resolve("class/knight-moves/wrong-after-40-calls/KnightMoves.java"),
                WRONG_AFTER_40_CALLS_FROM_AN_EXAMPLE);
        Files.createDirectories(teacher.resolve("class/knight-moves/wrong-once-the-jvm-saw-a-call"));
        Files.writeString(teacher.resolve("class/knight-moves/wrong-once-the-jvm-saw-a-call/KnightMoves.java"),
                WRONG_ONCE_THE_JVM_SAW_A_CALL);
        Files.writeString(teacher.resolve("points.json"), "{\"random\": {\"*\": 5}}\n");

        Run graded = judge(teacher, "grade", "--katas", "katas-copy", "--scoring", "points.json", "--seed", "5",
                "--cases", "200", "--json", "report.json", "--feedback", "feedback", "--html", "report.html", "class");
        assertEquals(1, graded.status(), graded::toString);
        JsonNode results = JSON.readTree(teacher.resolve("report.json").toFile()).get("results");
        assertEquals(6, results.size(), graded::toString);

        Set<String> console = new LinkedHashSet<>();
        Matcher printed = REPLAY.matcher(graded.out());
        while (printed.find()) {
            console.add(printed.group(1).strip());
        }
        Map<String, String> teachersSnippets = snippets(Files.readString(teacher.resolve("report.html")));
        Set<String> kinds = new LinkedHashSet<>();
        boolean hiddenReplayed = false;
        for (JsonNode result : results) {
            String submission = result.get("submission").asText();
            JsonNode example = result.get("counterexample");
            assertEquals("WRONG_ANSWER", result.get("verdict").asText(), submission);
            String command = example.get("replay").asText();
            assertTrue(console.contains(command), () -> submission + ": the console prints the report's command " + command
                    + "\n" + graded);
            assertTrue(command.contains(" --katas " + teacher.resolve("katas-copy").toRealPath())
                    || command.contains(" --katas " + teacher.resolve("katas-copy")), command);
            hiddenReplayed |= result.get("message").asText().contains("hidden example");
            kinds.add(example.path("historyKind").asText("NONE"));

            Run replayed = run(elsewhere, words(command));
            assertEquals(1, replayed.status(), () -> submission + ": " + command + "\n" + replayed);
            String input = example.get("input").asText().lines().findFirst().orElseThrow().strip();
            assertTrue(replayed.out().contains(input), () -> submission + ": another input than " + input + "\n" + replayed);
            assertTrue(replayed.out().contains("actual:   " + example.get("actual")),
                    () -> submission + ": another answer than " + example.get("actual") + "\n" + replayed);

            String student = Path.of(submission).getFileName().toString();
            String feedback = Files.readString(teacher.resolve("feedback").resolve(student + ".md"));
            Matcher block = JAVA_BLOCK.matcher(feedback);
            String studentsSnippet = block.find() ? block.group(1) : null;
            if (example.path("example").asText().startsWith("hidden")) {
                assertNull(studentsSnippet, () -> submission + ": a hidden example is shown:\n" + feedback);
                assertTrue(!feedback.contains("\"h1\""), () -> submission + ": a hidden example is shown:\n" + feedback);
            } else {
                checkSnippet(teacher, temp.resolve("student"), result, studentsSnippet);
            }
            checkSnippet(teacher, temp.resolve("teacher-view"), result, teachersSnippets.get(student));
        }
        assertEquals(results.size(), console.size(), "the console prints one command per failure: " + console);
        assertTrue(hiddenReplayed, "a failure on the hidden example is among them: " + console);
        assertTrue(kinds.containsAll(List.of("NONE", "LISTED", "DRAWN", "RERUN")), kinds::toString);
    }

    /**
     * The feedback files are read on the students' machines: they name none of the teacher's paths
     * (the temp folder the class is graded in, the home folder), and each judge command they print
     * runs on a student's machine as printed: from a folder holding only {@code judge.jar} and the
     * file the student handed in, it fails again on the same input with the same answer. A case
     * only the teacher's copy of a kata has (a kata of the teacher's own, an example the teacher
     * added) gets no command but a sentence saying so.
     */
    @Test
    void theStudentsFeedbackNamesNoTeachersPathAndItsCommandsRunOnTheirMachine(@TempDir Path temp) throws Exception {
        Path teacher = Files.createDirectories(temp.resolve("teacher"));
        TestHome.copyTree(TestHome.katas(), teacher.resolve("katas-copy"));
        addExample(teacher.resolve("katas-copy/knight-moves/examples.json"), "teacher corner h1 g2", false);
        Run scaffolded = judge(teacher, "new-kata", "rook-paths", "--dir", teacher.resolve("katas-copy").toString());
        assertEquals(0, scaffolded.status(), scaffolded::toString);
        Path samples = TestHome.submissions();
        Path kataClass = teacher.resolve("class");
        for (String sample : List.of("greedy-walk", "static-visited-array", "memo-reset-every-5000-calls")) {
            copySample(samples.resolve("knight-moves/wrong_answer").resolve(sample), kataClass.resolve("knight-moves").resolve(sample));
        }
        // fails the first example alone: the one the teacher added
        Files.createDirectories(kataClass.resolve("knight-moves/first-call-wrong"));
        Files.writeString(kataClass.resolve("knight-moves/first-call-wrong/KnightMoves.java"), FIRST_CALL_WRONG);
        copySample(teacher.resolve("katas-copy/rook-paths/submissions/wrong_answer/adds-the-differences"),
                kataClass.resolve("rook-paths/own-kata"));
        Files.writeString(teacher.resolve("points.json"), "{\"random\": {\"*\": 5}}\n");

        Run graded = judge(teacher, "grade", "--katas", teacher.resolve("katas-copy").toString(), "--scoring",
                teacher.resolve("points.json").toString(), "--seed", "5", "--json", "report.json", "--feedback", "feedback",
                kataClass.toString());
        assertEquals(1, graded.status(), graded::toString);
        JsonNode results = JSON.readTree(teacher.resolve("report.json").toFile()).get("results");
        assertEquals(5, results.size(), graded::toString);

        Set<String> forms = new LinkedHashSet<>();
        for (JsonNode result : results) {
            String submission = result.get("submission").asText();
            String student = Path.of(submission).getFileName().toString();
            String feedback = Files.readString(teacher.resolve("feedback").resolve(student + ".md"));
            for (String teachers : List.of(temp.toString(), temp.toRealPath().toString(), System.getProperty("java.io.tmpdir"),
                    System.getProperty("user.home"), jar().getParent().toString())) {
                assertTrue(teachers.length() <= 1 || !feedback.contains(teachers),
                        () -> student + ": the feedback names the teacher's " + teachers + "\n" + feedback);
            }
            JsonNode example = result.get("counterexample");
            Matcher line = REPLAY_LINE.matcher(feedback);
            assertTrue(line.find(), feedback);
            Matcher block = SH_BLOCK.matcher(feedback);
            if (result.get("kata").asText().equals("rook-paths") || example.path("example").asText().startsWith("teacher")) {
                assertTrue(line.group(1).startsWith("(none: you cannot replay this case yourself: "), feedback);
                assertTrue(!block.find(), () -> student + ": a command that cannot run on the student's machine\n" + feedback);
                forms.add(result.get("kata").asText().equals("rook-paths") ? "own kata" : "teacher's example");
                continue;
            }
            assertTrue(block.find(), feedback);
            String command = block.group(1).strip();
            assertEquals(command, line.group(1).strip(), "the case's replay line is the command below it");
            assertTrue(command.startsWith("java -jar judge.jar ") && command.endsWith(" KnightMoves.java"), command);
            forms.add(example.path("historyKind").asText("NONE"));

            Path home = Files.createDirectories(temp.resolve("students").resolve(student));
            Files.copy(jar(), home.resolve("judge.jar"));
            Files.copy(Path.of(submission).resolve("KnightMoves.java"), home.resolve("KnightMoves.java"));
            Run replayed = run(home, words(command));
            assertEquals(1, replayed.status(), () -> student + ": " + command + "\n" + replayed);
            String input = example.get("input").asText().lines().findFirst().orElseThrow().strip();
            assertTrue(replayed.out().contains(input), () -> student + ": another input than " + input + "\n" + replayed);
            assertTrue(replayed.out().contains("actual:   " + example.get("actual")),
                    () -> student + ": another answer than " + example.get("actual") + "\n" + replayed);
        }
        assertTrue(forms.containsAll(List.of("NONE", "LISTED", "DRAWN", "own kata", "teacher's example")),
                () -> forms + "\n" + results);
    }

    /**
     * A "try it" snippet, compiled beside the student's code and run in a fresh JVM, prints the
     * report's wrong answer; there is none when the calls it needs cannot be listed.
     */
    private static void checkSnippet(Path teacher, Path temp, JsonNode result, String snippet) throws Exception {
        String submission = result.get("submission").asText();
        JsonNode example = result.get("counterexample");
        String student = Path.of(submission).getFileName().toString();
        String kind = example.path("historyKind").asText("NONE");
        if (!kind.equals("NONE") && !kind.equals("LISTED")) {
            assertNull(snippet, () -> submission + ": a snippet without the " + kind + " calls it needs would pass");
            return;
        }
        assertTrue(snippet != null, () -> submission + ": no snippet");
        if (kind.equals("LISTED")) {
            assertEquals(example.get("history").size() + 1, snippet.strip().lines().count(), snippet);
        }
        Path dir = Files.createDirectories(temp.resolve(student));
        try (Stream<Path> files = Files.list(teacher.resolve(submission))) {
            for (Path source : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Files.copy(source, dir.resolve(source.getFileName()));
            }
        }
        Files.writeString(dir.resolve("TryIt.java"), "public class TryIt {\n    public static void main(String[] args) {\n"
                + snippet.indent(8) + "    }\n}\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> arguments = new ArrayList<>(List.of("-d", dir.toString()));
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> arguments.add(f.toString()));
        }
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        assertEquals(0, javac.run(null, errors, errors, arguments.toArray(String[]::new)),
                () -> submission + ": the snippet does not compile\n" + snippet + "\n" + errors);
        Run tried = run(dir, List.of(java(), "-cp", dir.toString(), "TryIt"));
        assertEquals(0, tried.status(), tried::toString);
        assertEquals(example.get("actual").toString(), tried.out().strip(),
                () -> submission + ": the snippet\n" + snippet + "\nprints another answer than the report's");
    }

    /** The class report's "try it" snippet of each student, by name. */
    private static Map<String, String> snippets(String html) {
        Map<String, String> snippets = new HashMap<>();
        for (String article : html.split("<article class=\"student\"")) {
            Matcher name = Pattern.compile("<h3>([^<]+?) <span").matcher(article);
            Matcher snippet = Pattern.compile("(?s)<dt>try it</dt><dd><pre><code>(.*?)</code>").matcher(article);
            if (name.find() && snippet.find()) {
                snippets.put(name.group(1), snippet.group(1).replace("&quot;", "\"").replace("&#39;", "'")
                        .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
            }
        }
        return snippets;
    }

    private static void addHiddenExample(Path examplesFile) throws IOException {
        addExample(examplesFile, "hidden corner h1 g2", true);
    }

    /** Adds the example h1 to g2 (4 moves), first. */
    private static void addExample(Path examplesFile, String name, boolean isHidden) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(examplesFile.toFile());
        ObjectNode added = JSON.createObjectNode();
        added.put("name", name);
        added.put("method", "minMoves");
        added.putArray("args").add("h1").add("g2");
        added.put("expected", 4);
        if (isHidden) {
            added.put("hidden", true);
        }
        ((ArrayNode) root.get("examples")).insert(0, added);
        JSON.writerWithDefaultPrettyPrinter().writeValue(examplesFile.toFile(), root);
    }

    private static void copySample(Path sample, Path to) throws IOException {
        TestHome.copyTree(sample, to);
    }

    private Run judge(Path directory, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar().toString()));
        command.addAll(List.of(arguments));
        return run(directory, command);
    }

    private static Path jar() {
        Path jar = Path.of(System.getProperty("katajudge.jar", TestHome.root().resolve("judge/target/judge.jar").toString()));
        assertTrue(Files.isRegularFile(jar), "build the jar first: mvn -B -q -o package -DskipTests (" + jar + ")");
        return jar;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A child process in {@code directory}: its exit status and what it printed. */
    private static Run run(Path directory, List<String> command) throws Exception {
        List<String> resolved = new ArrayList<>(command);
        if (resolved.get(0).equals("java")) {
            resolved.set(0, java()); // as printed, with this test's JDK rather than whatever PATH holds
        }
        Path out = Files.createTempFile(directory.getParent(), "out", ".txt");
        Process process = new ProcessBuilder(resolved).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("still running after 10 minutes: " + command);
        }
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), command);
    }

    private record Run(int status, String out, List<String> command) {
        @Override
        public String toString() {
            return String.join(" ", command) + "\nexit " + status + "\n" + out;
        }
    }

    /** Splits a printed command as a POSIX shell would: words, with '...' quoting (and '\'' inside). */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        boolean quoted = false;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quoted) {
                if (c == '\'') {
                    quoted = false;
                } else {
                    word.append(c);
                }
            } else if (c == '\'') {
                quoted = true;
                word = word == null ? new StringBuilder() : word;
            } else if (c == '\\' && i + 1 < command.length()) {
                word = word == null ? new StringBuilder() : word;
                word.append(command.charAt(++i));
            } else if (c == ' ') {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
