package org.katajudge.fuzz;

import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.Optional;

/**
 * The generated case on which a submission failed, after shrinking.
 *
 * @param found       the (shrunk) case
 * @param expected    the reference's answer and reason on it
 * @param result      what the submission did on it
 * @param verdict     the verdict that earns
 * @param shrinkSteps how many smaller failing cases the shrinker found on the way
 * @param original    the case as first found, before shrinking
 * @param history     the earlier calls the failure depends on ({@link History#NONE} when it fails alone)
 * @param reask       when the failing call asked an input again: the first time it was asked
 * @param call        the failing call's number in its JVM, in the run that found it (0 when unknown)
 * @param cutShort    whether the analysis (history, shrinking) stopped at its wall-clock safety limit
 *                    rather than its count of calls: then another run may shrink further
 */
public record Failure(GeneratedCase found, Explanation expected, CallResult result, Verdict verdict,
                      int shrinkSteps, GeneratedCase original, History history, Optional<Reask> reask, long call,
                      boolean cutShort) {

    /** A failure whose analysis was not cut short. */
    public Failure(GeneratedCase found, Explanation expected, CallResult result, Verdict verdict, int shrinkSteps,
                   GeneratedCase original, History history, Optional<Reask> reask, long call) {
        this(found, expected, result, verdict, shrinkSteps, original, history, reask, call, false);
    }

    /** A failure of one call. */
    public Failure(GeneratedCase found, Explanation expected, CallResult result, Verdict verdict, int shrinkSteps,
                   GeneratedCase original) {
        this(found, expected, result, verdict, shrinkSteps, original, History.NONE, Optional.empty(), 0);
    }

    Failure with(History newHistory, Optional<Reask> newReask, long newCall) {
        return new Failure(found, expected, result, verdict, shrinkSteps, original, newHistory, newReask, newCall, cutShort);
    }

    Failure withResult(CallResult newResult, Verdict newVerdict) {
        return new Failure(found, expected, newResult, newVerdict, shrinkSteps, original, history, reask, call, cutShort);
    }

    Failure withCutShort(boolean isCutShort) {
        return new Failure(found, expected, result, verdict, shrinkSteps, original, history, reask, call, isCutShort);
    }
}
