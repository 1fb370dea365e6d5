package org.katajudge.cli;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.intake.Handin;
import org.katajudge.intake.IntakeException;
import org.katajudge.report.SafeText;
import org.katajudge.similarity.Detection;
import org.katajudge.similarity.JPlagDetector;
import org.katajudge.similarity.JavaFinder;
import org.katajudge.similarity.KataCode;
import org.katajudge.similarity.NotCompared;
import org.katajudge.similarity.SimilarityCsv;
import org.katajudge.similarity.SimilarityException;
import org.katajudge.similarity.SimilarityInputs;
import org.katajudge.similarity.SimilarityReport;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One similarity run for the command line ({@code similarity}, {@code grade --similarity}): the
 * detector found before anything else is done, the hand-ins with their known sources compared,
 * the result printed for the teacher and written as CSV.
 */
final class SimilarityRun {

    /** The whole JPlag run may take this long (a class of hundreds takes seconds). */
    static final long TIMEOUT_SECONDS = 1800;

    private final JPlagDetector detector;

    private SimilarityRun(JPlagDetector detector) {
        this.detector = detector;
    }

    /**
     * Finds the worker and a Java 21+ for it: without them, a usage error (exit 2) said before
     * anything is graded or compared, never an empty "no copies" report.
     */
    static SimilarityRun prepare(String command) throws UsageException {
        try {
            Path worker = JPlagDetector.workerFolder();
            JavaFinder.Jdk jdk = JavaFinder.forThisMachine().find(JPlagDetector.JAVA, "JPlag " + JPlagDetector.JPLAG);
            return new SimilarityRun(new JPlagDetector(worker, jdk, JPlagDetector.Settings.DEFAULT, TIMEOUT_SECONDS));
        } catch (SimilarityException e) {
            throw new UsageException(command + ": cannot compare hand-ins: " + e.getMessage());
        }
    }

    /**
     * Compares the hand-ins, kata by kata, with each other and with the known sources.
     *
     * @throws SimilarityException when JPlag failed
     */
    SimilarityReport compare(String command, Workspace workspace, Optional<String> kata, List<Handin> handins,
                             SimilarityOptions options) throws UsageException, SimilarityException {
        List<KataDefinition> katas = new ArrayList<>();
        for (String id : SimilarityInputs.kataIds(handins)) {
            katas.add(workspace.kata(command, id));
        }
        List<Handin> known = new ArrayList<>();
        try {
            if (options.samples()) {
                known.addAll(SimilarityInputs.samples(workspace.intake(Optional.empty()),
                        workspace.repositorySubmissions(), katas));
            }
            if (!options.known().isEmpty()) {
                known.addAll(workspace.intake(kata).read(options.known()).handins());
            }
        } catch (IntakeException e) {
            throw new UsageException(command + ": --known: " + e.getMessage());
        }
        List<NotCompared> empty = new ArrayList<>();
        Map<String, KataDefinition> byId = new LinkedHashMap<>();
        katas.forEach(k -> byId.put(k.id(), k));
        List<KataCode> compared = SimilarityInputs.katas(handins, known, byId::get, empty);
        Detection detection = detector.detect(compared);
        List<NotCompared> notCompared = new ArrayList<>(empty);
        notCompared.addAll(detection.notCompared());
        return SimilarityReport.of(new Detection(detection.detector(), detection.comparisons(),
                notCompared), options.threshold());
    }

    /** Writes the CSV when asked for. */
    static void writeCsv(String command, SimilarityOptions options, SimilarityReport report) throws UsageException {
        if (options.csv().isPresent()) {
            try {
                new SimilarityCsv().write(report, options.csv().get());
            } catch (IOException e) {
                throw new UsageException(command + ": cannot write the similarity CSV to " + options.csv().get() + ": "
                        + e.getMessage());
            }
        }
    }

    /** What the teacher reads on the console: the clusters, the flagged pairs, what was not compared. */
    static void print(PrintStream out, SimilarityReport report) {
        out.println();
        out.println("similarity (for the teacher; a flag is a reason to look, not proof): " + report.detector()
                + ", threshold " + String.format(Locale.ROOT, "%.2f", report.threshold()));
        for (SimilarityReport.Cluster cluster : report.clusters()) {
            out.println("  cluster " + cluster.number() + " (" + cluster.kata() + ", up to "
                    + percent(cluster.highest()) + "): " + String.join(", ", cluster.members().stream()
                    .map(m -> (m.known() ? "known " : "") + safe(m.path())).toList()));
            report.pairs().stream().filter(p -> p.cluster() == cluster.number()).forEach(p -> out.println("    "
                    + percent(p.similarity()) + "  " + safe(p.a().path()) + "  " + (p.b().known() ? "known " : "")
                    + safe(p.b().path())));
        }
        for (NotCompared left : report.notCompared()) {
            out.println("  not compared: " + safe(left.source().path()) + ": " + safe(left.reason()));
        }
        long handins = report.katas().values().stream().mapToLong(Integer::longValue).sum();
        out.println(report.pairs().size() + " pairs of " + handins + " hand-ins compared" + " in " + report.katas().size()
                + (report.katas().size() == 1 ? " kata" : " katas") + ": " + report.flaggedCount() + " flagged, in "
                + report.clusters().size() + (report.clusters().size() == 1 ? " cluster" : " clusters")
                + (report.notCompared().isEmpty() ? "" : "; " + report.notCompared().size() + " not compared"));
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%3.0f%%", share * 100);
    }

    private static String safe(String text) {
        return SafeText.oneLine(text);
    }
}
