package org.katajudge.similarity;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The criterion, measured: at the default settings and threshold, every planted copy made
 * by copying, renaming, reordering or changing comments is found, and no pair of independent
 * solutions is flagged, in every kata's test class. One JPlag run for all six katas.
 */
@Execution(ExecutionMode.CONCURRENT)
class PlantedCopiesTest {

    @TempDir
    static Path root;
    static Detection detection;
    static List<PlantedCopies.KataFigures> figures;

    @BeforeAll
    static void compareTheTestClasses() {
        detection = PlantedCopies.detect(root, JPlagDetector.Settings.DEFAULT);
        figures = PlantedCopies.figures(detection, SimilarityReport.DEFAULT_THRESHOLD);
    }

    @Test
    void everyKataHasATestClassWithEachWayOfCopying() {
        assertEquals(6, figures.size(), figures::toString);
        for (PlantedCopies.KataFigures kata : figures) {
            assertTrue(kata.independent() >= 3, kata.kata() + ": " + kata.independent() + " independent solutions");
            for (String way : PlantedCopies.WAYS.subList(0, 5)) {
                assertTrue(kata.planted().get(way) >= 1, kata.kata() + " has no copy made by " + way);
            }
        }
        assertTrue(detection.notCompared().isEmpty(), () -> "every hand-in is compared: " + detection.notCompared());
    }

    @Test
    void theDefaultFindsEveryCopyMadeByCopyingRenamingReorderingOrRecommenting() {
        for (PlantedCopies.KataFigures kata : figures) {
            for (String way : PlantedCopies.MUST_FIND) {
                assertEquals(kata.planted().get(way), kata.found().get(way),
                        kata.kata() + ", " + way + ": not found: " + kata.missed());
            }
            assertTrue(kata.lowestMustFind() >= SimilarityReport.DEFAULT_THRESHOLD, kata.kata() + ": " + kata.lowestMustFind());
        }
    }

    @Test
    void theDefaultFlagsNoPairOfIndependentSolutions() {
        for (PlantedCopies.KataFigures kata : figures) {
            assertTrue(kata.independentPairs() > 0, kata.kata());
            assertEquals(0, kata.flaggedIndependent(), kata.kata() + ": " + kata.falseFlags());
        }
    }

    @Test
    void theReportOfTheClassClustersEachCopyWithItsOriginal() {
        SimilarityReport report = SimilarityReport.of(detection, SimilarityReport.DEFAULT_THRESHOLD);
        for (SimilarityReport.Pair pair : report.pairs()) {
            if (PlantedCopies.way(pair.a()).filter(PlantedCopies.MUST_FIND::contains).isPresent()
                    && PlantedCopies.name(pair.b()).equals(PlantedCopies.family(pair.a()))) {
                assertTrue(pair.flagged() && pair.cluster() > 0, pair.a().path());
                assertTrue(!pair.matches().isEmpty(), "a flagged pair shows its shared lines: " + pair.a().path());
            }
        }
        for (SimilarityReport.Cluster cluster : report.clusters()) {
            long families = cluster.members().stream().map(PlantedCopies::family).distinct().count();
            assertEquals(1, families, "a cluster holds one solution and its copies: " + cluster.members().stream()
                    .map(Source::path).toList());
        }
    }
}
