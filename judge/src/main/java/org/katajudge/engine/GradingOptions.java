package org.katajudge.engine;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.scoring.ScoringRules;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How to grade: which cases, how many, how long, for how many points.
 *
 * @param seed          reproduces every random case
 * @param cases         random cases per method ({@code --cases}); 0 leaves the random tests of
 *                      methods without a small domain out of the grade
 * @param fuzz          fuzz mode: no fixed examples, a time budget instead of a case count
 * @param time          fuzz mode: the budget for drawing cases, shared by the methods
 * @param enforcePolicy whether the policy (what a solution may use) rejects a submission (off only in the judge's own tests)
 * @param replay        replay exactly these calls (generated cases, examples) instead of searching
 * @param command       how a person runs the judge, for the replay commands in reports
 * @param scoring       what tests are worth, and whether random tests earn partial credit
 * @param startedNanos  when fuzz mode's budget started ({@link System#nanoTime()}); 0 for when grading
 *                      the submission starts
 */
public record GradingOptions(long seed, int cases, boolean fuzz, Optional<Duration> time, boolean enforcePolicy,
                             Optional<Replay> replay, String command, Scoring scoring, long startedNanos) {

    public GradingOptions(long seed, int cases, boolean fuzz, Optional<Duration> time, boolean enforcePolicy,
                          Optional<Replay> replay, String command, Scoring scoring) {
        this(seed, cases, fuzz, time, enforcePolicy, replay, command, scoring, 0);
    }

    /** These options with the budget counted from {@code nanos}. */
    public GradingOptions startingAt(long nanos) {
        return new GradingOptions(seed, cases, fuzz, time, enforcePolicy, replay, command, scoring, nanos);
    }

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
        return new GradingOptions(seed, cases, fuzz, time, enforce, replay, command, scoring, startedNanos);
    }

    public GradingOptions withScoring(Scoring newScoring) {
        return new GradingOptions(seed, cases, fuzz, time, enforcePolicy, replay, command, newScoring, startedNanos);
    }

    public GradingOptions withCommand(String howToRun) {
        return new GradingOptions(seed, cases, fuzz, time, enforcePolicy, replay, howToRun, scoring, startedNanos);
    }

    /**
     * Calls to make again, in order, in one fresh submission: what reproduces a failure, the calls
     * before it that it depends on included.
     *
     * @param calls the calls; the last is the case that failed
     * @param drawn how many calls of the last call's method's stream (with the run's seed) come
     *              before them: a history too long to list, given by seed
     */
    public record Replay(List<Step> calls, int drawn) {

        public Replay {
            calls = List.copyOf(calls);
            if (calls.isEmpty()) {
                throw new IllegalArgumentException("a replay needs at least one call");
            }
        }

        /** One generated case of one method. */
        public Replay(String method, ChoiceSequence choices) {
            this(List.of(Step.generated(method, choices)), 0);
        }

        /** The method of the case that failed: the last call's. */
        public String method() {
            return calls.get(calls.size() - 1).method();
        }

        /**
         * One call: a generated case (its choices) or a fixed example (its name).
         *
         * @param method  the method
         * @param choices the choices that generate its arguments; null for an example
         * @param example the example's name; null for a generated case
         */
        public record Step(String method, ChoiceSequence choices, String example) {

            public static Step generated(String method, ChoiceSequence choices) {
                return new Step(method, choices, null);
            }

            public static Step example(String method, String name) {
                return new Step(method, null, name);
            }

            /** The form the command line and the engine's parameter take: {@code METHOD:CHOICES} or {@code METHOD@EXAMPLE}. */
            @Override
            public String toString() {
                return choices != null ? method + ":" + choices : method + "@" + example;
            }

            /**
             * Reads {@link #toString()}'s form, or bare {@code CHOICES} for {@code defaultMethod}.
             *
             * @throws IllegalArgumentException naming what is wrong
             */
            public static Step parse(String text, String defaultMethod) {
                int at = text.indexOf('@');
                int colon = text.indexOf(':');
                if (at > 0 && (colon < 0 || at < colon)) {
                    return example(text.substring(0, at), text.substring(at + 1));
                }
                if (colon > 0) {
                    return generated(text.substring(0, colon), ChoiceSequence.parse(text.substring(colon + 1)));
                }
                if (defaultMethod == null) {
                    throw new IllegalArgumentException("\"" + text + "\" names no method (write METHOD:CHOICES, or give --method)");
                }
                return generated(defaultMethod, ChoiceSequence.parse(text));
            }
        }
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
