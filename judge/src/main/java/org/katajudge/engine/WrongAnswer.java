package org.katajudge.engine;

/**
 * A test a solution failed by answering wrong: an {@link AssertionError}, so launchers count it
 * as a failure (Surefire: {@code Failures}). It carries no stack trace: the judge's frames say
 * nothing about the solution, the message says everything.
 */
final class WrongAnswer extends AssertionError {

    private static final long serialVersionUID = 1L;

    WrongAnswer(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
