package org.katajudge.similarity;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.report.SafeText;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The report as JSON, a contract ({@code schema/similarity.schema.json}):
 * {@code {"similarity": {"threshold", "detector", "pairs": [...], "clusters": [...], "notCompared": [...]}}},
 * every pair compared listed with {@code a}, {@code b} (the paths the grading report names),
 * {@code similarity} and {@code flagged}; a flagged pair also with its matched lines. {@code grade
 * --similarity --json} puts the same {@code "similarity"} member into the grading report.
 */
public final class SimilarityJson implements SimilarityWriter {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public void write(SimilarityReport report, Path target) throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        ObjectNode document = JSON.createObjectNode();
        document.set("similarity", node(report));
        Files.writeString(target, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(document), StandardCharsets.UTF_8);
    }

    /** The {@code "similarity"} object. */
    public static ObjectNode node(SimilarityReport report) {
        ObjectNode similarity = JSON.createObjectNode();
        similarity.put("threshold", report.threshold());
        similarity.put("detector", report.detector());
        ArrayNode pairs = similarity.putArray("pairs");
        for (SimilarityReport.Pair pair : report.pairs()) {
            ObjectNode node = pairs.addObject();
            node.put("kata", pair.kata());
            node.put("a", text(pair.a().path()));
            node.put("b", text(pair.b().path()));
            node.put("studentA", text(pair.a().student()));
            node.put("studentB", text(pair.b().student()));
            node.put("known", pair.b().known());
            node.put("similarity", round(pair.similarity()));
            node.put("flagged", pair.flagged());
            if (pair.flagged()) {
                node.put("cluster", pair.cluster());
                ArrayNode matches = node.putArray("matches");
                for (MatchedCode match : pair.matches()) {
                    ObjectNode m = matches.addObject();
                    m.put("tokens", match.tokens());
                    ranges(m.putArray("a"), match.inA());
                    ranges(m.putArray("b"), match.inB());
                }
            }
        }
        ArrayNode clusters = similarity.putArray("clusters");
        for (SimilarityReport.Cluster cluster : report.clusters()) {
            ObjectNode node = clusters.addObject();
            node.put("cluster", cluster.number());
            node.put("kata", cluster.kata());
            ArrayNode members = node.putArray("members");
            ArrayNode known = node.putArray("known");
            for (Source member : cluster.members()) {
                (member.known() ? known : members).add(text(member.path()));
            }
            node.put("highest", round(cluster.highest()));
            node.put("flaggedPairs", cluster.flagged());
        }
        ArrayNode notCompared = similarity.putArray("notCompared");
        for (NotCompared left : report.notCompared()) {
            ObjectNode node = notCompared.addObject();
            node.put("kata", left.source().kata());
            node.put("submission", text(left.source().path()));
            node.put("known", left.source().known());
            node.put("reason", text(left.reason()));
        }
        return similarity;
    }

    private static void ranges(ArrayNode into, List<LineRange> ranges) {
        for (LineRange range : ranges) {
            ObjectNode node = into.addObject();
            node.put("file", text(range.file()));
            node.putArray("lines").add(range.first()).add(range.last());
        }
    }

    /** Four decimals: enough to sort by, and the same in every run. */
    static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }

    private static String text(String raw) {
        return SafeText.printable(raw);
    }
}
