package org.katajudge.engine.plan;

import org.katajudge.scoring.ScoringRules;

/**
 * How to grade the submissions of one run: the same for each of them.
 *
 * @param seed          reproduces every generated case
 * @param mode          grade, score, fuzz or replay, with their case counts and budgets
 * @param assignment    the teacher's assignment file ({@code --scoring}): what tests are worth, or
 *                      {@link ScoringRules#NONE}
 * @param enforcePolicy whether the policy (what a solution may use) rejects a submission (off only
 *                      in the judge's own tests)
 * @param command       how a person runs the judge, for the replay commands in reports
 * @param commandOptions the options of the run a replay or rerun command must carry
 */
public record GradingOptions(long seed, GradingMode mode, ScoringRules assignment, boolean enforcePolicy,
                             String command, CommandOptions commandOptions) {

    /** Options whose printed commands need nothing beyond the kata, seed and submission. */
    public GradingOptions(long seed, GradingMode mode, ScoringRules assignment, boolean enforcePolicy, String command) {
        this(seed, mode, assignment, enforcePolicy, command, CommandOptions.NONE);
    }

    /** How reports say to run the judge unless told: the documented form. */
    public static final String DEFAULT_COMMAND = "java -jar judge/target/judge.jar";

    /** {@code grade} with {@code cases} random cases per method, nothing else changed. */
    public static GradingOptions grading(long seed, int cases) {
        return new GradingOptions(seed, new GradingMode.Grade(cases), ScoringRules.NONE, true, DEFAULT_COMMAND);
    }

    public GradingOptions withMode(GradingMode other) {
        return new GradingOptions(seed, other, assignment, enforcePolicy, command, commandOptions);
    }

    public GradingOptions withAssignment(ScoringRules rules) {
        return new GradingOptions(seed, mode, rules, enforcePolicy, command, commandOptions);
    }

    public GradingOptions withEnforcePolicy(boolean enforce) {
        return new GradingOptions(seed, mode, assignment, enforce, command, commandOptions);
    }

    public GradingOptions withCommand(String howToRun) {
        return new GradingOptions(seed, mode, assignment, enforcePolicy, howToRun, commandOptions);
    }

    public GradingOptions withCommandOptions(CommandOptions carried) {
        return new GradingOptions(seed, mode, assignment, enforcePolicy, command, carried);
    }
}
