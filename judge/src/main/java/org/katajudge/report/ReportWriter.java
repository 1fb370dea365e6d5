package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * One output format of a grading run (Gradescope, PrairieLearn, feedback files, the class
 * report). Submission text written anywhere goes through {@link SafeText}.
 */
public interface ReportWriter {

    /**
     * Writes the report.
     *
     * @param target a file, or for formats of one file per student, a folder (created if missing)
     * @throws IOException when the target cannot be written
     */
    void write(ClassResults results, Path target) throws IOException;

    /** Writes {@code text} to {@code target} as UTF-8, creating its folder. */
    static void writeFile(Path target, String text) throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(target, text, StandardCharsets.UTF_8);
    }

    /**
     * Writes a one-submission JSON document (a platform's {@code results.json}) to {@code target}.
     *
     * @throws IllegalArgumentException when {@code results} holds not exactly one submission
     */
    static void writeOneSubmission(ClassResults results, Path target, String platform,
                                   Function<ClassResults, ? extends JsonNode> build) throws IOException {
        if (results.results().size() != 1) {
            throw new IllegalArgumentException(platform + "'s results.json holds one submission, got "
                    + results.results().size());
        }
        writeFile(target, ReportJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(build.apply(results)));
    }
}
