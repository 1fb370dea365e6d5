package org.katajudge.catalog;

/** A kata folder that cannot be used: missing, unreadable, or disagreeing with the kata's code. */
public final class CatalogException extends Exception {

    public CatalogException(String message) {
        super(message);
    }

    public CatalogException(String message, Throwable cause) {
        super(message, cause);
    }
}
