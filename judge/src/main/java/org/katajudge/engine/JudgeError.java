package org.katajudge.engine;

/**
 * The judge could not grade: a setup problem (no solution found, an unknown kata, a path that
 * does not exist) or a failure of the judge itself. Always an error, never a silent pass; the
 * message says what to fix. No stack trace: the message is the whole story.
 */
final class JudgeError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    JudgeError(String message) {
        super(message, null, false, false);
    }
}
