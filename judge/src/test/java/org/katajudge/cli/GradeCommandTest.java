package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code grade} end to end: sandboxed runs, verdicts, JSON report against its schema, JUnit XML. */
class GradeCommandTest {

    @Test
    void gradesAFolderWritesASchemaValidReportAndJunitXml(@TempDir Path out) throws IOException {
        Path json = out.resolve("report.json");
        Path xml = out.resolve("xml");
        CliRun run = CliRun.of("grade", "--json", json.toString(), "--junit-xml", xml.toString(),
                TestHome.submissions().resolve("checkers-safe-spaces").toString());
        assertEquals(1, run.status(), run::toString);

        JsonNode report = Reports.read(json);
        List<String> paths = new ArrayList<>();
        for (JsonNode result : report.get("results")) {
            String submission = result.get("submission").asText();
            paths.add(submission);
            String folder = Path.of(submission).getParent().getFileName().toString();
            assertEquals(Verdict.ofFolderName(folder).orElseThrow().name(), result.get("verdict").asText(), submission);
            assertEquals("checkers-safe-spaces", result.get("kata").asText());
            assertEquals(0, result.get("seed").asLong());
            if (folder.equals("accepted")) {
                assertTrue(result.get("cases").asInt() >= 300, submission);
                assertFalse(result.has("counterexample"), submission);
            } else {
                JsonNode example = result.get("counterexample");
                assertNotNull(example, submission);
                assertEquals("isSafe", example.get("method").asText());
                assertTrue(example.get("args").get(0).isArray(), "args in natural JSON form");
                assertTrue(example.get("expected").isBoolean());
                assertTrue(example.get("actual").isBoolean());
                assertFalse(example.get("reason").asText().isBlank());
                assertTrue(example.get("replay").asText().contains(submission), "a replay command for " + submission);
            }
        }
        assertEquals(paths.stream().sorted().toList(), paths, "results in path order");
        assertEquals(paths.size(), report.get("summary").get("total").asInt());

        try (Stream<Path> files = Files.list(xml)) {
            List<Path> reports = files.filter(f -> f.toString().endsWith(".xml")).toList();
            assertEquals(1, reports.size(), "one JUnit XML file for the kata-judge engine");
            String text = Files.readString(reports.get(0));
            assertTrue(text.contains("<testsuite") && text.contains("<testcase"), text);
            assertTrue(text.contains("example: unsafe1"), "examples are test cases");
            assertTrue(text.contains("<failure"), "wrong answers are failures");
        }
    }

    @Test
    void writesAGradebookForASpreadsheet(@TempDir Path out) throws IOException {
        Path csv = out.resolve("grades.csv");
        CliRun run = CliRun.of("grade", "--csv", csv.toString(), TestHome.submissions().resolve("knight-moves").toString());
        assertEquals(1, run.status(), run::toString);
        List<String> rows = Files.readAllLines(csv);
        assertEquals("submission,kata,verdict,passed,tests,random_cases,seconds,message", rows.get(0));
        assertEquals(11, rows.size(), "a header and one row per submission");
        assertTrue(rows.get(1).matches(".*/accepted/closed-form,knight-moves,ACCEPTED,16,16,4096,[0-9.]+,\"?all 14 examples.*"),
                rows.get(1));
        assertTrue(rows.stream().anyMatch(r -> r.contains(",WRONG_ANSWER,") && r.contains("\"wrong answer")), rows::toString);
    }

    @Test
    void everyAcceptedSampleExitsZero() {
        CliRun run = CliRun.of("grade", "--quiet", TestHome.submissions().resolve("knight-moves/accepted").toString(),
                TestHome.submissions().resolve("xiangqi-board-validator/accepted").toString());
        assertEquals(0, run.status(), run::toString);
        assertTrue(run.out().contains("5 submissions"), run::toString);
        assertTrue(run.out().contains("5 accepted"), run::toString);
    }

    @Test
    void hostileSubmissionsInOneBatchDoNotDisturbTheOthers(@TempDir Path out) throws IOException {
        Path marker = Path.of("/tmp/kata-judge-was-here.txt");
        Path pwned = Path.of("/tmp/kata-judge-pwned");
        Files.deleteIfExists(marker);
        Files.deleteIfExists(pwned);
        Path json = out.resolve("report.json");
        CliRun run = CliRun.of("grade", "--jobs", "2", "--json", json.toString(),
                TestHome.submissions().resolve("chess-square-color").toString(),
                TestHome.submissions().resolve("checkers-safe-spaces/accepted").toString());
        assertEquals(1, run.status(), run::toString);
        for (JsonNode result : Reports.read(json).get("results")) {
            String submission = result.get("submission").asText();
            String folder = Path.of(submission).getParent().getFileName().toString();
            assertEquals(Verdict.ofFolderName(folder).orElseThrow().name(), result.get("verdict").asText(),
                    () -> submission + "\n" + result);
        }
        assertFalse(Files.exists(marker), "no file written outside the sandbox");
        assertFalse(Files.exists(pwned), "no process started");
    }

    @Test
    void theVerdictsDoNotDependOnTheNumberOfJobs(@TempDir Path out) {
        String samples = TestHome.submissions().resolve("checkers-game-over/wrong_answer").toString();
        CliRun one = CliRun.of("grade", "--jobs", "1", "--seed", "7", "--json", out.resolve("one.json").toString(), samples);
        CliRun two = CliRun.of("grade", "--jobs", "2", "--seed", "7", "--json", out.resolve("two.json").toString(), samples);
        assertEquals(1, one.status(), one::toString);
        assertEquals(1, two.status(), two::toString);
        JsonNode first = Reports.read(out.resolve("one.json")).get("results");
        JsonNode second = Reports.read(out.resolve("two.json")).get("results");
        assertEquals(first.size(), second.size());
        for (int i = 0; i < first.size(); i++) {
            assertEquals(first.get(i).get("verdict"), second.get(i).get("verdict"));
            assertEquals(first.get(i).get("message"), second.get(i).get("message"));
            assertEquals(first.get(i).get("counterexample"), second.get(i).get("counterexample"));
        }
    }
}
