package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The replay command the judge prints reproduces the failure it is printed for: run through the
 * command line ({@link Main#run}), it fails again, on the same input with the same wrong answer,
 * single-call failures and failures that need earlier calls alike, from {@code fuzz} and from
 * {@code grade}.
 *
 * <p>Its runs share nothing and mostly wait on sandboxed JVMs, so they run two at a time.
 */
@Execution(ExecutionMode.CONCURRENT)
class ReplayReproducesTest {

    private static final Pattern REPLAY = Pattern.compile("(?m)^ +replay: +java -jar \\S+ (.*)$");

    /**
     * Wrong samples ({@link #fuzzedSamples}): caught by {@code fuzz}, and its printed replay shows the same failure. The
     * budget is one no load exhausts (a wrong sample stops at its first failure, within a second on a
     * quiet machine): with 5 s, a starved run once tried 56 of knight-moves' 4,096 cases and passed.
     */
    @TestFactory
    Stream<DynamicTest> fuzzReplaysReproduceEveryFailure() throws IOException {
        return fuzzedSamples().stream().map(sample -> DynamicTest.dynamicTest(label(sample), () -> {
            CliRun run = CliRun.of("fuzz", "--seed", "7", "--time", "60s", sample.toString());
            assertEquals(1, run.status(), run::toString);
            assertTrue(run.out().contains("WRONG_ANSWER"), run::toString);
            for (String part : List.of("expected: ", "actual:   ", "why:      ", "choices:  ", "replay:   ", "rerun:    ")) {
                assertTrue(run.out().contains(part), () -> "missing \"" + part + "\"\n" + run);
            }
            Matcher replay = REPLAY.matcher(run.out());
            assertTrue(replay.find(), run::toString);
            CliRun replayed = CliRun.of(words(replay.group(1)).toArray(String[]::new));
            assertEquals(1, replayed.status(), () -> "the replay\n" + replay.group(1) + "\npassed:\n" + replayed + "\nfor\n" + run);
            assertEquals(block(run.out(), "input"), block(replayed.out(), "input"), replayed::toString);
            assertEquals(line(run.out(), "actual:"), line(replayed.out(), "actual:"), replayed::toString);
            if (run.out().contains("history:  alone, in a fresh start, it passes")) {
                assertTrue(replayed.out().contains("history:  alone, in a fresh start, it passes"),
                        () -> "the replay shows the calls it needs:\n" + replayed);
            }
        }));
    }

    /**
     * Every replay command a {@code grade} of all the wrong samples prints, in its JSON report too;
     * the grade runs once, each replay is a test of its own.
     */
    @TestFactory
    Stream<DynamicTest> gradeReplaysReproduceEveryFailure(@TempDir Path out) throws IOException {
        Path json = out.resolve("report.json");
        List<Path> samples = wrongAnswerSamples();
        List<String> args = new ArrayList<>(List.of("grade", "--quiet", "--json", json.toString()));
        samples.forEach(sample -> args.add(sample.toString()));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(1, run.status(), run::toString);
        List<JsonNode> results = new ArrayList<>();
        Reports.read(json).get("results").forEach(results::add);
        assertEquals(samples.size(), results.size(), "one result per sample");
        long stateful = results.stream().filter(r -> r.path("counterexample").has("historyKind")).count();
        assertTrue(stateful >= 4, "the stateful samples' failures need their history: " + stateful);
        return results.stream().map(result -> DynamicTest.dynamicTest(result.get("submission").asText(), () -> {
            String submission = result.get("submission").asText();
            assertEquals("WRONG_ANSWER", result.get("verdict").asText(), submission);
            JsonNode example = result.get("counterexample");
            assertNotNull(example, submission);
            String command = example.get("replay").asText();
            assertTrue(command.startsWith("java -jar "), command);
            CliRun replayed = CliRun.of(words(command.substring(command.indexOf(' ', "java -jar ".length()) + 1))
                    .toArray(String[]::new));
            assertEquals(1, replayed.status(), () -> submission + ": the replay " + command + " passed:\n" + replayed);
            String input = example.get("input").asText().lines().findFirst().orElseThrow();
            assertTrue(replayed.out().contains(input.strip()), () -> submission + ": another input\n" + replayed);
            assertTrue(replayed.out().contains("actual:   " + (example.has("actual") ? example.get("actual").toString() : "")),
                    () -> submission + ": another answer\n" + replayed);
        }));
    }

    /** The lines of a named block of the console output ("input, M:" up to "expected:"). */
    private static String block(String out, String name) {
        int start = out.indexOf("  " + name);
        int end = out.indexOf("expected:", start);
        return start < 0 || end < 0 ? "" : out.substring(start, end);
    }

    private static String line(String out, String prefix) {
        return out.lines().map(String::strip).filter(l -> l.startsWith(prefix)).findFirst().orElse("");
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

    static List<Path> wrongAnswerSamples() throws IOException {
        List<Path> samples = new ArrayList<>();
        try (Stream<Path> katas = Files.list(TestHome.submissions())) {
            for (Path kata : katas.sorted().toList()) {
                Path folder = kata.resolve("wrong_answer");
                if (Files.isDirectory(folder)) {
                    try (Stream<Path> list = Files.list(folder)) {
                        list.filter(Files::isDirectory).sorted().forEach(samples::add);
                    }
                }
            }
        }
        return samples;
    }

    /**
     * The samples fuzzed here: for each kata its first and last wrong sample, and every one whose
     * bug is state kept between calls (a cache, a memo, a static, a mutated input, a parse kept).
     * {@link #gradeReplaysReproduceEveryFailure} replays every sample's failure through the same
     * printer; fuzzing all 44 again took a third of the suite's time.
     */
    static List<Path> fuzzedSamples() throws IOException {
        Pattern stateful = Pattern.compile("cache|memo|static|mutates|reset|once");
        Map<Path, List<Path>> byKata = new java.util.TreeMap<>();
        wrongAnswerSamples().forEach(s -> byKata.computeIfAbsent(s.getParent().getParent(), k -> new ArrayList<>()).add(s));
        List<Path> chosen = new ArrayList<>();
        for (List<Path> samples : byKata.values()) {
            for (int i = 0; i < samples.size(); i++) {
                Path sample = samples.get(i);
                if (i == 0 || i == samples.size() - 1 || stateful.matcher(sample.getFileName().toString()).find()) {
                    chosen.add(sample);
                }
            }
        }
        return chosen;
    }

    private static String label(Path sample) {
        return sample.getParent().getParent().getFileName() + "/" + sample.getFileName();
    }
}
