package org.katajudge.kata;

import java.util.List;
import java.util.Objects;

/**
 * The reference's answer on one input and why: the judge shows {@link #reason()} to a student
 * whose answer differs, and collects {@link #checks()} as rule coverage.
 *
 * @param answer the expected value, in its {@link ValueType} form
 * @param reason one or two sentences naming the rule that decided the answer, e.g.
 *               {@code "red has 6 soldiers, at most 5"}
 * @param checks every rule that had something to decide on this input, with its outcome
 * @param cited  the one rule (and its outcome) the reason is about: the rule a student who gets
 *               this input wrong most likely misapplies ({@code flying-general} broken on a board
 *               whose generals face each other). Reports group students by it ("9 students miss
 *               flying-general"). Null when no single rule decided the answer (a move count that
 *               simply lists the moves).
 */
public record Explanation(Object answer, String reason, List<RuleCheck> checks, RuleCheck cited) {

    public Explanation {
        Objects.requireNonNull(reason, "reason");
        checks = List.copyOf(checks);
    }

    /**
     * An explanation citing the first broken rule of {@code checks}, or none when every rule
     * holds: right for katas whose answer is "legal unless some rule breaks".
     */
    public Explanation(Object answer, String reason, List<RuleCheck> checks) {
        this(answer, reason, checks, firstBroken(checks));
    }

    /** The first check that breaks, or null. */
    public static RuleCheck firstBroken(List<RuleCheck> checks) {
        return checks.stream().filter(check -> !check.holds()).findFirst().orElse(null);
    }
}
