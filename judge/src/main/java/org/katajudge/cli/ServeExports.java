package org.katajudge.cli;

import org.katajudge.catalog.KataCaseViews;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.report.ClassResults;
import org.katajudge.report.ReportJson;
import org.katajudge.report.ReportWriter;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.feedback.FeedbackFiles;
import org.katajudge.report.gradescope.GradescopeResults;
import org.katajudge.report.html.ClassReport;
import org.katajudge.report.json.JsonReport;
import org.katajudge.report.prairielearn.PrairieLearnResults;
import org.katajudge.server.ClassExports;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The teacher's downloads of {@code serve}: the files {@code grade} writes, by the same writers
 * (the gradebook, the JSON report, the class report, feedback files; Gradescope's and
 * PrairieLearn's results.json, one per student, in a zip).
 */
final class ServeExports implements ClassExports {

    private final KataCatalog catalog;
    private final long seed;

    ServeExports(KataCatalog catalog, long seed) {
        this.catalog = catalog;
        this.seed = seed;
    }

    @Override
    public List<String> formats() {
        return List.of("gradebook.csv", "report.json", "class-report.html", "feedback.zip", "gradescope.zip",
                "prairielearn.zip");
    }

    @Override
    public Download write(String format, List<SubmissionResult> results) throws IOException {
        ClassResults graded = new ClassResults(results, new KataCaseViews(catalog), Duration.ZERO, seed,
                Main.version(), false);
        return switch (format) {
            case "gradebook.csv" -> new Download(format, "text/csv; charset=utf-8",
                    Gradebook.csv(results).getBytes(StandardCharsets.UTF_8));
            case "report.json" -> new Download(format, "application/json", ReportJson.mapper()
                    .writerWithDefaultPrettyPrinter().writeValueAsBytes(new JsonReport().document(graded)));
            case "class-report.html" -> new Download(format, "text/html; charset=utf-8",
                    ClassReport.page(graded, java.time.Instant.now()).getBytes(StandardCharsets.UTF_8));
            case "feedback.zip" -> new Download(format, "application/zip", folderZip(new FeedbackFiles(), graded));
            case "gradescope.zip" -> new Download(format, "application/zip", perStudent(graded, new GradescopeResults()));
            case "prairielearn.zip" -> new Download(format, "application/zip", perStudent(graded, new PrairieLearnResults()));
            default -> throw new IllegalArgumentException("no format " + format);
        };
    }

    /** A writer of one folder, zipped. */
    private static byte[] folderZip(ReportWriter writer, ClassResults results) throws IOException {
        Path folder = Files.createTempDirectory("katajudge-export-");
        try {
            writer.write(results, folder);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ZipOutputStream zip = new ZipOutputStream(bytes); Stream<Path> files = Files.list(folder)) {
                for (Path file : files.sorted().toList()) {
                    zip.putNextEntry(new ZipEntry(file.getFileName().toString()));
                    zip.write(Files.readAllBytes(file));
                    zip.closeEntry();
                }
            }
            return bytes.toByteArray();
        } finally {
            try (Stream<Path> files = Files.walk(folder)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A one-submission format, once per student: {@code STUDENT/results.json} in a zip. */
    private static byte[] perStudent(ClassResults results, ReportWriter writer) throws IOException {
        Path folder = Files.createTempDirectory("katajudge-export-");
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
                for (Map.Entry<String, SubmissionResult> file : FeedbackFiles.files(results.results()).entrySet()) {
                    String student = file.getKey().replaceFirst("\\.md$", "");
                    Path target = folder.resolve(student + ".json");
                    writer.write(new ClassResults(List.of(file.getValue()), results.views(), results.elapsed(),
                            results.seed(), results.judgeVersion(), results.studentView()), target);
                    zip.putNextEntry(new ZipEntry(student + "/results.json"));
                    zip.write(Files.readAllBytes(target));
                    zip.closeEntry();
                }
            }
            return bytes.toByteArray();
        } finally {
            try (Stream<Path> files = Files.walk(folder)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
