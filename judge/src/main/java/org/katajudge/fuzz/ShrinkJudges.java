package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The three ways the analysis asks whether a smaller case still shows a failure: the case alone,
 * the case after the calls the failure needs, and a call of that history replaced by a smaller one
 * (the failing call then judged as before).
 */
final class ShrinkJudges {

    private ShrinkJudges() {
    }

    /**
     * Each candidate called in turn on the running submission (its answer judged against the
     * reference's): for a failure of the call alone. A kept case is checked again from a fresh
     * start afterwards, since the shrinker's own earlier calls may have left state.
     */
    static Shrinker.Judge alone(Replays replays, EntryPoint entryPoint, int method, Failure like) {
        return candidates -> {
            List<Explanation> expected = candidates.stream().map(c -> Fuzzer.expected(entryPoint, c.args())).toList();
            List<CallResult> results = replays.call(method, candidates.stream().map(GeneratedCase::args).toList());
            List<Optional<Replays.Judged>> judged = new ArrayList<>(results.size());
            for (int i = 0; i < results.size(); i++) {
                CallResult result = results.get(i);
                Verdict verdict = CaseJudgement.judge(entryPoint, expected.get(i), result);
                judged.add(CaseJudgement.sameFailure(like.verdict(), like.result(), verdict, result)
                        ? Optional.of(new Replays.Judged(expected.get(i), result, verdict)) : Optional.empty());
            }
            return judged;
        };
    }

    /** Each candidate made from a fresh start after {@code history}: for a failure that needs earlier calls. */
    static Shrinker.Judge after(Replays replays, List<Call> history, EntryPoint entryPoint, int method, Failure like) {
        return candidates -> {
            List<Optional<Replays.Judged>> judged = new ArrayList<>(candidates.size());
            for (GeneratedCase candidate : candidates) {
                Call call = Call.generated(method, candidate);
                if (!replays.budget().canSpend(Replays.cost(append(history, call)))) {
                    break;
                }
                Explanation expected = Fuzzer.expected(entryPoint, candidate.args());
                judged.add(replays.after(history, call, expected, like));
            }
            return judged;
        };
    }

    /**
     * Each candidate in place of call {@code index} of {@code history}, then {@code failing}, from
     * a fresh start: kept when {@code failing} still fails as {@code found} did.
     */
    static Shrinker.Judge inHistory(Replays replays, List<Call> history, int index, Call failing, Failure found) {
        int method = history.get(index).method();
        return candidates -> {
            List<Optional<Replays.Judged>> judged = new ArrayList<>(candidates.size());
            for (GeneratedCase candidate : candidates) {
                List<Call> edited = new ArrayList<>(history);
                edited.set(index, Call.generated(method, candidate));
                if (!replays.budget().canSpend(Replays.cost(append(edited, failing)))) {
                    break;
                }
                judged.add(replays.after(edited, failing, found.expected(), found));
            }
            return judged;
        };
    }

    private static List<Call> append(List<Call> calls, Call last) {
        List<Call> all = new ArrayList<>(calls.size() + 1);
        all.addAll(calls);
        all.add(last);
        return all;
    }
}
