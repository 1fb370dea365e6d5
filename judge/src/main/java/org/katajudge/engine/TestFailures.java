package org.katajudge.engine;

import org.katajudge.report.CaseText;
import org.katajudge.report.Counterexample;
import org.katajudge.report.SafeText;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

/**
 * What a launcher shows for a failed test: one throwable whose kind follows the verdict
 * ({@link WrongAnswer} a failure, {@link SolutionError} an error, {@link JudgeError} the judge's
 * own) and whose message is complete on its own: what went wrong, the failing case drawn, why
 * the reference answers as it does, and the command that replays it.
 */
final class TestFailures {

    private static final int MAX_LINE_CHARS = 2000;

    private TestFailures() {
    }

    static Throwable of(Verdict verdict, String message) {
        return switch (verdict) {
            case WRONG_ANSWER -> new WrongAnswer(message);
            case JUDGE_ERROR -> new JudgeError(message);
            default -> new SolutionError(message);
        };
    }

    /** A failed test's message: {@code wrong answer: ...}, then the case when one caused it. */
    static String message(Verdict verdict, TestOutcome outcome, Counterexample counterexample) {
        String problem = outcome.message() == null ? verdict.words() : outcome.message();
        String first = SafeText.clip(SafeText.oneLine(problem), MAX_LINE_CHARS);
        String line = first.startsWith(verdict.words()) ? first : verdict.words() + ": " + first;
        return counterexample == null ? line : line + "\n" + CaseText.of(counterexample).stripTrailing();
    }
}
