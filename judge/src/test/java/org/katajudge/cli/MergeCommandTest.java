package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.junit.JunitXsd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code grade --shard K/N} on N "machines", then {@code merge}: the report of one run. */
@Execution(ExecutionMode.CONCURRENT)
class MergeCommandTest {

    private static final String[] TREE = {
            TestHome.submissions().resolve("knight-moves/wrong_answer").toString(),
            TestHome.submissions().resolve("chess-square-color/accepted").toString()};
    /** The submissions below {@link #TREE}. */
    private static final int SUBMISSIONS = count(TREE);

    @Test
    void threeShardsMergedAreTheSingleRunsReport(@TempDir Path out) throws IOException {
        CliRun single = grade(out.resolve("single.json"), out.resolve("single-xml"));
        assertEquals(1, single.status(), single::toString);

        List<String> shardReports = new ArrayList<>();
        int graded = 0;
        for (int k = 1; k <= 3; k++) {
            Path json = out.resolve("shard-" + k + ".json");
            CliRun shard = grade(json, null, "--shard", k + "/3");
            assertTrue(shard.status() == 0 || shard.status() == 1, shard::toString);
            JsonNode report = Reports.read(json);
            assertEquals(k, report.get("shard").get("index").asInt());
            assertEquals(SUBMISSIONS, report.get("shard").get("submissions").asInt());
            graded += report.get("results").size();
            assertTrue(shard.out().contains("shard " + k + "/3: " + report.get("results").size() + " of " + SUBMISSIONS + " submissions"), shard::toString);
            shardReports.add(json.toString());
        }
        assertEquals(SUBMISSIONS, graded, "every submission in exactly one shard");

        List<String> args = new ArrayList<>(List.of("merge", "--json", out.resolve("merged.json").toString(),
                "--junit-xml", out.resolve("merged-xml").toString()));
        args.addAll(List.of(shardReports.get(2), shardReports.get(0), shardReports.get(1))); // any order
        CliRun merge = CliRun.of(args.toArray(String[]::new));
        assertEquals(single.status(), merge.status(), merge::toString);
        assertTrue(merge.out().contains(SUBMISSIONS + " submissions"), merge::toString);

        assertEquals(withoutTimings(Reports.read(out.resolve("single.json"))),
                withoutTimings(Reports.read(out.resolve("merged.json"))));
        String singleXml = Files.readString(out.resolve("single-xml/TEST-kata-judge.xml"));
        String mergedXml = Files.readString(out.resolve("merged-xml/TEST-kata-judge.xml"));
        JunitXsd.assertValid(mergedXml);
        assertEquals(singleXml.replaceAll(" time=\"[^\"]*\"", ""), mergedXml.replaceAll(" time=\"[^\"]*\"", ""));
    }

    @Test
    void mergeRefusesWhatIsNotExactlyTheShardsOfOneRun(@TempDir Path out) throws IOException {
        // the reports need not come from a real run to be refused: shard 1/2 of a run of 3, twice, and a plain report
        Path one = write(out.resolve("one.json"), report(1, 2, 3, "a"));
        Path alsoOne = write(out.resolve("also-one.json"), report(1, 2, 3, "b"));
        Path two = write(out.resolve("two.json"), report(2, 2, 3, "c"));
        Path twoAgain = write(out.resolve("two-again.json"), report(2, 2, 3, "a"));
        Path ofThree = write(out.resolve("of-three.json"), report(2, 3, 3, "c"));

        assertRefused("shard 2/2 missing", one.toString());
        assertRefused("are both shard 1/2", one.toString(), alsoOne.toString());
        assertRefused("is shard 2/3, the others are of 2", one.toString(), ofThree.toString());
        assertRefused("the shards hold 2 results, but the run has 3 submissions", one.toString(), two.toString());
        assertRefused("is in both", one.toString(), twoAgain.toString());
        assertRefused("given twice", one.toString(), one.toString());
        assertRefused("cannot read", out.resolve("nothing.json").toString());
        ObjectNode plain = report(1, 1, 1, "a");
        plain.remove("shard");
        assertRefused("is not a shard's report", write(out.resolve("plain.json"), plain).toString());
        ObjectNode interrupted = report(2, 2, 3, "c");
        ((ObjectNode) interrupted.get("summary")).put("interrupted", true).putArray("notGraded").addObject().put("submission", "d");
        assertRefused("is of an interrupted run: 1 submission(s) not graded",
                one.toString(), write(out.resolve("interrupted.json"), interrupted).toString());
    }

    private static void assertRefused(String why, String... reports) {
        List<String> args = new ArrayList<>(List.of("merge"));
        args.addAll(List.of(reports));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(2, run.status(), run::toString);
        assertTrue(run.err().contains(why), run::toString);
        assertEquals(1, run.err().lines().count(), "one line, no stack trace: " + run);
    }

    private static CliRun grade(Path json, Path xml, String... more) {
        List<String> args = new ArrayList<>(List.of("grade", "--quiet", "--seed", "3", "--cases", "40", "--json", json.toString()));
        if (xml != null) {
            args.addAll(List.of("--junit-xml", xml.toString()));
        }
        args.addAll(List.of(more));
        args.addAll(List.of(TREE));
        return CliRun.of(args.toArray(String[]::new));
    }

    /** The report without what depends on the machine's speed. */
    private static JsonNode withoutTimings(JsonNode report) {
        ObjectNode copy = report.deepCopy();
        ((ObjectNode) copy.get("summary")).remove("seconds");
        copy.get("results").forEach(result -> ((ObjectNode) result).remove("timings"));
        return copy;
    }

    /** A made-up shard report with one accepted result. */
    private static ObjectNode report(int index, int count, int submissions, String submission) {
        ObjectNode report = (ObjectNode) Reports.json("""
                {"results": [{"submission": "%s", "verdict": "ACCEPTED"}],
                 "summary": {"total": 1, "accepted": 1, "verdicts": {"ACCEPTED": 1}, "seconds": 1.0, "seed": 0},
                 "judge": {"version": "dev", "command": "grade"},
                 "shard": {"index": %d, "count": %d, "submissions": %d}}
                """.formatted(submission, index, count, submissions));
        return report;
    }

    private static Path write(Path file, JsonNode report) throws IOException {
        Files.writeString(file, report.toString());
        return file;
    }

    /** The sample folders directly below each of {@code folders}: one submission each. */
    private static int count(String... folders) {
        int count = 0;
        for (String folder : folders) {
            try (var entries = java.nio.file.Files.list(java.nio.file.Path.of(folder))) {
                count += (int) entries.filter(java.nio.file.Files::isDirectory).count();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return count;
    }
}
