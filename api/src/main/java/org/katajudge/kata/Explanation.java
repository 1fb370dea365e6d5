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
 */
public record Explanation(Object answer, String reason, List<RuleCheck> checks) {

    public Explanation {
        Objects.requireNonNull(reason, "reason");
        checks = List.copyOf(checks);
    }
}
