package org.katajudge.kata;

import java.util.List;
import java.util.Objects;

/**
 * The reference's answer on one input and why: the judge shows {@link #reason()} to a student
 * whose answer differs, and collects {@link #checks()} as rule coverage.
 *
 * <p>A good reason names the rule that decided the answer and the parts of the input it looked
 * at, so a student can see their mistake without reading the reference: {@code "red has 6
 * soldiers, at most 5"}, {@code "d3: file d = 4, rank 3, 4 + 3 = 7 is odd, so the square is
 * light"}.
 *
 * @param answer the expected value, in its {@link ValueType} form ({@code Boolean}, {@code Integer},
 *               {@code String}, {@code int[]}, {@code int[][]}, or {@code null} where allowed)
 * @param reason one or two sentences naming the rule that decided the answer, e.g.
 *               {@code "red has 6 soldiers, at most 5"}
 * @param checks every rule that had something to decide on this input, with its outcome; rule ids
 *               must be among the entry point's {@link EntryPoint#rules()}
 * @param cited  the one rule (and its outcome) the reason is about: the rule a student who gets
 *               this input wrong most likely misapplies ({@code flying-general} broken on a board
 *               whose generals face each other). Reports group students by it ("9 students miss
 *               flying-general"). Null when no single rule decided the answer (a move count that
 *               simply lists the moves).
 */
public record Explanation(Object answer, String reason, List<RuleCheck> checks, RuleCheck cited) {

    /**
     * Checks the reason is given and copies the checks.
     *
     * @param answer the expected value
     * @param reason why, never null
     * @param checks the rules checked, never null
     * @param cited  the rule the reason is about, or null
     */
    public Explanation {
        Objects.requireNonNull(reason, "reason");
        checks = List.copyOf(checks);
    }

    /**
     * An explanation citing the first broken rule of {@code checks}, or none when every rule
     * holds: right for katas whose answer is "legal unless some rule breaks".
     *
     * @param answer the expected value
     * @param reason why, never null
     * @param checks the rules checked, never null
     */
    public Explanation(Object answer, String reason, List<RuleCheck> checks) {
        this(answer, reason, checks, firstBroken(checks));
    }

    /**
     * The first check that breaks.
     *
     * @param checks the rules checked
     * @return the first check that does not hold, or null
     */
    public static RuleCheck firstBroken(List<RuleCheck> checks) {
        return checks.stream().filter(check -> !check.holds()).findFirst().orElse(null);
    }
}
