package org.katajudge.report;

/**
 * Where a submission's grading time went, in milliseconds.
 *
 * @param compileMillis javac and the policy check
 * @param runMillis     the child JVM: start, examples, random tests, shrinking
 * @param totalMillis   everything
 */
public record Timings(long compileMillis, long runMillis, long totalMillis) {
}
