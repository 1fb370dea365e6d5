package org.katajudge.server;

import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.util.Optional;

/**
 * What a list of attempts shows of one: all but its files and its result, of which it keeps the
 * verdict and the points. The store reads it from columns of their own, never the sources or the
 * result's JSON: a student with many large attempts made every list of every student slow when a
 * list loaded whole attempts (red team).
 *
 * @param id        its number
 * @param person    whose it is (a {@link Person#id()})
 * @param kata      the kata id
 * @param mode      examples or full
 * @param status    queued, running or done
 * @param submitted when it was made (epoch ms)
 * @param grade     its verdict and points, once done
 */
public record AttemptSummary(long id, String person, String kata, Mode mode, Attempt.Status status, long submitted,
                             Optional<Grade> grade) {

    /**
     * The verdict and points of a result. The same for the teacher and the student: {@link
     * StudentFacing#result} keeps the verdict and the points, so a summary needs no student view.
     */
    public record Grade(Verdict verdict, double score, double maxScore) {

        public static Grade of(SubmissionResult result) {
            return new Grade(result.verdict(), result.score(), result.maxScore());
        }
    }

    public static AttemptSummary of(Attempt attempt) {
        return new AttemptSummary(attempt.id(), attempt.person(), attempt.kata(), attempt.mode(), attempt.status(),
                attempt.submitted(), attempt.result().map(Grade::of));
    }

    /** Whether it is a full attempt that was accepted: the kata is solved. */
    public boolean solves() {
        return mode == Mode.FULL && grade.map(g -> g.verdict() == Verdict.ACCEPTED).orElse(false);
    }
}
