package org.katajudge.report.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.report.ClassResults;
import org.katajudge.report.ReportJson;
import org.katajudge.report.ReportWriter;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;
import org.katajudge.similarity.SimilarityJson;
import org.katajudge.similarity.SimilarityReport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The JSON report ({@code --json FILE}): {@code {"results": [...], "summary": {...}, "judge": {...}}},
 * as {@code schema/report.schema.json} describes it. A run that can be interrupted says whether
 * it was and whom it did not grade ({@code summary.interrupted}, {@code summary.notGraded}); a
 * shard says which share it is; {@code grade --similarity} adds the similar hand-ins found.
 */
public final class JsonReport implements ReportWriter {

    private final Optional<List<JsonNode>> resultsAsWritten;
    private final Optional<SimilarityReport> similarity;

    /** The report of the results given. */
    public JsonReport() {
        this(Optional.empty(), Optional.empty());
    }

    /**
     * A report whose {@code results} are these, as other reports wrote them (merging shards: not
     * as read back, so that nothing is lost in between).
     */
    public static JsonReport withResultsAsWritten(List<JsonNode> results) {
        return new JsonReport(Optional.of(List.copyOf(results)), Optional.empty());
    }

    /** This report with the similar hand-ins found ({@code grade --similarity}): for the teacher. */
    public JsonReport withSimilarity(SimilarityReport report) {
        return new JsonReport(resultsAsWritten, Optional.of(report));
    }

    private JsonReport(Optional<List<JsonNode>> resultsAsWritten, Optional<SimilarityReport> similarity) {
        this.resultsAsWritten = resultsAsWritten;
        this.similarity = similarity;
    }

    @Override
    public void write(ClassResults results, Path target) throws IOException {
        ReportWriter.writeFile(target, ReportJson.mapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(document(results)));
    }

    /** The report as a JSON tree. */
    public ObjectNode document(ClassResults run) {
        ObjectMapper mapper = ReportJson.mapper();
        List<SubmissionResult> results = run.shown();
        ObjectNode root = mapper.createObjectNode();
        ArrayNode array = root.putArray("results");
        if (resultsAsWritten.isPresent()) {
            array.addAll(resultsAsWritten.get());
        } else {
            results.forEach(r -> array.add(mapper.valueToTree(r)));
        }
        ObjectNode summary = root.putObject("summary");
        summary.put("total", results.size());
        summary.put("accepted", results.stream().filter(r -> r.verdict() == Verdict.ACCEPTED).count());
        ObjectNode verdicts = summary.putObject("verdicts");
        ClassResults.verdictCounts(results).forEach((verdict, count) -> verdicts.put(verdict.name(), count));
        summary.put("seconds", run.elapsed().toMillis() / 1000.0);
        summary.put("seed", run.seed());
        run.completion().ifPresent(end -> {
            summary.put("interrupted", end.interrupted());
            ArrayNode notGraded = summary.putArray("notGraded");
            for (ClassResults.NotGraded submission : end.notGraded()) {
                notGraded.addObject().put("submission", submission.submission()).put("student", submission.student())
                        .put("kata", submission.kata());
            }
        });
        ObjectNode judge = root.putObject("judge");
        judge.put("version", run.judgeVersion());
        judge.put("command", run.command());
        similarity.ifPresent(report -> root.set("similarity", SimilarityJson.node(report)));
        run.shard().ifPresent(s -> {
            ObjectNode share = root.putObject("shard");
            share.put("index", s.index());
            share.put("count", s.count());
            share.put("submissions", s.submissions());
        });
        return root;
    }
}
