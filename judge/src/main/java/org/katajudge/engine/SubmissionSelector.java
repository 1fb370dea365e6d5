package org.katajudge.engine;

import org.junit.platform.engine.DiscoverySelector;

/**
 * Selects one submission already read (by the judge's command line, which reads the class
 * download once, before grading, to report the teacher's problems before any time is spent),
 * for the {@link KataTestEngine}.
 */
public final class SubmissionSelector implements DiscoverySelector {

    private final Submission submission;

    private SubmissionSelector(Submission submission) {
        this.submission = submission;
    }

    public static SubmissionSelector of(Submission submission) {
        return new SubmissionSelector(submission);
    }

    public Submission submission() {
        return submission;
    }

    @Override
    public String toString() {
        return "SubmissionSelector[" + submission.kataId() + " " + submission.displayPath() + "]";
    }
}
