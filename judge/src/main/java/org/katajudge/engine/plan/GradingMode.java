package org.katajudge.engine.plan;

import org.katajudge.choice.ChoiceSequence;

import java.time.Duration;
import java.util.List;

/**
 * How a run grades, one of four: {@link Grade} (the default), {@link Score} (partial credit),
 * {@link Fuzz} (search until the first failure) and {@link Replay} (exactly the calls given). What
 * differs between them is decided here, in one place; the rest of the engine asks.
 */
public sealed interface GradingMode {

    /** Random cases per method by default ({@code --cases}). */
    int DEFAULT_CASES = 300;
    /** Fuzzing's budget by default ({@code fuzz --time}). */
    Duration DEFAULT_FUZZ_TIME = Duration.ofSeconds(10);

    /** Whether the kata's fixed examples run: when grading and scoring, not when fuzzing or replaying. */
    default boolean runsExamples() {
        return this instanceof Grade || this instanceof Score;
    }

    /** Whether random tests earn the fraction of their cases that passed (scoring mode only). */
    default boolean partialCredit() {
        return this instanceof Score;
    }

    /**
     * The modes that search for a failure on generated cases, with a budget of their own. A replay
     * runs within the budget of the search it replays.
     */
    sealed interface Search extends GradingMode {

        /**
         * Random cases per method; {@link Integer#MAX_VALUE} when fuzzing without a count (until
         * the time ends). 0 leaves the random tests of methods without a small domain out of the
         * grade: a small domain is always tried whole.
         */
        int cases();

        /** Whether the child JVM runs for many cases (its JIT compiles to full speed). */
        default boolean peakSpeed() {
            return this instanceof Fuzz;
        }
    }

    /**
     * {@code grade}: the fixed examples, then {@code cases} random cases per method, each asked
     * again twice on average; a method's random tests stop at their first failure, shrunk.
     */
    record Grade(int cases) implements Search {
    }

    /**
     * Grading for points ({@code --partial-credit}, or an assignment file that asks for it): as
     * {@link Grade}, but every one of a method's {@code cases} runs, failures and crashes included,
     * and its random tests earn the fraction that passed.
     */
    record Score(int cases) implements Search {
    }

    /**
     * {@code fuzz}: no fixed examples; generated cases until the first failure, {@code cases} per
     * method or the end of {@code time}.
     *
     * @param cases        per method; {@link Integer#MAX_VALUE} for as many as {@code time} allows
     * @param time         the budget, shared by the methods
     * @param startedNanos when the budget started ({@link System#nanoTime()}); 0 for when grading
     *                     the submission starts
     */
    record Fuzz(int cases, Duration time, long startedNanos) implements Search {
    }

    /**
     * Exactly these calls, in order, in one fresh submission: what reproduces a failure, the calls
     * before it that it depends on included.
     *
     * @param calls  the calls; the last is the case that failed
     * @param drawn  how many calls of the last call's method's stream (with the run's seed) come
     *               before them: a history too long to list, given by seed
     * @param budget the search whose budget (time, calls) the replay runs within: {@code fuzz}'s for
     *               {@code fuzz --replay}, a build's grading for a replay through Maven
     */
    record Replay(List<Step> calls, int drawn, Search budget) implements GradingMode {

        public Replay {
            calls = List.copyOf(calls);
            if (calls.isEmpty()) {
                throw new IllegalArgumentException("a replay needs at least one call");
            }
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
}
