package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.katajudge.report.HandMade;
import org.katajudge.report.Schemas;
import org.katajudge.report.SubmissionResult;
import org.katajudge.server.ClassExports;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The teacher's downloads of serve are grade's own files: the same gradebook, a valid report, one platform file per student. */
class ServeExportsTest {

    private final List<SubmissionResult> results = List.of(HandMade.accepted("Ann Lee", "knight-moves"),
            HandMade.compileError("Bob", "knight-moves"), HandMade.safeSpacesHiddenWrong("Cy"));

    private ServeExports exports() throws UsageException {
        return new ServeExports(Workspace.open(Optional.empty()).catalog(), 0);
    }

    @Test
    void theGradebookIsGradesGradebook() throws Exception {
        ClassExports.Download csv = exports().write("gradebook.csv", results);
        assertEquals(Gradebook.csv(results), new String(csv.bytes(), StandardCharsets.UTF_8));
    }

    @Test
    void theReportFollowsTheReportSchema() throws Exception {
        ClassExports.Download report = exports().write("report.json", results);
        Path file = Files.createTempFile("serve-report", ".json");
        try {
            Files.write(file, report.bytes());
            JsonNode read = Reports.read(file);
            assertEquals(3, read.get("results").size());
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void platformFilesAreOnePerStudentAndValid() throws Exception {
        Map<String, byte[]> gradescope = unzip(exports().write("gradescope.zip", results).bytes());
        assertEquals(3, gradescope.size(), gradescope.keySet()::toString);
        gradescope.values().forEach(bytes -> Schemas.gradescope(Reports.json(new String(bytes, StandardCharsets.UTF_8))));
        Map<String, byte[]> prairieLearn = unzip(exports().write("prairielearn.zip", results).bytes());
        assertEquals(3, prairieLearn.size());
        prairieLearn.values().forEach(bytes -> Schemas.prairieLearn(Reports.json(new String(bytes, StandardCharsets.UTF_8))));
        Map<String, byte[]> feedback = unzip(exports().write("feedback.zip", results).bytes());
        assertEquals(3, feedback.size());
        String cy = feedback.entrySet().stream().filter(e -> e.getKey().startsWith("Cy")).map(e -> new String(e.getValue(),
                StandardCharsets.UTF_8)).findFirst().orElseThrow();
        assertTrue(cy.contains("hidden test 1") && !cy.contains("SECRET-DRAWING"), "feedback is for students: hidden tests stay hidden: " + cy);
        String page = new String(exports().write("class-report.html", results).bytes(), StandardCharsets.UTF_8);
        assertTrue(page.startsWith("<!DOCTYPE html>") || page.startsWith("<!doctype html>"), page.substring(0, 40));
        assertFalse(page.contains("<script>alert"));
    }

    private static Map<String, byte[]> unzip(byte[] zip) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                entries.put(entry.getName(), in.readAllBytes());
            }
        }
        return entries;
    }

}
