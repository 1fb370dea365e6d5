package org.katajudge.report;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One test of a submission: compiling it, one fixed example, or the random tests of one method.
 *
 * @param name       e.g. {@code compile}, {@code example: unsafe1}, {@code random: isSafe}
 * @param kind       {@code compile}, {@code example} or {@code random}
 * @param method     the method tested; null for {@code compile}
 * @param status     how it went
 * @param message    why it failed or was not run; null when it passed
 * @param cases      calls made (1 for an example, the cases run for random tests, 0 for compile)
 * @param exhaustive for random tests: whether every input of the domain was tried
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TestOutcome(String name, String kind, String method, Status status, String message, int cases,
                          boolean exhaustive) {

    public enum Status { PASSED, FAILED, NOT_RUN }

    public static TestOutcome compile(Status status, String message) {
        return new TestOutcome("compile", "compile", null, status, message, 0, false);
    }

    public static TestOutcome example(String name, String method, Status status, String message) {
        return new TestOutcome("example: " + name, "example", method, status, message,
                status == Status.NOT_RUN ? 0 : 1, false);
    }

    public static TestOutcome random(String method, Status status, String message, int cases, boolean exhaustive) {
        return new TestOutcome("random: " + method, "random", method, status, message, cases, exhaustive);
    }
}
