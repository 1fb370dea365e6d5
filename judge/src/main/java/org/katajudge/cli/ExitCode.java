package org.katajudge.cli;

/** The judge's exit codes, a contract with CI tools. */
final class ExitCode {

    /** Every submission ACCEPTED; verify: every sample got its folder's verdict; fuzz: no failure found. */
    static final int OK = 0;
    /** Some submission not ACCEPTED; verify: a mismatch; fuzz: a failing case found. */
    static final int FAILED = 1;
    /** Usage or configuration error: unknown option or kata, nothing to grade, unreadable path. */
    static final int USAGE = 2;
    /** The judge itself crashed (a bug in the judge; the message says where to report it). */
    static final int INTERNAL = 3;
    /**
     * grade: interrupted by Ctrl-C; the reports hold what was graded. 128 + SIGINT, what shells
     * and the JVM itself give a process ended by Ctrl-C.
     */
    static final int INTERRUPTED = 130;

    private ExitCode() {
    }
}
