package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Calls made again from a fresh start (the submission loaded anew before each replay), counted
 * against an {@link AnalysisBudget}: how the analysis of a failure learns which earlier calls it
 * needs and whether a smaller case still fails.
 */
final class Replays {

    /** What a judged call did, when it failed the way the failure being analysed did. */
    record Judged(Explanation expected, CallResult result, Verdict verdict) {
    }

    private final Target target;
    private final List<EntryPoint> entryPoints;
    private final AnalysisBudget budget;

    Replays(Target target, List<EntryPoint> entryPoints, AnalysisBudget budget) {
        this.target = target;
        this.entryPoints = entryPoints;
        this.budget = budget;
    }

    AnalysisBudget budget() {
        return budget;
    }

    /** Calls {@code cases} of one method as they come, without a fresh start; counted. */
    List<CallResult> call(int method, List<Object[]> cases) {
        List<CallResult> results = target.call(method, cases);
        budget.spend(results.size());
        return results;
    }

    /**
     * {@code calls} in order from a fresh start, consecutive calls of one method in one batch.
     *
     * @return a result per call, fewer when the JVM died on one; empty when the budget cannot pay for them
     */
    List<CallResult> replay(List<Call> calls) {
        if (!budget.canSpend(cost(calls))) {
            return List.of();
        }
        target.reset();
        return inOrder(calls);
    }

    /** {@code calls} in order from the fresh start just made, consecutive calls of one method in one batch; counted. */
    private List<CallResult> inOrder(List<Call> calls) {
        budget.spendFreshStart();
        List<CallResult> results = new ArrayList<>(calls.size());
        int start = 0;
        while (start < calls.size()) {
            int method = calls.get(start).method();
            int end = start;
            while (end < calls.size() && calls.get(end).method() == method) {
                end++;
            }
            List<CallResult> answered = call(method, calls.subList(start, end).stream().map(Call::args).toList());
            results.addAll(answered);
            if (answered.size() < end - start) {
                break;
            }
            start = end;
        }
        return results;
    }

    /** What replaying {@code calls} from a fresh start costs, in the budget's units. */
    static long cost(List<Call> calls) {
        long rounds = 0;
        for (int i = 0; i < calls.size(); i++) {
            if (i == 0 || calls.get(i).method() != calls.get(i - 1).method()) {
                rounds++;
            }
        }
        return calls.size() + rounds * AnalysisBudget.ROUND_TRIP + AnalysisBudget.FRESH_START;
    }

    /**
     * How {@code last}, made from a fresh start after {@code history}, fails, if it fails the way
     * {@code like} did: the same verdict (and exception class) against {@code expected}.
     */
    Optional<Judged> after(List<Call> history, Call last, Explanation expected, Failure like) {
        List<Call> all = new ArrayList<>(history.size() + 1);
        all.addAll(history);
        all.add(last);
        List<CallResult> results = replay(all);
        if (results.size() < all.size()) {
            return Optional.empty(); // the budget is spent, or the JVM died before the last call
        }
        CallResult result = results.get(results.size() - 1);
        Verdict verdict = CaseJudgement.judge(entryPoints.get(last.method()), expected, result);
        return CaseJudgement.sameFailure(like.verdict(), like.result(), verdict, result)
                ? Optional.of(new Judged(expected, result, verdict)) : Optional.empty();
    }

    /**
     * The failure as reported: {@code failing} made once more after {@code history}, whatever the
     * budget has left, as the printed replay makes it: first in a new JVM. So the answer reported
     * is the one the replay gets (a memo's wrong answer depends on which earlier call it saw), and
     * a failure that needs what a class reload leaves behind (an interned string) is not reported
     * as one the replay shows.
     *
     * @return how it failed, or empty when it did not fail the same way (then the analysis is wrong)
     */
    Optional<Judged> confirm(List<Call> history, Call failing, Failure found) {
        List<Call> all = new ArrayList<>(history);
        all.add(failing);
        target.restart();
        List<CallResult> results = inOrder(all);
        if (results.size() < all.size()) {
            return Optional.empty();
        }
        CallResult result = results.get(results.size() - 1);
        Verdict verdict = CaseJudgement.judge(entryPoints.get(failing.method()), found.expected(), result);
        return CaseJudgement.sameFailure(found.verdict(), found.result(), verdict, result)
                ? Optional.of(new Judged(found.expected(), result, verdict)) : Optional.empty();
    }

    /**
     * Whether, from a fresh start, the calls {@code history} and then {@code failing} make
     * {@code failing} fail the same way as {@code found}; false too when the budget cannot pay.
     */
    boolean failsAfter(List<Call> history, Call failing, Failure found) {
        return after(history, failing, found.expected(), found).isPresent();
    }
}
