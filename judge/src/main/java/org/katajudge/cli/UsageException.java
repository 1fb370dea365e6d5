package org.katajudge.cli;

/** The command line or the configuration is unusable: exit 2 with this one-line message. */
final class UsageException extends Exception {

    UsageException(String message) {
        super(message);
    }
}
