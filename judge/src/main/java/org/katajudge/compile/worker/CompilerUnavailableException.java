package org.katajudge.compile.worker;

/**
 * No compiler worker could be started (a missing JDK, no memory), or two stalled on one source: the
 * judge's problem, never a submission's. Its message is a whole sentence: {@code the compiler cannot start: ...}.
 */
public final class CompilerUnavailableException extends RuntimeException {

    public CompilerUnavailableException(String message) {
        super(message);
    }

    public CompilerUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
