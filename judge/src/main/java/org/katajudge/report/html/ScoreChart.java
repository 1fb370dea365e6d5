package org.katajudge.report.html;

import org.katajudge.report.SubmissionResult;

import java.util.List;
import java.util.Locale;

/**
 * The score distribution as an inline SVG bar chart: how many students scored 0-9 % of the
 * points, 10-19 %, ..., 90-99 %, and all of them.
 */
final class ScoreChart {

    static final int BUCKETS = 11;
    private static final int BAR = 40;
    private static final int GAP = 8;
    private static final int HEIGHT = 150;
    private static final int TOP = 20;
    private static final int BOTTOM = 34;
    private static final int LEFT = 10;

    private ScoreChart() {
    }

    /** Students per bucket: index 10 is full marks, index {@code i < 10} is {@code [10 i, 10 i + 10)} percent. */
    static int[] buckets(List<SubmissionResult> results) {
        int[] counts = new int[BUCKETS];
        for (SubmissionResult result : results) {
            counts[bucket(result.score(), result.maxScore())]++;
        }
        return counts;
    }

    static int bucket(double score, double max) {
        if (max <= 0) {
            return 0;
        }
        double fraction = score / max;
        if (fraction >= 1) {
            return BUCKETS - 1;
        }
        return Math.max(0, Math.min(BUCKETS - 2, (int) Math.floor(fraction * 10)));
    }

    static String svg(List<SubmissionResult> results) {
        int[] counts = buckets(results);
        int most = 1;
        for (int count : counts) {
            most = Math.max(most, count);
        }
        int width = LEFT * 2 + BUCKETS * (BAR + GAP);
        int height = TOP + HEIGHT + BOTTOM;
        StringBuilder label = new StringBuilder("score distribution:");
        for (int i = 0; i < BUCKETS; i++) {
            label.append(' ').append(name(i)).append(": ").append(counts[i]).append(i + 1 < BUCKETS ? ";" : "");
        }
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"score-chart\" width=\"").append(width)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(Html.text(label.toString())).append("\"><title>")
                .append(Html.text(label.toString())).append("</title>");
        svg.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(TOP + HEIGHT).append("\" x2=\"")
                .append(width - LEFT).append("\" y2=\"").append(TOP + HEIGHT).append("\" stroke=\"#59636e\"/>");
        for (int i = 0; i < BUCKETS; i++) {
            double barHeight = counts[i] == 0 ? 0 : Math.max(2, HEIGHT * counts[i] / (double) most);
            double x = LEFT + i * (BAR + GAP) + GAP / 2.0;
            double y = TOP + HEIGHT - barHeight;
            String colour = i == BUCKETS - 1 ? "#1a7f37" : i >= 5 ? "#9a6700" : "#cf222e";
            svg.append(String.format(Locale.ROOT,
                    "<rect class=\"bar\" data-bucket=\"%d\" data-count=\"%d\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"/>",
                    i, counts[i], x, y, BAR, barHeight, colour));
            svg.append(String.format(Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" fill=\"#1f2328\">%d</text>",
                    x + BAR / 2.0, y - 5, counts[i]));
            svg.append(String.format(Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" fill=\"#59636e\">%s</text>",
                    x + BAR / 2.0, TOP + HEIGHT + 16, name(i)));
        }
        svg.append(String.format(Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"#59636e\">%% of the points</text>",
                width / 2, TOP + HEIGHT + 30));
        return svg.append("</svg>").toString();
    }

    private static String name(int bucket) {
        return bucket == BUCKETS - 1 ? "100" : (bucket * 10) + "-" + (bucket * 10 + 9);
    }
}
