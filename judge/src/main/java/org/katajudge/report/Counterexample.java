package org.katajudge.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * The one case behind a verdict, as a person needs it to fix the bug.
 *
 * @param method        the method called
 * @param example       the fixed example's name, or null for a generated case
 * @param args          the arguments, in natural JSON form (as in examples.json)
 * @param expected      the reference's answer, natural JSON
 * @param actual        the submission's answer, natural JSON (JSON null when it returned null);
 *                      absent when it did not return
 * @param error         what happened instead of returning (exception, timeout, exit); null when it returned
 * @param reason        why the reference answers as it does
 * @param input         the arguments drawn for a person (boards as rows)
 * @param choices       the choice sequence that generates {@code args} ({@code 3.0.12}), null for an example
 * @param shrinkSteps   how many times the shrinker made the case smaller (0 when not shrunk)
 * @param replay        the command that shows this case again (with the calls before it that it needs)
 * @param history       the calls made before this one, in order, when the failure depends on them
 *                      (the submission keeps state between calls); null or empty for a failure of one call
 * @param historyKind   null when the call fails alone; else how the calls it needs are given:
 *                      {@code LISTED} ({@code history}), {@code DRAWN} ({@code historyDrawn}),
 *                      {@code RERUN} (too many: the replay reruns the whole run) or
 *                      {@code NOT_REPRODUCED} (it passed when made again, alone and after them)
 * @param historyLength when the failure depends on earlier calls: how many calls came before it in
 *                      the run that found it
 * @param historyDrawn  for {@code DRAWN}: the calls before it are the first {@code calls} cases of
 *                      {@code method}'s stream with {@code seed}
 * @param reask         when the failing call asked an input again: the first time it was asked
 * @param call          the failing call's number among the calls made to its JVM (null when not known)
 * @param rule          the rule the reference's explanation cites for this case, and whether the case
 *                      breaks or satisfies it; null when no single rule decides the answer. Reports
 *                      group students by it ("9 students miss flying-general").
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Counterexample(String method, String example, JsonNode args, JsonNode expected, JsonNode actual,
                             String error, String reason, String input, String choices, int shrinkSteps,
                             String replay, List<Call> history, Rule rule, String historyKind, Long historyLength,
                             Drawn historyDrawn, Reask reask, Long call) {

    public Counterexample {
        history = history == null ? null : List.copyOf(history);
    }

    /** A counterexample of one call, with no history, citing no rule. */
    public Counterexample(String method, String example, JsonNode args, JsonNode expected, JsonNode actual,
                          String error, String reason, String input, String choices, int shrinkSteps, String replay) {
        this(method, example, args, expected, actual, error, reason, input, choices, shrinkSteps, replay, null, null);
    }

    /** A counterexample citing {@code rule} (or none), with the calls it needs listed (or none). */
    public Counterexample(String method, String example, JsonNode args, JsonNode expected, JsonNode actual,
                          String error, String reason, String input, String choices, int shrinkSteps, String replay,
                          List<Call> history, Rule rule) {
        this(method, example, args, expected, actual, error, reason, input, choices, shrinkSteps, replay, history, rule,
                history == null || history.isEmpty() ? null : "LISTED", null, null, null, null);
    }

    /** A counterexample citing no rule, with the calls it needs listed. */
    public Counterexample(String method, String example, JsonNode args, JsonNode expected, JsonNode actual,
                          String error, String reason, String input, String choices, int shrinkSteps, String replay,
                          List<Call> history) {
        this(method, example, args, expected, actual, error, reason, input, choices, shrinkSteps, replay, history, null);
    }

    /** This counterexample with another answer and error (e.g. clipped), every other field kept. */
    public Counterexample withActualAndError(JsonNode newActual, String newError) {
        return new Counterexample(method, example, args, expected, newActual, newError, reason, input, choices, shrinkSteps,
                replay, history, rule, historyKind, historyLength, historyDrawn, reask, call);
    }

    /** This counterexample with another replay command (e.g. as a student runs it), every other field kept. */
    public Counterexample withReplay(String newReplay) {
        return new Counterexample(method, example, args, expected, actual, error, reason, input, choices, shrinkSteps,
                newReplay, history, rule, historyKind, historyLength, historyDrawn, reask, call);
    }

    /** Whether the failure depends on calls made before it: the submission keeps state between calls. */
    public boolean stateful() {
        return historyKind != null;
    }

    /**
     * One earlier call.
     *
     * @param method  the method called
     * @param args    its arguments, natural JSON
     * @param choices the choices that generate them; null for a fixed example
     * @param example the fixed example's name; null for a generated case
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Call(String method, JsonNode args, String choices, String example) {

        public Call(String method, JsonNode args) {
            this(method, args, null, null);
        }
    }

    /**
     * Earlier calls given by seed: the first {@code calls} cases of {@code method}'s stream.
     *
     * @param method the method whose cases they are
     * @param seed   the seed they are drawn with
     * @param calls  how many
     */
    public record Drawn(String method, long seed, int calls) {
    }

    /**
     * The first time a re-asked input was asked.
     *
     * @param firstCall   that call's number among the calls made to its JVM
     * @param firstAnswer what the submission answered then, natural JSON
     */
    public record Reask(long firstCall, JsonNode firstAnswer) {
    }

    /**
     * A rule of the kata as one case meets it.
     *
     * @param id    the rule id, as the kata's entry point lists it ({@code flying-general})
     * @param holds whether the case satisfies the rule ({@code false}: the case breaks it)
     */
    public record Rule(String id, boolean holds) {

        /** E.g. {@code flying-general broken}, {@code corner-detour holds}. */
        @Override
        public String toString() {
            return id + (holds ? " holds" : " broken");
        }
    }
}
