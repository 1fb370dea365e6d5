package org.katajudge.kata;

import java.util.Objects;

/**
 * One rule of a kata that had something to decide on an input, and whether the input satisfied
 * it. {@code new RuleCheck("soldier-count", false)} is a board with six red soldiers;
 * {@code new RuleCheck("flying-general", true)} a board whose generals share a column with a
 * piece between them. Rule coverage is the set of (rule, outcome) pairs seen.
 *
 * @param rule  the rule's id, as listed by {@link EntryPoint#rules()}
 * @param holds whether the input satisfied the rule
 */
public record RuleCheck(String rule, boolean holds) {

    public RuleCheck {
        Objects.requireNonNull(rule, "rule");
    }

    public static RuleCheck holds(String rule) {
        return new RuleCheck(rule, true);
    }

    public static RuleCheck breaks(String rule) {
        return new RuleCheck(rule, false);
    }

    @Override
    public String toString() {
        return rule + (holds ? " holds" : " breaks");
    }
}
