package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.Verdict;
import org.katajudge.report.junit.JunitXsd;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

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
@Execution(ExecutionMode.CONCURRENT)
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
            assertEquals(List.of(xml.resolve("TEST-kata-judge.xml")), reports, "one JUnit XML file");
        }
        Document junit = JunitXsd.assertValid(Files.readString(xml.resolve("TEST-kata-judge.xml")));
        assertCountsMatch(report, junit);
        assertTrue(Files.readString(xml.resolve("TEST-kata-judge.xml")).contains("name=\"example: unsafe1\""), "examples are test cases");
    }

    /**
     * The XML's counts are the JSON report's: every test a testcase, FAILED a failure under a
     * wrong answer and an error otherwise, NOT_RUN skipped; one failure or error per failed test.
     */
    static void assertCountsMatch(JsonNode report, Document junit) {
        int tests = 0;
        int failures = 0;
        int errors = 0;
        int skipped = 0;
        int failing = 0;
        int untold = 0;
        StringBuilder verdicts = new StringBuilder();
        for (JsonNode result : report.get("results")) {
            String verdict = result.get("verdict").asText();
            verdicts.append(' ').append(verdict);
            boolean wrongAnswer = verdict.equals("WRONG_ANSWER");
            int failedBefore = failing;
            for (JsonNode test : result.get("tests")) {
                tests++;
                switch (test.get("status").asText()) {
                    case "FAILED" -> {
                        failing++;
                        if (wrongAnswer) {
                            failures++;
                        } else {
                            errors++;
                        }
                    }
                    case "NOT_RUN" -> skipped++;
                    default -> { }
                }
            }
            if (!verdict.equals("ACCEPTED") && failing == failedBefore) {
                tests++; // a verdict no test carries gets a testcase of its own: never a silent loss
                errors++;
                untold++;
            }
        }
        Element suite = junit.getDocumentElement();
        String of = "verdicts:" + verdicts;
        assertTrue(failing > 0, "the tree has failing tests");
        assertEquals(String.valueOf(tests), suite.getAttribute("tests"), of);
        assertEquals(String.valueOf(failures), suite.getAttribute("failures"), of);
        assertEquals(String.valueOf(errors), suite.getAttribute("errors"), of);
        assertEquals(String.valueOf(skipped), suite.getAttribute("skipped"), of);
        assertEquals(tests, junit.getElementsByTagName("testcase").getLength());
        assertEquals(failing + untold, junit.getElementsByTagName("failure").getLength() + junit.getElementsByTagName("error").getLength(),
                "exactly one failure or error per failed test and per verdict no test carries; " + of);
    }

    @Test
    void errorsAreNotFailuresAndTheCaseIsDrawnInTheXml(@TempDir Path out) throws IOException {
        Path json = out.resolve("report.json");
        Path xml = out.resolve("xml");
        CliRun run = CliRun.of("grade", "--json", json.toString(), "--junit-xml", xml.toString(),
                TestHome.submissions().resolve("chess-square-color/compile_error").toString(),
                TestHome.submissions().resolve("chess-square-color/run_time_error").toString(),
                TestHome.submissions().resolve("knight-moves/wrong_answer/greedy-walk").toString());
        assertEquals(1, run.status(), run::toString);
        String text = Files.readString(xml.resolve("TEST-kata-judge.xml"));
        Document junit = JunitXsd.assertValid(text);
        JsonNode report = Reports.read(json);
        for (JsonNode result : report.get("results")) { // each the verdict its folder names, on a busy machine too
            String submission = result.get("submission").asText();
            String expected = submission.contains("compile_error") ? "COMPILE_ERROR"
                    : submission.contains("run_time_error") ? "RUNTIME_ERROR" : "WRONG_ANSWER";
            assertEquals(expected, result.get("verdict").asText(), submission + ": " + result.get("message"));
        }
        assertCountsMatch(report, junit);
        assertTrue(Integer.parseInt(junit.getDocumentElement().getAttribute("errors")) >= 3, text);
        assertTrue(text.contains("type=\"COMPILE_ERROR\""), text);
        assertTrue(text.contains("type=\"RUNTIME_ERROR\""), text);
        assertTrue(text.contains("<failure message=\"minMoves returned 2, expected 4"), text);
        assertTrue(text.contains("input, minMoves:\n    a1 → b2\n"), "the counterexample drawn: " + text);
        assertTrue(text.contains("replay:   "), text);
    }

    @Test
    void writesThePlatformsOpenTestReport(@TempDir Path out) throws IOException {
        CliRun run = CliRun.of("grade", "--open-test-report", out.toString(),
                TestHome.submissions().resolve("chess-square-color/wrong_answer/rank-parity-only").toString(),
                TestHome.submissions().resolve("chess-square-color/accepted/parity-formula").toString());
        assertEquals(1, run.status(), run::toString);
        Path report = out.resolve("open-test-report.xml");
        assertTrue(Files.isRegularFile(report), () -> "no " + report + "; " + run);
        String text = Files.readString(report);
        assertTrue(text.contains("chess-square-color › rank-parity-only › example d3"), "tests by name: " + text);
        assertTrue(text.contains("chess-square-color › parity-formula › enumerated cases of isLight"), text);
        assertTrue(text.contains("status=\"FAILED\""), text);
        assertTrue(text.contains("wrong answer: isLight returned false, expected true"), "the failure's message: " + text);
        assertTrue(text.contains("status=\"SUCCESSFUL\""), text);
    }

    @Test
    void writesAGradebookForASpreadsheet(@TempDir Path out) throws IOException {
        Path csv = out.resolve("grades.csv");
        CliRun run = CliRun.of("grade", "--csv", csv.toString(), TestHome.submissions().resolve("knight-moves").toString());
        assertEquals(1, run.status(), run::toString);
        List<String> rows = Files.readAllLines(csv);
        assertEquals("student,submission,kata,verdict,score,max_score,passed,tests,random_cases,seconds,message", rows.get(0));
        long samples;
        try (Stream<Path> verdicts = Files.list(TestHome.submissions().resolve("knight-moves"))) {
            samples = verdicts.filter(Files::isDirectory).flatMap(verdict -> {
                try {
                    return Files.list(verdict).filter(Files::isDirectory).toList().stream();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).count();
        }
        assertEquals(1 + samples, rows.size(), "a header and one row per submission");
        assertTrue(rows.get(1).matches("\"closed-form\",\".*/accepted/closed-form\",\"knight-moves\",\"ACCEPTED\",15,15,16,16,4096,"
                + "[0-9.]+,\"all 14 examples.*"), rows.get(1));
        assertTrue(rows.stream().anyMatch(r -> r.contains(",\"WRONG_ANSWER\",") && r.contains("\"wrong answer")), rows::toString);
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
