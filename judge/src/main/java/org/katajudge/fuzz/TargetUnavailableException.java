package org.katajudge.fuzz;

/** The target could not be (re)started: the judge cannot go on testing this submission. */
public final class TargetUnavailableException extends RuntimeException {

    public TargetUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
