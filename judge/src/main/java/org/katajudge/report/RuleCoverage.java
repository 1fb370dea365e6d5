package org.katajudge.report;

/**
 * How often one rule of a kata decided a generated case, per outcome.
 *
 * @param method the entry point
 * @param rule   the rule id
 * @param holds  cases where the input satisfied the rule
 * @param breaks cases where it broke the rule
 */
public record RuleCoverage(String method, String rule, int holds, int breaks) {

    /** Seen in both outcomes. */
    public boolean covered() {
        return holds > 0 && breaks > 0;
    }
}
