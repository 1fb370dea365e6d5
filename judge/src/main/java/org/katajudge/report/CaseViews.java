package org.katajudge.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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

        @Override
        public Optional<Counterexample.Rule> exampleRule(String kata, String example) {
            return Optional.empty();
        }

        @Override
        public Optional<String> unavailableToStudents(String kata, Set<String> examples, boolean wholeRun) {
            return Optional.empty();
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

    /**
     * What a student pastes into a {@code main} method next to their class to see the failure:
     * the earlier calls the failure needs, one statement a line, then the failing call printed,
     * with {@code expected} as a comment. Null when a call is unknown, or when the earlier calls
     * are not listed (drawn from a seed, too many, or not reproduced): the call alone would print
     * the right answer, and the replay command is the way to see the failure.
     *
     * @param expected the expected answer as the report writes it
     */
    default String javaSnippet(String kata, Counterexample example, String expected) {
        if (example == null || (example.stateful() && !"LISTED".equals(example.historyKind()))) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        if (example.history() != null) {
            for (Counterexample.Call before : example.history()) {
                String call = javaCall(kata, new Counterexample(before.method(), before.example(), before.args(), null, null,
                        null, null, null, before.choices(), 0, null));
                if (call == null) {
                    return null;
                }
                lines.add(call + ";");
            }
        }
        String call = javaCall(kata, example);
        if (call == null) {
            return null;
        }
        lines.add("System.out.println(" + call + "); // expected " + expected);
        return String.join("\n", lines);
    }

    /**
     * The rule the reference cites for the kata's fixed example named {@code example}, as a
     * counterexample on it would cite it; empty when the example cites no single rule or is not
     * known (a report grouping students by a rule then claims none).
     */
    Optional<Counterexample.Rule> exampleRule(String kata, String example);

    /**
     * Why a student's {@code judge.jar} (the katas it carries) cannot replay a case of {@code kata}
     * that calls the fixed {@code examples} by name, or grades the whole kata again
     * ({@code wholeRun}); empty when it can. A kata only in the teacher's {@code --katas} folder,
     * or an example only the teacher's copy has (a hidden one), cannot be replayed there.
     */
    Optional<String> unavailableToStudents(String kata, Set<String> examples, boolean wholeRun);
}
