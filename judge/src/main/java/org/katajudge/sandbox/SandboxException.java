package org.katajudge.sandbox;

/** The sandbox itself failed (the child JVM could not start or speak the protocol): the judge's fault. */
public final class SandboxException extends Exception {

    public SandboxException(String message) {
        super(message);
    }

    public SandboxException(String message, Throwable cause) {
        super(message, cause);
    }
}
