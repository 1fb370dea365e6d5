package org.katajudge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.engine.Submission;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON report ({@code --json FILE}): {@code {"results": [...], "summary": {...}, "judge": {...}}},
 * as described by {@code schema/report.schema.json}.
 */
final class ReportDocument {

    private ReportDocument() {
    }

    /**
     * A run's report, saying whether it was interrupted and which submissions it did not grade
     * ({@code summary.interrupted}, {@code summary.notGraded}).
     */
    static ObjectNode build(String command, GradingRun.Outcome outcome, Duration elapsed, long seed) {
        ObjectNode root = build(command, outcome.results(), elapsed, seed);
        ObjectNode summary = (ObjectNode) root.get("summary");
        summary.put("interrupted", outcome.interrupted());
        ArrayNode notGraded = summary.putArray("notGraded");
        for (Submission submission : outcome.notGraded()) {
            notGraded.addObject().put("submission", submission.displayPath()).put("student", submission.student())
                    .put("kata", submission.kataId());
        }
        return root;
    }

    static ObjectNode build(String command, List<SubmissionResult> results, Duration elapsed, long seed) {
        var mapper = ReportJson.mapper();
        ObjectNode root = mapper.createObjectNode();
        ArrayNode array = root.putArray("results");
        results.forEach(r -> array.add(mapper.valueToTree(r)));
        ObjectNode summary = root.putObject("summary");
        summary.put("total", results.size());
        summary.put("accepted", results.stream().filter(r -> r.verdict() == Verdict.ACCEPTED).count());
        ObjectNode verdicts = summary.putObject("verdicts");
        verdictCounts(results).forEach((verdict, count) -> verdicts.put(verdict.name(), count));
        summary.put("seconds", elapsed.toMillis() / 1000.0);
        summary.put("seed", seed);
        ObjectNode judge = root.putObject("judge");
        judge.put("version", Main.version());
        judge.put("command", command);
        return root;
    }

    /** How many results got each verdict, in the verdicts' order. */
    static Map<Verdict, Integer> verdictCounts(List<SubmissionResult> results) {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        results.forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
        return counts;
    }

    static void write(Path file, ObjectNode document) throws UsageException {
        String text;
        try {
            text = ReportJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree Jackson built itself
        }
        OutputFile.write(file, text, "the JSON report");
    }
}
