package org.katajudge.intake;

/**
 * The paths given cannot be graded as they are, and that is the teacher's to fix, not a
 * student's verdict: a path that does not exist or cannot be read, a submission whose kata
 * cannot be told, nothing to grade, a broken roster. A one-line message naming the path.
 */
public final class IntakeException extends Exception {

    public IntakeException(String message) {
        super(message);
    }
}
