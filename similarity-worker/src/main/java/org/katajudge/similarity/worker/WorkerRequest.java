package org.katajudge.similarity.worker;

import java.util.List;

/**
 * What the judge asks: JPlag's settings, and one job per kata.
 *
 * @param minimumTokenMatch the shortest run of tokens that counts as a match
 * @param normalize         JPlag's token sequence normalization (against inserted dead code and reordered statements)
 * @param merging           JPlag's match merging (against code inserted inside copied regions)
 * @param jobs              the katas
 */
public record WorkerRequest(int minimumTokenMatch, boolean normalize, boolean merging,
                            List<Job> jobs) {

    public WorkerRequest {
        jobs = List.copyOf(jobs);
    }

    /**
     * One kata.
     *
     * @param id          the kata, to name the job in the response
     * @param submissions a folder whose every entry is one hand-in
     * @param known       a folder whose every entry is a known source (compared with every hand-in, not with each other), or null
     * @param base        the base code: matches with it never count, or null
     */
    public record Job(String id, String submissions, String known, String base) {
    }
}
