package org.katajudge.similarity;

import org.katajudge.TestHome;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.intake.Handin;
import org.katajudge.intake.Intake;
import org.katajudge.intake.IntakeException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The similarity measurement's test classes, one per kata, from {@code src/test/resources/similarity/<kata>/}:
 * independent solutions (the samples named in {@code samples.txt}, as {@code sample-<name>}, and
 * {@code independent/<name>}) and planted copies ({@code planted/<how>--<original>}) made the ways
 * students make them. Laid out as a class download and read by the intake, as a teacher's class is.
 */
final class PlantedCopies {

    /** The ways of copying the default must see through. */
    static final Set<String> MUST_FIND = Set.of("verbatim", "renamed", "reordered", "comments");
    /** Every way planted, in table order. */
    static final List<String> WAYS = List.of("verbatim", "renamed", "reordered", "comments", "deadcode", "stream");

    /** Where the test classes are. */
    static Path resources() {
        Path here = TestHome.root().resolve("judge/src/test/resources/similarity");
        if (!Files.isDirectory(here)) {
            throw new IllegalStateException("no similarity test classes at " + here);
        }
        return here;
    }

    /** Lays out every kata's test class below {@code root} ({@code root/<kata>/<hand-in>/}) and reads it. */
    static List<Handin> layOut(Path root) throws IOException, IntakeException {
        Path resources = resources();
        List<Path> katas;
        try (Stream<Path> list = Files.list(resources)) {
            katas = list.filter(Files::isDirectory).sorted().toList();
        }
        for (Path kata : katas) {
            String id = kata.getFileName().toString();
            Path target = root.resolve(id);
            for (String sample : Files.readAllLines(kata.resolve("samples.txt"))) {
                if (!sample.isBlank()) {
                    Path from = TestHome.submissions().resolve(id).resolve(sample.trim());
                    TestHome.copyTree(from, target.resolve("sample-" + from.getFileName()));
                }
            }
            for (String group : List.of("independent", "planted")) {
                Path folder = kata.resolve(group);
                if (Files.isDirectory(folder)) {
                    try (Stream<Path> entries = Files.list(folder)) {
                        for (Path entry : entries.sorted().toList()) {
                            TestHome.copyTree(entry, target.resolve(entry.getFileName().toString()));
                        }
                    }
                }
            }
        }
        KataCatalog catalog = TestHome.catalog();
        Map<String, String> classes = new LinkedHashMap<>();
        catalog.katas().forEach(k -> classes.put(k.id(), k.spec().className()));
        return new Intake(classes, Optional.empty()).read(List.of(root)).handins();
    }

    /** The katas of the test classes, ready for a detector. */
    static List<KataCode> katas(List<Handin> handins, List<NotCompared> notCompared) {
        KataCatalog catalog = TestHome.catalog();
        return SimilarityInputs.katas(handins, List.of(), id -> catalog.byId(id).orElseThrow(), notCompared);
    }

    /** The hand-in's name in its class: the folder's. */
    static String name(Source source) {
        String path = source.path().replace('\\', '/');
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** How a planted copy was made, or empty for an independent solution. */
    static Optional<String> way(Source source) {
        String name = name(source);
        int dashes = name.indexOf("--");
        return dashes < 0 ? Optional.empty() : Optional.of(name.substring(0, dashes));
    }

    /** The solution a hand-in comes from: the original of a planted copy, else itself. */
    static String family(Source source) {
        String name = name(source);
        int dashes = name.indexOf("--");
        return dashes < 0 ? name : name.substring(dashes + 2);
    }

    /**
     * One kata's figures.
     *
     * @param kata             the kata
     * @param independent      the independent solutions
     * @param found            per way of copying: planted copies whose pair with their original is flagged
     * @param planted          per way: planted copies
     * @param independentPairs pairs of hand-ins of different origins
     * @param flaggedIndependent those flagged
     * @param missed           the planted copies not found, each with its similarity to its original
     * @param falseFlags       the independent pairs flagged, each with its similarity
     * @param highestIndependent the highest similarity of an independent pair
     * @param lowestMustFind   the lowest similarity of a copy the default must find
     */
    record KataFigures(String kata, int independent, Map<String, Integer> found, Map<String, Integer> planted,
                       int independentPairs, int flaggedIndependent, List<String> missed, List<String> falseFlags,
                       double highestIndependent, double lowestMustFind) {
    }

    /** The figures of every kata at {@code threshold}. */
    static List<KataFigures> figures(Detection detection, double threshold) {
        Map<String, List<Comparison>> byKata = new TreeMap<>();
        detection.comparisons().forEach(c -> byKata.computeIfAbsent(c.a().kata(), k -> new ArrayList<>()).add(c));
        Map<String, List<Source>> handins = new TreeMap<>();
        for (Comparison c : detection.comparisons()) {
            for (Source s : List.of(c.a(), c.b())) {
                List<Source> list = handins.computeIfAbsent(s.kata(), k -> new ArrayList<>());
                if (!list.contains(s)) {
                    list.add(s);
                }
            }
        }
        for (NotCompared left : detection.notCompared()) {
            List<Source> list = handins.computeIfAbsent(left.source().kata(), k -> new ArrayList<>());
            if (!list.contains(left.source())) {
                list.add(left.source());
            }
        }
        List<KataFigures> figures = new ArrayList<>();
        for (Map.Entry<String, List<Source>> entry : handins.entrySet()) {
            List<Comparison> comparisons = byKata.getOrDefault(entry.getKey(), List.of());
            Map<String, Integer> found = new LinkedHashMap<>();
            Map<String, Integer> planted = new LinkedHashMap<>();
            WAYS.forEach(w -> {
                found.put(w, 0);
                planted.put(w, 0);
            });
            List<String> missed = new ArrayList<>();
            double lowestMustFind = 1;
            for (Source copy : entry.getValue()) {
                Optional<String> way = way(copy);
                if (way.isEmpty()) {
                    continue;
                }
                planted.merge(way.get(), 1, Integer::sum);
                double similarity = comparisons.stream()
                        .filter(c -> c.a().equals(copy) && name(c.b()).equals(family(copy))
                                || c.b().equals(copy) && name(c.a()).equals(family(copy)))
                        .mapToDouble(Comparison::similarity).max().orElse(-1);
                if (similarity >= threshold) {
                    found.merge(way.get(), 1, Integer::sum);
                } else {
                    missed.add(name(copy) + String.format(java.util.Locale.ROOT, " (%.2f)", similarity));
                }
                if (MUST_FIND.contains(way.get())) {
                    lowestMustFind = Math.min(lowestMustFind, similarity);
                }
            }
            int independentPairs = 0;
            int flagged = 0;
            double highest = 0;
            List<String> falseFlags = new ArrayList<>();
            for (Comparison c : comparisons) {
                if (family(c.a()).equals(family(c.b()))) {
                    continue;
                }
                independentPairs++;
                highest = Math.max(highest, c.similarity());
                if (c.similarity() >= threshold) {
                    flagged++;
                    falseFlags.add(name(c.a()) + " ~ " + name(c.b()) + String.format(java.util.Locale.ROOT, " (%.2f)", c.similarity()));
                }
            }
            int independent = (int) entry.getValue().stream().filter(s -> way(s).isEmpty()).count();
            figures.add(new KataFigures(entry.getKey(), independent, found, planted, independentPairs, flagged, missed,
                    falseFlags, highest, lowestMustFind));
        }
        return figures;
    }

    /** Runs the detector on the test classes laid out below {@code root}. */
    static Detection detect(Path root, JPlagDetector.Settings settings) {
        try {
            List<NotCompared> notCompared = new ArrayList<>();
            List<KataCode> katas = katas(layOut(root), notCompared);
            JPlagDetector detector = new JPlagDetector(JPlagDetector.workerFolder(),
                    JavaFinder.forThisMachine().find(JPlagDetector.JAVA, "JPlag"), settings, 1800);
            Detection detection = detector.detect(katas);
            List<NotCompared> all = new ArrayList<>(notCompared);
            all.addAll(detection.notCompared());
            return new Detection(detection.detector(), detection.comparisons(), all);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IntakeException | SimilarityException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The katas' definitions, for messages. */
    static List<KataDefinition> definitions() {
        return TestHome.catalog().katas();
    }

    private PlantedCopies() {
    }
}
