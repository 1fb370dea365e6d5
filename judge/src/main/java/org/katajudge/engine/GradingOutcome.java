package org.katajudge.engine;

import org.katajudge.engine.plan.Submission;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Timings;
import org.katajudge.report.Verdict;

import java.util.Comparator;
import java.util.List;

/**
 * What a run graded. Every submission of the plan is in exactly one list: only a cancelled run
 * leaves submissions without a result.
 *
 * @param results     one per graded submission, in the plan's order
 * @param notGraded   the submissions the run did not grade because it was cancelled, in the plan's order
 * @param interrupted whether the run was cancelled before it ended
 */
public record GradingOutcome(List<SubmissionResult> results, List<Submission> notGraded, boolean interrupted) {

    /** Nothing to grade. */
    public static final GradingOutcome NONE = new GradingOutcome(List.of(), List.of(), false);

    public GradingOutcome {
        results = List.copyOf(results);
        notGraded = List.copyOf(notGraded);
    }

    /** The results in the order reports list them: by submission path, then kata. */
    public List<SubmissionResult> resultsByPath() {
        return results.stream().sorted(Comparator.comparing(SubmissionResult::submission)
                .thenComparing(SubmissionResult::kata)).toList();
    }

    /**
     * The result of a submission the judge failed to grade (not the submission's fault): no
     * submission goes without a result.
     */
    public static SubmissionResult judgeError(Submission submission, String why) {
        return ResultBounds.apply(new SubmissionResult(submission.displayPath(), submission.student(), submission.kataId(),
                Verdict.JUDGE_ERROR, "judge error (not the submission's fault): " + why, 0, 0, List.of(), 0, 0,
                new Timings(0, 0, 0), CapturedOutput.NONE, null, List.of(), submission.notes(), List.of(), null));
    }
}
