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
 */
public record Explanation(Object answer, String reason, List<RuleCheck> checks) {

    /**
     * Checks the reason is given and copies the checks.
     *
     * @param answer the expected value
     * @param reason why, never null
     * @param checks the rules checked, never null
     */
    public Explanation {
        Objects.requireNonNull(reason, "reason");
        checks = List.copyOf(checks);
    }
}
