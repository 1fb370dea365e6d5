package org.katajudge.report;

/**
 * How a kata shows one of its cases beyond the text drawing a counterexample carries: as a
 * picture, and as the call a student types to reproduce it. The catalog knows the katas; report
 * writers only ask.
 */
public interface CaseViews {

    /** Knows no kata: no pictures, no calls. */
    CaseViews NONE = new CaseViews() {
        @Override
        public String svg(String kata, Counterexample example) {
            return null;
        }

        @Override
        public String javaCall(String kata, Counterexample example) {
            return null;
        }
    };

    /**
     * The case's arguments drawn as one inline {@code <svg>} element (the board with its pieces),
     * or null when the kata draws none for them: show {@link Counterexample#input()} instead.
     */
    String svg(String kata, Counterexample example);

    /**
     * The Java expression that calls the method on the case's arguments, as a student pastes it
     * into a {@code main} method: {@code KnightMoves.minMoves("a1", "b2")}. Null when unknown.
     */
    String javaCall(String kata, Counterexample example);
}
