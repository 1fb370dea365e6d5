package org.katajudge.similarity;

/** The comparison could not be made; the message says why, in one line. */
public final class SimilarityException extends Exception {

    /** Whether the machine lacks what the detector needs (the teacher can fix it) or the detector failed. */
    public enum Kind { UNAVAILABLE, FAILED }

    private final Kind kind;

    public SimilarityException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public SimilarityException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
