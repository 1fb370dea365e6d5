package org.katajudge.kata;

import java.util.Objects;

/**
 * One rule of a kata that had something to decide on an input, and whether the input satisfied
 * it. {@code new RuleCheck("soldier-count", false)} is a board with six red soldiers;
 * {@code new RuleCheck("flying-general", true)} a board whose generals share a column with a
 * piece between them. Rule coverage is the set of (rule, outcome) pairs seen: a test run that saw
 * every rule both hold and break has exercised the whole rule.
 *
 * @param rule  the rule's id, as listed by {@link EntryPoint#rules()}
 * @param holds whether the input satisfied the rule
 */
public record RuleCheck(String rule, boolean holds) {

    /**
     * Checks the rule id is given.
     *
     * @param rule  the rule's id, never null
     * @param holds whether the input satisfied the rule
     */
    public RuleCheck {
        Objects.requireNonNull(rule, "rule");
    }

    /**
     * The input satisfied {@code rule}.
     *
     * @param rule the rule's id
     * @return {@code new RuleCheck(rule, true)}
     */
    public static RuleCheck holds(String rule) {
        return new RuleCheck(rule, true);
    }

    /**
     * The input broke {@code rule}.
     *
     * @param rule the rule's id
     * @return {@code new RuleCheck(rule, false)}
     */
    public static RuleCheck breaks(String rule) {
        return new RuleCheck(rule, false);
    }

    /**
     * The check in words.
     *
     * @return e.g. {@code soldier-count breaks}
     */
    @Override
    public String toString() {
        return rule + (holds ? " holds" : " breaks");
    }
}
