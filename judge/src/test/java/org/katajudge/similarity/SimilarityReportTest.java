package org.katajudge.similarity;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report made of a detector's comparisons: flags, order, clusters. */
class SimilarityReportTest {

    private static Source handin(String name) {
        return new Source("knight-moves", "knight-moves/" + name, name, false, List.of(new CodeFile("KnightMoves.java", "class X {}")));
    }

    private static Source known(String name) {
        return new Source("knight-moves", "known/" + name, name, true, List.of(new CodeFile("KnightMoves.java", "class Y {}")));
    }

    private static Comparison compare(Source a, Source b, double similarity) {
        return new Comparison(a, b, similarity, List.of(new MatchedCode(12, List.of(new LineRange("KnightMoves.java", 1, 3)),
                List.of(new LineRange("KnightMoves.java", 2, 4)))));
    }

    @Test
    void aPairIsFlaggedExactlyAtOrAboveTheThreshold() {
        Source a = handin("a");
        Source b = handin("b");
        Source c = handin("c");
        SimilarityReport report = SimilarityReport.of(new Detection("test", List.of(compare(a, b, 0.5), compare(a, c, 0.4999)),
                List.of()), 0.5);
        assertTrue(report.pairs().get(0).flagged());
        assertFalse(report.pairs().get(1).flagged());
        assertEquals(0, report.pairs().get(1).cluster());
        assertEquals(1, report.flaggedCount());
    }

    @Test
    void aKnownSourceIsAlwaysBAndItsLinesFollowIt() {
        Source a = handin("a");
        Source blog = known("blog");
        SimilarityReport report = SimilarityReport.of(new Detection("test", List.of(compare(blog, a, 0.9)), List.of()), 0.5);
        SimilarityReport.Pair pair = report.pairs().get(0);
        assertEquals(a, pair.a());
        assertEquals(blog, pair.b());
        assertEquals(2, pair.matches().get(0).inA().get(0).first(), "the match swapped with its sources");
        assertEquals(List.of(a, blog), report.clusters().get(0).members(), "hand-ins first");
        assertEquals(List.of(a), report.clusters().get(0).handins());
    }

    @Test
    void clustersAreTheConnectedGroupsOfFlaggedPairs() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            int n = 2 + random.nextInt(9);
            List<Source> sources = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                sources.add(random.nextInt(4) == 0 && i > 0 ? known("k" + i) : handin("h" + i));
            }
            List<Comparison> comparisons = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (!(sources.get(i).known() && sources.get(j).known())) {
                        comparisons.add(compare(sources.get(i), sources.get(j), random.nextInt(101) / 100.0));
                    }
                }
            }
            double threshold = 0.05 + random.nextInt(95) / 100.0;
            SimilarityReport report = SimilarityReport.of(new Detection("test", comparisons, List.of()), threshold);
            assertEquals(comparisons.size(), report.pairs().size(), "every pair compared is listed");
            Map<Source, Integer> clusterOf = new HashMap<>();
            for (SimilarityReport.Cluster cluster : report.clusters()) {
                assertTrue(cluster.members().size() >= 2);
                cluster.members().forEach(m -> assertEquals(null, clusterOf.put(m, cluster.number()), "in one cluster only"));
            }
            for (SimilarityReport.Pair pair : report.pairs()) {
                assertEquals(pair.similarity() >= threshold, pair.flagged());
                if (pair.flagged()) {
                    assertEquals(clusterOf.get(pair.a()), clusterOf.get(pair.b()));
                    assertEquals((int) clusterOf.get(pair.a()), pair.cluster());
                }
            }
            for (SimilarityReport.Cluster cluster : report.clusters()) {
                // connected through its flagged pairs alone
                Set<Source> reached = new HashSet<>(List.of(cluster.members().get(0)));
                boolean grew = true;
                while (grew) {
                    grew = false;
                    for (SimilarityReport.Pair pair : report.pairs()) {
                        if (pair.flagged() && reached.contains(pair.a()) != reached.contains(pair.b())) {
                            reached.add(pair.a());
                            reached.add(pair.b());
                            grew = true;
                        }
                    }
                }
                assertEquals(new HashSet<>(cluster.members()), reached);
                assertEquals(report.pairs().stream().filter(p -> p.cluster() == cluster.number()).count(), cluster.flagged());
            }
            for (int i = 1; i < report.clusters().size(); i++) {
                assertTrue(report.clusters().get(i - 1).members().size() >= report.clusters().get(i).members().size());
            }
        }
    }

    @Test
    void aThresholdOutsideZeroToOneIsRefused() {
        Detection none = new Detection("test", List.of(), List.of());
        assertThrows(IllegalArgumentException.class, () -> SimilarityReport.of(none, 0));
        assertThrows(IllegalArgumentException.class, () -> SimilarityReport.of(none, 1.5));
        assertThrows(IllegalArgumentException.class, () -> SimilarityReport.of(none, Double.NaN));
    }
}
