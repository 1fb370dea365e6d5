package org.katajudge.sandbox;

/** The child JVM could not load the submission's class or find its methods. */
public final class SubmissionLoadException extends Exception {

    public SubmissionLoadException(String message) {
        super(message);
    }
}
