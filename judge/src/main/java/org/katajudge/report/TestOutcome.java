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
 * @param points     the points this test earned, from 0 to {@code maxPoints}
 * @param maxPoints  what the test is worth (0 for a test that does not count, such as compiling)
 * @param hidden     a hidden test: it counts, but students see only whether it passed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TestOutcome(String name, String kind, String method, Status status, String message, int cases,
                          boolean exhaustive, double points, double maxPoints, boolean hidden) {

    public enum Status { PASSED, FAILED, NOT_RUN }

    public TestOutcome {
        if (!(maxPoints >= 0) || !(points >= 0) || points > maxPoints) {
            throw new IllegalArgumentException("points must be within [0, maxPoints]: " + points + "/" + maxPoints);
        }
    }

    public static TestOutcome compile(Status status, String message) {
        return new TestOutcome("compile", "compile", null, status, message, 0, false, 0, 0, false);
    }

    /** A fixed example worth one point, earned when it passed. */
    public static TestOutcome example(String name, String method, Status status, String message) {
        return new TestOutcome("example: " + name, "example", method, status, message,
                status == Status.NOT_RUN ? 0 : 1, false, status == Status.PASSED ? 1 : 0, 1, false);
    }

    /** The random tests of one method, worth one point, earned when they all passed. */
    public static TestOutcome random(String method, Status status, String message, int cases, boolean exhaustive) {
        return new TestOutcome("random: " + method, "random", method, status, message, cases, exhaustive,
                status == Status.PASSED ? 1 : 0, 1, false);
    }

    /**
     * The generated cases of one method, worth one point, earned when they all passed: named
     * {@code enumerated: M} when the method's whole small domain is enumerated, else
     * {@code random: M}. (The kind is {@code random} either way: cases the judge generates.)
     */
    public static TestOutcome generated(String method, boolean enumerated, Status status, String message, int cases,
                                        boolean exhaustive) {
        return new TestOutcome((enumerated ? "enumerated: " : "random: ") + method, "random", method, status, message,
                cases, exhaustive, status == Status.PASSED ? 1 : 0, 1, false);
    }

    /** A replay of given calls ending with a case of {@code method}. */
    public static TestOutcome replay(String method, Status status, String message, int calls) {
        return new TestOutcome("replay: " + method, "random", method, status, message, calls, false,
                status == Status.PASSED ? 1 : 0, 1, false);
    }

    /** This test worth {@code max} points, earning {@code earned} of them. */
    public TestOutcome withPoints(double earned, double max) {
        return new TestOutcome(name, kind, method, status, message, cases, exhaustive, earned, max, hidden);
    }

    /** This test, hidden or not from students. */
    public TestOutcome withHidden(boolean isHidden) {
        return new TestOutcome(name, kind, method, status, message, cases, exhaustive, points, maxPoints, isHidden);
    }
}
