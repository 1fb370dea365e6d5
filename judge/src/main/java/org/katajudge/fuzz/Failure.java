package org.katajudge.fuzz;

import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

/**
 * The generated case on which a submission failed, after shrinking.
 *
 * @param found       the (shrunk) case
 * @param expected    the reference's answer and reason on it
 * @param result      what the submission did on it
 * @param verdict     the verdict that earns
 * @param shrinkSteps how many smaller failing cases the shrinker found on the way
 * @param original    the case as first found, before shrinking
 */
public record Failure(GeneratedCase found, Explanation expected, CallResult result, Verdict verdict,
                      int shrinkSteps, GeneratedCase original) {
}
