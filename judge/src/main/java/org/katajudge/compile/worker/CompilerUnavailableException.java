package org.katajudge.compile.worker;

/** No compiler worker could be started: the judge's problem (a missing JDK, no memory), never a submission's. */
public final class CompilerUnavailableException extends RuntimeException {

    public CompilerUnavailableException(String message) {
        super(message);
    }

    public CompilerUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
