package org.katajudge.similarity.worker;

import java.util.List;

/**
 * What JPlag found, job by job, in the words of JPlag's own API.
 *
 * @param jplag the JPlag version that ran
 * @param java  the Java version it ran on
 * @param jobs  one per job of the request, in its order
 */
public record WorkerResponse(String jplag, String java, List<Job> jobs) {

    /**
     * One kata.
     *
     * @param id          the job's id
     * @param submissions every entry JPlag read, hand-ins and known sources, with its state
     * @param comparisons every pair JPlag compared
         * @param note        what the teacher should know about the run (base code not used), or null
     * @param error       why JPlag compared nothing, or null
     */
    public record Job(String id, List<SubmissionState> submissions, List<Comparison> comparisons, String note,
                      String error) {
    }

    /**
     * @param name   the entry's folder name
     * @param state  JPlag's {@code SubmissionState}: {@code VALID}, {@code CANNOT_PARSE}, {@code TOO_SMALL}...
     * @param tokens its token count
     * @param known  whether it is a known source (JPlag's "old" submission)
     */
    public record SubmissionState(String name, String state, int tokens, boolean known) {
    }

    /**
     * @param a             the first entry
     * @param b             the second
     * @param similarity    JPlag's average similarity (matched tokens over both sizes)
     * @param maximum       JPlag's maximum similarity (matched tokens over the smaller one)
     * @param matchedTokens the tokens in matches
     * @param matches       the matches, each as the lines it covers in both
     */
    public record Comparison(String a, String b, double similarity, double maximum, int matchedTokens,
                             List<Match> matches) {
    }

    /**
     * @param tokens the match's length in tokens
     * @param a      where it is in the first entry
     * @param b      where it is in the second
     */
    public record Match(int tokens, List<Region> a, List<Region> b) {
    }

    /**
     * @param file  the file, relative to its entry's folder
     * @param lines ranges of lines, {@code [first, last]}, 1-based
     */
    public record Region(String file, List<List<Integer>> lines) {
    }
}
