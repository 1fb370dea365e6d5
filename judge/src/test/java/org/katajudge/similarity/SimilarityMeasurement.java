package org.katajudge.similarity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code bench/similarity-measurement.sh}: the planted copies found and the independent pairs
 * flagged, per kata, at the default threshold (the docs' table); then, for both of JPlag's
 * similarities, the lowest similarity of a copy the default must find (renamed, reordered,
 * comments) against the highest of an independent pair: the gap the default threshold sits in.
 */
public final class SimilarityMeasurement {

    private SimilarityMeasurement() {
    }

    public static void main(String[] args) throws IOException {
        double threshold = SimilarityReport.DEFAULT_THRESHOLD;
        for (JPlagDetector.Metric metric : List.of(JPlagDetector.Settings.DEFAULT.metric(),
                JPlagDetector.Settings.DEFAULT.metric() == JPlagDetector.Metric.MAXIMUM ? JPlagDetector.Metric.AVERAGE
                        : JPlagDetector.Metric.MAXIMUM)) {
            JPlagDetector.Settings settings = new JPlagDetector.Settings(JPlagDetector.Settings.DEFAULT.minimumTokenMatch(),
                    metric, JPlagDetector.Settings.DEFAULT.normalize(), JPlagDetector.Settings.DEFAULT.merging());
            Path root = Files.createTempDirectory("kata-judge-similarity-measurement-");
            try {
                Detection detection = PlantedCopies.detect(root, settings);
                boolean isDefault = settings.equals(JPlagDetector.Settings.DEFAULT);
                System.out.println((isDefault ? "default: " : "for comparison: ") + detection.detector()
                        + ", threshold " + threshold);
                System.out.println();
                print(PlantedCopies.figures(detection, threshold));
                System.out.println();
                detection.notCompared().forEach(n -> System.out.println("not compared: " + n.source().path() + ": " + n.reason()));
                System.out.println();
            } finally {
                try (Stream<Path> paths = Files.walk(root)) {
                    paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    static void print(List<PlantedCopies.KataFigures> figures) {
        System.out.println("| kata | independent solutions | verbatim | renamed | reordered | comments | dead code | loop/stream "
                + "| independent pairs flagged | lowest copy (must find) | highest independent pair |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        for (PlantedCopies.KataFigures kata : figures) {
            StringBuilder row = new StringBuilder("| " + kata.kata() + " | " + kata.independent() + " |");
            for (String way : PlantedCopies.WAYS) {
                int planted = kata.planted().get(way);
                row.append(planted == 0 ? " - |" : " " + kata.found().get(way) + "/" + planted + " |");
            }
            row.append(' ').append(kata.flaggedIndependent()).append(" of ").append(kata.independentPairs()).append(" |")
                    .append(String.format(Locale.ROOT, " %.2f | %.2f |", kata.lowestMustFind(), kata.highestIndependent()));
            System.out.println(row);
        }
        for (PlantedCopies.KataFigures kata : figures) {
            kata.missed().forEach(m -> System.out.println("  " + kata.kata() + ": not found: " + m));
            kata.falseFlags().forEach(f -> System.out.println("  " + kata.kata() + ": independent pair flagged: " + f));
        }
    }
}
