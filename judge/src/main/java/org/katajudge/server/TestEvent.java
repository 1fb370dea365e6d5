package org.katajudge.server;

import java.util.Locale;

/**
 * One test of an attempt starting or ending, as the grader tells it (the teacher's view: a hidden
 * example is named as the kata names it; {@link StudentFacing#event} renames it for students).
 *
 * @param key    the test's key: {@code compile}, {@code example:<name>}, {@code random:<method>}
 * @param name   how reports name it: {@code example g2 to a8}, {@code random tests of minMoves}
 * @param hidden whether it is a hidden test
 * @param status what happened
 */
public record TestEvent(String key, String name, boolean hidden, Status status) {

    /** Where a test is. */
    public enum Status {
        STARTED, PASSED, FAILED, NOT_RUN;

        public String apiName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public TestEvent withName(String newName) {
        return new TestEvent(key, newName, hidden, status);
    }
}
