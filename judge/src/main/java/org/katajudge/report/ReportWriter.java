package org.katajudge.report;

import java.io.IOException;
import java.nio.file.Path;

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
}
