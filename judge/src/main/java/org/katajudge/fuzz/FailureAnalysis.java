package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a failing call of the search depends on, and its smallest form. First the call is made
 * again alone, as the first call of a submission loaded anew:
 * <ul>
 *   <li>if it fails the same way, the failure is the call's own: the case is shrunk (each smaller
 *       case it keeps is checked alone again, so state left by the shrinker's own calls cannot
 *       make a case look failing);</li>
 *   <li>if it passes, the failure depends on the calls before it: the submission keeps state
 *       between calls. {@link HistorySearch} finds the fewest earlier calls that make it fail;
 *       the failing case is then shrunk with those calls made before every candidate, and each
 *       listed call's own input is shrunk too, as long as the call still fails after them.</li>
 * </ul>
 * Every history it reports was seen to make the call fail, replayed from a fresh start, and
 * last in a new JVM, as its printed replay makes it: a fresh start here loads the classes anew
 * in the same JVM (a JVM's start for each would cost too much), which leaves what the JVM itself
 * keeps, and a failure that needs that is reported with the whole run as its replay. All of
 * it is bounded by a count of calls ({@link Fuzzer.Settings#shrinkCalls()}), never by the clock,
 * so a seed gives the same counterexample on an idle and on a loaded machine. The submission is
 * loaded anew when it is done, so the search goes on from a fresh start too.
 */
final class FailureAnalysis {

    private final String kataId;
    private final List<EntryPoint> entryPoints;
    private final CallLog log;
    private final Fuzzer.Settings settings;
    private final Replays replays;

    FailureAnalysis(String kataId, List<EntryPoint> entryPoints, CallLog log, Fuzzer.Settings settings) {
        this.kataId = kataId;
        this.entryPoints = entryPoints;
        this.log = log;
        this.settings = settings;
        this.replays = new Replays(log.target(), entryPoints,
                new AnalysisBudget(settings.shrinkCalls(), settings.shrinkSafetyTime()));
    }

    /**
     * @param method   the failing call's entry point
     * @param failing  the failing call: a generated case (the search's calls always are)
     * @param expected the reference's answer
     * @param result   what the submission did
     * @param verdict  the verdict that earns
     * @param before   the remembered calls before it, oldest first
     * @param number   its number among the calls since the submission started fresh
     * @param reask    when it asked an input again, the first time
     */
    Failure analyze(int method, Call failing, Explanation expected, CallResult result, Verdict verdict,
                    List<Call> before, long number, Optional<Reask> reask) {
        EntryPoint entryPoint = entryPoints.get(method);
        GeneratedCase generated = new GeneratedCase(failing.args(), failing.choices());
        Failure found = new Failure(generated, expected, result, verdict, 0, generated, History.NONE, reask, number);
        if (!Shrinker.shrinkable(result) || settings.shrinkCalls() <= 0) {
            return found; // a timeout or a crash: not worth replaying, and the JVM may be gone; or no analysis asked for
        }
        try {
            Failure analysed;
            if (replays.failsAfter(List.of(), failing, found)) {
                analysed = shrinkAlone(method, entryPoint, found);
            } else {
                HistorySearch search = new HistorySearch(kataId, entryPoints, settings.seed(), replays);
                History history = search.find(method, failing, found, before, number - 1);
                analysed = shrinkAfter(method, entryPoint, found.with(history, reask, number), search);
            }
            return confirmed(method, analysed, found).withCutShort(replays.budget().cutShort());
        } finally {
            log.reset(); // the search goes on from a fresh start
        }
    }

    /** A failure of the call alone: shrink it, keeping only smaller cases that fail alone too. */
    private Failure shrinkAlone(int method, EntryPoint entryPoint, Failure found) {
        if (!replays.budget().left()) {
            return found;
        }
        Shrinker.Judge judge = ShrinkJudges.alone(replays, entryPoint, method, found);
        Failure shrunk = new Shrinker(entryPoint, judge, replays.budget()).shrink(found);
        if (shrunk.found().choices().equals(found.found().choices())) {
            return shrunk;
        }
        // Checked from a fresh start: a case that failed only because of the shrinker's own earlier calls is not kept.
        return replays.failsAfter(List.of(), callOf(method, shrunk), shrunk) ? shrunk : found;
    }

    /**
     * A failure that needs earlier calls: its case shrunk with those calls made before every
     * candidate (a case that fails alone is shrunk alone), its listed history shrunk again for
     * the smaller case, then each listed call's own input shrunk.
     */
    private Failure shrinkAfter(int method, EntryPoint entryPoint, Failure found, HistorySearch search) {
        History history = found.history();
        List<Call> prefix = switch (history.kind()) {
            case LISTED -> history.calls();
            case DRAWN -> search.draw(method, history.drawn());
            default -> null;
        };
        if (prefix == null || !replays.budget().left()) {
            return found;
        }
        Shrinker.Judge judge = ShrinkJudges.after(replays, prefix, entryPoint, method, found);
        Failure shrunk = new Shrinker(entryPoint, judge, replays.budget()).shrink(found);
        Failure best = found;
        if (!shrunk.found().choices().equals(found.found().choices())) {
            Call call = callOf(method, shrunk);
            if (replays.failsAfter(prefix, call, shrunk)) { // checked from a fresh start: kept only when it holds
                if (replays.failsAfter(List.of(), call, shrunk)) {
                    return shrinkAlone(method, entryPoint, shrunk.with(History.NONE, found.reask(), found.call()));
                }
                if (history.kind() == History.Kind.LISTED && history.calls().size() > 1) {
                    List<Call> fewer = search.ddmin(history.calls(), call, shrunk);
                    history = new History(History.Kind.LISTED, fewer, history.before(), 0, 0);
                }
                best = shrunk.with(history, found.reask(), found.call());
            }
        }
        return history.kind() == History.Kind.LISTED ? shrinkHistoryInputs(method, best) : best;
    }

    /**
     * Each generated call of a listed history made as small as it can be while the failing call
     * still fails after the history: a board of one piece before the failing board, not the one
     * the search happened to draw. Examples stay as they are.
     */
    private Failure shrinkHistoryInputs(int method, Failure failure) {
        List<Call> calls = new ArrayList<>(failure.history().calls());
        Call failing = callOf(method, failure);
        boolean changed = false;
        for (int i = 0; i < calls.size() && replays.budget().left(); i++) {
            Call call = calls.get(i);
            if (call.choices() == null) {
                continue;
            }
            EntryPoint entryPoint = entryPoints.get(call.method());
            GeneratedCase original = new GeneratedCase(call.args(), call.choices());
            Failure start = new Failure(original, failure.expected(), failure.result(), failure.verdict(), 0, original);
            Shrinker.Judge judge = ShrinkJudges.inHistory(replays, calls, i, failing, failure);
            GeneratedCase shrunk = new Shrinker(entryPoint, judge, replays.budget()).shrink(start).found();
            if (!shrunk.choices().equals(call.choices())) {
                List<Call> edited = new ArrayList<>(calls);
                edited.set(i, Call.generated(call.method(), shrunk));
                if (replays.failsAfter(edited, failing, failure)) { // from a fresh start
                    calls = edited;
                    changed = true;
                }
            }
        }
        if (!changed) {
            return failure;
        }
        History history = failure.history();
        return failure.with(new History(History.Kind.LISTED, calls, history.before(), 0, 0), failure.reask(),
                failure.call());
    }

    /**
     * The failure with the answer its replay gets: shrinking the case or its history may change
     * a wrong answer (a memo answers what the earlier call it saw answered), so the case is made
     * once more after its history, in a new JVM as the printed replay makes it, and that answer is
     * reported. When it does not fail so, the analysis's fresh starts (class reloads in one JVM)
     * kept something a new JVM does not have (an interned string): then the failure is reported as
     * found, with the whole run as its replay, rather than a replay that passes.
     *
     * @param found the failure as the search found it, before any analysis (its call number and re-ask)
     */
    private Failure confirmed(int method, Failure failure, Failure found) {
        History history = failure.history();
        List<Call> before = switch (history.kind()) {
            case NONE -> List.of();
            case LISTED -> history.calls();
            case DRAWN -> DrawnCalls.draw(kataId, entryPoints.get(method), method, history.seed(), history.drawn());
            default -> null; // by rerun: the whole run again
        };
        if (before == null) {
            return failure;
        }
        return replays.confirm(before, callOf(method, failure), failure)
                .map(judged -> failure.withResult(judged.result(), judged.verdict()))
                .orElseGet(() -> found.with(new History(History.Kind.RERUN, List.of(), found.call() - 1, 0, 0),
                        found.reask(), found.call()));
    }

    private static Call callOf(int method, Failure failure) {
        return Call.generated(method, failure.found());
    }
}
