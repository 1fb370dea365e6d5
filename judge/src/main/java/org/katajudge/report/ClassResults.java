package org.katajudge.report;

import java.time.Duration;
import java.util.List;

/**
 * What a report writer gets: the results of one grading run and how to show their cases.
 *
 * @param results      one result per submission, in report order
 * @param views        pictures and calls for the counterexamples
 * @param elapsed      the run's wall-clock time
 * @param seed         the seed of the random tests
 * @param judgeVersion the judge's version, for the record
 * @param studentView  whether the report is for students: hidden tests show only whether they passed
 */
public record ClassResults(List<SubmissionResult> results, CaseViews views, Duration elapsed, long seed,
                           String judgeVersion, boolean studentView) {

    public ClassResults {
        results = List.copyOf(results);
    }

    /** The results as the report's reader may see them: {@link StudentView} in the student view. */
    public List<SubmissionResult> shown() {
        return studentView ? results.stream().map(StudentView::of).toList() : results;
    }
}
