package org.katajudge.server;

import org.katajudge.report.SubmissionResult;

import java.io.IOException;
import java.util.List;

/**
 * The files {@code grade} writes for a teacher (gradebook, JSON report, class report, feedback,
 * Gradescope and PrairieLearn results), made from a list of results: the command line supplies
 * them with its own writers, so the server's downloads are the very same files.
 */
public interface ClassExports {

    /** The formats offered, as file names: {@code gradebook.csv}, {@code report.json}, ... */
    List<String> formats();

    /**
     * @param format  one of {@link #formats()}
     * @param results one result per student, in the teacher's view
     */
    Download write(String format, List<SubmissionResult> results) throws IOException;

    /** A file to download. */
    record Download(String fileName, String contentType, byte[] bytes) {
    }

    /** Offers nothing (a playground has no class). */
    ClassExports NONE = new ClassExports() {
        @Override
        public List<String> formats() {
            return List.of();
        }

        @Override
        public Download write(String format, List<SubmissionResult> results) {
            throw new IllegalArgumentException("no downloads");
        }
    };
}
