package org.katajudge.engine;

/**
 * A test a solution failed other than by a wrong answer: it threw, ran out of time, memory or
 * output, did not compile, or was rejected. Not an {@link AssertionError}, so launchers count it
 * as an error (Surefire: {@code Errors}). No stack trace, as for {@link WrongAnswer}.
 */
final class SolutionError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    SolutionError(String message) {
        super(message, null, false, false);
    }
}
