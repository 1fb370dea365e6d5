package org.katajudge.lms;

/** Marks that cannot go back to a platform as asked: a one-line reason for the teacher. */
public final class LmsException extends Exception {

    public LmsException(String message) {
        super(message);
    }
}
