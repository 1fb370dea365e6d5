package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

/**
 * Compares what a submission did on one case with the reference's answer. Expected answers are
 * computed here in the judge, never in the submission's process.
 */
public final class CaseJudgement {

    private CaseJudgement() {
    }

    /** {@link Verdict#ACCEPTED} when the call returned the expected value, else the verdict the call earns. */
    public static Verdict judge(EntryPoint entryPoint, Explanation expected, CallResult result) {
        return switch (result.outcome()) {
            case RETURNED -> entryPoint.returns().equal(expected.answer(), result.value())
                    ? Verdict.ACCEPTED : Verdict.WRONG_ANSWER;
            case THREW, DIED -> Verdict.RUNTIME_ERROR;
            case TIMED_OUT -> Verdict.TIME_LIMIT_EXCEEDED;
            case OUT_OF_MEMORY -> Verdict.MEMORY_LIMIT_EXCEEDED;
            case OUTPUT_LIMIT -> Verdict.OUTPUT_LIMIT_EXCEEDED;
        };
    }

    /**
     * Whether two failures are the same bug for the shrinker: the same verdict and, for an
     * exception, the same exception class.
     */
    public static boolean sameFailure(Verdict verdict, CallResult result, Verdict otherVerdict, CallResult other) {
        if (verdict != otherVerdict) {
            return false;
        }
        if (result.outcome() == CallResult.Outcome.THREW && other.outcome() == CallResult.Outcome.THREW) {
            return exceptionClass(result).equals(exceptionClass(other));
        }
        return result.outcome() == other.outcome();
    }

    private static String exceptionClass(CallResult result) {
        String detail = result.detail() == null ? "" : result.detail();
        int end = detail.indexOf(':');
        int newline = detail.indexOf('\n');
        if (end < 0 || (newline >= 0 && newline < end)) {
            end = newline < 0 ? detail.length() : newline;
        }
        return detail.substring(0, end);
    }
}
