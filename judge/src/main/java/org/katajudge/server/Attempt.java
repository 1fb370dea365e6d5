package org.katajudge.server;

import org.katajudge.report.SubmissionResult;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One attempt as the store keeps it.
 *
 * @param id        its number, in the order attempts were made
 * @param person    whose it is (a {@link Person#id()})
 * @param kata      the kata id
 * @param mode      examples or full
 * @param files     the sources as handed in: file name to text
 * @param status    queued, running or done
 * @param submitted when it was made (epoch ms)
 * @param started   when its grading started (epoch ms), 0 before
 * @param finished  when it was graded (epoch ms), 0 before
 * @param result    the result in the teacher's view, once done; students see {@link StudentFacing#result} of it
 */
public record Attempt(long id, String person, String kata, Mode mode, Map<String, String> files, Status status,
                      long submitted, long started, long finished, Optional<SubmissionResult> result) {

    public Attempt {
        files = Map.copyOf(files);
    }

    /** Where an attempt is: the API's {@code "status"}. */
    public enum Status {
        QUEUED, RUNNING, DONE;

        public String apiName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
