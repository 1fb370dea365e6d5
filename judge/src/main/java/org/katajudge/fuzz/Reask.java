package org.katajudge.fuzz;

import org.katajudge.sandbox.CallResult;

/**
 * A failing call that asked an input again: when it was first asked, and what the submission
 * answered then (the right answer, or the case would have failed then).
 *
 * @param firstCall the first call's number in its JVM
 * @param first     what that call returned
 */
public record Reask(long firstCall, CallResult first) {
}
