package org.katajudge.report.html;

import org.katajudge.similarity.CodeFile;
import org.katajudge.similarity.LineRange;
import org.katajudge.similarity.NotCompared;
import org.katajudge.similarity.SimilarityReport;
import org.katajudge.similarity.Source;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The class report's section "Similar hand-ins" ({@code grade --similarity}), for the teacher
 * only: the clusters of hand-ins that share code, each flagged pair with the two hand-ins side by
 * side and their shared lines marked, and the hand-ins not compared with the reason. Never in the
 * student view.
 */
final class SimilaritySection {

    /** Most flagged pairs drawn side by side per cluster; the JSON and CSV list them all. */
    static final int PAIRS_SHOWN = 12;
    /** Most lines shown of one file. */
    static final int LINES_SHOWN = 400;

    private SimilaritySection() {
    }

    /**
     * @param students the index in the report's students of each hand-in's path, for links
     */
    static void append(StringBuilder html, SimilarityReport report, Map<String, Integer> students) {
        html.append("<section id=\"similarity\">\n<h2>Similar hand-ins</h2>\n<p class=\"teacher-only\">For the teacher only: ")
                .append("hand-ins that share code, found by ").append(Html.text(report.detector()))
                .append(". A flag is a reason to read two hand-ins side by side, never proof of copying: independent ")
                .append("solutions of a short kata can look alike, and a known source may be where both started.</p>\n")
                .append("<p><span id=\"similarity-pairs\">").append(report.pairs().size()).append("</span> pairs compared, ")
                .append("<span id=\"similarity-flagged\">").append(report.flaggedCount()).append("</span> at or above the threshold of ")
                .append(percent(report.threshold())).append(", in ").append(report.clusters().size())
                .append(report.clusters().size() == 1 ? " cluster" : " clusters").append(".</p>\n");
        if (report.clusters().isEmpty()) {
            html.append("<p>No pair of hand-ins reaches the threshold.</p>\n");
        }
        for (SimilarityReport.Cluster cluster : report.clusters()) {
            cluster(html, report, cluster, students);
        }
        if (!report.notCompared().isEmpty()) {
            html.append("<h3>Not compared</h3>\n<ul class=\"not-compared\">\n");
            for (NotCompared left : report.notCompared()) {
                html.append("<li data-kata=\"").append(Html.text(left.source().kata())).append("\">")
                        .append(Html.text(left.source().path(), 500)).append(": ").append(Html.text(left.reason(), 1000))
                        .append("</li>\n");
            }
            html.append("</ul>\n");
        }
        html.append("</section>\n");
    }

    private static void cluster(StringBuilder html, SimilarityReport report, SimilarityReport.Cluster cluster,
                                Map<String, Integer> students) {
        int handins = cluster.handins().size();
        html.append("<article class=\"cluster\" id=\"cluster-").append(cluster.number()).append("\" data-kata=\"")
                .append(Html.text(cluster.kata())).append("\" data-size=\"").append(cluster.members().size()).append("\">\n<h3>Cluster ")
                .append(cluster.number()).append(": ").append(handins).append(handins == 1 ? " hand-in" : " hand-ins");
        int known = cluster.members().size() - handins;
        if (known > 0) {
            html.append(" and ").append(known).append(known == 1 ? " known source" : " known sources");
        }
        html.append(", up to ").append(percent(cluster.highest())).append(" similar</h3>\n<p class=\"muted\">")
                .append(Html.text(cluster.kata())).append("</p>\n<ul class=\"members\">\n");
        for (Source member : cluster.members()) {
            html.append("<li>");
            Integer index = students.get(member.path());
            if (index != null && !member.known()) {
                html.append("<a href=\"#s-").append(index).append("\">").append(Html.text(member.student(), 200)).append("</a> ");
            } else if (!member.known()) {
                html.append(Html.text(member.student(), 200)).append(' ');
            } else {
                html.append("<span class=\"known-tag\">known source</span> ");
            }
            html.append("<span class=\"muted\">").append(Html.text(member.path(), 500)).append("</span></li>\n");
        }
        html.append("</ul>\n");
        List<SimilarityReport.Pair> pairs = report.pairs().stream().filter(p -> p.cluster() == cluster.number()).toList();
        for (SimilarityReport.Pair pair : pairs.subList(0, Math.min(PAIRS_SHOWN, pairs.size()))) {
            pair(html, pair);
        }
        if (pairs.size() > PAIRS_SHOWN) {
            html.append("<p class=\"muted\">and ").append(pairs.size() - PAIRS_SHOWN)
                    .append(" more flagged pairs in this cluster: see the JSON or CSV of the similarity report.</p>\n");
        }
        html.append("</article>\n");
    }

    private static void pair(StringBuilder html, SimilarityReport.Pair pair) {
        html.append("<details class=\"pair\" data-similarity=\"").append(String.format(Locale.ROOT, "%.4f", pair.similarity()))
                .append("\"><summary>").append(Html.text(pair.a().student(), 200)).append(" and ")
                .append(pair.b().known() ? "the known source " + Html.text(pair.b().path(), 500) : Html.text(pair.b().student(), 200))
                .append(": ").append(percent(pair.similarity())).append(" similar, ").append(pair.matches().size())
                .append(pair.matches().size() == 1 ? " shared stretch" : " shared stretches").append("</summary>\n")
                .append("<div class=\"side-by-side\">\n");
        side(html, pair.a(), pair.matches().stream().flatMap(m -> m.inA().stream()).toList());
        side(html, pair.b(), pair.matches().stream().flatMap(m -> m.inB().stream()).toList());
        html.append("</div>\n</details>\n");
    }

    /** One hand-in's files, each line numbered, the shared ones marked. */
    private static void side(StringBuilder html, Source source, List<LineRange> shared) {
        html.append("<div class=\"code\">\n");
        for (CodeFile file : source.files()) {
            Set<Integer> marked = new HashSet<>();
            for (LineRange range : shared) {
                if (range.file().equals(file.name())) {
                    for (int line = range.first(); line <= range.last(); line++) {
                        marked.add(line);
                    }
                }
            }
            if (marked.isEmpty() && source.files().size() > 1) {
                continue; // a file with nothing shared: the JSON still names every file
            }
            html.append("<h4>").append(Html.text(source.path(), 300)).append(" &middot; ").append(Html.text(file.name(), 300))
                    .append("</h4>\n<pre>");
            List<String> lines = file.text().lines().toList();
            for (int i = 0; i < Math.min(lines.size(), LINES_SHOWN); i++) {
                int number = i + 1;
                html.append("<span class=\"line").append(marked.contains(number) ? " shared" : "").append("\" data-n=\"")
                        .append(number).append("\">").append(Html.text(lines.get(i), 500)).append("</span>");
            }
            if (lines.size() > LINES_SHOWN) {
                html.append("<span class=\"line\">... ").append(lines.size() - LINES_SHOWN).append(" more lines</span>");
            }
            html.append("</pre>\n");
        }
        html.append("</div>\n");
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }
}
