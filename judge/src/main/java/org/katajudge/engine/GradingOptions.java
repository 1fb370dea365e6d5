package org.katajudge.engine;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.scoring.ScoringRules;

import java.time.Duration;
import java.util.Optional;

/**
 * How to grade: which cases, how many, how long, for how many points.
 *
 * @param seed          reproduces every random case
 * @param cases         random cases per method ({@code --cases}); 0 leaves the random tests of
 *                      methods without a small domain out of the grade
 * @param fuzz          fuzz mode: no fixed examples, a time budget instead of a case count
 * @param time          fuzz mode: the budget for drawing cases, shared by the methods
 * @param enforcePolicy whether forbidden APIs reject a submission (off only in the judge's own tests)
 * @param replay        replay exactly one generated case of one method instead of searching
 * @param command       how a person runs the judge, for the replay commands in reports
 * @param scoring       what tests are worth, and whether random tests earn partial credit
 */
public record GradingOptions(long seed, int cases, boolean fuzz, Optional<Duration> time, boolean enforcePolicy,
                             Optional<Replay> replay, String command, Scoring scoring) {

    public static final int DEFAULT_CASES = 300;
    public static final Duration DEFAULT_FUZZ_TIME = Duration.ofSeconds(10);
    public static final String DEFAULT_COMMAND = "java -jar judge/target/judge.jar";

    public GradingOptions(long seed, int cases, boolean fuzz, Optional<Duration> time, boolean enforcePolicy,
                          Optional<Replay> replay, String command) {
        this(seed, cases, fuzz, time, enforcePolicy, replay, command, Scoring.DEFAULT);
    }

    public static GradingOptions grading(long seed, int cases) {
        return new GradingOptions(seed, cases, false, Optional.empty(), true, Optional.empty(), DEFAULT_COMMAND);
    }

    public GradingOptions withEnforcePolicy(boolean enforce) {
        return new GradingOptions(seed, cases, fuzz, time, enforce, replay, command, scoring);
    }

    public GradingOptions withScoring(Scoring newScoring) {
        return new GradingOptions(seed, cases, fuzz, time, enforcePolicy, replay, command, newScoring);
    }

    public GradingOptions withCommand(String howToRun) {
        return new GradingOptions(seed, cases, fuzz, time, enforcePolicy, replay, howToRun);
    }

    /**
     * One generated case to run again.
     *
     * @param method  the method
     * @param choices the choice sequence that generates it
     */
    public record Replay(String method, ChoiceSequence choices) {
    }

    /**
     * What tests are worth.
     *
     * @param assignment    the teacher's assignment file ({@code --scoring}), or {@link ScoringRules#NONE}
     * @param partialCredit scoring mode: the random tests of each method run their whole fixed set of
     *                      cases, failures and crashes included, and earn the fraction that passed
     */
    public record Scoring(ScoringRules assignment, boolean partialCredit) {

        public static final Scoring DEFAULT = new Scoring(ScoringRules.NONE, false);
    }
}
