package org.katajudge.scoring;

/** Scoring rules that cannot be used: not valid, or not fitting the kata they are for. The message names the file. */
public final class ScoringException extends Exception {

    public ScoringException(String message) {
        super(message);
    }
}
