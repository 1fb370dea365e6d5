package org.katajudge.compile;

/**
 * A use of the JDK that a kata solution may not make, in a submission's source.
 *
 * @param file   the source file name
 * @param line   1-based line of the use
 * @param column 1-based column of the use
 * @param api    what is used, e.g. {@code java.lang.System.exit(int)} or {@code java.net.Socket}
 * @param why    the policy's reason, e.g. {@code a solution returns its answer; it never ends the JVM}
 */
public record PolicyViolation(String file, long line, long column, String api, String why) {

    /** {@code Hostile.java:12: java.lang.System.exit(int) is not allowed: a solution returns ...}. */
    @Override
    public String toString() {
        return file + ":" + line + ": " + api + " is not allowed: " + why;
    }
}
