package org.katajudge.engine;

/** The paths given to grade are unusable: a configuration error, not a verdict. */
public final class SubmissionException extends Exception {

    public SubmissionException(String message) {
        super(message);
    }
}
