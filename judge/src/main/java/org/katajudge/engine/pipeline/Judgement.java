package org.katajudge.engine.pipeline;

import org.katajudge.report.Counterexample;
import org.katajudge.report.Verdict;

import java.util.List;

/**
 * A submission's verdict as grading goes: the first failure decides it (visible examples, then
 * generated cases, then hidden examples). When the generated cases then fail the same way as an
 * example, their shrunk case becomes the counterexample, since it is the smallest and replays from
 * its choices. A verdict decided without a case (a compile error, the judge's own failure)
 * carries its diagnostics instead. No verdict at the end means every test passed.
 */
final class Judgement {

    /** How every judge error's message begins: the student must know it is not their fault. */
    static final String JUDGE_ERROR_PREFIX = "judge error (not the submission's fault): ";

    private Verdict verdict;
    private String message;
    private Counterexample counterexample;
    private List<String> diagnostics = List.of();

    /** Whether a verdict is known. */
    boolean decided() {
        return verdict != null;
    }

    Verdict verdict() {
        return verdict;
    }

    String message() {
        return message;
    }

    Counterexample counterexample() {
        return counterexample;
    }

    /** Compiler errors, uses the policy refuses, the judge's own stack trace: one per line. */
    List<String> diagnostics() {
        return diagnostics;
    }

    /** A failure: the verdict unless an earlier failure decided it. */
    void fail(Verdict caseVerdict, String text, Counterexample example) {
        if (verdict == null) {
            verdict = caseVerdict;
            message = text;
            counterexample = example;
        }
    }

    /** A failure on a generated case: shown instead of an example's failure of the same kind. */
    void failOnGeneratedCase(Verdict caseVerdict, String text, Counterexample shrunk) {
        if (verdict == null) {
            fail(caseVerdict, text, shrunk);
        } else if (verdict == caseVerdict && counterexample != null && counterexample.example() != null) {
            // The same kind of failure on a generated case: show that one, the smallest the generator can draw.
            message += "; it also fails on generated cases, the smallest is shown";
            counterexample = shrunk;
        }
    }

    /** A verdict decided without a case (nothing to compile, a compile error), whatever came before. */
    void decide(Verdict decided, String text, List<String> why) {
        verdict = decided;
        message = text;
        diagnostics = List.copyOf(why);
    }

    /** The judge's own failure: no case of the submission is behind it. */
    void judgeError(String text) {
        judgeError(text, List.of());
    }

    void judgeError(String text, List<String> why) {
        verdict = Verdict.JUDGE_ERROR;
        message = JUDGE_ERROR_PREFIX + text;
        counterexample = null;
        diagnostics = List.copyOf(why);
    }

    void accept(String text) {
        verdict = Verdict.ACCEPTED;
        message = text;
    }
}
