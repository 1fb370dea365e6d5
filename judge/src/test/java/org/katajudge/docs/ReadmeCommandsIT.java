package org.katajudge.docs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The judge commands README.md shows run as written, with the packaged {@code judge.jar}, from a
 * folder laid out like the repository (its {@code examples/}, {@code katas/} and {@code submissions/}
 * copied, the jar at {@code judge/target/judge.jar}), so that nothing is written into the tree.
 * Each ends with 0 or 1 (never a usage error, never a crash), and writes what its options name.
 *
 * <p>Runs in {@code integration-test}, after the jar is packaged (failsafe; {@code mvn verify}).
 */
class ReadmeCommandsIT {

    private static final String JUDGE = "java -jar judge/target/judge.jar ";
    /** Options whose value is a file or folder the command writes. */
    private static final Set<String> OUTPUTS = Set.of("--csv", "--json", "--html", "--feedback", "--out", "--junit-xml",
            "--moodle-grades", "--canvas-grades");

    @TempDir
    Path clone;

    @Test
    void everyJudgeCommandOfTheReadmeRunsAsWritten() throws Exception {
        List<String> commands = judgeCommands(Files.readString(TestHome.root().resolve("README.md")));
        assertTrue(commands.stream().anyMatch(c -> c.startsWith(JUDGE + "grade ")), commands::toString);
        assertTrue(commands.stream().anyMatch(c -> c.startsWith(JUDGE + "fuzz ")), commands::toString);
        assertTrue(commands.stream().anyMatch(c -> c.startsWith(JUDGE + "new-kata ")), commands::toString);

        for (String folder : List.of("examples", "katas", "submissions")) {
            TestHome.copyTree(TestHome.root().resolve(folder), clone.resolve(folder));
        }
        Path jar = clone.resolve("judge/target/judge.jar");
        Files.createDirectories(jar.getParent());
        Files.copy(Path.of(System.getProperty("katajudge.jar")), jar);

        for (String command : commands) {
            List<String> words = words(command);
            Run run = run(words);
            assertTrue(run.status == 0 || run.status == 1, () -> "the README's command fails: " + run);
            for (int i = 0; i < words.size() - 1; i++) {
                if (OUTPUTS.contains(words.get(i))) {
                    Path output = clone.resolve(words.get(i + 1));
                    assertTrue(Files.exists(output), () -> output + " was not written by " + run);
                }
            }
            if (words.get(3).equals("grade") && words.contains("--roster")) {
                checkTheClass(words);
            }
        }
    }

    /** The teacher's command: a gradebook row for every student of the roster, and one per hand-in. */
    private void checkTheClass(List<String> words) throws IOException {
        Path roster = clone.resolve(words.get(words.indexOf("--roster") + 1));
        Path gradebook = clone.resolve(words.get(words.indexOf("--csv") + 1));
        List<String> rows = Files.readAllLines(gradebook, StandardCharsets.UTF_8);
        List<String> students = Files.readAllLines(roster, StandardCharsets.UTF_8);
        assertEquals(students.size(), rows.size(), "one row per student on the roster, and the header: " + rows);
        for (String student : List.of("Paula Jones", "Ravi Patel", "Zoë Ørsted", "Chen Wei", "Octo Cat")) {
            assertTrue(rows.stream().anyMatch(row -> row.startsWith("\"" + student + "\",")), student + " in " + rows);
        }
        assertTrue(rows.stream().anyMatch(row -> row.startsWith("\"Octo Cat\",") && row.contains(",\"NO_SUBMISSION\",")),
                rows::toString);
        assertTrue(rows.stream().anyMatch(row -> row.startsWith("\"Ravi Patel\",") && row.contains(",\"WRONG_ANSWER\",")),
                rows::toString);
        assertTrue(rows.get(0).startsWith("\uFEFFstudent,"), "--csv-bom: " + rows.get(0));
    }

    /** The lines of the README's {@code sh} blocks that run the judge, continuation lines joined. */
    static List<String> judgeCommands(String readme) {
        List<String> commands = new ArrayList<>();
        for (Markdown.CodeBlock block : Markdown.of(readme).codeBlocks()) {
            if (!block.language().equals("sh")) {
                continue;
            }
            for (String line : block.text().replaceAll("\\\\\n\\s*", "").lines().toList()) {
                if (line.startsWith(JUDGE)) {
                    commands.add(line.strip());
                }
            }
        }
        return commands;
    }

    /** A command's words as a POSIX shell splits them (no variables, no globs: the README shows none). */
    static List<String> words(String command) {
        assertFalse(command.matches(".*[$*?`|;&<>~].*"), "a plain command, as the README should show: " + command);
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : command.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private Run run(List<String> words) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(words);
        command.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path log = Files.createTempFile(clone, "command-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(clone.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().remove("KATA_JUDGE_HOME"); // the repository is the folder the jar is in
        builder.environment().put("XDG_CACHE_HOME", clone.resolve("cache").toString()); // compiled kata code: ours, not the user's
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("did not end in 5 minutes: " + String.join(" ", words));
        }
        return new Run(String.join(" ", words), process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    private record Run(String command, int status, String output) {

        @Override
        public String toString() {
            return command + "\nexit " + status + "\n" + output;
        }
    }
}
