package org.katajudge.report;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One test of a submission: compiling it, one fixed example, or the random tests of one method.
 *
 * @param name        e.g. {@code compile}, {@code example: unsafe1}, {@code random: isSafe}
 * @param kind        what it tests
 * @param method      the method tested; null for {@code compile}
 * @param status      how it went
 * @param message     why it failed or was not run; null when it passed
 * @param cases       calls made (1 for an example, the cases run for random tests, 0 for compile)
 * @param passedCases of those calls, how many gave the expected answer
 * @param exhaustive  for random tests: whether every input of the domain was tried
 * @param points      the points this test earned, from 0 to {@code maxPoints}
 * @param maxPoints   what the test is worth (0 for a test that does not count, such as compiling)
 * @param hidden      a hidden test: it counts, but students see only whether it passed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TestOutcome(String name, TestKind kind, String method, Status status, String message, int cases,
                          int passedCases, boolean exhaustive, double points, double maxPoints, boolean hidden) {

    public enum Status { PASSED, FAILED, NOT_RUN }

    /** How the message of {@link #noRandomTests(String)} begins, in every report format. */
    public static final String NO_RANDOM_TESTS = "no random tests";

    public TestOutcome {
        if (!(maxPoints >= 0) || !(points >= 0) || points > maxPoints) {
            throw new IllegalArgumentException("points must be within [0, maxPoints]: " + points + "/" + maxPoints);
        }
        if (passedCases < 0 || passedCases > cases) {
            throw new IllegalArgumentException("passed cases must be within [0, cases]: " + passedCases + "/" + cases);
        }
    }

    public static TestOutcome compile(Status status, String message) {
        return new TestOutcome(compileName(), TestKind.COMPILE, null, status, message, 0, 0, false, 0, 0, false);
    }

    /** A fixed example worth one point, earned when it passed. */
    public static TestOutcome example(String name, String method, Status status, String message) {
        int cases = status == Status.NOT_RUN ? 0 : 1;
        return new TestOutcome(exampleName(name), TestKind.EXAMPLE, method, status, message, cases,
                status == Status.PASSED ? 1 : 0, false, status == Status.PASSED ? 1 : 0, 1, false);
    }

    /** The random tests of one method, worth one point, earned when they all passed. */
    public static TestOutcome random(String method, Status status, String message, int cases, boolean exhaustive) {
        return random(method, status, message, cases, status == Status.PASSED ? cases : Math.max(0, cases - 1), exhaustive);
    }

    /** The random tests of one method, {@code passedCases} of {@code cases} passed; worth one point, earned when all passed. */
    public static TestOutcome random(String method, Status status, String message, int cases, int passedCases,
                                     boolean exhaustive) {
        return new TestOutcome(randomName(method), TestKind.RANDOM, method, status, message, cases, passedCases, exhaustive,
                status == Status.PASSED ? 1 : 0, 1, false);
    }

    /** The name of the compile test. */
    public static String compileName() {
        return "compile";
    }

    /** The name of the test of the fixed example {@code example}. */
    public static String exampleName(String example) {
        return "example: " + example;
    }

    /** The name of the random tests of {@code method}. */
    public static String randomName(String method) {
        return "random: " + method;
    }

    /**
     * The random tests of a method the kata has no generator for (examples only): there are
     * none, and this says so in every report. Not run, worth nothing.
     */
    public static TestOutcome noRandomTests(String method) {
        return new TestOutcome(randomName(method), TestKind.RANDOM, method, Status.NOT_RUN,
                NO_RANDOM_TESTS + ": " + method + " has no generator, only the fixed examples test it", 0, 0, false, 0, 0,
                false);
    }

    /** Whether {@code test} stands for random tests that do not exist ({@link #noRandomTests(String)}). */
    public static boolean isNoRandomTests(TestOutcome test) {
        return test.kind() == TestKind.RANDOM && test.status() == Status.NOT_RUN && test.message() != null
                && test.message().startsWith(NO_RANDOM_TESTS + ":");
    }

    /**
     * The generated cases of one method, worth one point, earned when they all passed: named
     * {@code enumerated: M} when the method's whole small domain is enumerated, else
     * {@code random: M}. (The kind is {@code random} either way: cases the judge generates.)
     */
    public static TestOutcome generated(String method, boolean enumerated, Status status, String message, int cases,
                                        boolean exhaustive) {
        return new TestOutcome((enumerated ? "enumerated: " : "random: ") + method, TestKind.RANDOM, method, status, message,
                cases, status == Status.PASSED ? cases : 0, exhaustive, status == Status.PASSED ? 1 : 0, 1, false);
    }

    /** A replay of given calls ending with a case of {@code method}. */
    public static TestOutcome replay(String method, Status status, String message, int calls) {
        return new TestOutcome("replay: " + method, TestKind.RANDOM, method, status, message, calls,
                status == Status.PASSED ? calls : 0, false, status == Status.PASSED ? 1 : 0, 1, false);
    }

    /** This test worth {@code max} points, earning {@code earned} of them. */
    public TestOutcome withPoints(double earned, double max) {
        return new TestOutcome(name, kind, method, status, message, cases, passedCases, exhaustive, earned, max, hidden);
    }

    /** This test, hidden or not from students. */
    public TestOutcome withHidden(boolean isHidden) {
        return new TestOutcome(name, kind, method, status, message, cases, passedCases, exhaustive, points, maxPoints,
                isHidden);
    }

    /** This test under another name and message (what a student may see of a hidden test). */
    public TestOutcome withNameAndMessage(String newName, String newMessage) {
        return new TestOutcome(newName, kind, method, status, newMessage, cases, passedCases, exhaustive, points,
                maxPoints, hidden);
    }
}
